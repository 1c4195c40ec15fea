import { Outlet, createRootRouteWithContext, useRouterState } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useCartCount } from '../features/cart/cart-api.ts';
import { useLanguageChangeConfirmation } from '../features/cart/language-change.tsx';
import { CookieConsentSlot } from '../features/consent/cookie-consent-slot.tsx';
import { ErrorPage } from '../features/shell/error-page.tsx';
import { Footer } from '../features/shell/footer.tsx';
import { Header } from '../features/shell/header.tsx';
import { NotFoundPage } from '../features/shell/not-found-page.tsx';
import { BackToTop } from '../ui/back-to-top.tsx';
import { isFlowPath, progressStepOf } from '../ui/flow-paths.ts';
import { ProgressDots } from '../ui/progress-dots.tsx';

export interface RouterContext {
  queryClient: QueryClient;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: NotFoundPage,
  errorComponent: ({ error }) => <ErrorPage error={error} />,
});

function RootLayout() {
  const { t } = useTranslation();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const flow = isFlowPath(pathname);
  const step = progressStepOf(pathname);
  // The back office (/admin) has its own frame: no shop header, footer or cookie banner.
  const admin = pathname === '/admin' || pathname.startsWith('/admin/');
  useScrollToTopOnPathChange(pathname);
  if (admin) {
    return (
      <main id="main" tabIndex={-1} className="main main--admin">
        <Suspense fallback={<p className="loading">{t('loading')}</p>}>
          <Outlet />
        </Suspense>
      </main>
    );
  }
  return (
    <>
      <a className="skip-link" href="#main">
        {t('skipToContent')}
      </a>
      <CookieConsentSlot />
      {!flow && <SiteHeader />}
      {step && <ProgressDots current={step} />}
      <main id="main" tabIndex={-1} className={flow ? 'main main--flow' : 'main'}>
        <Suspense fallback={<p className="loading">{t('loading')}</p>}>
          <Outlet />
        </Suspense>
      </main>
      {!flow && <Footer />}
      <BackToTop />
    </>
  );
}

/**
 * The header with the cart's book count. Changing the language while the cart has books asks
 * first: each language has its own order and currency, so the cart is reset.
 */
function SiteHeader() {
  const cartCount = useCartCount();
  const { confirmLanguageChange, dialog } = useLanguageChangeConfirmation(cartCount);
  return (
    <>
      <Header cartCount={cartCount} confirmLanguageChange={confirmLanguageChange} />
      {dialog}
    </>
  );
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
