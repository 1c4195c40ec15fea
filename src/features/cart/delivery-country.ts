import { useState } from 'react';
import { MARKET_COUNTRY_ID } from '#contract/markets.ts';
import type { Language } from '../../lib/languages.ts';

/** sessionStorage key of the delivery country chosen in the cart, per language (each has its own order). */
export function deliveryCountryKey(language: Language): string {
  return `deliveryCountryId.${language}`;
}

/** The delivery country chosen in this session, else the market's (Latvia, the UK, the US). */
export function readDeliveryCountry(language: Language): number {
  try {
    const stored = Number(sessionStorage.getItem(deliveryCountryKey(language)));
    if (Number.isInteger(stored) && stored > 0) return stored;
  } catch {
    // Storage unavailable: the market's country.
  }
  return MARKET_COUNTRY_ID[language];
}

/** The cart's delivery country, kept for the session so checkout starts from it. */
export function useDeliveryCountry(language: Language): [number, (countryId: number) => void] {
  const [chosen, setChosen] = useState<{ language: Language; id: number } | null>(null);
  const countryId = chosen?.language === language ? chosen.id : readDeliveryCountry(language);
  const choose = (id: number) => {
    setChosen({ language, id });
    try {
      sessionStorage.setItem(deliveryCountryKey(language), String(id));
    } catch {
      // Kept in memory for this page only.
    }
  };
  return [countryId, choose];
}
