// The cart's writes are apart from its summary, so that the header's cart count, which loads on
// every page, does not bring TanStack's mutation code with it.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, isFetchError } from '../../../lib/api.ts';
import { CART_QUERY_KEY } from '../../../lib/open-order.ts';

/** DELETE /api/orderItems/{id}. An item that is already gone (404: another tab, a retry) counts as removed. */
async function removeOrderItem(id: string): Promise<void> {
  try {
    await api(`/orderItems/${encodeURIComponent(id)}`, { method: 'DELETE' });
  } catch (error) {
    if (isFetchError(error) && error.status === 404) return;
    throw error;
  }
}

/** DELETE /api/orderItems/{id}, then the summary is fetched again (and the discount re-checked). */
export function useRemoveOrderItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeOrderItem,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CART_QUERY_KEY }),
  });
}
