import { queryOptions } from '@tanstack/react-query';
import * as v from 'valibot';
import { OrderStatusSchema, type PlacedOrderStatus } from '#contract/order-status.ts';
import { OrderIdSchema } from '#contract/orders.ts';
import { api, FetchError } from '../../lib/api.ts';

/** Why the order cannot be shown (SPEC section 8), as a locale key of the order-status namespace. */
export type OrderStatusProblem = 'notFound' | 'invalidId' | 'failed';

export class OrderStatusError extends Error {
  constructor(readonly problem: OrderStatusProblem) {
    super(problem);
  }
}

export function isOrderId(orderId: string): boolean {
  return v.is(OrderIdSchema, orderId);
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
      if (!isOrderId(orderId)) throw new OrderStatusError('invalidId');
      let answer: unknown;
      try {
        answer = await api(`/order/${encodeURIComponent(orderId)}/status`, { signal });
      } catch (error) {
        if (error instanceof FetchError && error.status === 404) throw new OrderStatusError('notFound');
        if (error instanceof FetchError && error.status === 400) throw new OrderStatusError('invalidId');
        throw error;
      }
      const parsed = v.safeParse(OrderStatusSchema, answer);
      if (!parsed.success) throw new OrderStatusError('failed');
      if (!parsed.output.placed) throw new OrderStatusError('notFound');
      return parsed.output;
    },
  });
}
