import { randomBytes } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import { findOption, resolveCharacterSet, type Category } from '#book/catalogue.ts';
import { validateChildName } from '#book/grammar/name.ts';
import { bookTitle } from '#book/story/story-text.ts';
import type { BookLanguage, Role } from '#book/types.ts';
import {
  CURRENCY_BY_LANGUAGE,
  toMajor,
  type CurrencyCode,
  type Language,
} from '#contract/markets.ts';
import type {
  AppliedCoupon,
  CartSummary,
  ChildGender,
  ChildPersonalization,
  CouponInfo,
  CreateOrderResponse,
  DiscountError,
  OrderableCover,
  OrderItemDetail,
  OrderStatus,
  ParentPersonalization,
  ParsedSavePayload,
} from '#contract/orders.ts';
import type { Db } from '../db/client.ts';
import { FOOTBALL_STORY } from '../db/reference-data.ts';
import { coupons, coverPrices, deliveryCosts, orderItems, orders } from '../db/schema.ts';

/** Order and item ids: 144 random bits as base64url (24 characters). */
export function newOrderId(): string {
  return randomBytes(18).toString('base64url');
}

/** A saved book as the database keeps it: checked, normalised, without money. */
export interface CheckedItem {
  language: Language;
  childName: string;
  childGender: ChildGender;
  child: ChildPersonalization;
  dad: ParentPersonalization;
  mum: ParentPersonalization;
  dadName: string | null;
  mumName: string | null;
  dedication: string;
  coverType: OrderableCover;
}

export type CheckResult =
  { ok: true; item: CheckedItem } | { ok: false; fields: Record<string, string[]> };

const ROLE_FIELD: Record<Role, string> = { child: 'child', dad: 'maleParent', mum: 'femaleParent' };

/** Null when `asset` is an option of that role and category (and, for child hair, gender). */
function assetProblem(
  asset: string,
  role: Role,
  category: Category,
  gender?: 'boy' | 'girl',
): string | null {
  const option = findOption(asset);
  if (!option) return `Unknown asset name: ${asset}.`;
  if (option.role !== role || option.category !== category) {
    return `${asset} is not a ${role} ${category === 'accessories' ? 'accessory' : category} option.`;
  }
  if (gender && category === 'hair' && option.gender !== gender) {
    return `${asset} is a ${option.gender ?? 'parent'}'s hair; choose one for a ${gender}.`;
  }
  return null;
}

function parentName(name: string | null): string | null {
  const cleaned = name?.normalize('NFC').replace(/\s+/gu, ' ').trim() ?? '';
  return cleaned === '' ? null : cleaned;
}

/**
 * The book's rules on top of the contract's shapes: the child's name (book/grammar/name.ts), each
 * asset in its own role and category, the combination (one pair of glasses) with
 * resolveCharacterSet. Lashes follow the gender as the book draws them (a girl always has lashes,
 * a boy none). Field errors are keyed like the payload (`child.personalization.hair`).
 */
