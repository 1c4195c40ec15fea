import { createFileRoute } from '@tanstack/react-router';
import { SubscriptionLinkRoute } from '#src/features/newsletter/subscription-link-page.tsx';

export const Route = createFileRoute('/confirm-subscription/$token')({
  // Load the page's texts before it renders: no 'Loading…' flash.
  loader: ({ context }) => context.i18n.loadNamespaces(['newsletter']),
  component: () => <SubscriptionLinkRoute action="confirm" />,
});
