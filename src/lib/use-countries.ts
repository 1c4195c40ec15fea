import { countriesQueryOptions } from './countries.ts';
import type { Language } from './languages.ts';
import { useQuery } from './query-client.ts';

/** The delivery countries (its own file: the checkout's loader imports the query options, which must not bring TanStack Query along). */
export function useCountries(language: Language) {
  return useQuery(countriesQueryOptions(language));
}
