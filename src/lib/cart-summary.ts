import { queryOptions } from '@tanstack/react-query';
import type { CartSummary } from '#contract/orders.ts';
import { apiChecked, isFetchError } from './api.ts';
import type { Language } from './languages.ts';
import { CART_QUERY_KEY, forgetOrder } from './open-order.ts';

/**
 * GET /api/order/summary/{orderId}?country={language}[&countryId=…]: the server's prices of the
 * open order, delivered to that country. Shared by the root loader (the header's count), the cart
 * and the checkout. A 404 (the order no longer exists) forgets the order and answers null.
 */
async function fetchCartSummary(orderId: string, language: Language, countryId?: number, signal?: AbortSignal): Promise<CartSummary | null> {
  try {
    const query = countryId === undefined ? { country: language } : { country: language, countryId };
    return await apiChecked(
      () => import('#contract/orders.ts').then((m) => m.CartSummarySchema),
      `/order/summary/${encodeURIComponent(orderId)}`,
      { query, signal },
    );
  } catch (error) {
    if (isFetchError(error) && error.status === 404) {
      forgetOrder(language);
      return null;
    }
    throw error;
  }
}

/** The key holds the language, the order and the country, so each refetches when it changes. */
export function cartSummaryQueryOptions(orderId: string | undefined, language: Language, countryId?: number) {
  return queryOptions({
    queryKey: [...CART_QUERY_KEY, 'summary', language, orderId ?? null, countryId ?? null] as const,
    enabled: orderId !== undefined,
    staleTime: 0,
    queryFn: async ({ signal }) => (orderId ? fetchCartSummary(orderId, language, countryId, signal) : null),
  });
}
