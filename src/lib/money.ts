import { formatDate as formatTypographyDate, type DateRole } from '#book/typography.ts';
import type { CurrencyCode } from '#contract/markets.ts';
import type { Language } from './languages.ts';

const formats = new Map<string, Intl.NumberFormat>();

const SYMBOLS: Partial<Record<string, string>> = { EUR: '€', GBP: '£', USD: '$' };

/**
 * The shop's own amounts written without Intl: the first Intl.NumberFormat of a page loads the
 * browser's locale data (tens of milliseconds of a phone's main thread while the page hydrates).
 * Writes exactly what Intl writes (a test compares them) for zero and positive amounts in the
 * shop's languages and currencies; anything else is left to Intl (null).
 */
function shopAmount(amount: number, currency: string, language: Language): string | null {
  const symbol = SYMBOLS[currency];
  const text = String(amount);
  if (!symbol || !(amount >= 0) || Object.is(amount, -0) || text.includes('e')) return null;
  // Rounded from the decimal digits (as Intl does: 1.005 -> 1.01), not from the binary value.
  const cents = Math.round(Number(`${text}e2`));
  const whole = String(Math.floor(cents / 100));
  const fraction = String(cents % 100).padStart(2, '0');
  if (language === 'lv') {
    // Latvian groups thousands only from five digits on (1234,50 but 12 345,00).
    const grouped = whole.length > 4 ? whole.replace(/\B(?=(\d{3})+$)/g, '\u00a0') : whole;
    return `${grouped},${fraction}\u00a0${symbol}`;
  }
  return `${symbol}${whole.replace(/\B(?=(\d{3})+$)/g, ',')}.${fraction}`;
}

/**
 * A server amount (major units) with its currency symbol (€, $, £) and 2 decimals, written the
 * way the language writes money ('£29.99', '$29.99', '29,99 €'). Shared by the checkout and the
 * order status page.
 */
export function formatAmount(amount: number, currency: CurrencyCode, language: Language): string {
  const plain = shopAmount(amount, currency, language);
  if (plain !== null) return plain;
  const key = `${language}:${currency}`;
  const format =
    formats.get(key) ??
    new Intl.NumberFormat(language, {
      style: 'currency',
      currency,
      currencyDisplay: 'narrowSymbol',
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
  formats.set(key, format);
  return format.format(amount);
}

/**
 * A calendar date ('2026-12-03' or an ISO time) in the language's long form ('3 December 2026'),
 * in the case its sentence needs ('on': Latvian "2026. gada 27. novembrī"; 'by': "līdz … decembrim"),
 * the day in UTC as the order mails say it: the server's page and the browser show the same day
 * whatever their time zones (a hydration mismatch otherwise, near midnight). book/typography.ts.
 */
export function formatDate(value: string, language: Language, role: DateRole = 'plain'): string {
  return (
    formatTypographyDate(
      /^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T12:00:00Z` : value,
      language,
      role,
    ) || value
  );
}
