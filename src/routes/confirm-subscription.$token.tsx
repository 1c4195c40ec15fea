import { createFileRoute } from '@tanstack/react-router';
import { SubscriptionLinkPage } from '../features/newsletter/subscription-link-page.tsx';
import { i18n } from '../lib/i18n.ts';
import { PageMeta } from '../ui/page-meta.tsx';

export const Route = createFileRoute('/confirm-subscription/$token')({
  // Load the page's texts before it renders: no 'Loading…' flash.
  loader: () => i18n.loadNamespaces(['newsletter']),
  component: ConfirmSubscription,
});

function ConfirmSubscription() {
  const { token } = Route.useParams();
  return (
    <>
      <PageMeta page="confirmSubscription" />
      <SubscriptionLinkPage key={token} action="confirm" token={token} />
    </>
  );
}