export function checkSavePayload(payload: ParsedSavePayload): CheckResult {
  const fields: Record<string, string[]> = {};
  const add = (key: string, message: string) => (fields[key] ??= []).push(message);

  const name = validateChildName(payload.child.name);
  if (!name.ok) add('child.name', name.reason);

  const gender = payload.child.gender === 'Girl' ? 'girl' : 'boy';
  const { child, maleParent, femaleParent } = payload;
  const single = (
    role: Role,
    personalization: Record<string, unknown>,
    categories: readonly Category[],
  ) => {
    for (const category of categories) {
      const asset = personalization[category];
      if (typeof asset !== 'string') continue;
      const problem = assetProblem(asset, role, category, role === 'child' ? gender : undefined);
      if (problem) add(`${ROLE_FIELD[role]}.personalization.${category}`, problem);
    }
  };
  single('child', child.personalization, ['hair', 'eyes', 'skin', 'tshirt', 'shorts', 'lashes']);
  single('dad', maleParent.personalization, ['hair', 'eyes', 'skin']);
  single('mum', femaleParent.personalization, ['hair', 'eyes', 'skin']);
  const lists: [Role, readonly string[]][] = [
    ['child', child.personalization.accessories],
    ['dad', maleParent.personalization.accessories],
    ['mum', femaleParent.personalization.accessories],
  ];
  for (const [role, list] of lists) {
    for (const asset of list) {
      const problem = assetProblem(asset, role, 'accessories');
      if (problem) add(`${ROLE_FIELD[role]}.personalization.accessories`, problem);
    }
  }
  if (Object.keys(fields).length > 0) return { ok: false, fields };

  const p = child.personalization;
  const flat = [
    p.hair,
    p.eyes,
    p.skin,
    p.tshirt,
    p.shorts,
    ...(p.lashes ? [p.lashes] : []),
    ...p.accessories,
    maleParent.personalization.hair,
    maleParent.personalization.eyes,
    maleParent.personalization.skin,
    ...maleParent.personalization.accessories,
    femaleParent.personalization.hair,
    femaleParent.personalization.eyes,
    femaleParent.personalization.skin,
    ...femaleParent.personalization.accessories,
  ];
  const resolved = resolveCharacterSet(flat, gender);
  if (!resolved.ok) {
    // Every asset is known and in its place here, so what is left are accessory conflicts.
    for (const asset of resolved.conflicts) {
      const role = findOption(asset)?.role ?? 'child';
      const key = `${ROLE_FIELD[role]}.personalization.accessories`;
      if (!fields[key]) add(key, 'Only one pair of glasses can be worn at a time.');
    }
    return { ok: false, fields };
  }
  if (!name.ok) return { ok: false, fields };

  const set = resolved.value;
  return {
    ok: true,
    item: {
      language: payload.language,
      childName: name.name,
      childGender: payload.child.gender,
      child: {
        hair: set.child.hair,
        eyes: set.child.eyes,
        skin: set.child.skin,
        tshirt: set.child.tshirt,
        shorts: set.child.shorts,
        lashes: set.child.lashes,
        accessories: set.child.accessories,
      },
      dad: {
        hair: set.dad.hair,
        eyes: set.dad.eyes,
        skin: set.dad.skin,
        accessories: set.dad.accessories,
      },
      mum: {
        hair: set.mum.hair,
        eyes: set.mum.eyes,
        skin: set.mum.skin,
        accessories: set.mum.accessories,
      },
      dadName: parentName(maleParent.name),
      mumName: parentName(femaleParent.name),
      dedication: payload.dedication.replace(/\r\n?/g, '\n'),
      coverType: payload.cover,
    },
  };
}

function itemColumns(item: CheckedItem) {
  return {
    productId: FOOTBALL_STORY.id,
    language: item.language,
    childName: item.childName,
    childGender: item.childGender,
    childPersonalization: JSON.stringify(item.child),
    dadName: item.dadName,
    dadPersonalization: JSON.stringify(item.dad),
    mumName: item.mumName,
    mumPersonalization: JSON.stringify(item.mum),
    dedication: item.dedication,
    coverType: item.coverType,
  };
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Adds the item, or, when this order already has the item made by `requestId` (a retried save
 * whose first answer was lost, a double click), updates that item to this payload: the same
 * request is the same book, in its latest version. Answers the item's id.
 */
async function insertItem(
  tx: Tx | Db,
  orderId: string,
  requestId: string,
  item: CheckedItem,
): Promise<string> {
  const [next] = await tx
    .select({ position: sql<number>`coalesce(max(${orderItems.position}), 0) + 1` })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId));
  const now = new Date();
  const [saved] = await tx
    .insert(orderItems)
    .values({
      id: newOrderId(),
      orderId,
      requestId,
      position: Number(next?.position ?? 1),
      createdAt: now,
      updatedAt: now,
      ...itemColumns(item),
    })
    .onConflictDoUpdate({
      target: [orderItems.orderId, orderItems.requestId],
      set: { ...itemColumns(item), updatedAt: now },
    })
    .returning({ id: orderItems.id });
  if (!saved) throw new Error(`order item of request ${requestId} was not saved`);
  return saved.id;
}

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

