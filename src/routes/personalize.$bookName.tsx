import { createFileRoute } from '@tanstack/react-router';
import { BuilderStep } from '../features/builder/builder-step.tsx';
import { parseBookParams, requireKnownBook, stringifyBookParams } from '../features/builder/flow-params.ts';
import { PageMeta } from '../ui/page-meta.tsx';

export const Route = createFileRoute('/personalize/$bookName')({
  params: { parse: parseBookParams, stringify: stringifyBookParams },
  beforeLoad: requireKnownBook,
  component: PersonalizeChildPage,
});

function PersonalizeChildPage() {
  const { bookName } = Route.useParams();
  return (
    <>
      <PageMeta page="personalize" />
      {bookName && <BuilderStep key={bookName} step="child" bookName={bookName} orderItemId={null} />}
    </>
  );
}
