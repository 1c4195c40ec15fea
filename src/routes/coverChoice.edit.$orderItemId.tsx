import { createFileRoute } from '@tanstack/react-router';
import { preloadCoverOptions } from '../features/builder/api/cover-options.ts';
import { EDIT_ROUTE } from '../features/builder/flow-params.ts';
import { StepPage } from '../features/builder/step-page.tsx';

export const Route = createFileRoute('/coverChoice/edit/$orderItemId')({
  ...EDIT_ROUTE,
  loader: preloadCoverOptions,
  component: () => <StepPage step="cover" />,
});
