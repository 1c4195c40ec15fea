import { createFileRoute } from '@tanstack/react-router';
import { BuilderStep } from '../features/builder/builder-step.tsx';
import { parseBookParams, requireKnownBook, stringifyBookParams } from '../features/builder/flow-params.ts';
import { PageMeta } from '../ui/page-meta.tsx';

export const Route = createFileRoute('/preview/$bookName')({
  params: { parse: parseBookParams, stringify: stringifyBookParams },
  beforeLoad: requireKnownBook,
  component: PreviewPage,
});

function PreviewPage() {
  const { bookName } = Route.useParams();
  return (
    <>
      <PageMeta page="preview" />
      {bookName && <BuilderStep key={bookName} step="preview" bookName={bookName} orderItemId={null} />}
    </>
  );
}
