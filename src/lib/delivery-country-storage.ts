import { MARKET_COUNTRY_ID } from '#contract/markets.ts';
import type { Language } from './languages.ts';
import { session } from './storage.ts';

// The delivery country the parent chose in the cart, kept for the session per language (each
// language has its own order), so the checkout's form starts from it.

function deliveryCountryKey(language: Language): string {
  return `deliveryCountryId.${language}`;
}

/** The delivery country chosen in this session, else the market's (Latvia, the UK, the US). */
export function readDeliveryCountry(language: Language): number {
  // Nothing stored (or storage unavailable): the market's country.
  const stored = Number(session.get(deliveryCountryKey(language)));
  return Number.isInteger(stored) && stored > 0 ? stored : MARKET_COUNTRY_ID[language];
}

/** A refused storage keeps the choice in memory for this page only. */
export function writeDeliveryCountry(language: Language, countryId: number): void {
  session.set(deliveryCountryKey(language), String(countryId));
}
