import { createFileRoute } from '@tanstack/react-router';
import { orderStatusQueryOptions } from '../features/order-status/api/order-status.ts';
import { OrderStatusPage } from '../features/order-status/order-status-page.tsx';
import { preload } from '../lib/query-host.ts';
import { useShopLanguage } from '../lib/use-shop-language.ts';
import { PageMeta } from '../ui/page-meta.tsx';

export const Route = createFileRoute('/order-status/$orderId')({
  // The order as bought, in the server's page too (a link in the confirmation mail opens it).
  loader: async ({ context, params }) => {
    await Promise.all([context.i18n.loadNamespaces(['order-status']), preload(context.queryClient, orderStatusQueryOptions(params.orderId))]);
  },
  component: OrderStatus,
});

function OrderStatus() {
  const { orderId } = Route.useParams();
  const language = useShopLanguage();
  return (
    <>
      <PageMeta page="orderStatus" />
      <OrderStatusPage key={orderId} orderId={orderId} language={language} />
    </>
  );
}
