import { createFileRoute } from '@tanstack/react-router';
import { BuilderStep } from '../features/builder/builder-step.tsx';
import { parseEditParams, stringifyEditParams } from '../features/builder/flow-params.ts';
import { PageMeta } from '../ui/page-meta.tsx';

export const Route = createFileRoute('/dedication/edit/$orderItemId')({
  params: { parse: parseEditParams, stringify: stringifyEditParams },
  component: DedicationEditPage,
});

function DedicationEditPage() {
  const { orderItemId } = Route.useParams();
  return (
    <>
      <PageMeta page="dedication" />
      <BuilderStep key={orderItemId} step="dedication" bookName="football_story" orderItemId={orderItemId} />
    </>
  );
}
