import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import * as v from 'valibot';
import { DeliveryPage } from '../features/checkout/delivery-page.tsx';
import { toLanguage } from '#contract/markets.ts';
import { PageMeta } from '../ui/page-meta.tsx';
import { useHydrated } from '../ui/use-hydrated.ts';

const SearchSchema = v.object({ method: v.fallback(v.optional(v.picklist(['wallet'])), undefined) });

export const Route = createFileRoute('/checkout/delivery')({
  validateSearch: (search) => v.parse(SearchSchema, search),
  loader: ({ context }) => context.i18n.loadNamespaces(['checkout']),
  component: CheckoutDelivery,
});

function CheckoutDelivery() {
  const { method } = Route.useSearch();
  const { t, i18n: current } = useTranslation();
  const language = toLanguage(current.language) ?? 'en-GB';
  // The form starts from what only the browser has (the order cookie, the details typed earlier in
  // session storage): the server's page and the first render while hydrating show the frame.
  const hydrated = useHydrated();
  return (
    <>
      <PageMeta page="checkout" />
      {hydrated ? (
        <DeliveryPage key={language} language={language} wallet={method === 'wallet'} />
      ) : (
        <p className="loading">{t('loading')}</p>
      )}
    </>
  );
}
