import { createFileRoute } from '@tanstack/react-router';
import { BOOK_ROUTE } from '#src/features/builder/flow-params.ts';
import { StepPage } from '#src/features/builder/step-page.tsx';

export const Route = createFileRoute('/preview/$bookName')({
  ...BOOK_ROUTE,
  // The screen's words before it renders: a screen that suspended for them would be shown only
  // after React's 300 ms reveal throttle (#34). The builder's earlier steps preload this route.
  loader: ({ context }) => context.i18n.loadNamespaces(['preview']),
  component: () => <StepPage step="preview" />,
});
