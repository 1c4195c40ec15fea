import { queryOptions } from '@tanstack/react-query';
import type { PlacedOrderStatus } from '#contract/order-status.ts';
import { isRandomId } from '#contract/ids.ts';
import { apiChecked, isFetchError } from '#src/lib/api.ts';

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
      let order;
      try {
        order = await apiChecked(
          () => import('#contract/order-status.ts').then((m) => m.OrderStatusSchema),
          `/order/${encodeURIComponent(orderId)}/status`,
          { signal },
        );
      } catch (error) {
        if (isFetchError(error) && error.status === 404) throw new OrderStatusError('notFound');
        if (isFetchError(error) && error.status === 400) throw new OrderStatusError('invalidId');
        // An answer that is not an order status (valibot's ValiError).
        if (error instanceof Error && error.name === 'ValiError')
          throw new OrderStatusError('failed');
        throw error;
      }
      if (!order.placed) throw new OrderStatusError('notFound');
      return order;
    },
  });
}
