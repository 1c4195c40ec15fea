import { createFileRoute } from '@tanstack/react-router';
import { EDIT_ROUTE } from '#src/features/builder/flow-params.ts';
import { StepPage } from '#src/features/builder/step-page.tsx';

export const Route = createFileRoute('/personalizeDad/edit/$orderItemId')({
  ...EDIT_ROUTE,
  component: () => <StepPage step="dad" />,
});
