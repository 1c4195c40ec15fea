import { createFileRoute } from '@tanstack/react-router';
import { ReviewStopPage } from '#src/features/reviews/review-stop-page.tsx';
import { PageWithMeta } from '#src/ui/page-meta.tsx';

export const Route = createFileRoute('/review-stop/$token')({
  loader: ({ context }) => context.i18n.loadNamespaces(['reviews']),
  component: function ReviewStopRoute() {
    const { token } = Route.useParams();
    return (
      <PageWithMeta page="reviewStop">
        <ReviewStopPage key={token} token={token} />
      </PageWithMeta>
    );
  },
});
