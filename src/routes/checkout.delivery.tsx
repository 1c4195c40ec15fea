import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { DeliveryPage } from '#src/features/checkout/delivery-page.tsx';
import { preloadCartSummary } from '#src/lib/cart-summary.ts';
import { countriesQueryOptions } from '#src/lib/countries.ts';
import { preload } from '#src/lib/query-host.ts';
import { shopLanguageOf, useShopLanguage } from '#src/lib/use-shop-language.ts';
import { PageMeta } from '#src/ui/page-meta.tsx';
import { useHydrated } from '#src/ui/use-hydrated.ts';

export const Route = createFileRoute('/checkout/delivery')({
  // `?method=wallet` or nothing (a plain check: the route definitions are in every first load).
  validateSearch: (search): { method?: 'wallet' } =>
    search.method === 'wallet' ? { method: 'wallet' } : {},
  // The countries for the form's select and the cart's summary for the market's country (the
  // form's first). The form itself renders in the browser only: see below.
  loader: async ({ context }) => {
    const language = shopLanguageOf(context.i18n.language);
    await Promise.all([
      context.i18n.loadNamespaces(['checkout']),
      preload(context.queryClient, countriesQueryOptions(language)),
      preloadCartSummary(context),
    ]);
  },
  component: CheckoutDelivery,
});

function CheckoutDelivery() {
  const { method } = Route.useSearch();
  const { t } = useTranslation();
  const language = useShopLanguage();
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
