import { queryOptions } from '@tanstack/react-query';
import type { Country } from '#contract/catalogue.ts';
import { apiChecked } from './api.ts';
import type { Language } from './languages.ts';

/** GET /api/delivery/countries?country={language}: the delivery countries, costs in the market currency. */
export function countriesQueryOptions(language: Language) {
  return queryOptions({
    queryKey: ['countries', language] as const,
    staleTime: 10 * 60_000,
    queryFn: ({ signal }): Promise<Country[]> =>
      apiChecked(
        () => import('#contract/catalogue.ts').then((m) => m.CountriesSchema),
        '/delivery/countries',
        { query: { country: language }, signal },
      ),
  });
}

const names = new Map<string, Intl.DisplayNames>();

/** A country's name in the interface language ('LV' -> 'Latvija' in lv); the server's English name as a fallback. */
export function countryName(
  country: Pick<Country, 'countryCode' | 'countryName'>,
  language: Language,
): string {
  try {
    let display = names.get(language);
    if (!display) {
      display = new Intl.DisplayNames([language], { type: 'region' });
      names.set(language, display);
    }
    return display.of(country.countryCode) ?? country.countryName;
  } catch {
    return country.countryName;
  }
}

/** Countries sorted by their name in the interface language. */
export function sortedCountries(countries: readonly Country[], language: Language): Country[] {
  const collator = new Intl.Collator(language);
  return [...countries].sort((a, b) =>
    collator.compare(countryName(a, language), countryName(b, language)),
  );
}
