import { createFileRoute } from '@tanstack/react-router';
import { BuilderStep } from '../features/builder/builder-step.tsx';
import { parseBookParams, requireKnownBook, stringifyBookParams } from '../features/builder/flow-params.ts';
import { PageMeta } from '../ui/page-meta.tsx';

export const Route = createFileRoute('/personalizeDad/$bookName')({
  params: { parse: parseBookParams, stringify: stringifyBookParams },
  beforeLoad: requireKnownBook,
  component: PersonalizeDadPage,
});

function PersonalizeDadPage() {
  const { bookName } = Route.useParams();
  return (
    <>
      <PageMeta page="personalizeDad" />
      {bookName && <BuilderStep key={bookName} step="dad" bookName={bookName} orderItemId={null} />}
    </>
  );
}
