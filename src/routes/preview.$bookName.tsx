import { createFileRoute } from '@tanstack/react-router';
import { BOOK_ROUTE } from '../features/builder/flow-params.ts';
import { StepPage } from '../features/builder/step-page.tsx';

export const Route = createFileRoute('/preview/$bookName')({
  ...BOOK_ROUTE,
  component: () => <StepPage step="preview" />,
});
