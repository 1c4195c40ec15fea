import { queryOptions } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import { MARKET_COUNTRY_ID } from '#contract/markets.ts';
import type { CartSummary } from '#contract/orders.ts';
import { apiChecked, isFetchError } from './api.ts';
import type { Language } from './languages.ts';
import { CART_QUERY_KEY, forgetOrder } from './open-order.ts';
import { getOrderId } from './order-cookie.ts';
import { preload, type QueryClientSource } from './query-host.ts';
import type { CookieReader } from './request-cookies.tsx';
import { shopLanguageOf } from './use-shop-language.ts';

/**
 * GET /api/order/summary/{orderId}?country={language}[&countryId=…]: the server's prices of the
 * open order, delivered to that country. Shared by the root loader (the header's count, without
 * TanStack Query), the cart and the checkout. A 404 (the order no longer exists) or a 403
 * `order_placed` (it is paid) or `not_your_cart` (the browser lost its cart key) forgets the
 * order and answers null.
 *
 * On the cart and the checkout the root loader and the page's loader each ask once when the page
 * loads (the router runs them together). The two are not merged: a request under way may predate
 * a change to the cart, and the page's query must then ask afresh.
 */
export async function fetchCartSummary(
  orderId: string,
  language: Language,
  countryId?: number,
  signal?: AbortSignal,
): Promise<CartSummary | null> {
  try {
    const query =
      countryId === undefined ? { country: language } : { country: language, countryId };
    return await apiChecked(
      () => import('#contract/orders.ts').then((m) => m.CartSummarySchema),
      `/order/summary/${encodeURIComponent(orderId)}`,
      { query, signal },
    );
  } catch (error) {
    // 404: the server no longer has the order; 403 `order_placed`: it is paid (its cart is no one's
    // to read any more, the status page shows it); 403 `not_your_cart`: this browser no longer
    // holds its key (its cookies were cleared). Either way it is no longer the visitor's cart.
    const code = isFetchError(error) ? (error.data as { code?: unknown } | undefined)?.code : null;
    const closed =
      isFetchError(error) &&
      error.status === 403 &&
      (code === 'order_placed' || code === 'not_your_cart');
    if ((isFetchError(error) && error.status === 404) || closed) {
      forgetOrder(language);
      return null;
    }
    throw error;
  }
}

/** The key holds the language, the order and the country, so each refetches when it changes. */
export function cartSummaryQueryOptions(
  orderId: string | undefined,
  language: Language,
  countryId?: number,
) {
  return queryOptions({
    queryKey: [...CART_QUERY_KEY, 'summary', language, orderId ?? null, countryId ?? null] as const,
    enabled: orderId !== undefined,
    staleTime: 0,
    queryFn: async ({ signal }) =>
      orderId ? fetchCartSummary(orderId, language, countryId, signal) : null,
  });
}

/**
 * The loader of the cart and the checkout: the open order's summary for the market's country (the
 * first the page asks for) in the query cache, so the server's page shows the books and the
 * browser starts from the same.
 */
export function preloadCartSummary(context: {
  queryClient: QueryClientSource;
  i18n: I18n;
  cookies: CookieReader;
}): Promise<void> {
  const language = shopLanguageOf(context.i18n.language);
  const orderId = getOrderId(language, context.cookies);
  return orderId
    ? preload(
        context.queryClient,
        cartSummaryQueryOptions(orderId, language, MARKET_COUNTRY_ID[language]),
      )
    : Promise.resolve();
}
