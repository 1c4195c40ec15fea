import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ShopInfo } from '#contract/shop.ts';
import { apiChecked } from './api.ts';
import { formatAmount } from './money.ts';
import type { Language } from './languages.ts';
import { useShopLanguage } from './use-shop-language.ts';

/** GET /api/shop?country={language}: the company, the payment methods offered, the prices copy quotes. */
export function shopInfoQueryOptions(language: Language) {
  return queryOptions({
    queryKey: ['shop', language] as const,
    staleTime: 5 * 60_000,
    queryFn: ({ signal }): Promise<ShopInfo> =>
      apiChecked(() => import('#contract/shop.ts').then((m) => m.ShopInfoSchema), '/shop', { query: { country: language }, signal }),
  });
}

interface ShopFacts {
  language: Language;
  /** undefined until the server answered. */
  info: ShopInfo | undefined;
  /** 'From £29.99', '29,99 €' … in the market's currency; '' until the server answered. */
  priceFrom: string;
  layflatFrom: string;
}

/** The shop's facts in the current language's market. */
export function useShopInfo(): ShopFacts {
  const language = useShopLanguage();
  const { data } = useQuery(shopInfoQueryOptions(language));
  const money = (amount: number | undefined) => (data && amount !== undefined ? formatAmount(amount, data.currencyCode, language) : '');
  return { language, info: data, priceFrom: money(data?.priceFrom), layflatFrom: money(data?.layflatFrom) };
}
