import { createFileRoute } from '@tanstack/react-router';
import { SubscriptionConfirmedPage } from '../features/newsletter/subscription-confirmed-page.tsx';
import { PageMeta } from '../ui/page-meta.tsx';

export const Route = createFileRoute('/subscription-confirmed')({
  component: () => (
    <>
      <PageMeta page="subscriptionConfirmed" />
      <SubscriptionConfirmedPage />
    </>
  ),
});
