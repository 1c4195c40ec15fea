import { createFileRoute } from '@tanstack/react-router';
import { preloadCoverOptions } from '#src/features/builder/api/cover-options.ts';
import { EDIT_ROUTE } from '#src/features/builder/flow-params.ts';
import { StepPage } from '#src/features/builder/step-page.tsx';

export const Route = createFileRoute('/coverChoice/edit/$orderItemId')({
  ...EDIT_ROUTE,
  loader: preloadCoverOptions,
  component: () => <StepPage step="cover" />,
});
