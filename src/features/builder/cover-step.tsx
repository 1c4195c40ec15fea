import { useSelector } from '@xstate/react';
import type { Language } from '#src/lib/languages.ts';
import { useCoverOptions } from './api/use-cover-options.ts';
import { CoverScreen } from './cover-screen/cover-screen.tsx';
import type { PurchaseActor } from './purchase-flow.ts';

/** A UUID v4 for a save (crypto.randomUUID exists only in secure contexts). */
function newRequestId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function CoverStep({ actor, language }: { actor: PurchaseActor; language: Language }) {
  const options = useCoverOptions(language);
  const selected = useSelector(
    actor,
    (snapshot) => snapshot.context.draft.bookCover ?? 'hardcover',
  );
  const withPdf = useSelector(actor, (snapshot) => snapshot.context.draft.withPdf === true);
  const saving = useSelector(
    actor,
    (snapshot) => snapshot.matches('saving') || snapshot.matches('cart'),
  );
  const saveError = useSelector(actor, (snapshot) => snapshot.context.saveError);
  const saveLimited = useSelector(actor, (snapshot) => snapshot.context.saveLimited);
  const saveFull = useSelector(actor, (snapshot) => snapshot.context.saveFull);
  return (
    <CoverScreen
      options={options.data}
      loadError={options.isError}
      selected={selected}
      withPdf={withPdf}
      onSelect={(cover, pdf) => actor.send({ type: 'cover.select', cover, withPdf: pdf })}
      onSave={() => actor.send({ type: 'cover.save', requestId: newRequestId() })}
      saving={saving}
      saveError={saveError}
      saveLimited={saveLimited}
      saveFull={saveFull}
      onBack={() => actor.send({ type: 'step.back' })}
    />
  );
}
