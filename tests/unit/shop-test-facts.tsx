import type { ReactNode } from 'react';
import type { ShopInfo } from '#contract/shop.ts';
import { SiteFactsContext } from '#src/lib/site-facts.ts';
import { useShopLanguage } from '#src/lib/use-shop-language.ts';

const PRICES = {
  lv: { currencyCode: 'EUR', priceFrom: 29.99, layflatFrom: 200 },
  'en-GB': { currencyCode: 'GBP', priceFrom: 29.99, layflatFrom: 200 },
  'en-US': { currencyCode: 'USD', priceFrom: 29.99, layflatFrom: 200 },
} as const;

/** What GET /api/shop answers with no configuration (the reference prices, card only, example company). */
export function shopInfoOf(
  language: keyof typeof PRICES,
  paymentMethods: ShopInfo['paymentMethods'] = ['visa', 'mastercard'],
): ShopInfo {
  return {
    company: {
      legalName: 'SIA Storymade',
      registrationNumber: '40000000000',
      vatNumber: 'LV40000000000',
      address: 'Brīvības iela 1, Rīga, LV-1010, Latvia',
      phone: '+371 20 000 000',
      email: 'hello@storymade.eu',
      placeholder: true,
    },
    paymentMethods,
    ...PRICES[language],
  };
}

/**
 * The shop's facts as the app's root route provides them (lib/site-facts.ts), for the language the
 * page is in: no request is made for them.
 */
export function ShopFacts({
  children,
  paymentMethods,
  cartCount = 0,
}: {
  children: ReactNode;
  paymentMethods?: ShopInfo['paymentMethods'];
  cartCount?: number;
}) {
  const language = useShopLanguage();
  return (
    <SiteFactsContext.Provider
      value={{ language, shop: shopInfoOf(language, paymentMethods), cartCount, orderGone: false }}
    >
      {children}
    </SiteFactsContext.Provider>
  );
}
