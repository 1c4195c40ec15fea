// One step of the purchase flow as a route shows it: asks the purchase machine whether the step
// may be shown (a step entered directly may be redirected), then renders that step's screen with
// the machine's draft and sends the screen's choices back as events.

import { useSelector } from '@xstate/react';
import { Link, useNavigate, useRouter } from '@tanstack/react-router';
import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FlowStep } from '#machines/purchase.ts';
import { CALL_WORDS, SHAPE_MEMBERS } from '#book/family.ts';
import type { Who } from '#book/art/characters/wardrobe.ts';
import {
  bodyIn,
  callIn,
  hasSecond,
  kindIn,
  takenCalls,
  type GrownUpPlace,
} from '#machines/purchase-family.ts';
import {
  bookLanguageOf,
  childCharacterOf,
  familyOfDraft,
  nameOf,
  parentCharacterOf,
  suggestionsFor,
  type CharacterRole,
} from '#machines/purchase-draft.ts';
import { nameProblem } from '#book/personalization.ts';
import type { Language } from '#src/lib/languages.ts';
import { CharacterScreen } from './character-screen/character-screen.tsx';
import { CallChoice } from './family/call-choice.tsx';
import { FamilyChoice } from './family/family-choice.tsx';
import {
  CoverStep,
  DedicationPage,
  DedicationScreen,
  loadPreviewStep,
  preloadLaterSteps,
  loadPreviewDrawer,
  preloadLaterStepsOnFirstUse,
  PreviewStep,
} from './later-steps.ts';
import {
  flowActorFor,
  setFlowNavigator,
  type FlowKey,
  type PurchaseActor,
} from './purchase-flow.ts';
import './builder.css';
import { useShopLanguage } from '#src/lib/use-shop-language.ts';

interface BuilderStepProps extends FlowKey {
  step: FlowStep;
}

/** The step's screen once the machine has accepted the route; a loading state until then. */
export function BuilderStep({ step, bookName, orderItemId, change = null }: BuilderStepProps) {
  const language = useShopLanguage();
  const navigate = useNavigate();
  const router = useRouter();
  const [actor] = useState(() => flowActorFor({ bookName, orderItemId, change }, language));

  useEffect(() => {
    setFlowNavigator((href, replace) => void navigate({ href, replace }));
  }, [navigate]);
  useEffect(() => {
    actor.send({ type: 'language.set', language });
  }, [actor, language]);
  useEffect(() => {
    actor.send({ type: 'route.enter', step });
  }, [actor, step]);
  // The preview's pages drawn ahead by the workers at idle once the parent is past the first step,
  // and again a moment after each change there (#34): the preview finds them drawn.
  useEffect(() => {
    // The later steps' code: at the parent's first key or tap on the first step, at once after it.
    if (step === 'child') return preloadLaterStepsOnFirstUse();
    preloadLaterSteps();
    if (step === 'preview' || step === 'cover') {
      void loadPreviewDrawer().then(({ preloadPreviewDrawing }) => preloadPreviewDrawing());
      return;
    }
    // The preview's route and words too, so Continue shows the preview without suspending.
    const preview = change
      ? router.preloadRoute({
          to: '/order-status/$orderId/change/$place/$step',
          params: { ...change, step: 'preview' },
        })
      : orderItemId
        ? router.preloadRoute({ to: '/preview/edit/$orderItemId', params: { orderItemId } })
        : router.preloadRoute({ to: '/preview/$bookName', params: { bookName } });
    preview.catch(() => {});
    let last: unknown;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ahead = () => {
      const { draft } = actor.getSnapshot().context;
      if (draft === last) return;
      last = draft;
      void loadPreviewDrawer().then(({ drawPreviewAhead }) => drawPreviewAhead(draft, language));
    };
    ahead();
    const changes = actor.subscribe((snapshot) => {
      clearTimeout(timer);
      if (snapshot.value === 'preview') {
        // Continue: the page the preview opens on is drawn now, while the preview mounts.
        last = snapshot.context.draft;
        // Loaded by now (preloaded on this step): resolved at once.
        void Promise.all([loadPreviewStep(), loadPreviewDrawer()]).then(
          ([{ previewFirstPage }, { drawPreviewAhead }]) =>
            drawPreviewAhead(snapshot.context.draft, language, {
              first: previewFirstPage(),
              now: true,
            }),
        );
        return;
      }
      timer = setTimeout(ahead, 250);
    });
    return () => {
      clearTimeout(timer);
      changes.unsubscribe();
    };
  }, [actor, step, language, router, bookName, orderItemId, change]);

  const value = useSelector(actor, (snapshot) => snapshot.value);
  const saved = value === 'saving' || value === 'cart';
  // A paid book's change is saved from the preview, which stays on screen meanwhile.
  const shown = value === step || (saved && step === (change ? 'preview' : 'cover'));
  if (value === 'unavailable') return <Unavailable change={change} />;
  if (!shown) return <Loading />;
  return (
    <Suspense fallback={<Loading />}>
      <StepScreen actor={actor} step={step} language={language} />
    </Suspense>
  );
}

function Loading() {
  const { t } = useTranslation('builder');
  return (
    <p className="builder-loading" role="status">
      {t('loading')}
    </p>
  );
}

