import { formatMoney, type TypographyLanguage } from '#book/typography.ts';
import { toMinor } from '#contract/markets.ts';

/**
 * An API amount (the currency's major unit, 34.99: contract/amounts.ts) as the page shows it
 * ('€34.99', '34,99 €'), through the book's one money format.
 */
export function formatAmount(
  amount: number,
  currency: string,
  language: TypographyLanguage,
): string {
  return formatMoney(toMinor(amount), currency, language);
}
