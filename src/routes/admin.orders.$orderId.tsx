import { createFileRoute } from '@tanstack/react-router';
import { OrderPage } from '#src/features/admin/order-page.tsx';

export const Route = createFileRoute('/admin/orders/$orderId')({ component: OrderPage });
