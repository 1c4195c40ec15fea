import { createFileRoute } from '@tanstack/react-router';
import { PaymentStatusPage } from '#src/features/checkout/payment-status-page.tsx';
import { useShopLanguage } from '#src/lib/use-shop-language.ts';
import { PageMeta } from '#src/ui/page-meta.tsx';

export const Route = createFileRoute('/payment-status')({
  // The payment's reference, a string of at most 128 characters, or nothing (a plain check: the
  // route definitions are in every first load).
  validateSearch: (search): { payment_reference?: string } => {
    const reference = search.payment_reference;
    return typeof reference === 'string' && reference.length <= 128
      ? { payment_reference: reference }
      : {};
  },
  loader: ({ context }) => context.i18n.loadNamespaces(['checkout']),
  component: PaymentStatus,
});

function PaymentStatus() {
  const { payment_reference: reference } = Route.useSearch();
  const language = useShopLanguage();
  return (
    <>
      <PageMeta page="paymentStatus" />
      <PaymentStatusPage key={reference ?? ''} language={language} reference={reference ?? null} />
    </>
  );
}
