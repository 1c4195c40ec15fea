import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { CART_KEY_COOKIE, ORDER_COOKIE_PREFIX, type CartAccessError } from '#contract/orders.ts';
import type { Db } from '#server/db/client.ts';
import { orderItems, orders } from '#server/db/schema/shop.ts';
import { isOrderStatus } from '#server/services/order/order-moves.ts';
import { isOpenOrder } from '#contract/order-status.ts';

const NOT_YOUR_CART = 'This cart is open only in the browser it was made in.';
export const ORDER_PLACED =
  'This order is paid: its personal details are no longer shown here. The order-status page shows its progress.';

/** The cart key lasts as long as an unpaid order is kept (RETENTION_UNPAID_MONTHS' default, six months). */
const CART_KEY_MAX_AGE_SECONDS = 183 * 24 * 60 * 60;
/** 32 random bytes as base64url. */
const CART_KEY = /^[A-Za-z0-9_-]{43}$/;

/** Whether a cookie's value can be a cart key (anything else is not read). */
export function isCartKey(value: string | undefined): value is string {
  return value !== undefined && CART_KEY.test(value);
}
/**
 * Orders' key hashes, kept in memory so the cart's summary (the header's count on every page)
 * asks the database nothing more: a key that matches the kept hash is the cart's. A hash changes
 * only when the browser that made the order retries its first save without the key's cookie
 * (services/orders.ts), so a key that does not match is checked against the database again.
 */
const KNOWN_KEYS_MAX = 20_000;

export function cartKeyHash(key: string): string {
  return createHash('sha256').update(key).digest('base64url');
}

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** The order the request's `ORDER_ID_<language>` cookie names (any language), for an order made before cart keys. */
function namesOrder(c: Context, orderId: string): boolean {
  return Object.entries(getCookie(c)).some(
    ([name, value]) => name.startsWith(ORDER_COOKIE_PREFIX) && value === orderId,
  );
}

/**
 * Who holds an unpaid cart (issue #44, item 5). The order id is not a secret of the browser's:
 * it is in a cookie scripts read, in the address of the status page once paid, in a shared
 * screenshot. So the browser that makes an order gets a cart key of its own: 256 random bits in
 * an httpOnly, SameSite=Lax cookie (`sm_cart`, Secure over https), one per browser for all its
 * carts (one per interface language), whose SHA-256 the order keeps. Every read and write of an
 * unpaid order needs it; the `ORDER_ID_<language>` cookie and the seed's routes stay as they are.
 * An order made before cart keys (no hash) goes to the first browser that names it in its
 * `ORDER_ID_<language>` cookie, which is given a key then.
 */
export interface CartAccess {
  /**
   * The key's cookie: `__Host-sm_cart` over https (a cookie no other host, such as a sibling
   * subdomain, can set, so nobody can plant a key they know in a parent's browser), `sm_cart`
   * over plain http (a developer's machine, where the prefix is not allowed).
   */
  readonly cookieName: string;
  /** The request's cart key, or a new one set as the cookie: for POST /api/order (answers its hash). */
  issue(c: Context): string;
  /** Whether the request comes from the browser holding the order's cart (an unknown order: false). */
  holds(c: Context, orderId: string): Promise<boolean>;
  /**
   * A personal read of an open order (a book, the delivery details, the review box): 404 for an
   * unknown order, 403 `order_placed` once paid, 403 `not_your_cart` to another browser;
   * undefined when it may go ahead.
   */
  refuseRead(c: Context, orderId: string, unknown: string): Promise<Response | undefined>;
  /**
   * A write to an order (a book, the coupon, the delivery details, the review box, the payment's
   * start): 404 for an unknown order, 403 `not_your_cart` to another browser while it is unpaid;
   * a paid order goes on to the write's own answer (409: it no longer changes).
   */
  refuseWrite(c: Context, orderId: string, unknown: string): Promise<Response | undefined>;
  /** The order a book belongs to, or undefined for an unknown book. */
  orderOfItem(itemId: string): Promise<string | undefined>;
}

