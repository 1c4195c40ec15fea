import { createFileRoute } from '@tanstack/react-router';
import { SurveyPage } from '#src/features/survey/survey-page.tsx';
import { PageWithMeta } from '#src/ui/page-meta.tsx';

export const Route = createFileRoute('/thank-you')({
  // Load the page's texts before it renders: no 'Loading…' flash.
  loader: ({ context }) => context.i18n.loadNamespaces(['survey']),
  component: () => (
    <PageWithMeta page="thankYou">
      <SurveyPage />
    </PageWithMeta>
  ),
});
