import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { CharacterSet } from '#book/catalogue.ts';
import type { CharacterAssets } from '#book/character-set.ts';
import { checkCharacters, genderOf } from '#book/personalization.ts';
import type { BookFamily } from '#book/family.ts';
import type { BookLanguage, Gender } from '#book/types.ts';
import { deliveryEstimateDays } from '#contract/shop.ts';
import { toLanguage, type Language } from '#contract/markets.ts';
import {
  PRODUCT_ID,
  type ChildPersonalization,
  type ParentPersonalization,
} from '#contract/orders.ts';
import type { Db, Tx } from '#server/db/client.ts';
import {
  cartVersions,
  deliveryDetails,
  orderSnapshots,
  placedOrders,
  type SnapshotItem,
} from '#server/db/schema/checkout.ts';
import { countries, orders } from '#server/db/schema/shop.ts';
import { bookFamilyOf } from '#server/services/catalogue/family-check.ts';
import { getCartSummary } from '#server/services/catalogue/pricing.ts';

export type Snapshot = typeof orderSnapshots.$inferSelect;
type SnapshotDraft = Omit<Snapshot, 'id' | 'createdAt'>;

type DraftResult =
  | { ok: true; draft: SnapshotDraft }
  | {
      ok: false;
      reason: 'order-not-found' | 'no-delivery-details' | 'empty-cart' | 'country-not-found';
    };

/**
 * What the order would be bought as now: the cart priced by the server (the cart summary's own
 * pricing) for the order's language and the shipping country, with the delivery details, and a
 * fingerprint of all of it. Nothing is written.
 */
export async function draftSnapshot(db: Db, orderId: string): Promise<DraftResult> {
  // Read first: a change made while drafting raises it past this, so the snapshot is never newer.
  const cartVersion = await cartVersionOf(db, orderId);
  const [order] = await db
    .select({ language: orders.language })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!order) return { ok: false, reason: 'order-not-found' };
  const [details] = await db
    .select()
    .from(deliveryDetails)
    .where(eq(deliveryDetails.orderId, orderId));
  if (!details) return { ok: false, reason: 'no-delivery-details' };
  const language = toLanguage(order.language) ?? 'en-GB';
  const countryId = details.shippingAddress.countryId;
  const summary = await getCartSummary(db, orderId, countryId);
  if (summary === 'order-not-found') return { ok: false, reason: 'order-not-found' };
  if (summary === 'country-not-found') return { ok: false, reason: 'country-not-found' };
  if (summary.items.length === 0) return { ok: false, reason: 'empty-cart' };
  const [country] = await db
    .select({ days: countries.deliveryTimeDays })
    .from(countries)
    .where(eq(countries.id, countryId));

  const items: SnapshotItem[] = summary.items.map((item) => ({
    itemId: item.id,
    productId: PRODUCT_ID,
    title: item.title,
    language: item.language,
    childName: item.childName,
    childGender: item.childGender,
    childPersonalization: item.childPersonalization,
    dadPersonalization: item.dadPersonalization,
    mumPersonalization: item.mumPersonalization,
    dadName: item.dadName,
    mumName: item.mumName,
    family: item.family,
    dedication: item.dedication,
    coverType: item.format,
    ...(item.withPdf ? { withPdf: true } : {}),
    unitPriceMinor: item.priceMinor,
  }));
  const body = {
    language,
    currencyCode: summary.currencyCode,
    items,
    couponCode: summary.couponInfo?.applies ? summary.couponInfo.code : null,
    subtotalMinor: summary.subtotalMinor,
    discountMinor: summary.discountMinor,
    deliveryMinor: summary.deliveryCostMinor,
    totalMinor: summary.totalMinor,
    countryId,
    deliveryDays: deliveryEstimateDays(
      country?.days ?? 0,
      items.map((item) => item.coverType),
    ),
    email: details.email,
    phone: details.phone,
    shippingAddress: details.shippingAddress,
    billingAddress: details.billingAddress,
    // A gift (#36): shipping_address is the recipient's; the card's message is printed as paid for.
    isGift: details.isGift,
    giftMessage: details.isGift ? details.giftMessage : '',
    giftArriveBy: details.isGift ? details.giftArriveBy : null,
  };
  const fingerprint = createHash('sha256').update(JSON.stringify(body)).digest('base64url');
  return { ok: true, draft: { orderId, fingerprint, cartVersion, ...body } };
}

