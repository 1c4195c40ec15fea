import { createFileRoute } from '@tanstack/react-router';
import { RewardPage } from '../features/survey/reward-page.tsx';
import { PageMeta } from '../ui/page-meta.tsx';

export const Route = createFileRoute('/thank-you-reward')({
  component: () => (
    <>
      <PageMeta page="reward" />
      <RewardPage />
    </>
  ),
});
