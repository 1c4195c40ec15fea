import { createFileRoute } from '@tanstack/react-router';
import { SurveyPage } from '../features/survey/survey-page.tsx';
import { i18n } from '../lib/i18n.ts';
import { PageMeta } from '../ui/page-meta.tsx';

export const Route = createFileRoute('/thank-you')({
  // Load the page's texts before it renders: no 'Loading…' flash.
  loader: () => i18n.loadNamespaces(['survey']),
  component: () => (
    <>
      <PageMeta page="thankYou" />
      <SurveyPage />
    </>
  ),
});
