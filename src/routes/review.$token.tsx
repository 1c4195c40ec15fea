import { createFileRoute } from '@tanstack/react-router';
import { ReviewFormPage } from '#src/features/reviews/review-form-page.tsx';
import { PageWithMeta } from '#src/ui/page-meta.tsx';

export const Route = createFileRoute('/review/$token')({
  loader: ({ context }) => context.i18n.loadNamespaces(['reviews']),
  component: function ReviewRoute() {
    const { token } = Route.useParams();
    return (
      <PageWithMeta page="review">
        <ReviewFormPage key={token} token={token} />
      </PageWithMeta>
    );
  },
});
