import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { toLanguage } from '#contract/markets.ts';
import { OrderStatusPage } from '../features/order-status/order-status-page.tsx';
import { PageMeta } from '../ui/page-meta.tsx';

export const Route = createFileRoute('/order-status/$orderId')({
  loader: ({ context }) => context.i18n.loadNamespaces(['order-status']),
  component: OrderStatus,
});

function OrderStatus() {
  const { orderId } = Route.useParams();
  const { i18n: current } = useTranslation();
  const language = toLanguage(current.language) ?? 'en-GB';
  return (
    <>
      <PageMeta page="orderStatus" />
      <OrderStatusPage key={orderId} orderId={orderId} language={language} />
    </>
  );
}
