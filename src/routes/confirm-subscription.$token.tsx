import { createFileRoute } from '@tanstack/react-router';
import { SubscriptionLinkPage } from '../features/newsletter/subscription-link-page.tsx';
import { PageMeta } from '../ui/page-meta.tsx';

export const Route = createFileRoute('/confirm-subscription/$token')({
  // Load the page's texts before it renders: no 'Loading…' flash.
  loader: ({ context }) => context.i18n.loadNamespaces(['newsletter']),
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
