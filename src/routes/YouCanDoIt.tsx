import { createFileRoute } from '@tanstack/react-router';
import { ProductPage } from '../features/product/product-page.tsx';

export const Route = createFileRoute('/YouCanDoIt')({ component: ProductPage });
