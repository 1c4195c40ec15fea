import { QueryClient } from '@tanstack/react-query';
import type { ShopInfo } from '#contract/shop.ts';

const PRICES = {
  lv: { currencyCode: 'EUR', priceFrom: 29.99, layflatFrom: 200 },
  'en-GB': { currencyCode: 'GBP', priceFrom: 29.99, layflatFrom: 200 },
  'en-US': { currencyCode: 'USD', priceFrom: 29.99, layflatFrom: 200 },
} as const;

/** What GET /api/shop answers with no configuration (the reference prices, card only, example company). */
export function shopInfoOf(language: keyof typeof PRICES, paymentMethods: ShopInfo['paymentMethods'] = ['visa', 'mastercard']): ShopInfo {
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

/** A query client that already holds the shop's facts in every language (no request is made for them). */
export function shopTestClient(paymentMethods?: ShopInfo['paymentMethods']): QueryClient {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  for (const language of ['lv', 'en-GB', 'en-US'] as const) client.setQueryData(['shop', language], shopInfoOf(language, paymentMethods));
  return client;
}
