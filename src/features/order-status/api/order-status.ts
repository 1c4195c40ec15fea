import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PlacedOrderStatus } from '#contract/order-status.ts';
import { isRandomId } from '#contract/ids.ts';
import { api, isFetchError } from '../../../lib/api.ts';

/** Why the order cannot be shown (SPEC section 8), as a locale key of the order-status namespace. */
type OrderStatusProblem = 'notFound' | 'invalidId' | 'failed';

export class OrderStatusError extends Error {
  constructor(readonly problem: OrderStatusProblem) {
    super(problem);
  }
}

/**
 * GET /api/order/{orderId}/status: the paid order as it was bought. A malformed id is refused
 * before asking; 404 or an order not placed yet (still a cart) is 'Order not found.'.
 */
export function orderStatusQueryOptions(orderId: string) {
  return queryOptions({
    queryKey: ['order-status', orderId] as const,
    retry: (count, error) => !(error instanceof OrderStatusError) && count < 2,
    queryFn: async ({ signal }): Promise<PlacedOrderStatus> => {
      if (!isRandomId(orderId)) throw new OrderStatusError('invalidId');
      // valibot and the schema load alongside the call: this route's loader is in every first load.
      const checking = Promise.all([import('valibot'), import('#contract/order-status.ts')]);
      // Awaited below; a failed call throws first, and then this failing too must not go unhandled.
      checking.catch(() => undefined);
      let answer: unknown;
      try {
        answer = await api(`/order/${encodeURIComponent(orderId)}/status`, { signal });
      } catch (error) {
        if (isFetchError(error) && error.status === 404) throw new OrderStatusError('notFound');
        if (isFetchError(error) && error.status === 400) throw new OrderStatusError('invalidId');
        throw error;
      }
      const [v, { OrderStatusSchema }] = await checking;
      const parsed = v.safeParse(OrderStatusSchema, answer);
      if (!parsed.success) throw new OrderStatusError('failed');
      if (!parsed.output.placed) throw new OrderStatusError('notFound');
      return parsed.output;
    },
  });
}

export function useOrderStatus(orderId: string) {
  return useQuery(orderStatusQueryOptions(orderId));
}
