import { createFileRoute } from '@tanstack/react-router';
import { BuilderStep } from '../features/builder/builder-step.tsx';
import { parseEditParams, stringifyEditParams } from '../features/builder/flow-params.ts';
import { PageMeta } from '../ui/page-meta.tsx';

export const Route = createFileRoute('/preview/edit/$orderItemId')({
  params: { parse: parseEditParams, stringify: stringifyEditParams },
  component: PreviewEditPage,
});

function PreviewEditPage() {
  const { orderItemId } = Route.useParams();
  return (
    <>
      <PageMeta page="preview" />
      <BuilderStep key={orderItemId} step="preview" bookName="football_story" orderItemId={orderItemId} />
    </>
  );
}
