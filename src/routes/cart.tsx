import { createFileRoute } from '@tanstack/react-router';
import { CartPage } from '#src/features/cart/cart-page.tsx';
import { preloadCartSummary } from '#src/lib/cart-summary.ts';
import { PageWithMeta } from '#src/ui/page-meta.tsx';

export const Route = createFileRoute('/cart')({
  // The page's texts and the order's summary are loaded before it renders (on the server too: they
  // are in the first HTML). The countries load in the browser: their names and order come from
  // Intl, which may differ between the server's ICU and the browser's, so the server does not
  // render the list.
  loader: async ({ context }) => {
    await Promise.all([context.i18n.loadNamespaces(['cart']), preloadCartSummary(context)]);
  },
  component: () => (
    <PageWithMeta page="cart">
      <CartPage />
    </PageWithMeta>
  ),
});
