import { useEffect, useState } from 'react';
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

/**
 * The cart's delivery country, kept for the session so checkout starts from it. The first render
 * uses the market's country, as the server's page did (it cannot read session storage), and the
 * country chosen earlier in this session follows right after, so hydration matches.
 */
export function useDeliveryCountry(language: Language): [number, (countryId: number) => void] {
  const [chosen, setChosen] = useState<{ language: Language; id: number } | null>(null);
  useEffect(() => {
    const stored = readDeliveryCountry(language);
    if (stored !== MARKET_COUNTRY_ID[language]) setChosen({ language, id: stored });
  }, [language]);
  const countryId = chosen?.language === language ? chosen.id : MARKET_COUNTRY_ID[language];
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
