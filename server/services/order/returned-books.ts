// Per-book truth (issues #43 item 4 and #44 finding 2): which books of a paid order were paid
// back, one by one. A book is `refunded` when a refund that succeeded holds it, `cancelled` when
// that refund cancelled the order (or the order was cancelled before refunds existed); every
// other book is kept. What was returned, not the order's status, decides a book's downloads and
// links, its print files and the parcel, the status page, the packing slip and the first edition.
// What a refund does to its books is refund-books.ts.

import { and, eq, inArray } from 'drizzle-orm';
import type { ReturnedState } from '#contract/order-status.ts';
import type { Db, Tx } from '#server/db/client.ts';
import { refunds } from '#server/db/schema/money.ts';
import { orders } from '#server/db/schema/shop.ts';

export type { ReturnedState };

export interface ReturnedBook {
  state: ReturnedState;
  /** When its refund completed; null for a book of an order cancelled before refunds existed. */
  at: Date | null;
}

/** A refund as this module reads it (succeeded ones only). */
interface ReturningRefund {
  itemIds: readonly string[];
  cancel: boolean;
  completedAt: Date | null;
}

/**
 * The returned books of an order from its succeeded refunds (oldest first): each book by its
 * snapshot item id. A cancelled order's books not in any refund are cancelled too.
 */
export function returnedFrom(
  succeeded: readonly ReturningRefund[],
  order: { status: string; itemIds: readonly string[] },
): Map<string, ReturnedBook> {
  const returned = new Map<string, ReturnedBook>();
  for (const refund of succeeded)
    for (const itemId of refund.itemIds)
      if (!returned.has(itemId))
        returned.set(itemId, {
          state: refund.cancel ? 'cancelled' : 'refunded',
          at: refund.completedAt,
        });
  if (order.status === 'cancelled')
    for (const itemId of order.itemIds)
      if (!returned.has(itemId)) returned.set(itemId, { state: 'cancelled', at: null });
  return returned;
}

/** The succeeded refunds of an order, oldest first. */
export async function succeededRefunds(db: Db | Tx, orderId: string): Promise<ReturningRefund[]> {
  return db
    .select({
      itemIds: refunds.itemIds,
      cancel: refunds.cancel,
      completedAt: refunds.completedAt,
    })
    .from(refunds)
    .where(and(eq(refunds.orderId, orderId), eq(refunds.status, 'succeeded')))
    .orderBy(refunds.id);
}

/** The returned books of one order (its status and its snapshot's item ids given). */
export async function returnedBooks(
  db: Db | Tx,
  orderId: string,
  order: { status: string; itemIds: readonly string[] },
): Promise<Map<string, ReturnedBook>> {
  return returnedFrom(await succeededRefunds(db, orderId), order);
}

/** The item ids refunded by succeeded refunds of any of `orderIds` (the print zip's orders). */
export async function refundedItemIdsOf(
  db: Db | Tx,
  orderIds: readonly string[],
): Promise<Set<string>> {
  if (orderIds.length === 0) return new Set();
  const rows = await db
    .select({ itemIds: refunds.itemIds })
    .from(refunds)
    .where(and(inArray(refunds.orderId, [...orderIds]), eq(refunds.status, 'succeeded')));
  return new Set(rows.flatMap((row) => row.itemIds));
}

/** The books of `items` that were not returned. */
export function keptOf<T extends { itemId: string }>(
  items: readonly T[],
  returned: ReadonlyMap<string, ReturnedBook>,
): T[] {
  return items.filter((item) => !returned.has(item.itemId));
}

/**
 * Inside `tx`: locks the order's row against a refund completing meanwhile (refund-records.ts
 * locks it for update, so the two wait for each other) and answers the order's status and its
 * books returned now, or undefined for an unknown order. A file of a book is stored only after
 * this says the book is still kept.
 */
export async function lockedReturns(
  tx: Tx,
  orderId: string,
): Promise<{ status: string; returned: Map<string, ReturnedBook> } | undefined> {
  const [order] = await tx
    .select({ status: orders.status })
    .from(orders)
    .where(eq(orders.id, orderId))
    .for('share');
  if (!order) return undefined;
  return {
    status: order.status,
    returned: await returnedBooks(tx, orderId, { status: order.status, itemIds: [] }),
  };
}
