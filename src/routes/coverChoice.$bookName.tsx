import { createFileRoute } from '@tanstack/react-router';
import { preloadCoverOptions } from '#src/features/builder/api/cover-options.ts';
import { BOOK_ROUTE } from '#src/features/builder/flow-params.ts';
import { StepPage } from '#src/features/builder/step-page.tsx';

export const Route = createFileRoute('/coverChoice/$bookName')({
  ...BOOK_ROUTE,
  loader: preloadCoverOptions,
  component: () => <StepPage step="cover" />,
});
