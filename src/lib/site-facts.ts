import { rootRouteId, useRouter } from '@tanstack/react-router';
import type { i18n as I18n } from 'i18next';
import { createContext, useContext, useEffect } from 'react';
import { MARKET_COUNTRY_ID } from '#contract/markets.ts';
import type { ShopInfo } from '#contract/shop.ts';
import { apiChecked } from './api.ts';
import { fetchCartSummary } from './cart-summary.ts';
import type { Language } from './languages.ts';
import { forgetOrder, onCartChange } from './open-order.ts';
import { getOrderId } from './order-cookie.ts';
import type { CookieReader } from './request-cookies.tsx';
import { shopLanguageOf, useShopLanguage } from './use-shop-language.ts';

/**
 * What every page of the shop shows besides its own content: the shop's facts (the footer's
 * company details and payment marks, the prices the copy quotes) and the number of books in the
 * cart (the header). The root route loads them (on the server too, so the first HTML has them) and
 * provides them to the pages; TanStack Query is not needed for them (lib/query-host.ts says why).
 */
export interface SiteFacts {
  /** The shop language they are for. */
  language: Language;
  /** GET /api/shop; null when it failed (the browser asks again once it has taken the page over). */
  shop: ShopInfo | null;
  /** Books in the cart of this language: 0 without an order. */
  cartCount: number;
  /** The visitor's order cookie names an order the server no longer has: the browser forgets it. */
  orderGone: boolean;
}

/** GET /api/shop?country={language}: the company, the payment methods offered, the prices copy quotes. */
function fetchShopInfo(language: Language): Promise<ShopInfo> {
  return apiChecked(() => import('#contract/shop.ts').then((m) => m.ShopInfoSchema), '/shop', {
    query: { country: language },
  });
}

/** The root route's loader: the facts of the page's language, and the visitor's cart in it. */
export async function loadSiteFacts({
  i18n,
  cookies,
}: {
  i18n: I18n;
  cookies: CookieReader;
}): Promise<SiteFacts> {
  const language = shopLanguageOf(i18n.language);
  const orderId = getOrderId(language, cookies);
  const [shop, cart] = await Promise.all([
    fetchShopInfo(language).catch(() => null),
    // null: the server does not know the order (404); undefined: no order, or the call failed.
    orderId
      ? fetchCartSummary(orderId, language, MARKET_COUNTRY_ID[language]).catch(() => undefined)
      : undefined,
  ]);
  return { language, shop, cartCount: cart?.items.length ?? 0, orderGone: cart === null };
}

export const SiteFactsContext = createContext<SiteFacts | null>(null);

/** The facts of the current language; null while those of a newly chosen language load. */
export function useSiteFacts(): SiteFacts | null {
  const facts = useContext(SiteFactsContext);
  const language = useShopLanguage();
  return facts?.language === language ? facts : null;
}

/**
 * Loads the facts again (the root route's loader) when the language changes or the cart does, and
 * once more in the browser when the server could not get the shop's facts. An order the server no
 * longer has is forgotten in the browser (the server's render cannot remove the cookie).
 */
export function useSiteFactsRefresh(facts: SiteFacts | null, i18n: I18n): void {
  const router = useRouter();
  useEffect(() => {
    const reload = () =>
      void router.invalidate({ filter: (match) => match.routeId === rootRouteId });
    i18n.on('languageChanged', reload);
    const stopListening = onCartChange(reload);
    return () => {
      i18n.off('languageChanged', reload);
      stopListening();
    };
  }, [router, i18n]);
  useEffect(() => {
    if (facts?.orderGone) forgetOrder(facts.language);
  }, [facts]);
  // Once after the page is taken over (not again while the server keeps failing: `missing` stays true).
  const missing = facts !== null && facts.shop === null;
  useEffect(() => {
    if (missing) void router.invalidate({ filter: (match) => match.routeId === rootRouteId });
  }, [missing, router]);
}
