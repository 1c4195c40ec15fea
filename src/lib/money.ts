import type { CurrencyCode } from '#contract/markets.ts';
import type { Language } from './languages.ts';

const formats = new Map<string, Intl.NumberFormat>();

/**
 * A price from the server (major units) with its currency symbol (€, $, £) and 2 decimals, in
 * the way the language writes money: '£29.99', '$29.99', '29,99 €'.
 */
export function formatMoney(amount: number, currency: CurrencyCode, language: Language): string {
  const key = `${language}:${currency}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(language, {
      style: 'currency',
      currency,
      currencyDisplay: 'narrowSymbol',
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    formats.set(key, format);
  }
  return format.format(amount);
}
