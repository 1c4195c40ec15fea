/**
 * A price in major units with its currency symbol and two decimals, in the shop's language:
 * 29.99 EUR -> '29,99 €' (lv), 29.99 GBP -> '£29.99' (en-GB), 29.99 USD -> '$29.99' (en-US).
 * narrowSymbol keeps '$' rather than 'US$' whatever the language.
 */
export function formatPrice(amount: number, currencyCode: string, language: string): string {
  try {
    return new Intl.NumberFormat(language, {
      style: 'currency',
      currency: currencyCode,
      currencyDisplay: 'narrowSymbol',
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    }).format(amount);
  } catch {
    // An unknown currency code: the number with the code beside it, never a crash.
    return `${amount.toFixed(2)} ${currencyCode}`;
  }
}
