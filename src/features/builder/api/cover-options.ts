import { queryOptions, useQuery } from '@tanstack/react-query';
import * as v from 'valibot';
import { CoverOptionsSchema } from '#contract/catalogue.ts';
import { api } from '../../../lib/api.ts';
import type { Language } from '../../../lib/languages.ts';

/** GET /api/product/coverOptions?country={language}: the server's prices of the orderable covers. */
export function coverOptionsQueryOptions(language: Language) {
  return queryOptions({
    queryKey: ['coverOptions', language] as const,
    queryFn: async ({ signal }) => v.parse(CoverOptionsSchema, await api('/product/coverOptions', { query: { country: language }, signal })),
  });
}

export function useCoverOptions(language: Language) {
  return useQuery(coverOptionsQueryOptions(language));
}
