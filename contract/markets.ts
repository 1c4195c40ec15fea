// Plain constants, no valibot: the browser's first load uses them (the schemas are in language-param.ts).

import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '#book/languages.ts';
import { COUNTRY, DEFAULT_COUNTRY_ID } from './countries.ts';

/** Interface languages (defined once, in book/languages.ts: the book and the shop share them). */
export { DEFAULT_LANGUAGE, LANGUAGES, type Language };

export const CURRENCIES = ['EUR', 'GBP', 'USD'] as const;
export type CurrencyCode = (typeof CURRENCIES)[number];

/** The language of the shop decides the market currency. */
export const CURRENCY_BY_LANGUAGE: Record<Language, CurrencyCode> = {
  lv: 'EUR',
  'en-GB': 'GBP',
  'en-US': 'USD',
};

/** Matches a language code case-insensitively ('en-gb' -> 'en-GB'); undefined when unknown. */
export function toLanguage(code: string): Language | undefined {
  const lower = code.trim().toLowerCase();
  return LANGUAGES.find((language) => language.toLowerCase() === lower);
}

export { DEFAULT_COUNTRY_ID };

/**
 * Minor units -> a decimal amount as text ("43.98"), exactly, from integers: for the wire formats
 * that want decimals as text (EveryPay's API, schema.org's prices). The public API's numbers are
 * `toAmount`'s (contract/amounts.ts).
 */
export function toDecimal(minor: number): string {
  if (!Number.isSafeInteger(minor) || minor < 0)
    throw new RangeError(`not an amount in minor units: ${minor}`);
  return `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;
}

/** The country a market delivers to by default: Latvia for lv, the UK for en-GB, the US for en-US. */
export const MARKET_COUNTRY_ID: Record<Language, number> = {
  lv: COUNTRY.LV,
  'en-GB': COUNTRY.GB,
  'en-US': COUNTRY.US,
};

/**
 * Minor units -> the amount in the currency's major unit as a JSON number with at most 2 decimals
 * (4398 -> 43.98): how the public API speaks of money (SPEC.md section 3: `price`, `total` …).
 * The server computes in integer minor units; this is the one conversion, at the edge.
 */
export function toAmount(minor: number): number {
  return Number(toDecimal(minor));
}

/** An API amount (43.98) -> integer minor units (4398), for a client that adds or formats amounts. */
export function toMinor(amount: number): number {
  return Math.round(amount * 100);
}
