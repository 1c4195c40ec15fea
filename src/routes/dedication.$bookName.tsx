import { createFileRoute } from '@tanstack/react-router';
import { BuilderStep } from '../features/builder/builder-step.tsx';
import { parseBookParams, requireKnownBook, stringifyBookParams } from '../features/builder/flow-params.ts';
import { PageMeta } from '../ui/page-meta.tsx';

export const Route = createFileRoute('/dedication/$bookName')({
  params: { parse: parseBookParams, stringify: stringifyBookParams },
  beforeLoad: requireKnownBook,
  component: DedicationPage,
});

function DedicationPage() {
  const { bookName } = Route.useParams();
  return (
    <>
      <PageMeta page="dedication" />
      {bookName && <BuilderStep key={bookName} step="dedication" bookName={bookName} orderItemId={null} />}
    </>
  );
}
