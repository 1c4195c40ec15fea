import { createFileRoute } from '@tanstack/react-router';
import { CartPage } from '../features/cart/cart-page.tsx';
import { PageMeta } from '../ui/page-meta.tsx';

export const Route = createFileRoute('/cart')({
  component: () => (
    <>
      <PageMeta page="cart" />
      <CartPage />
    </>
  ),
});
