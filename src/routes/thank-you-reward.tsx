import { createFileRoute } from '@tanstack/react-router';
import { RewardPage } from '../features/survey/reward-page.tsx';
import { i18n } from '../lib/i18n.ts';
import { PageMeta } from '../ui/page-meta.tsx';

export const Route = createFileRoute('/thank-you-reward')({
  // Load the page's texts before it renders: no 'Loading…' flash.
  loader: () => i18n.loadNamespaces(['survey']),
  component: () => (
    <>
      <PageMeta page="reward" />
      <RewardPage />
    </>
  ),
});
