import type { CurrencyCode } from '#contract/markets.ts';
import type { Language } from './languages.ts';

const formats = new Map<string, Intl.NumberFormat>();

/**
 * A server amount (major units) with its currency symbol (€, $, £) and 2 decimals, written the
 * way the language writes money ('£29.99', '$29.99', '29,99 €'). Shared by the checkout and the
 * order status page.
 */
export function formatAmount(amount: number, currency: CurrencyCode, language: Language): string {
  const key = `${language}:${currency}`;
  const format =
    formats.get(key) ??
    new Intl.NumberFormat(language, { style: 'currency', currency, currencyDisplay: 'narrowSymbol', minimumFractionDigits: 2, maximumFractionDigits: 2 });
  formats.set(key, format);
  return format.format(amount);
}

/** A calendar date ('2026-12-03' or an ISO time) in the language's long form ('3 December 2026'). */
export function formatDate(value: string, language: Language): string {
  const date = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T12:00:00`) : new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat(language, { day: 'numeric', month: 'long', year: 'numeric' }).format(date);
}
