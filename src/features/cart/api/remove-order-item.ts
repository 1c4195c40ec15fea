import { api, isFetchError } from '#src/lib/api.ts';
import { invalidateCart, useMutation, useQueryClient } from '#src/lib/query-client.ts';

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
    onSuccess: () => invalidateCart(queryClient),
  });
}
