import { createFileRoute } from '@tanstack/react-router';
import { BuilderStep } from '../features/builder/builder-step.tsx';
import { parseEditParams, stringifyEditParams } from '../features/builder/flow-params.ts';
import { PageMeta } from '../ui/page-meta.tsx';

export const Route = createFileRoute('/personalizeDad/edit/$orderItemId')({
  params: { parse: parseEditParams, stringify: stringifyEditParams },
  component: PersonalizeDadEditPage,
});

function PersonalizeDadEditPage() {
  const { orderItemId } = Route.useParams();
  return (
    <>
      <PageMeta page="personalizeDad" />
      <BuilderStep key={orderItemId} step="dad" bookName="football_story" orderItemId={orderItemId} />
    </>
  );
}
