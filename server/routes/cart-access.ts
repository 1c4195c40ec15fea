import { timingSafeEqual } from 'node:crypto';
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { ORDER_COOKIE_PREFIX, type CartAccessError } from '#contract/orders.ts';
import type { Db } from '../db/client.ts';
import { currentStatus } from '../services/order-moves.ts';
import { isOpenOrder } from '../services/order-items.ts';

const NOT_YOUR_CART = 'This cart is open only in the browser it was made in.';
export const ORDER_PLACED =
  'This order is paid: its personal details are no longer shown here. The order-status page shows its progress.';

function sameId(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Whether the request comes from the browser holding the order's cart: an `ORDER_ID_<language>` cookie naming it. */
export function holdsCart(c: Context, orderId: string): boolean {
  return Object.entries(getCookie(c)).some(
    ([name, value]) => name.startsWith(ORDER_COOKIE_PREFIX) && sameId(value, orderId),
  );
}

/**
 * The cart's personal reads (a book's names and dedication, the delivery details, SPEC section 7)
 * answer only the browser that holds the cart, and only while the order is unpaid: a status link
 * or an order id is not an identity (a forwarded mail, a shared screenshot). Once the order is paid
 * nobody's browser reads them; the back office has its own reads.
 * Answers undefined when the read may go ahead, 404 for an unknown order, else a 403 with its code.
 */
export async function refuseCartRead(
  c: Context,
  db: Db,
  orderId: string,
  unknown: string,
): Promise<Response | undefined> {
  const status = await currentStatus(db, orderId);
  if (status === null) return c.json({ error: unknown }, 404);
  if (!isOpenOrder(status))
    return c.json({ error: ORDER_PLACED, code: 'order_placed' } satisfies CartAccessError, 403);
  if (!holdsCart(c, orderId))
    return c.json({ error: NOT_YOUR_CART, code: 'not_your_cart' } satisfies CartAccessError, 403);
  return undefined;
}
