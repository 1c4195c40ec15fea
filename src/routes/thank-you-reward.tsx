import { createFileRoute } from '@tanstack/react-router';
import { RewardPage } from '#src/features/survey/reward-page.tsx';
import { PageWithMeta } from '#src/ui/page-meta.tsx';

export const Route = createFileRoute('/thank-you-reward')({
  // Load the page's texts before it renders: no 'Loading…' flash.
  loader: ({ context }) => context.i18n.loadNamespaces(['survey']),
  component: () => (
    <PageWithMeta page="reward">
      <RewardPage />
    </PageWithMeta>
  ),
});
