import { createFileRoute } from '@tanstack/react-router';
import { BuilderStep } from '../features/builder/builder-step.tsx';
import { parseEditParams, stringifyEditParams } from '../features/builder/flow-params.ts';
import { PageMeta } from '../ui/page-meta.tsx';

export const Route = createFileRoute('/personalize/edit/$orderItemId')({
  params: { parse: parseEditParams, stringify: stringifyEditParams },
  component: PersonalizeChildEditPage,
});

function PersonalizeChildEditPage() {
  const { orderItemId } = Route.useParams();
  return (
    <>
      <PageMeta page="personalize" />
      <BuilderStep key={orderItemId} step="child" bookName="football_story" orderItemId={orderItemId} />
    </>
  );
}
