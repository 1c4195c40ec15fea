import { createFileRoute } from '@tanstack/react-router';
import { SubscriptionConfirmedPage } from '#src/features/newsletter/subscription-confirmed-page.tsx';
import { PageWithMeta } from '#src/ui/page-meta.tsx';

export const Route = createFileRoute('/subscription-confirmed')({
  // Load the page's texts before it renders: no 'Loading…' flash.
  loader: ({ context }) => context.i18n.loadNamespaces(['newsletter']),
  component: () => (
    <PageWithMeta page="subscriptionConfirmed">
      <SubscriptionConfirmedPage />
    </PageWithMeta>
  ),
});
