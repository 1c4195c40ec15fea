import { createFileRoute } from '@tanstack/react-router';
import { BuilderStep } from '../features/builder/builder-step.tsx';
import { parseEditParams, stringifyEditParams } from '../features/builder/flow-params.ts';
import { PageMeta } from '../ui/page-meta.tsx';

export const Route = createFileRoute('/personalizeMum/edit/$orderItemId')({
  params: { parse: parseEditParams, stringify: stringifyEditParams },
  component: PersonalizeMumEditPage,
});

function PersonalizeMumEditPage() {
  const { orderItemId } = Route.useParams();
  return (
    <>
      <PageMeta page="personalizeMum" />
      <BuilderStep key={orderItemId} step="mum" bookName="football_story" orderItemId={orderItemId} />
    </>
  );
}