function Unavailable({ change }: { change: FlowKey['change'] }) {
  const { t } = useTranslation('builder');
  if (change) {
    // A paid book whose change window closed (or that cannot be changed): back to its order.
    return (
      <section className="builder-unavailable" aria-labelledby="builder-unavailable-title">
        <h1 id="builder-unavailable-title">{t('change.unavailable.title')}</h1>
        <p>{t('change.unavailable.text')}</p>
        <Link to="/order-status/$orderId" params={{ orderId: change.orderId }} className="button">
          {t('change.unavailable.order')}
        </Link>
      </section>
    );
  }
  return (
    <section className="builder-unavailable" aria-labelledby="builder-unavailable-title">
      <h1 id="builder-unavailable-title">{t('unavailable.title')}</h1>
      <p>{t('unavailable.text')}</p>
      <Link to="/cart" className="button">
        {t('unavailable.cart')}
      </Link>
    </section>
  );
}

function StepScreen({
  actor,
  step,
  language,
}: {
  actor: PurchaseActor;
  step: FlowStep;
  language: Language;
}) {
  switch (step) {
    case 'child':
    case 'dad':
    case 'mum':
      return <CharacterStep actor={actor} role={step} />;
    case 'dedication':
      return <DedicationStep actor={actor} language={language} />;
    case 'preview':
      return <PreviewStep actor={actor} language={language} />;
    case 'cover':
      return <CoverStep actor={actor} language={language} />;
  }
}

/** The locale key of a grown-up's screen: their kind, with first/second for two of one kind. */
function textKeyOf(draft: ReturnType<typeof familyOfDraft>, place: GrownUpPlace): string {
  const kind = kindIn(draft, place);
  const members = SHAPE_MEMBERS[draft.shape];
  const twoAlike = members.length === 2 && members[0] === members[1];
  return twoAlike ? `${kind}_${place === 'dad' ? 'first' : 'second'}` : kind;
}

/** Who the grown-up in a place is: their kind, and the second of two alike (wardrobe.ts Who). */
function whoAt(draft: ReturnType<typeof familyOfDraft>, place: GrownUpPlace): Who {
  const kind = kindIn(draft, place);
  const second = place === 'mum' && hasSecond(draft.shape) && kindIn(draft, 'dad') === kind;
  return { kind, nth: second ? 1 : 0 };
}

function CharacterStep({ actor, role }: { actor: PurchaseActor; role: CharacterRole }) {
  const draft = useSelector(actor, (snapshot) => snapshot.context.draft);
  const showErrors = useSelector(actor, (snapshot) => snapshot.context.showErrors);
  const bookLanguage = useSelector(actor, (snapshot) => snapshot.context.bookLanguage);
  const name = nameOf(draft, role);
  const problem = nameProblem(role, name);
  const character = role === 'child' ? childCharacterOf(draft) : parentCharacterOf(draft, role);
  const family = familyOfDraft(draft);
  const grownUp =
    role === 'child'
      ? null
      : {
          place: role,
          other: (role === 'dad' ? 'mum' : 'dad') as GrownUpPlace,
        };
  return (
    <CharacterScreen
      role={grownUp ? bodyIn(family, grownUp.place) : role}
      textKey={grownUp ? textKeyOf(family, grownUp.place) : undefined}
      who={grownUp ? whoAt(family, grownUp.place) : undefined}
      identityExtra={
        grownUp && (
          <CallChoice
            childName={draft.child.name}
            words={CALL_WORDS[bookLanguage][kindIn(family, grownUp.place)]}
            value={callIn(family, grownUp.place, bookLanguage)}
            taken={takenCalls(family, grownUp.place, bookLanguage)}
            onChange={(call) => actor.send({ type: `${grownUp.place}.setCall`, call })}
          />
        )
      }
      footer={
        role === 'child' ? (
          <FamilyChoice
            shape={family.shape}
            onChange={(shape) => actor.send({ type: 'family.setShape', shape })}
          />
        ) : undefined
      }
      name={name}
      nameError={showErrors ? problem : null}
      character={character}
      onNameChange={(next) => actor.send({ type: `${role}.setName`, name: next })}
      onGenderChange={
        role === 'child' ? (gender) => actor.send({ type: 'child.setGender', gender }) : undefined
      }
      onSelect={(category, asset) =>
        actor.send({ type: 'character.select', role, category, asset })
      }
      onToggleAccessory={(asset) => actor.send({ type: 'character.toggleAccessory', role, asset })}
      onNext={() => actor.send({ type: 'step.next' })}
      onBack={role === 'child' ? undefined : () => actor.send({ type: 'step.back' })}
    />
  );
}

/**
 * The dedication screen wired to the flow: text, suggestions (in the book's language) and note from
 * the machine, and a line naming the book's language when it is not the interface language.
 */
export function DedicationStep({ actor, language }: { actor: PurchaseActor; language: Language }) {
  const draft = useSelector(actor, (snapshot) => snapshot.context.draft);
  const note = useSelector(actor, (snapshot) => snapshot.context.dedicationNote);
  const bookLanguage = useSelector(actor, (snapshot) => snapshot.context.bookLanguage);
  return (
    <DedicationScreen
      text={draft.dedication ?? ''}
      suggestions={suggestionsFor(draft, language)}
      bookLanguage={bookLanguage === bookLanguageOf(language) ? null : bookLanguage}
      note={note}
      page={<DedicationPage draft={draft} language={language} />}
      onChange={(text) => actor.send({ type: 'dedication.set', text })}
      onContinue={() => actor.send({ type: 'step.next' })}
      onReturn={() => actor.send({ type: 'step.back' })}
    />
  );
}
