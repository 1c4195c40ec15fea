import { createFileRoute } from '@tanstack/react-router';
import { ProductPage } from '../features/product/product-page.tsx';

export const Route = createFileRoute('/YouCanDoIt')({
  // Load the page's texts before it renders: no 'Loading…' flash, no footer jumping down (CLS).
  loader: ({ context }) => context.i18n.loadNamespaces('product'),
  component: ProductPage,
});
