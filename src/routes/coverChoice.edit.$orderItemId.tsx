import { createFileRoute } from '@tanstack/react-router';
import { BuilderStep } from '../features/builder/builder-step.tsx';
import { parseEditParams, stringifyEditParams } from '../features/builder/flow-params.ts';
import { PageMeta } from '../ui/page-meta.tsx';

export const Route = createFileRoute('/coverChoice/edit/$orderItemId')({
  params: { parse: parseEditParams, stringify: stringifyEditParams },
  component: CoverChoiceEditPage,
});

function CoverChoiceEditPage() {
  const { orderItemId } = Route.useParams();
  return (
    <>
      <PageMeta page="coverChoice" />
      <BuilderStep key={orderItemId} step="cover" bookName="football_story" orderItemId={orderItemId} />
    </>
  );
}
