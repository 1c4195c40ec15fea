import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import * as v from 'valibot';
import { PaymentStatusPage } from '../features/checkout/payment-status-page.tsx';
import { toLanguage } from '#contract/markets.ts';
import { PageMeta } from '../ui/page-meta.tsx';

const SearchSchema = v.object({ payment_reference: v.fallback(v.optional(v.pipe(v.string(), v.maxLength(128))), undefined) });

export const Route = createFileRoute('/payment-status')({
  validateSearch: (search) => v.parse(SearchSchema, search),
  loader: ({ context }) => context.i18n.loadNamespaces(['checkout']),
  component: PaymentStatus,
});

function PaymentStatus() {
  const { payment_reference: reference } = Route.useSearch();
  const { i18n: current } = useTranslation();
  const language = toLanguage(current.language) ?? 'en-GB';
  return (
    <>
      <PageMeta page="paymentStatus" />
      <PaymentStatusPage key={reference ?? ''} language={language} reference={reference ?? null} />
    </>
  );
}
