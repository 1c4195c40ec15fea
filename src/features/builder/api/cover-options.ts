import { queryOptions } from '@tanstack/react-query';
import { apiChecked } from '#src/lib/api.ts';
import type { Language } from '#src/lib/languages.ts';
import { preload, type QueryClientSource } from '#src/lib/query-host.ts';
import { shopLanguageOf } from '#src/lib/use-shop-language.ts';

/** GET /api/product/coverOptions?country={language}: the server's prices of the orderable covers. */
export function coverOptionsQueryOptions(language: Language) {
  return queryOptions({
    queryKey: ['coverOptions', language] as const,
    queryFn: ({ signal }) =>
      apiChecked(
        () => import('#contract/catalogue.ts').then((m) => m.CoverOptionsSchema),
        '/product/coverOptions',
        {
          query: { country: language },
          signal,
        },
      ),
  });
}

/** The cover step routes' loader: the covers' prices (the step itself waits for the purchase machine, in the browser). */
export function preloadCoverOptions({
  context,
}: {
  context: { queryClient: QueryClientSource; i18n: { language: string } };
}) {
  return preload(
    context.queryClient,
    coverOptionsQueryOptions(shopLanguageOf(context.i18n.language)),
  );
}
