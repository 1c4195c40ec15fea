import { createRouter, type RouterHistory } from '@tanstack/react-router';
import type { i18n as I18n } from 'i18next';
import type { QueryClientSource } from './lib/query-host.ts';
import { browserCookies, type CookieReader } from './lib/request-cookies.tsx';
import { routeTree } from './route-tree.gen.ts';

/** What the server passes to the browser besides the routes' loader data: TanStack Query's cache. */
interface DehydratedApp {
  /** TanStack Query's DehydratedState as JSON ('' when the page used no query: the browser then need not load the library). */
  queries: string;
}

/**
 * Every search parameter is a plain string, as written in the address. The router's default reads
 * `123` as a number, `true` as a boolean and `"x"` as JSON, so a payment reference or an order
 * number of digits only was lost (the routes keep strings only) and `?q=1042` was written
 * `?q=%221042%22`. A repeated parameter keeps its first value.
 */
export function parseSearch(searchStr: string): Record<string, string> {
  const search: Record<string, string> = Object.create(null);
  for (const [key, value] of new URLSearchParams(searchStr))
    if (!(key in search)) search[key] = value;
  return search;
}

/** The search as the address shows it: each value as text (the app passes strings and numbers). */
export function stringifySearch(search: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(search)) {
    if (value === undefined || value === null) continue;
    params.set(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/**
 * The app's router: one per request on the server, one in the browser. Both sides build it the
 * same way; the server's query cache goes into the page (dehydrate) and into the browser's
 * query client before the first render (hydrate), so the loaders' data is not fetched twice.
 */
export function createAppRouter(options: {
  i18n: I18n;
  /** The request's query client (server), or the browser's (lib/query-host.ts). */
  queryClient: QueryClientSource;
  /** The server's: its query cache as JSON for the page (lib/query-client.ts dehydrateQueries). */
  dehydrateQueries?: () => string;
  cookies?: CookieReader;
  nonce?: string;
  /** The browser's history, when made beforehand (default: the router makes it). */
  history?: RouterHistory;
}) {
  const { dehydrateQueries } = options;
  return createRouter({
    routeTree,
    context: {
      queryClient: options.queryClient,
      i18n: options.i18n,
      cookies: options.cookies ?? browserCookies,
    },
    defaultPreload: 'intent',
    parseSearch,
    stringifySearch,
    scrollRestoration: false,
    ...(options.history ? { history: options.history } : {}),
    ...(options.nonce ? { ssr: { nonce: options.nonce } } : {}),
    dehydrate: (): DehydratedApp => ({ queries: dehydrateQueries?.() ?? '' }),
    hydrate: async (data: DehydratedApp) => {
      if (!data.queries) return;
      const { hydrateQueries } = await import('./lib/query-client.ts');
      hydrateQueries(data.queries);
    },
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
