import {
  Outlet,
  Scripts,
  createRootRouteWithContext,
  useRouter,
  useRouterState,
} from '@tanstack/react-router';
import type { i18n as I18n } from 'i18next';
import { Suspense, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { CookieConsentSlot } from '#src/features/consent/cookie-consent-slot.tsx';
import { ErrorPage } from '#src/features/shell/error-page.tsx';
import { EARLY_INPUT_SCRIPT } from '#src/lib/early-input-script.ts';
import type { QueryClientSource } from '#src/lib/query-host.ts';
import type { CookieReader } from '#src/lib/request-cookies.tsx';
import { SiteFactsContext, loadSiteFacts, useSiteFactsRefresh } from '#src/lib/site-facts.ts';
import { NotFoundPage } from '#src/features/shell/not-found-page.tsx';
import {
  SiteFooterSlot,
  SiteHeaderSlot,
  loadSiteFrame,
  showsSiteFrame,
} from '#src/site-frame-slots.tsx';
import { BackToTop } from '#src/ui/back-to-top.tsx';
import { FlowExit, useFlowEntry } from '#src/ui/flow-exit.tsx';
import { isFlowPath, progressStepOf } from '#src/ui/flow-paths.ts';
import { PageHydrated } from '#src/ui/page-hydrated.tsx';
import { PageScript } from '#src/ui/page-script.tsx';
import { ProgressDots } from '#src/ui/progress-dots.tsx';

interface RouterContext {
  /** The request's query client (server) or the browser's, loaded when a loader first asks. */
  queryClient: QueryClientSource;
  /** The request's i18next instance (server) or the page's (browser): loaders load their namespaces into it. */
  i18n: I18n;
  /** The request's cookies (server) or the browser's. */
  cookies: CookieReader;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  // The header and footer (a chunk of their own, which the builder's steps and checkout do not
  // load) before a page that shows them is rendered: on the server, and on the way there from the
  // builder or checkout (site-frame-slots.tsx). Should their load fail, the page shows without them.
  beforeLoad: async ({ location }) => {
    if (showsSiteFrame(location.pathname)) await loadSiteFrame().catch(() => undefined);
  },
  // The shop's facts and the visitor's cart count (lib/site-facts.ts): the server's page already
  // shows them (the footer's company details, the header's count) and the browser starts from the same.
  loader: async ({ context }) => {
    // And the cookie banner's texts: the server shows it with the page.
    const [, facts] = await Promise.all([
      context.i18n.loadNamespaces(['consent']),
      loadSiteFacts(context),
    ]);
    return facts;
  },
  // Loaded once; a language switch or a change of the cart loads them again (useSiteFactsRefresh).
  shouldReload: false,
  component: RootLayout,
  notFoundComponent: () => (
    <>
      <NotFoundPage />
      <PageHydrated />
    </>
  ),
  errorComponent: ({ error }) => (
    <>
      <ErrorPage error={error} />
      <PageHydrated />
    </>
  ),
});

function RootLayout() {
  const { t, i18n } = useTranslation();
  const facts = Route.useLoaderData();
  useSiteFactsRefresh(facts, i18n);
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const search = useRouterState({ select: (state) => state.location.searchStr });
  const flow = isFlowPath(pathname);
  const step = progressStepOf(pathname);
  // The back office (/admin) has its own frame: no shop header, footer or cookie banner.
  const admin = pathname === '/admin' || pathname.startsWith('/admin/');
  useScrollToTopOnPathChange(pathname);
  useFlowEntry(pathname, search);
  if (admin) {
    return (
      <>
        <PageScript code={EARLY_INPUT_SCRIPT} />
        <main id="main" tabIndex={-1} className="main main--admin">
          <Suspense fallback={<p className="loading">{t('loading')}</p>}>
            <Outlet />
            <PageHydrated />
          </Suspense>
        </main>
        {/* The router's state for the browser, as on every other page. */}
        <RouterScripts />
      </>
    );
  }
  return (
    <SiteFactsContext.Provider value={facts}>
      {/* First in the page: it holds a form sent or a button pressed before the app has arrived. */}
      <PageScript code={EARLY_INPUT_SCRIPT} />
      <a className="skip-link" href="#main">
        {t('skipToContent')}
      </a>
      <CookieConsentSlot />
      <SiteHeaderSlot pathname={pathname} />
      {step && (
        <div className="flow-top">
          <ProgressDots current={step} />
          <FlowExit pathname={pathname} />
        </div>
      )}
      <main id="main" tabIndex={-1} className={flow ? 'main main--flow' : 'main'}>
        <Suspense fallback={<p className="loading">{t('loading')}</p>}>
          <Outlet />
          <PageHydrated />
        </Suspense>
      </main>
      <SiteFooterSlot pathname={pathname} />
      <BackToTop />
      {/* The router's state for the browser (server-rendered pages): an inline script with the CSP nonce. */}
      <RouterScripts />
    </SiteFactsContext.Provider>
  );
}

/**
 * The router's state for the browser, on a page the server rendered (and when the browser takes it
 * over, so hydration matches). A page the browser renders itself has none to pass on.
 */
function RouterScripts() {
  const router = useRouter();
  const serverRendered = router.isServer || (typeof window !== 'undefined' && '$_TSR' in window);
  return serverRendered ? <Scripts /> : null;
}

/** Every path change scrolls to the top (not on the first render, which starts there anyway). */
function useScrollToTopOnPathChange(pathname: string) {
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    window.scrollTo(0, 0);
  }, [pathname]);
}
