import { QueryClient } from '@tanstack/react-query';

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
