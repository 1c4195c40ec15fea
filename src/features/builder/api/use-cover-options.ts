import type { Language } from '#src/lib/languages.ts';
import { useQuery } from '#src/lib/query-client.ts';
import { coverOptionsQueryOptions } from './cover-options.ts';

/** The covers' prices (its own file: the route's loader imports the query options, which must not bring TanStack Query along). */
export function useCoverOptions(language: Language) {
  return useQuery(coverOptionsQueryOptions(language));
}
