import { queryOptions } from '@tanstack/react-query';
import type { AdminPrintStatus } from '#contract/fulfilment.ts';
import { useMutation, useQuery, useQueryClient } from '#src/lib/query-client.ts';
import { adminFetch } from './admin-fetch.ts';

/** GET /api/admin/orders/{orderId}/print-partner: the order's hand-off to the print partner. */
const printStatusQueryOptions = (orderId: string) =>
  queryOptions({
    queryKey: ['admin', 'order', orderId, 'print-partner'],
    queryFn: () =>
      adminFetch<AdminPrintStatus>(`/orders/${encodeURIComponent(orderId)}/print-partner`),
    staleTime: 5_000,
  });
export const usePrintStatus = (orderId: string) => useQuery(printStatusQueryOptions(orderId));

/** The owner's "Hand on again" and "Cancel at the partner" (POST …/print-partner/{retry|cancel}). */
export function usePrintPartnerAction(orderId: string, action: 'retry' | 'cancel') {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      adminFetch<AdminPrintStatus>(
        `/orders/${encodeURIComponent(orderId)}/print-partner/${action}`,
        { method: 'POST', body: {} },
      ),
    onSettled: () => client.invalidateQueries({ queryKey: ['admin', 'order', orderId] }),
  });
}
