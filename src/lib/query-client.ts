import { QueryClient, dehydrate, hydrate, type DehydratedState } from '@tanstack/react-query';
import { cartChanged, CART_QUERY_KEY } from './open-order.ts';
import { announceQueryClient } from './query-host.ts';

// TanStack Query for the pages that use it (lib/query-host.ts says why it is not in the first load).
// Its hooks are imported from here, never from the library itself (eslint.config.js): whatever
// renders one has made the browser's client by then.
export { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

/** A query client: one per request on the server, one in the browser. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 60_000, retry: 1, refetchOnWindowFocus: false },
    },
  });
}

/**
 * The browser's query client (the server's cache is hydrated into it; the builder's effects
 * invalidate the cart in it). The server never uses it: each request has its own.
 */
export const queryClient = createQueryClient();
if (typeof window !== 'undefined') {
  // What QueryClientProvider would do: paused mutations resume when the browser is back online.
  queryClient.mount();
  announceQueryClient(queryClient);
}

/** The request's cache for the page (the server), as JSON; '' when the page used none. */
export function dehydrateQueries(client: QueryClient): string {
  const state = dehydrate(client);
  return state.queries.length > 0 || state.mutations.length > 0 ? JSON.stringify(state) : '';
}

/** The server's cache into the browser's client, before the first render. */
export function hydrateQueries(json: string): void {
  hydrate(queryClient, JSON.parse(json) as DehydratedState);
}

/** After a book is saved or removed, or the order paid: the cart's queries and the header's count are fetched again. */
export function invalidateCart(client: QueryClient): Promise<void> {
  cartChanged();
  return client.invalidateQueries({ queryKey: CART_QUERY_KEY });
}
