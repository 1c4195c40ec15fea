import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import * as v from 'valibot';
import { toLanguage } from '#contract/markets.ts';
import { ShopInfoSchema, type ShopInfo } from '#contract/shop.ts';
import { api } from './api.ts';
import { formatAmount } from './money.ts';
import type { Language } from './languages.ts';

/** GET /api/shop?country={language}: the company, the payment methods offered, the prices copy quotes. */
export function shopInfoQueryOptions(language: Language) {
  return queryOptions({
    queryKey: ['shop', language] as const,
    staleTime: 5 * 60_000,
    queryFn: async ({ signal }): Promise<ShopInfo> => v.parse(ShopInfoSchema, await api('/shop', { query: { country: language }, signal })),
  });
}

export interface ShopFacts {
  language: Language;
  /** undefined until the server answered. */
  info: ShopInfo | undefined;
  /** 'From £29.99', '29,99 €' … in the market's currency; '' until the server answered. */
  priceFrom: string;
  layflatFrom: string;
}

/** The shop's facts in the current language's market. */
export function useShopInfo(): ShopFacts {
  const { i18n } = useTranslation();
  const language = toLanguage(i18n.language) ?? 'en-GB';
  const { data } = useQuery(shopInfoQueryOptions(language));
  const money = (amount: number | undefined) => (data && amount !== undefined ? formatAmount(amount, data.currencyCode, language) : '');
  return { language, info: data, priceFrom: money(data?.priceFrom), layflatFrom: money(data?.layflatFrom) };
}
