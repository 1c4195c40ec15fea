import { createFileRoute } from '@tanstack/react-router';
import { HomePage } from '#src/features/home/home-page.tsx';
import { SubscribeBlock } from '#src/features/newsletter/subscribe-block.tsx';
import { fetchReviewList } from '#src/lib/reviews.ts';
import { shopLanguageOf } from '#src/lib/use-shop-language.ts';

export const Route = createFileRoute('/')({
  // Load the page's texts before it renders: no 'Loading…' flash, no footer jumping down (CLS).
  // The approved reviews of the page's language too (in the server's HTML).
  loader: async ({ context }) => {
    const [, reviews] = await Promise.all([
      context.i18n.loadNamespaces(['home', 'newsletter', 'reviews']),
      fetchReviewList(shopLanguageOf(context.i18n.language)),
    ]);
    return { reviews };
  },
  component: function HomeRoute() {
    const { reviews } = Route.useLoaderData();
    return (
      <>
        <HomePage reviews={reviews} />
        <SubscribeBlock />
      </>
    );
  },
});
