// Coupons: whether a code applies to a cart (MULTI25: 25% off with 2 or more books) and putting
// one on an order. pricing.ts applies the percentage.

import { eq, sql } from 'drizzle-orm';
import type { AppliedCoupon, DiscountError } from '#contract/orders.ts';
import type { Db } from '#server/db/client.ts';
import { coupons, orderItems, orders } from '#server/db/schema/shop.ts';
import { isOpenOrder } from '#contract/order-status.ts';

export interface CouponRule {
  code: string;
  percentOff: number;
  minBooks: number;
  active: boolean;
}

/** Why a coupon does not apply to `bookCount` books, or null when it does. */
export function couponProblem(coupon: CouponRule, bookCount: number): DiscountError | null {
  if (!coupon.active)
    return { error: `The code ${coupon.code} is no longer valid.`, code: 'unknown_code' };
  if (bookCount < coupon.minBooks) {
    return {
      error: `${coupon.code} gives ${coupon.percentOff}% off when you buy ${coupon.minBooks} or more books.`,
      code: 'min_books',
    };
  }
  return null;
}

export async function couponOf(db: Db, code: string | null): Promise<CouponRule | null> {
  if (!code) return null;
  const [row] = await db.select().from(coupons).where(eq(coupons.code, code));
  return row ?? null;
}

/**
 * POST /api/order/{orderId}/discount. The code is matched case-insensitively after trimming; it
 * is kept on the order only when it applies now (and is re-checked on every summary).
 */
export async function applyDiscount(
  db: Db,
  orderId: string,
  typed: string,
): Promise<AppliedCoupon | DiscountError | 'order-not-found' | 'order-closed'> {
  const [order] = await db
    .select({ status: orders.status })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!order) return 'order-not-found';
  if (!isOpenOrder(order.status)) return 'order-closed';
  const code = typed.trim().toUpperCase();
  if (code === '') return { error: 'Please enter a discount code.', code: 'empty_code' };
  // Codes are letters, digits, '-' and '_'; anything else is unknown without asking the database.
  const coupon = /^[A-Z0-9_-]{1,32}$/.test(code) ? await couponOf(db, code) : null;
  if (!coupon || !coupon.active)
    return { error: `The code ${typed.trim()} is not valid.`, code: 'unknown_code' };
  const [count] = await db
    .select({ n: sql<number>`count(*)` })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId));
  const problem = couponProblem(coupon, Number(count?.n ?? 0));
  if (problem) return problem;
  await db.update(orders).set({ couponCode: coupon.code }).where(eq(orders.id, orderId));
  return { code: coupon.code, percentOff: coupon.percentOff };
}
