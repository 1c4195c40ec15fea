import { QueryClient, type EnsureQueryDataOptions, type QueryKey } from '@tanstack/react-query';

/** The query client: one per request on the server, one in the browser. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 60_000, retry: 1, refetchOnWindowFocus: false },
    },
  });
}

/**
 * The browser's query client (main.tsx hydrates the server's cache into it; the builder's effects
 * invalidate the cart in it). The server never uses it: each request has its own.
 */
export const queryClient = createQueryClient();

/**
 * A route loader's data (`ensureQueryData` with the feature's query options), on the server too: the
 * page is rendered with it and the browser starts from the same cache. A failure is not the
 * loader's: the query is dropped, so the server's page and the browser's first render both show the
 * page's own loading state (they match), and the browser asks again and shows the error itself.
 */
export async function preload<TData, TKey extends QueryKey>(
  queryClient: QueryClient,
  options: EnsureQueryDataOptions<TData, Error, TData, TKey>,
): Promise<void> {
  try {
    // No retries here: the browser's query retries, the server's page does not wait for it.
    await queryClient.ensureQueryData({ ...options, retry: false });
  } catch {
    queryClient.removeQueries({ queryKey: options.queryKey, exact: true });
  }
}
