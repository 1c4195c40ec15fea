// The money of a cart (SPEC.md section 7): item prices in the shop's currency, delivery to a
// country, the coupon's discount and the total, all in integer minor units until the answer.

import { and, asc, eq } from 'drizzle-orm';
import { bookTitle } from '#book/story/story-text.ts';
import type { BookLanguage } from '#book/types.ts';
import { MARKET_COUNTRY_ID, toLanguage, toMajor, type CurrencyCode, type Language } from '#contract/markets.ts';
import type { CartSummary, ChildGender, CouponInfo, OrderableCover } from '#contract/orders.ts';
import type { Db } from '../db/client.ts';
import { FOOTBALL_STORY } from '../db/reference-data.ts';
import { coverPrices, deliveryCosts, orderItems, orders } from '../db/schema.ts';
import { couponOf, couponProblem, type CouponRule } from './coupons.ts';

interface PricedCart {
  subtotalMinor: number;
  deliveryMinor: number;
  discountMinor: number;
  totalMinor: number;
  couponInfo: CouponInfo | null;
}

/**
 * The cart's money in minor units: subtotal of the item prices; the country's delivery cost unless
 * the cart is empty or holds digital books only; the coupon's percentage of the subtotal, rounded
 * half up, when it applies; total = subtotal + delivery - discount.
 */
export function priceCart(input: {
  items: readonly { priceMinor: number; format: string }[];
  countryDeliveryMinor: number;
  coupon: CouponRule | null;
}): PricedCart {
  const subtotalMinor = input.items.reduce((sum, item) => sum + item.priceMinor, 0);
  const deliveryMinor = input.items.every((item) => item.format === 'digital')
    ? 0
    : input.countryDeliveryMinor;
  let discountMinor = 0;
  let couponInfo: CouponInfo | null = null;
  if (input.coupon) {
    const problem = couponProblem(input.coupon, input.items.length);
    if (!problem) discountMinor = Math.floor((subtotalMinor * input.coupon.percentOff + 50) / 100);
    couponInfo = {
      code: input.coupon.code,
      percentOff: input.coupon.percentOff,
      applies: problem === null,
      reason: problem?.error ?? null,
    };
  }
  return {
    subtotalMinor,
    deliveryMinor,
    discountMinor,
    totalMinor: subtotalMinor + deliveryMinor - discountMinor,
    couponInfo,
  };
}

/**
 * GET /api/order/summary/{orderId}: prices in the order's own currency (fixed when it was created,
 * whatever language the summary is asked in), delivery to `countryId`, by default the order's market
 * country (Latvia for an lv order, the UK for en-GB, the US for en-US).
 */
export async function getCartSummary(
  db: Db,
  orderId: string,
  chosenCountryId?: number,
): Promise<CartSummary | 'order-not-found' | 'country-not-found'> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) return 'order-not-found';
  const currencyCode = order.currencyCode as CurrencyCode;
  const countryId = chosenCountryId ?? MARKET_COUNTRY_ID[(toLanguage(order.language) ?? 'en-GB')];
  const [delivery] = await db
    .select({ costMinor: deliveryCosts.costMinor })
    .from(deliveryCosts)
    .where(
      and(eq(deliveryCosts.countryId, countryId), eq(deliveryCosts.currencyCode, currencyCode)),
    );
  if (!delivery) return 'country-not-found';

  const prices = await db
    .select({ coverType: coverPrices.coverType, priceMinor: coverPrices.priceMinor })
    .from(coverPrices)
    .where(
      and(eq(coverPrices.productId, FOOTBALL_STORY.id), eq(coverPrices.currencyCode, currencyCode)),
    );
  const priceOf = new Map(prices.map((p) => [p.coverType, p.priceMinor]));
  const rows = await db
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.position), asc(orderItems.createdAt));

  const items = rows.map((row) => {
    const priceMinor = priceOf.get(row.coverType);
    if (priceMinor === undefined) throw new Error(`no ${currencyCode} price for ${row.coverType}`);
    return { row, priceMinor, format: row.coverType };
  });
  const priced = priceCart({
    items,
    countryDeliveryMinor: delivery.costMinor,
    coupon: await couponOf(db, order.couponCode),
  });
  return {
    orderId,
    items: items.map(({ row, priceMinor }) => ({
      id: row.id,
      title: bookTitle(row.language.toLowerCase() as BookLanguage),
      language: row.language as Language,
      childName: row.childName,
      childGender: row.childGender as ChildGender,
      format: row.coverType as OrderableCover,
      price: toMajor(priceMinor),
      dedication: row.dedication,
      childPersonalization: row.childPersonalization,
      dadPersonalization: row.dadPersonalization,
      mumPersonalization: row.mumPersonalization,
      dadName: row.dadName,
      mumName: row.mumName,
    })),
    subtotal: toMajor(priced.subtotalMinor),
    deliveryCost: toMajor(priced.deliveryMinor),
    discount: toMajor(priced.discountMinor),
    total: toMajor(priced.totalMinor),
    currencyCode,
    couponInfo: priced.couponInfo,
  };
}
