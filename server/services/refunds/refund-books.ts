// What a refund that succeeded does to its books (issues #43 item 4 and #44 finding 2), in the
// transaction that records it (refund-records.ts completeRefund), so a refunded or cancelled book
// is never printed, packed, numbered or downloaded again:
// - its print files and its PDF are deleted (nothing of it can be zipped, handed on or downloaded);
// - the parcel's files of an order not yet shipped are deleted and made again from the books kept
//   (the parcel-files job: the packing slip lists what is in the parcel, at what was kept);
// - its first-edition number goes back to the edition when nothing of the book had left the
//   shop; if its files had been handed to the printer (the print zip, a download, the order in
//   production) or it was shipped, a copy with that number may exist: the number is retired
//   (kept by this book, given to no other, not counted as sold);
// - a book refunded after its files were handed on, before shipping, alerts the owner: the
//   printer may be printing it (a mail to the shop, and the book's card in the back office).

import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { hasPdf, isPrinted } from '#contract/digital.ts';
import type { OrderStatusValue } from '#contract/order-status.ts';
import type { Db, Tx } from '#server/db/client.ts';
import {
  firstEditionNumbers,
  orderStatusHistory,
  printFiles,
  type SnapshotItem,
} from '#server/db/schema/checkout.ts';
import { digitalEditions } from '#server/db/schema/digital.ts';
import { refunds, type HandedOnBook } from '#server/db/schema/money.ts';
import { PARCEL_FILES_JOB, parcelItemId } from '#server/services/fulfilment/parcel-files.ts';
import { HANDOFF_CANCEL_JOB } from '#server/services/fulfilment/partner/handoff.ts';
import { enqueueJob } from '#server/platform/jobs/runner.ts';
import { transitionIn } from '#server/services/order/order-moves.ts';
import { keptOf, returnedBooks } from '#server/services/order/returned-books.ts';

/** Mails the shop that books were refunded after their files went to the printer (payload: orderId, refundId). */
export const PRINTER_ALERT_MAIL_JOB = 'printer-alert-mail';

/** The order's books are printed (or being printed): their numbers stay with them. */
const PRINTING: readonly OrderStatusValue[] = ['in_production', 'shipped', 'delivered'];
/** The parcel has left: its packing slip is the one that went with it. */
const SHIPPED: readonly OrderStatusValue[] = ['shipped', 'delivered'];

/** When the order last moved into production (the files were with the printer from then). */
async function inProductionSince(tx: Db | Tx, orderId: string): Promise<Date | null> {
  const [row] = await tx
    .select({ at: orderStatusHistory.createdAt })
    .from(orderStatusHistory)
    .where(
      and(
        eq(orderStatusHistory.orderId, orderId),
        eq(orderStatusHistory.toStatus, 'in_production'),
      ),
    )
    .orderBy(desc(orderStatusHistory.id))
    .limit(1);
  return row?.at ?? null;
}

/**
 * The books of `refund` whose files had left the shop before shipping, each with the moment they
 * first did: a file handed on (zip, download), else the order's move into production.
 */
export async function handedOnBooks(
  tx: Db | Tx,
  refund: { orderId: string; itemIds: readonly string[] },
  items: readonly SnapshotItem[],
  statusBefore: OrderStatusValue,
): Promise<HandedOnBook[]> {
  if (SHIPPED.includes(statusBefore)) return [];
  const printed = items.filter(
    (item) => refund.itemIds.includes(item.itemId) && isPrinted(item.coverType),
  );
  if (printed.length === 0) return [];
  const files = await tx
    .select({ itemId: printFiles.itemId, at: printFiles.handedOnAt })
    .from(printFiles)
    .where(
      and(
        eq(printFiles.orderId, refund.orderId),
        inArray(
          printFiles.itemId,
          printed.map((item) => item.itemId),
        ),
      ),
    );
  const production =
    statusBefore === 'in_production' ? await inProductionSince(tx, refund.orderId) : null;
  return printed.flatMap((item) => {
    const handed = files
      .filter((file) => file.itemId === item.itemId && file.at !== null)
      .map((file) => file.at!.getTime());
    const first = handed.length ? new Date(Math.min(...handed)) : production;
    return first ? [{ itemId: item.itemId, at: first.toISOString() }] : [];
  });
}

/**
 * The consequences for the books of a refund that has just succeeded (called once, in its
 * transaction, with the order locked). Answers the books that had been handed on (the alert's).
 */
