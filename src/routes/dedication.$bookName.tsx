import { createFileRoute } from '@tanstack/react-router';
import { BOOK_ROUTE } from '#src/features/builder/flow-params.ts';
import { StepPage } from '#src/features/builder/step-page.tsx';

export const Route = createFileRoute('/dedication/$bookName')({
  ...BOOK_ROUTE,
  component: () => <StepPage step="dedication" />,
});
