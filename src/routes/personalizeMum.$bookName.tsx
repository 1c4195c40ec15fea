import { createFileRoute } from '@tanstack/react-router';
import { BuilderStep } from '../features/builder/builder-step.tsx';
import { parseBookParams, requireKnownBook, stringifyBookParams } from '../features/builder/flow-params.ts';
import { PageMeta } from '../ui/page-meta.tsx';

export const Route = createFileRoute('/personalizeMum/$bookName')({
  params: { parse: parseBookParams, stringify: stringifyBookParams },
  beforeLoad: requireKnownBook,
  component: PersonalizeMumPage,
});

function PersonalizeMumPage() {
  const { bookName } = Route.useParams();
  return (
    <>
      <PageMeta page="personalizeMum" />
      {bookName && <BuilderStep key={bookName} step="mum" bookName={bookName} orderItemId={null} />}
    </>
  );
}
