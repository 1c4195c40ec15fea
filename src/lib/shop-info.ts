import type { ShopInfo } from '#contract/shop.ts';
import { formatAmount } from './money.ts';
import type { Language } from './languages.ts';
import { useSiteFacts } from './site-facts.ts';
import { useShopLanguage } from './use-shop-language.ts';

interface ShopFacts {
  language: Language;
  /** undefined until the server answered. */
  info: ShopInfo | undefined;
  /** 'From £29.99', '29,99 €' … in the market's currency; '' until the server answered. */
  priceFrom: string;
  layflatFrom: string;
}

/** The shop's facts in the current language's market (the root route loads them: lib/site-facts.ts). */
export function useShopInfo(): ShopFacts {
  const language = useShopLanguage();
  const data = useSiteFacts()?.shop ?? undefined;
  const money = (amount: number | undefined) =>
    data && amount !== undefined ? formatAmount(amount, data.currencyCode, language) : '';
  return {
    language,
    info: data,
    priceFrom: money(data?.priceFrom),
    layflatFrom: money(data?.layflatFrom),
  };
}
