// Orders: a new order with its first book (one transaction, repeatable by requestId); its
// status is placed-order.ts. The books are order-items.ts, the money pricing.ts and coupons.ts.

import { eq } from 'drizzle-orm';
import { CURRENCY_BY_LANGUAGE, type Language } from '#contract/markets.ts';
import type { CreateOrderResponse } from '#contract/orders.ts';
import type { Db } from '../db/client.ts';
import { orders } from '../db/schema.ts';
import { insertItem, newOrderId, type CheckedItem } from './order-items.ts';

/**
 * POST /api/order: the order and its first item in one transaction. The same requestId again
 * answers the same ids, with the item updated to the payload sent again (and, should that first
 * book have been removed meanwhile, adds it again).
 */
export async function createOrder(
  db: Db,
  shopLanguage: Language,
  requestId: string,
  item: CheckedItem,
): Promise<CreateOrderResponse> {
  return db.transaction(async (tx) => {
    const created = await tx
      .insert(orders)
      .values({
        id: newOrderId(),
        language: shopLanguage,
        currencyCode: CURRENCY_BY_LANGUAGE[shopLanguage],
        status: 'cart',
        createRequestId: requestId,
        createdAt: new Date(),
      })
      .onConflictDoNothing({ target: orders.createRequestId })
      .returning({ id: orders.id });
    let orderId = created[0]?.id;
    if (!orderId) {
      const [existing] = await tx
        .select({ id: orders.id })
        .from(orders)
        .where(eq(orders.createRequestId, requestId));
      if (!existing) throw new Error(`order of request ${requestId} vanished`);
      orderId = existing.id;
    }
    const orderItemId = await insertItem(tx, orderId, requestId, item);
    return { orderId, orderItemId };
  });
}