/** How many times what would be bought has changed (raised by database triggers, migration 0005). */
export async function cartVersionOf(db: Db | Tx, orderId: string, lock = false): Promise<number> {
  const query = db
    .select({ version: cartVersions.version })
    .from(cartVersions)
    .where(eq(cartVersions.orderId, orderId));
  // Locked, a change still being written is waited for (and then seen).
  const [row] = lock ? await query.for('update') : await query;
  return row?.version ?? 0;
}

/** Freezes a draft: the snapshot a payment is bound to. */
export async function saveSnapshot(db: Db | Tx, draft: SnapshotDraft): Promise<Snapshot> {
  const [row] = await db
    .insert(orderSnapshots)
    .values({ id: randomBytes(18).toString('base64url'), ...draft })
    .returning();
  if (!row) throw new Error('snapshot was not saved');
  return row;
}

export async function snapshotById(db: Db, id: string): Promise<Snapshot | undefined> {
  const [row] = await db.select().from(orderSnapshots).where(eq(orderSnapshots.id, id));
  return row;
}

/** The book as the renderers want it (preview images, print PDFs), from a paid-for item. */
export function bookOfItem(item: SnapshotItem): {
  language: BookLanguage;
  child: { name: string; gender: Gender };
  characters: CharacterSet;
  /** Who is in the book as paid for (#33); left out for today's mum and dad. */
  family?: BookFamily;
} {
  const gender = genderOf(item.childGender === 'Girl' ? 'Girl' : 'Boy');
  const assets = {
    child: JSON.parse(item.childPersonalization) as ChildPersonalization,
    dad: JSON.parse(item.dadPersonalization) as ParentPersonalization,
    mum: JSON.parse(item.mumPersonalization) as ParentPersonalization,
  };
  const checked = checkCharacters(assets as CharacterAssets, gender);
  if (!checked.ok)
    throw new Error(`snapshot item ${item.itemId.slice(0, 6)}… has assets that do not combine`);
  return {
    language: item.language.toLowerCase() as BookLanguage,
    child: { name: item.childName, gender },
    characters: checked.value,
    ...(item.family ? { family: bookFamilyOf(item.family) } : {}),
  };
}

/** The order's shop language as stored. */
export function snapshotLanguage(snapshot: Snapshot): Language {
  return toLanguage(snapshot.language) ?? 'en-GB';
}

/**
 * A fingerprint of one paid book as it is now (a change during the print hold alters it:
 * fulfilment/book-change.ts). A file made from the book is stored only while the book still has the
 * fingerprint it was made from, so a render that began before a change never stores the old book.
 */
export function itemFingerprint(item: SnapshotItem): string {
  return createHash('sha256').update(JSON.stringify(item)).digest('base64url');
}

/** The paid books of the order's snapshot as they are now (in the caller's transaction). */
export async function paidItemsNow(
  db: Db | Tx,
  orderId: string,
): Promise<SnapshotItem[] | undefined> {
  const [row] = await db
    .select({ items: orderSnapshots.items })
    .from(placedOrders)
    .innerJoin(orderSnapshots, eq(orderSnapshots.id, placedOrders.snapshotId))
    .where(eq(placedOrders.orderId, orderId));
  return row?.items;
}

/** A paid book of the order's snapshot as it is now (in the caller's transaction). */
export async function paidItemNow(
  db: Db | Tx,
  orderId: string,
  itemId: string,
): Promise<SnapshotItem | undefined> {
  return (await paidItemsNow(db, orderId))?.find((item) => item.itemId === itemId);
}

/** What a file made from every paid book of an order (the parcel's packing slip) was made from. */
export function itemsFingerprint(items: readonly SnapshotItem[]): string {
  return createHash('sha256').update(JSON.stringify(items)).digest('base64url');
}
