import { createFileRoute } from '@tanstack/react-router';
import { SubscriptionLinkPage } from '../features/newsletter/subscription-link-page.tsx';
import { PageMeta } from '../ui/page-meta.tsx';

export const Route = createFileRoute('/unsubscribe/$token')({
  // Load the page's texts before it renders: no 'Loading…' flash.
  loader: ({ context }) => context.i18n.loadNamespaces(['newsletter']),
  component: Unsubscribe,
});

function Unsubscribe() {
  const { token } = Route.useParams();
  return (
    <>
      <PageMeta page="unsubscribe" />
      <SubscriptionLinkPage key={token} action="unsubscribe" token={token} />
    </>
  );
}
