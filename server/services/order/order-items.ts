// The books of an order: a save payload checked by the book's rules (book/personalization.ts)
// into the item the database keeps, and adding, changing, removing and reading one.

import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { validateChildName } from '#book/grammar/name.ts';
import { defaultCharacters } from '#book/character-set.ts';
import { BODY_OF_KIND } from '#book/family.ts';
import { checkCharacters, checkDedication, genderOf } from '#book/personalization.ts';
import type { BookLanguage } from '#book/types.ts';
import { isPrinted } from '#contract/digital.ts';
import type { Language } from '#contract/markets.ts';
import { isOpenOrder } from '#contract/order-status.ts';
import type {
  ChildGender,
  ChildPersonalization,
  OrderableCover,
  OrderItemDetail,
} from '#contract/orders.ts';
import type { BookSave } from '#contract/seed-family.ts';
import { collectFieldErrors } from '#contract/field-errors.ts';
import { MAX_BOOKS_PER_ORDER } from '#contract/orders.ts';
import type { Db, Tx } from '#server/db/client.ts';
import { FOOTBALL_STORY } from '#server/db/reference-data.ts';
import { orderItems, orders } from '#server/db/schema/shop.ts';
import {
  checkFamily,
  familyOfRow,
  isMumAndDadFamily,
  storyParts,
  type CheckedFamily,
  type FamilyColumns,
} from '#server/services/catalogue/family-check.ts';

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
  /** Who is in the book: the shape and its grown-ups, names normalised, words resolved. */
  family: CheckedFamily;
  dedication: string;
  coverType: OrderableCover;
  /** 'printed + PDF' (#36): always false for the PDF alone. */
  withPdf: boolean;
}

type CheckResult =
  { ok: true; item: CheckedItem } | { ok: false; fields: Record<string, string[]> };

/**
 * The book's rules (book/personalization.ts, book/family.ts) on top of the contract's shapes: the
 * child's name, the dedication (required, at most 10 lines whatever the line breaks), the child's
 * assets in their categories, and the family (checkFamily: the grown-ups the shape has, their
 * names, words and looks, one pair of glasses each). Lashes follow the gender as the book draws
 * them (a girl always has lashes, a boy none). Field errors are keyed by the model
 * (`child.personalization.hair`, `family.grownUps.0.name`); the caller answers them under the
 * payload's names (contract/seed-family.ts fieldOf).
 */
export function checkSavePayload(save: BookSave): CheckResult {
  const fields = collectFieldErrors();
  const add = (key: string, message: string) => fields.add(key, message);
  const bookLanguage = save.bookLanguage.toLowerCase() as BookLanguage;

  const name = validateChildName(save.child.name);
  if (!name.ok) add('child.name', name.reason);
  const dedication = checkDedication(save.dedication, { required: true });
  if (!dedication.ok) add('dedication', dedication.reason);
  const family = checkFamily(save.family, bookLanguage, add);
  // The child's look, beside the default grown-ups (the family's looks are checkFamily's).
  const characters = checkCharacters(
    { ...defaultCharacters('boy'), child: save.child.personalization },
    genderOf(save.child.gender),
  );
  if (!characters.ok) {
    for (const { category, message } of characters.misfits) {
      add(`child.personalization.${category}`, message);
    }
  }
  if (fields.size > 0 || !name.ok || !dedication.ok || !characters.ok || !family) {
    return { ok: false, fields: fields.toObject() };
  }
  const { child } = characters.value;
  return {
    ok: true,
    item: {
      language: save.bookLanguage,
      childName: name.name,
      childGender: save.child.gender,
      child: {
        hair: child.hair,
        eyes: child.eyes,
        skin: child.skin,
        tshirt: child.tshirt,
        shorts: child.shorts,
        lashes: child.lashes,
        accessories: child.accessories,
      },
      family,
      dedication: dedication.text,
      coverType: save.cover,
      withPdf: isPrinted(save.cover) && save.withPdf,
    },
  };
}

/**
 * The item's columns. The dad and mum columns hold the grown-ups who play the story's two parts
 * (family-check.ts storyParts), which today's readers take; the family column holds the family
 * unless it is the mum-and-dad book called by the usual words, which those columns say in full.
 */
export function itemColumns(item: CheckedItem) {
  const parts = storyParts(item.family);
  return {
    productId: FOOTBALL_STORY.id,
    language: item.language,
    childName: item.childName,
    childGender: item.childGender,
    childPersonalization: JSON.stringify(item.child),
    dadName: parts.dad.name,
    dadPersonalization: JSON.stringify(parts.dad.personalization),
    mumName: parts.mum.name,
    mumPersonalization: JSON.stringify(parts.mum.personalization),
    dedication: item.dedication,
    coverType: item.coverType,
    withPdf: item.withPdf,
    family: isMumAndDadFamily(item.family, item.language) ? null : JSON.stringify(item.family),
  };
}

