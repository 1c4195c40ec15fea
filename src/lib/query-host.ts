import type { EnsureQueryDataOptions, QueryClient, QueryKey } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';

// TanStack Query without TanStack Query in the first load: the pages every visitor opens first
// (home, product page, about, FAQ, legal) use none of it, so the browser loads the library with the
// first page that does (the builder, the cart, the checkout, the order status, the back office).
// This module holds no more than the ways to reach the client; lib/query-client.ts makes it.

/** Where a route loader gets the query client: the request's on the server; in the browser its own, loaded with it. */
export type QueryClientSource = () => Promise<QueryClient>;

let loaded: QueryClient | undefined;
const listeners = new Set<() => void>();

/** lib/query-client.ts announces the browser's client as it is made. */
export function announceQueryClient(client: QueryClient): void {
  loaded = client;
  for (const listener of listeners) listener();
}

/**
 * The browser's query client once it is loaded, else undefined. The app's root provides it to the
 * pages (app-root.tsx): every hook of TanStack Query is imported from lib/query-client.ts, so a
 * page that uses one has loaded the client before it renders.
 */
export function useLoadedQueryClient(): QueryClient | undefined {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => loaded,
    () => loaded,
  );
}

/**
 * A route loader's data (`ensureQueryData` with the feature's query options), on the server too: the
 * page is rendered with it and the browser starts from the same cache. A failure is not the
 * loader's: the query is dropped, so the server's page and the browser's first render both show the
 * page's own loading state (they match), and the browser asks again and shows the error itself.
 */
export async function preload<TData, TKey extends QueryKey>(
  source: QueryClientSource,
  options: EnsureQueryDataOptions<TData, Error, TData, TKey>,
): Promise<void> {
  const queryClient = await source();
  try {
    // No retries here: the browser's query retries, the server's page does not wait for it.
    await queryClient.ensureQueryData({ ...options, retry: false });
  } catch {
    queryClient.removeQueries({ queryKey: options.queryKey, exact: true });
  }
}
