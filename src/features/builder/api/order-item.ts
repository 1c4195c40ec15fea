import * as v from 'valibot';
import { OrderItemDetailSchema } from '#contract/orders.ts';
import { api } from '#src/lib/api.ts';

/** GET /api/orderItems/{id}: a book in the cart, to edit it. */
export async function fetchOrderItem(orderItemId: string) {
  return v.parse(
    OrderItemDetailSchema,
    await api(`/orderItems/${encodeURIComponent(orderItemId)}`),
  );
}
