// Orders: a new order with its first book (one transaction, repeatable by requestId); its
// status is placed-order.ts. The books are order-items.ts, the money pricing.ts and coupons.ts.

import { and, eq, isNull, ne, or } from 'drizzle-orm';
import { CURRENCY_BY_LANGUAGE, type Language } from '#contract/markets.ts';
import type { CreateOrderResponse } from '#contract/orders.ts';
import type { Db } from '#server/db/client.ts';
import { orders } from '#server/db/schema/shop.ts';
import { isOpenOrder } from '#contract/order-status.ts';
import { insertItem, newOrderId, type CheckedItem } from './order-items.ts';

/**
 * POST /api/order: the order and its first item in one transaction. The same requestId again
 * answers the same ids, with the item updated to the payload sent again (and, should that first
 * book have been removed meanwhile, adds it again), while the order is unpaid: 'order-closed'
 * once it is paid (what was paid for is what is printed).
 *
 * A requestId is sent only by the browser that made the order (it is in no answer), so the same
 * requestId again is that browser retrying a save whose first answer, and with it the cart key's
 * cookie, was lost: the order then takes this request's cart key (routes/cart-access.ts), or the
 * browser would be locked out of its own cart.
 */
export async function createOrder(
  db: Db,
  shopLanguage: Language,
  requestId: string,
  item: CheckedItem,
  /** The hash of the cart key of the browser making it (routes/cart-access.ts). */
  cartKeyHash: string | null = null,
): Promise<CreateOrderResponse | 'order-closed'> {
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
        cartKeyHash,
      })
      .onConflictDoNothing({ target: orders.createRequestId })
      .returning({ id: orders.id });
    let orderId = created[0]?.id;
    if (!orderId) {
      // Locked: a payment settling at the same moment waits, or is waited for.
      const [existing] = await tx
        .select({ id: orders.id, status: orders.status })
        .from(orders)
        .where(eq(orders.createRequestId, requestId))
        .for('update');
      if (!existing) throw new Error(`order of request ${requestId} vanished`);
      if (!isOpenOrder(existing.status)) return 'order-closed';
      orderId = existing.id;
      if (cartKeyHash !== null)
        await tx
          .update(orders)
          .set({ cartKeyHash })
          .where(
            and(
              eq(orders.id, orderId),
              or(isNull(orders.cartKeyHash), ne(orders.cartKeyHash, cartKeyHash)),
            ),
          );
    }
    const orderItemId = await insertItem(tx, orderId, requestId, item);
    return { orderId, orderItemId };
  });
}
