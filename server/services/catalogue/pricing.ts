// The money of a cart (docs/product-rules.md section 7): item prices in the shop's currency, delivery to a
// country, the coupon's discount and the total, all in integer minor units, the answer too.

import { asc, eq, sql } from 'drizzle-orm';
import { bookTitle } from '#book/story/story-text.ts';
import type { BookLanguage } from '#book/types.ts';
import {
  MARKET_COUNTRY_ID,
  toLanguage,
  type CurrencyCode,
  type Language,
} from '#contract/markets.ts';
import { isPrinted, PDF_WITH_PRINT } from '#contract/digital.ts';
import type { InMinorUnits } from '#contract/amounts.ts';
import type { CartSummary, ChildGender, CouponInfo, OrderableCover } from '#contract/orders.ts';
import type { Db } from '#server/db/client.ts';
import { cartVersions } from '#server/db/schema/checkout.ts';
import { orderItems, orders } from '#server/db/schema/shop.ts';
import { couponProblem, type CouponRule } from './coupons.ts';
import { familyOfRow } from '#server/services/catalogue/family-check.ts';
import { referencePrices, type ReferencePrices } from './reference-prices.ts';

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
 * One book's price in minor units: its format's, plus the digital PDF's beside a printed book
 * ('printed + PDF', #36). A missing price is an error, never a free book.
 */
export function itemPriceMinor(
  reference: Pick<ReferencePrices, 'coverPrice'>,
  currencyCode: CurrencyCode,
  item: { coverType: string; withPdf: boolean },
): number {
  const price = (key: string) => {
    const minor = reference.coverPrice.get(`${currencyCode}:${key}`);
    if (minor === undefined) throw new Error(`no ${currencyCode} price for ${key}`);
    return minor;
  };
  return (
    price(item.coverType) + (item.withPdf && isPrinted(item.coverType) ? price(PDF_WITH_PRINT) : 0)
  );
}

/** The order and its books in one query (prepared once per database handle). */
function prepareCartQuery(db: Db) {
  return db
    .select({
      status: orders.status,
      currencyCode: orders.currencyCode,
      language: orders.language,
      couponCode: orders.couponCode,
      // Read in the same statement as the cart, so the answer is the one of this version.
      cartVersion:
        sql<number>`coalesce((select ${cartVersions.version} from ${cartVersions} where ${cartVersions.orderId} = ${orders.id}), 0)`.mapWith(
          Number,
        ),
      item: {
        id: orderItems.id,
        language: orderItems.language,
        childName: orderItems.childName,
        childGender: orderItems.childGender,
        coverType: orderItems.coverType,
        withPdf: orderItems.withPdf,
        dedication: orderItems.dedication,
        childPersonalization: orderItems.childPersonalization,
        dadPersonalization: orderItems.dadPersonalization,
        mumPersonalization: orderItems.mumPersonalization,
        dadName: orderItems.dadName,
        mumName: orderItems.mumName,
        family: orderItems.family,
      },
    })
    .from(orders)
    .leftJoin(orderItems, eq(orderItems.orderId, orders.id))
    .where(eq(orders.id, sql.placeholder('orderId')))
    .orderBy(asc(orderItems.position), asc(orderItems.createdAt))
    .prepare('cart_summary');
}
const cartQueries = new WeakMap<Db, ReturnType<typeof prepareCartQuery>>();

/** The cart summary as computed: amounts in minor units (the route answers them with toWireAmounts). */
export type PricedCartSummary = InMinorUnits<CartSummary>;
export type CartSummaryResult = PricedCartSummary | 'order-not-found' | 'country-not-found';

/** A summary with what it was computed from: cart_versions.version (0 before any change) and the reference prices. */
export interface VersionedCartSummary {
  answer: CartSummaryResult;
  cartVersion: number;
  reference: ReferencePrices;
  /** The order's status when the summary was read (undefined for an unknown order). */
  status?: string | undefined;
}

/**
 * GET /api/order/summary/{orderId}: prices in the order's own currency (fixed when it was created,
 * whatever language the summary is asked in), delivery to `countryId`, by default the order's market
 * country (Latvia for an lv order, the UK for en-GB, the US for en-US). One query for the order and
 * its books; the prices come from memory (services/reference-prices.ts).
 */
export async function getCartSummary(
  db: Db,
  orderId: string,
  chosenCountryId?: number,
): Promise<CartSummaryResult> {
  return (await versionedCartSummary(db, orderId, chosenCountryId)).answer;
}

export async function versionedCartSummary(
  db: Db,
  orderId: string,
  chosenCountryId?: number,
): Promise<VersionedCartSummary> {
  let query = cartQueries.get(db);
  if (!query) cartQueries.set(db, (query = prepareCartQuery(db)));
  const [rows, reference] = await Promise.all([query.execute({ orderId }), referencePrices(db)]);
  const order = rows[0];
  if (!order) return { answer: 'order-not-found', cartVersion: 0, reference };
  const cartVersion = order.cartVersion;
  const status = order.status;
  const currencyCode = order.currencyCode as CurrencyCode;
  const countryId = chosenCountryId ?? MARKET_COUNTRY_ID[toLanguage(order.language) ?? 'en-GB'];
  const deliveryMinor = reference.deliveryCost.get(`${countryId}:${currencyCode}`);
  if (deliveryMinor === undefined)
    return { answer: 'country-not-found', cartVersion, reference, status };

  const items = rows.flatMap(({ item }) => {
    if (!item) return [];
    const priceMinor = itemPriceMinor(reference, currencyCode, item);
    return [{ item, priceMinor, format: item.coverType }];
  });
  const priced = priceCart({
    items,
    countryDeliveryMinor: deliveryMinor,
    coupon: order.couponCode ? (reference.coupons.get(order.couponCode) ?? null) : null,
  });
  const answer: PricedCartSummary = {
    orderId,
    items: items.map(({ item, priceMinor }) => ({
      id: item.id,
      title: bookTitle(item.language.toLowerCase() as BookLanguage),
      language: item.language as Language,
      childName: item.childName,
      childGender: item.childGender as ChildGender,
      format: item.coverType as OrderableCover,
      withPdf: item.withPdf,
      priceMinor,
      dedication: item.dedication,
      childPersonalization: item.childPersonalization,
      dadPersonalization: item.dadPersonalization,
      mumPersonalization: item.mumPersonalization,
      dadName: item.dadName,
      mumName: item.mumName,
      family: familyOfRow(item),
    })),
    subtotalMinor: priced.subtotalMinor,
    deliveryCostMinor: priced.deliveryMinor,
    discountMinor: priced.discountMinor,
    totalMinor: priced.totalMinor,
    currencyCode,
    couponInfo: priced.couponInfo,
  };
  return { answer, cartVersion, reference, status };
}
