import { createFileRoute } from '@tanstack/react-router';
import { CartPage } from '../features/cart/cart-page.tsx';
import { PageWithMeta } from '../ui/page-meta.tsx';

export const Route = createFileRoute('/cart')({
  // The page's texts are loaded before it renders (on the server too: they are in the first HTML).
  // Its summary is the root loader's (the header's count needs it on every page). The countries
  // load in the browser: their names and order come from Intl, which may differ between the
  // server's ICU and the browser's, so the server does not render the list.
  loader: ({ context }) => context.i18n.loadNamespaces(['cart']),
  component: () => <PageWithMeta page="cart"><CartPage /></PageWithMeta>,
});
