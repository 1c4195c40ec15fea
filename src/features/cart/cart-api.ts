import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import * as v from 'valibot';
import {
  CartSummarySchema,
  type CartSummary,
} from '#contract/orders.ts';
import { api, FetchError } from '../../lib/api.ts';
import { toLanguage } from '#contract/markets.ts';
import type { Language } from '../../lib/languages.ts';
import { clearOrderId, getOrderId } from '../../lib/order-cookie.ts';
import { useCookies } from '../../lib/request-cookies.tsx';

/** Every cart query starts with this key; invalidate it after an item is saved or removed. */
export const CART_QUERY_KEY = ['cart'] as const;

/** Session storage keys of the checkout step that belong to an order and go with it. */
export const SHIPPING_DETAILS_KEY = 'shippingDetails';
export const CHECKOUT_FORM_KEY = 'checkoutFormData';

/** The order is gone on the server: forget its id and the delivery details typed for it. */
export function forgetOrder(language: Language): void {
  clearOrderId(language);
  try {
    sessionStorage.removeItem(SHIPPING_DETAILS_KEY);
    sessionStorage.removeItem(CHECKOUT_FORM_KEY);
  } catch {
    // Storage can be unavailable (privacy mode); there is nothing stored to forget then.
  }
}

/**
 * GET /api/order/summary/{orderId}?country={language}. The key holds the language, so the cart
 * refetches when the language changes. A 404 (the order no longer exists) clears the order id
 * and the stored shipping details and answers null: an empty cart.
 */
export function cartSummaryQueryOptions(orderId: string | undefined, language: Language) {
  return queryOptions({
    queryKey: [...CART_QUERY_KEY, 'summary', language, orderId ?? null] as const,
    enabled: orderId !== undefined,
    staleTime: 0,
    queryFn: async ({ signal }): Promise<CartSummary | null> => {
      if (!orderId) return null;
      try {
        const data = await api(`/order/summary/${encodeURIComponent(orderId)}`, { query: { country: language }, signal });
        return v.parse(CartSummarySchema, data);
      } catch (error) {
        if (error instanceof FetchError && error.status === 404) {
          forgetOrder(language);
          return null;
        }
        throw error;
      }
    },
  });
}

/** The interface language as one of ours (i18n may report a fallback while loading). */
export function useShopLanguage(): Language {
  const { i18n } = useTranslation();
  return toLanguage(i18n.language) ?? 'en-GB';
}

export interface CartState {
  language: Language;
  orderId: string | undefined;
  /** undefined while loading or when there is no order id; null after a 404. */
  summary: CartSummary | null | undefined;
  isLoading: boolean;
  isError: boolean;
  refetch: () => void;
}

/** The cart of the current language: its order id (cookie) and the server's summary. */
export function useCartSummary(): CartState {
  const language = useShopLanguage();
  const orderId = getOrderId(language, useCookies());
  const query = useQuery(cartSummaryQueryOptions(orderId, language));
  return {
    language,
    orderId,
    summary: query.data,
    isLoading: query.isLoading,
    isError: query.isError,
    refetch: () => void query.refetch(),
  };
}

/** Books in the cart of the current language; 0 without an order. For the header's cart icon. */
export function useCartCount(): number {
  return useCartSummary().summary?.items.length ?? 0;
}
