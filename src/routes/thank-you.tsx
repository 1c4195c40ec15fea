import { createFileRoute } from '@tanstack/react-router';
import { SurveyPage } from '../features/survey/survey-page.tsx';
import { PageMeta } from '../ui/page-meta.tsx';

export const Route = createFileRoute('/thank-you')({
  component: () => (
    <>
      <PageMeta page="thankYou" />
      <SurveyPage />
    </>
  ),
});