/** POST /api/orderItems: a new book in an existing order (one book per requestId, the latest payload). */
export async function addOrderItem(
  db: Db,
  orderId: string,
  requestId: string,
  item: CheckedItem,
): Promise<{ id: string } | 'order-not-found'> {
  return db.transaction(async (tx) => {
    const [order] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId));
    if (!order) return 'order-not-found' as const;
    return { id: await insertItem(tx, orderId, requestId, item) };
  });
}

/** PUT /api/orderItems/{id}. With `orderId` given, the item must belong to that order. */
export async function updateOrderItem(
  db: Db,
  id: string,
  orderId: string | null,
  item: CheckedItem,
): Promise<'updated' | 'not-found'> {
  const where = orderId
    ? and(eq(orderItems.id, id), eq(orderItems.orderId, orderId))
    : eq(orderItems.id, id);
  const updated = await db
    .update(orderItems)
    .set({ ...itemColumns(item), updatedAt: new Date() })
    .where(where)
    .returning({ id: orderItems.id });
  return updated.length > 0 ? 'updated' : 'not-found';
}

/** DELETE /api/orderItems/{id}. A second delete finds nothing. */
export async function deleteOrderItem(db: Db, id: string): Promise<'deleted' | 'not-found'> {
  const deleted = await db
    .delete(orderItems)
    .where(eq(orderItems.id, id))
    .returning({ id: orderItems.id });
  return deleted.length > 0 ? 'deleted' : 'not-found';
}

/** GET /api/orderItems/{id} in the shape of SPEC 'Order item detail'. */
export async function getOrderItem(db: Db, id: string): Promise<OrderItemDetail | undefined> {
  const [row] = await db.select().from(orderItems).where(eq(orderItems.id, id));
  if (!row) return undefined;
  return {
    id: row.id,
    orderId: row.orderId,
    language: row.language as Language,
    customization: { dedication: row.dedication, bookCoverType: row.coverType as OrderableCover },
    children: [
      {
        name: row.childName,
        gender: row.childGender as ChildGender,
        personalization: row.childPersonalization,
      },
    ],
    grownUps: [
      { grownUpRole: 'dad', name: row.dadName, personalization: row.dadPersonalization },
      { grownUpRole: 'mum', name: row.mumName, personalization: row.mumPersonalization },
    ],
  };
}

// ---- Money -------------------------------------------------------------------------------------

export interface CouponRule {
  code: string;
  percentOff: number;
  minBooks: number;
  active: boolean;
}

export interface PricedCart {
  subtotalMinor: number;
  deliveryMinor: number;
  discountMinor: number;
  totalMinor: number;
  couponInfo: CouponInfo | null;
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

async function couponOf(db: Db, code: string | null): Promise<CouponRule | null> {
  if (!code) return null;
  const [row] = await db.select().from(coupons).where(eq(coupons.code, code));
  return row ?? null;
}

/**
 * GET /api/order/summary/{orderId}: prices in the order's own currency (fixed when it was created,
 * whatever language the summary is asked in), delivery to `countryId`.
 */
export async function getCartSummary(
  db: Db,
  orderId: string,
  countryId: number,
): Promise<CartSummary | 'order-not-found' | 'country-not-found'> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) return 'order-not-found';
  const currencyCode = order.currencyCode as CurrencyCode;
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

/**
 * POST /api/order/{orderId}/discount. The code is matched case-insensitively after trimming; it
 * is kept on the order only when it applies now (and is re-checked on every summary).
 */
export async function applyDiscount(
  db: Db,
  orderId: string,
  typed: string,
): Promise<AppliedCoupon | DiscountError | 'order-not-found'> {
  const [order] = await db.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId));
  if (!order) return 'order-not-found';
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

/** GET /api/order/{orderId}/status. */
export async function getOrderStatus(db: Db, orderId: string): Promise<OrderStatus | undefined> {
  const [order] = await db
    .select({ id: orders.id, status: orders.status })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!order) return undefined;
  const [count] = await db
    .select({ n: sql<number>`count(*)` })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId));
  return {
    orderId: order.id,
    status: order.status as OrderStatus['status'],
    itemCount: Number(count?.n ?? 0),
  };
}