export function createCartAccess(db: Db, options: { secure: boolean }): CartAccess {
  const known = new Map<string, string>();
  const cookieName = options.secure ? `__Host-${CART_KEY_COOKIE}` : CART_KEY_COOKIE;

  function requestKey(c: Context): string | undefined {
    const key = getCookie(c, cookieName);
    return isCartKey(key) ? key : undefined;
  }

  function setKey(c: Context, key: string): void {
    setCookie(c, cookieName, key, {
      path: '/',
      httpOnly: true,
      sameSite: 'Lax',
      secure: options.secure,
      maxAge: CART_KEY_MAX_AGE_SECONDS,
    });
  }

  function remember(orderId: string, hash: string): void {
    if (known.size >= KNOWN_KEYS_MAX) known.clear();
    known.set(orderId, hash);
  }

  /** The order's status and key hash; null for an unknown order. */
  async function orderOf(orderId: string): Promise<{ status: string; hash: string | null } | null> {
    const [row] = await db
      .select({ status: orders.status, hash: orders.cartKeyHash })
      .from(orders)
      .where(eq(orders.id, orderId));
    if (!row || !isOrderStatus(row.status)) return null;
    if (row.hash) remember(orderId, row.hash);
    return row;
  }

  /** An order made before cart keys, named by the request's order cookie: given to this browser now. */
  async function claimOld(c: Context, orderId: string): Promise<boolean> {
    if (!namesOrder(c, orderId)) return false;
    const key = requestKey(c) ?? randomBytes(32).toString('base64url');
    const hash = cartKeyHash(key);
    const claimed = await db
      .update(orders)
      .set({ cartKeyHash: hash })
      .where(and(eq(orders.id, orderId), isNull(orders.cartKeyHash)))
      .returning({ id: orders.id });
    if (claimed.length === 0) return false;
    remember(orderId, hash);
    setKey(c, key);
    return true;
  }

  async function holdsOrder(c: Context, orderId: string, hash: string | null): Promise<boolean> {
    if (hash === null) return claimOld(c, orderId);
    const key = requestKey(c);
    return key !== undefined && sameHash(cartKeyHash(key), hash);
  }

  const notYours = (c: Context) =>
    c.json({ error: NOT_YOUR_CART, code: 'not_your_cart' } satisfies CartAccessError, 403);

  return {
    cookieName,
    issue(c) {
      const key = requestKey(c) ?? randomBytes(32).toString('base64url');
      // Set again each time: the six months count from the browser's last new order.
      setKey(c, key);
      return cartKeyHash(key);
    },
    async holds(c, orderId) {
      const hash = known.get(orderId);
      const key = requestKey(c);
      if (hash !== undefined && key !== undefined && sameHash(cartKeyHash(key), hash)) return true;
      const order = await orderOf(orderId);
      return order !== null && holdsOrder(c, orderId, order.hash);
    },
    async refuseRead(c, orderId, unknown) {
      const order = await orderOf(orderId);
      if (!order) return c.json({ error: unknown }, 404);
      if (!isOpenOrder(order.status))
        return c.json({ error: ORDER_PLACED, code: 'order_placed' } satisfies CartAccessError, 403);
      if (!(await holdsOrder(c, orderId, order.hash))) return notYours(c);
      return undefined;
    },
    async refuseWrite(c, orderId, unknown) {
      const order = await orderOf(orderId);
      if (!order) return c.json({ error: unknown }, 404);
      if (isOpenOrder(order.status) && !(await holdsOrder(c, orderId, order.hash)))
        return notYours(c);
      return undefined;
    },
    async orderOfItem(itemId) {
      const [row] = await db
        .select({ orderId: orderItems.orderId })
        .from(orderItems)
        .where(eq(orderItems.id, itemId));
      return row?.orderId;
    },
  };
}
