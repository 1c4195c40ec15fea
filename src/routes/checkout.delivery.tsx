import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import * as v from 'valibot';
import { DeliveryPage } from '../features/checkout/delivery-page.tsx';
import { toLanguage } from '#contract/markets.ts';
import { PageMeta } from '../ui/page-meta.tsx';

const SearchSchema = v.object({ method: v.fallback(v.optional(v.picklist(['wallet'])), undefined) });

export const Route = createFileRoute('/checkout/delivery')({
  validateSearch: (search) => v.parse(SearchSchema, search),
  loader: ({ context }) => context.i18n.loadNamespaces(['checkout']),
  component: CheckoutDelivery,
});

function CheckoutDelivery() {
  const { method } = Route.useSearch();
  const { i18n: current } = useTranslation();
  const language = toLanguage(current.language) ?? 'en-GB';
  return (
    <>
      <PageMeta page="checkout" />
      <DeliveryPage key={language} language={language} wallet={method === 'wallet'} />
    </>
  );
}
