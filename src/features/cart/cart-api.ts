import { queryOptions, useQuery } from '@tanstack/react-query';
import * as v from 'valibot';
import {
  CartSummarySchema,
  type CartSummary,
} from '#contract/orders.ts';
import { api, FetchError } from '../../lib/api.ts';
import type { Language } from '../../lib/languages.ts';
import { CART_QUERY_KEY, forgetOrder } from '../../lib/open-order.ts';
import { getOrderId } from '../../lib/order-cookie.ts';
import { useShopLanguage } from '../../lib/use-shop-language.ts';
import { useDeliveryCountry } from './delivery-country.ts';
import { useCookies } from '../../lib/request-cookies.tsx';

/**
 * GET /api/order/summary/{orderId}?country={language}[&countryId=…] (delivery to that country).
 * The key holds the language, so the cart
 * refetches when the language changes. A 404 (the order no longer exists) clears the order id
 * and the stored shipping details and answers null: an empty cart.
 */
export function cartSummaryQueryOptions(orderId: string | undefined, language: Language, countryId?: number) {
  return queryOptions({
    queryKey: [...CART_QUERY_KEY, 'summary', language, orderId ?? null, countryId ?? null] as const,
    enabled: orderId !== undefined,
    staleTime: 0,
    queryFn: async ({ signal }): Promise<CartSummary | null> => {
      if (!orderId) return null;
      try {
        const query = countryId === undefined ? { country: language } : { country: language, countryId };
        const data = await api(`/order/summary/${encodeURIComponent(orderId)}`, { query, signal });
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

export interface CartState {
  language: Language;
  orderId: string | undefined;
  /** The delivery country the summary is priced for (the market's until the parent picks another). */
  countryId: number;
  setCountryId: (countryId: number) => void;
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
  const [countryId, setCountryId] = useDeliveryCountry(language);
  const query = useQuery({
    ...cartSummaryQueryOptions(orderId, language, countryId),
    // While another delivery country is priced, the same order's last summary stays on screen.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2] === language && previousQuery.queryKey[3] === (orderId ?? null) ? previous : undefined,
  });
  return {
    language,
    orderId,
    countryId,
    setCountryId,
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
