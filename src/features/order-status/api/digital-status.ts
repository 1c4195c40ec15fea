import { queryOptions } from '@tanstack/react-query';
import type { DigitalStatus } from '#contract/digital.ts';
import { apiChecked, isFetchError } from '#src/lib/api.ts';

/**
 * GET /api/order/{orderId}/digital: the order's PDFs (ready, downloads), no links; an empty list
 * for an order without a PDF. null for an order the server does not know (404). While a PDF is being made, asked again every 10 seconds.
 */
export function digitalStatusQueryOptions(orderId: string) {
  return queryOptions({
    queryKey: ['order-digital', orderId] as const,
    queryFn: async ({ signal }): Promise<DigitalStatus | null> => {
      try {
        return await apiChecked(
          () => import('#contract/digital.ts').then((m) => m.DigitalStatusSchema),
          `/order/${encodeURIComponent(orderId)}/digital`,
          { signal },
        );
      } catch (error) {
        if (isFetchError(error) && error.status === 404) return null;
        throw error;
      }
    },
    refetchInterval: (query) =>
      query.state.data?.items.some((item) => !item.ready) ? 10_000 : false,
  });
}
