import { createFileRoute } from '@tanstack/react-router';
import { BuilderStep } from '../features/builder/builder-step.tsx';
import { parseBookParams, requireKnownBook, stringifyBookParams } from '../features/builder/flow-params.ts';
import { PageMeta } from '../ui/page-meta.tsx';

export const Route = createFileRoute('/coverChoice/$bookName')({
  params: { parse: parseBookParams, stringify: stringifyBookParams },
  beforeLoad: requireKnownBook,
  component: CoverChoicePage,
});

function CoverChoicePage() {
  const { bookName } = Route.useParams();
  return (
    <>
      <PageMeta page="coverChoice" />
      {bookName && <BuilderStep key={bookName} step="cover" bookName={bookName} orderItemId={null} />}
    </>
  );
}
