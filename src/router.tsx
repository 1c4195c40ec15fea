import type { QueryClient} from '@tanstack/react-query';
import { dehydrate, hydrate, type DehydratedState } from '@tanstack/react-query';
import { createRouter, type RouterHistory } from '@tanstack/react-router';
import type { i18n as I18n } from 'i18next';
import { createQueryClient } from './lib/query-client.ts';
import { browserCookies, type CookieReader } from './lib/request-cookies.tsx';
import { routeTree } from './route-tree.gen.ts';

/** What the server passes to the browser besides the routes' loader data: TanStack Query's cache. */
interface DehydratedApp {
  /** TanStack Query's DehydratedState as JSON (its own snapshot is JSON-safe; the router's serializer types cannot say so). */
  queries: string;
}

/**
 * The app's router: one per request on the server, one in the browser. Both sides build it the
 * same way; the server's query cache goes into the page (dehydrate) and into the browser's
 * query client before the first render (hydrate), so the loaders' data is not fetched twice.
 */
export function createAppRouter(options: {
  i18n: I18n;
  queryClient?: QueryClient;
  cookies?: CookieReader;
  nonce?: string;
  /** The browser's history, when made beforehand (default: the router makes it). */
  history?: RouterHistory;
}) {
  const queryClient = options.queryClient ?? createQueryClient();
  return createRouter({
    routeTree,
    context: { queryClient, i18n: options.i18n, cookies: options.cookies ?? browserCookies },
    defaultPreload: 'intent',
    scrollRestoration: false,
    ...(options.history ? { history: options.history } : {}),
    ...(options.nonce ? { ssr: { nonce: options.nonce } } : {}),
    dehydrate: (): DehydratedApp => ({ queries: JSON.stringify(dehydrate(queryClient)) }),
    hydrate: (data: DehydratedApp) => {
      hydrate(queryClient, JSON.parse(data.queries) as DehydratedState);
    },
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