/**
 * Adds the item, or, when this order already has the item made by `requestId` (a retried save
 * whose first answer was lost, a double click), updates that item to this payload: the same
 * request is the same book, in its latest version. Answers the item's id.
 */
export async function insertItem(
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
 * The order's status, its row locked until the transaction ends (a payment settling at the same
 * moment waits, or is waited for); undefined when there is no such order.
 */
async function lockedStatus(tx: Tx, orderId: string): Promise<string | undefined> {
  const [order] = await tx
    .select({ status: orders.status })
    .from(orders)
    .where(eq(orders.id, orderId))
    .for('update');
  return order?.status;
}

/** POST /api/orderItems: a new book in an existing order (one book per requestId, the latest payload). */
export async function addOrderItem(
  db: Db,
  orderId: string,
  requestId: string,
  item: CheckedItem,
): Promise<{ id: string } | 'order-not-found' | 'order-closed' | 'too-many-books'> {
  return db.transaction(async (tx) => {
    const status = await lockedStatus(tx, orderId);
    if (status === undefined) return 'order-not-found' as const;
    if (!isOpenOrder(status)) return 'order-closed' as const;
    // At most MAX_BOOKS_PER_ORDER books (counted under the order's lock, so two tabs adding the
    // tenth and eleventh at once cannot both pass); a retried save of a book already in the
    // order updates that book and is always allowed.
    const [counted] = await tx
      .select({
        books: sql<number>`count(*)`.mapWith(Number),
        retried:
          sql<number>`count(*) filter (where ${orderItems.requestId} = ${requestId})`.mapWith(
            Number,
          ),
      })
      .from(orderItems)
      .where(eq(orderItems.orderId, orderId));
    if ((counted?.books ?? 0) >= MAX_BOOKS_PER_ORDER && !counted?.retried)
      return 'too-many-books' as const;
    return { id: await insertItem(tx, orderId, requestId, item) };
  });
}

/** The order of an item, locked, with its status; undefined when there is no such item. */
async function orderOfItem(tx: Tx, id: string, orderId: string | null) {
  const where = orderId
    ? and(eq(orderItems.id, id), eq(orderItems.orderId, orderId))
    : eq(orderItems.id, id);
  const [row] = await tx.select({ orderId: orderItems.orderId }).from(orderItems).where(where);
  if (!row) return undefined;
  return { orderId: row.orderId, status: (await lockedStatus(tx, row.orderId)) ?? '' };
}

/** PUT /api/orderItems/{id}. With `orderId` given, the item must belong to that order. */
export async function updateOrderItem(
  db: Db,
  id: string,
  orderId: string | null,
  item: CheckedItem,
): Promise<'updated' | 'not-found' | 'order-closed'> {
  return db.transaction(async (tx) => {
    const order = await orderOfItem(tx, id, orderId);
    if (!order) return 'not-found' as const;
    if (!isOpenOrder(order.status)) return 'order-closed' as const;
    await tx
      .update(orderItems)
      .set({ ...itemColumns(item), updatedAt: new Date() })
      .where(eq(orderItems.id, id));
    return 'updated' as const;
  });
}

/** DELETE /api/orderItems/{id}. A second delete finds nothing. */
export async function deleteOrderItem(
  db: Db,
  id: string,
): Promise<'deleted' | 'not-found' | 'order-closed'> {
  return db.transaction(async (tx) => {
    const order = await orderOfItem(tx, id, null);
    if (!order) return 'not-found' as const;
    if (!isOpenOrder(order.status)) return 'order-closed' as const;
    await tx.delete(orderItems).where(eq(orderItems.id, id));
    return 'deleted' as const;
  });
}

/** GET /api/orderItems/{id} in the shape of SPEC 'Order item detail'. */
export async function getOrderItem(db: Db, id: string): Promise<OrderItemDetail | undefined> {
  const [row] = await db.select().from(orderItems).where(eq(orderItems.id, id));
  if (!row) return undefined;
  return {
    id: row.id,
    orderId: row.orderId,
    language: row.language as Language,
    customization: {
      dedication: row.dedication,
      bookCoverType: row.coverType as OrderableCover,
      withPdf: row.withPdf,
    },
    children: [
      {
        name: row.childName,
        gender: row.childGender as ChildGender,
        personalization: row.childPersonalization,
      },
    ],
    ...grownUpsOf(row),
  };
}

function grownUpsOf(row: FamilyColumns): Pick<OrderItemDetail, 'familyShape' | 'grownUps'> {
  const family = familyOfRow(row);
  return {
    familyShape: family.shape,
    grownUps: family.grownUps.map((g) => ({ grownUpRole: BODY_OF_KIND[g.kind], ...g })),
  };
}