export async function returnRefundedBooks(
  tx: Tx,
  refund: { id: number; orderId: string; itemIds: readonly string[] },
  order: { items: readonly SnapshotItem[]; statusBefore: OrderStatusValue },
  now: Date,
): Promise<HandedOnBook[]> {
  const { orderId } = refund;
  const itemIds = [...refund.itemIds];
  if (itemIds.length === 0) return [];
  const handedOn = await handedOnBooks(tx, refund, order.items, order.statusBefore);

  // The first edition: retired when a copy may exist, else free for the next printed book.
  const retire = PRINTING.includes(order.statusBefore)
    ? itemIds
    : handedOn.map((book) => book.itemId);
  if (retire.length)
    await tx
      .update(firstEditionNumbers)
      .set({ retiredAt: now })
      .where(
        and(
          eq(firstEditionNumbers.orderId, orderId),
          inArray(firstEditionNumbers.orderItemId, retire),
          isNull(firstEditionNumbers.retiredAt),
        ),
      );
  const release = itemIds.filter((id) => !retire.includes(id));
  if (release.length)
    await tx
      .update(firstEditionNumbers)
      .set({ orderItemId: null, orderId: null, assignedAt: null })
      .where(
        and(
          eq(firstEditionNumbers.orderId, orderId),
          inArray(firstEditionNumbers.orderItemId, release),
          isNull(firstEditionNumbers.retiredAt),
        ),
      );

  // Nothing of the book is left to print, zip, hand on or download.
  await tx
    .delete(printFiles)
    .where(and(eq(printFiles.orderId, orderId), inArray(printFiles.itemId, itemIds)));
  await tx
    .delete(digitalEditions)
    .where(and(eq(digitalEditions.orderId, orderId), inArray(digitalEditions.itemId, itemIds)));

  // The parcel not yet sent: its slip (and card) made again from the books kept, if any.
  if (!SHIPPED.includes(order.statusBefore)) {
    await tx
      .delete(printFiles)
      .where(and(eq(printFiles.orderId, orderId), eq(printFiles.itemId, parcelItemId(orderId))));
    await enqueueJob(tx, {
      kind: PARCEL_FILES_JOB,
      dedupeKey: `${PARCEL_FILES_JOB}:${orderId}:refund-${refund.id}`,
      payload: { orderId },
    });
  }

  // Handed to a print partner and not in production yet: cancelled there at once, not at the
  // next reconciliation (fulfilment/partner/handoff.ts cancelIfClosed decides).
  if (!SHIPPED.includes(order.statusBefore))
    await enqueueJob(tx, {
      kind: HANDOFF_CANCEL_JOB,
      dedupeKey: `${HANDOFF_CANCEL_JOB}:${orderId}:refund-${refund.id}`,
      payload: { orderId },
    });

  if (handedOn.length) {
    await tx
      .update(refunds)
      .set({ handedOn: sql`${JSON.stringify(handedOn)}::jsonb` })
      .where(eq(refunds.id, refund.id));
    await enqueueJob(tx, {
      kind: PRINTER_ALERT_MAIL_JOB,
      dedupeKey: `${PRINTER_ALERT_MAIL_JOB}:${refund.id}`,
      payload: { orderId, refundId: refund.id },
    });
  }

  await deliverWhenOnlyPdfsAreKept(tx, orderId, order, now);
  return handedOn;
}

/**
 * An order whose printed books were all paid back while its PDFs are kept and made has nothing
 * left to print or ship: it is delivered (as an order of PDFs only is when its PDFs are ready).
 */
async function deliverWhenOnlyPdfsAreKept(
  tx: Tx,
  orderId: string,
  order: { items: readonly SnapshotItem[]; statusBefore: OrderStatusValue },
  now: Date,
): Promise<void> {
  if (order.statusBefore !== 'paid' && order.statusBefore !== 'checked') return;
  const returned = await returnedBooks(tx, orderId, {
    status: order.statusBefore,
    itemIds: order.items.map((item) => item.itemId),
  });
  const kept = keptOf(order.items, returned);
  if (kept.length === 0 || kept.some((item) => isPrinted(item.coverType))) return;
  const pdfs = kept.filter((item) => hasPdf({ format: item.coverType, withPdf: item.withPdf }));
  const made = await tx
    .select({ itemId: digitalEditions.itemId })
    .from(digitalEditions)
    .where(eq(digitalEditions.orderId, orderId));
  if (!pdfs.every((item) => made.some((row) => row.itemId === item.itemId))) return;
  await transitionIn(tx, {
    orderId,
    to: 'delivered',
    actor: 'system',
    note: `only PDFs kept, ready ${now.toISOString().slice(0, 10)}`,
    from: ['paid', 'checked'],
  });
}
