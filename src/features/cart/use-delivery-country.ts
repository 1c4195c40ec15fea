import { useEffect, useState } from 'react';
import { MARKET_COUNTRY_ID } from '#contract/markets.ts';
import { readDeliveryCountry, writeDeliveryCountry } from '#src/lib/delivery-country-storage.ts';
import type { Language } from '#src/lib/languages.ts';

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
    writeDeliveryCountry(language, id);
  };
  return [countryId, choose];
}
