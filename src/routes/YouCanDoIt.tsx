import { createFileRoute } from '@tanstack/react-router';
import { ProductPage } from '../features/product/product-page.tsx';
import { i18n } from '../lib/i18n.ts';

export const Route = createFileRoute('/YouCanDoIt')({
  // Load the page's texts before it renders: no 'Loading…' flash, no footer jumping down (CLS).
  loader: () => i18n.loadNamespaces('product'),
  component: ProductPage,
});
