import type { CartSummary } from '#contract/orders.ts';
import { cartSummaryQueryOptions } from '#src/lib/cart-summary.ts';
import type { Language } from '#src/lib/languages.ts';
import { getOrderId } from '#src/lib/order-cookie.ts';
import { useQuery } from '#src/lib/query-client.ts';
import { useCookies } from '#src/lib/request-cookies.tsx';
import { useShopLanguage } from '#src/lib/use-shop-language.ts';
import { useDeliveryCountry } from '#src/features/cart/use-delivery-country.ts';

interface CartState {
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

/** The cart of the current language: its order id (cookie) and the server's summary (lib/cart-summary.ts). */
export function useCartSummary(): CartState {
  const language = useShopLanguage();
  const orderId = getOrderId(language, useCookies());
  const [countryId, setCountryId] = useDeliveryCountry(language);
  const query = useQuery({
    ...cartSummaryQueryOptions(orderId, language, countryId),
    // While another delivery country is priced, the same order's last summary stays on screen.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2] === language && previousQuery.queryKey[3] === (orderId ?? null)
        ? previous
        : undefined,
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
