import { createFileRoute } from '@tanstack/react-router';
import { ProductPage } from '#src/features/product/product-page.tsx';
import { fetchReviewList } from '#src/lib/reviews.ts';
import { shopLanguageOf } from '#src/lib/use-shop-language.ts';

export const Route = createFileRoute('/YouCanDoIt')({
  // Load the page's texts before it renders: no 'Loading…' flash, no footer jumping down (CLS).
  // The approved reviews of the page's language too (in the server's HTML).
  loader: async ({ context }) => {
    const [, reviews] = await Promise.all([
      context.i18n.loadNamespaces(['product', 'reviews']),
      fetchReviewList(shopLanguageOf(context.i18n.language)),
    ]);
    return { reviews };
  },
  component: function ProductRoute() {
    const { reviews } = Route.useLoaderData();
    return <ProductPage reviews={reviews} />;
  },
});
