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
 * that want decimals (EveryPay's API, schema.org's prices). Everything else carries minor units.
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
