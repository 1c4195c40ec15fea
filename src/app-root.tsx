import { QueryClientContext } from '@tanstack/react-query';
import { RouterProvider, createBrowserHistory, type RouterHistory } from '@tanstack/react-router';
import { RouterClient } from '@tanstack/react-router/ssr/client';
import type { i18n as I18n } from 'i18next';
import { StrictMode, startTransition, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { useLoadedQueryClient, type QueryClientSource } from './lib/query-host.ts';
import { hydratesWithSiteFrame, loadSiteFrame } from './site-frame-slots.tsx';
import { createAppRouter, type AppRouter } from './router.tsx';

/**
 * The browser's history: made in a task of its own before the router (on a slow phone the router's
 * creation, its routes and the history together were one task of ~50 ms).
 */
export { createBrowserHistory };

/**
 * The browser's query client (lib/query-client.ts), loaded the first time a loader asks: a
 * dynamic import, so pages that use none never load TanStack Query (lib/query-host.ts says why).
 */
const browserQueryClient: QueryClientSource = () =>
  import('./lib/query-client.ts').then((module) => module.queryClient);

/** The browser's router, with the browser's query client (loaded when a loader first asks, or to hydrate the server's cache). */
export function createBrowserRouter(i18n: I18n, history?: RouterHistory): AppRouter {
  return createAppRouter({
    i18n,
    queryClient: browserQueryClient,
    ...(history ? { history } : {}),
  });
}

/**
 * TanStack Query's client for the pages that use it, once it is loaded (lib/query-host.ts); the
 * pages that do not (the first ones most visitors see) render without loading it.
 */
function QueryProvider({ children }: { children: ReactNode }) {
  return (
    <QueryClientContext.Provider value={useLoadedQueryClient()}>
      {children}
    </QueryClientContext.Provider>
  );
}

/**
 * Hydrates the page the server rendered into `root` (or, for the empty shell, renders it).
 * Hydration runs in a transition, so it is interruptible: React yields to the browser every few
 * milliseconds instead of holding the main thread for the whole page (a tap is answered at once).
 * A page with the site's header and footer hydrates with them (site-frame-slots.tsx): their chunk
 * was listed with the route's, so it has arrived or is on its way.
 */
export async function mountApp(
  root: HTMLElement,
  router: AppRouter,
  i18n: I18n,
  serverRendered: boolean,
): Promise<void> {
  if (serverRendered && hydratesWithSiteFrame(window.location.pathname))
    await loadSiteFrame().catch(() => undefined); // without them, they hydrate when loaded
  const app = (
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <QueryProvider>
          {serverRendered ? <RouterClient router={router} /> : <RouterProvider router={router} />}
        </QueryProvider>
      </I18nextProvider>
    </StrictMode>
  );
  if (serverRendered) startTransition(() => void hydrateRoot(root, app));
  else createRoot(root).render(app);
}
