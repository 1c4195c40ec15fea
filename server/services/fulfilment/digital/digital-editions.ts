import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { DOWNLOAD_LINK_DAYS, hasPdf, isPrinted, type DigitalStatus } from '#contract/digital.ts';
import type { Db } from '#server/db/client.ts';
import { orderSnapshots, placedOrders, type SnapshotItem } from '#server/db/schema/checkout.ts';
import { orders } from '#server/db/schema/shop.ts';
import { digitalEditions } from '#server/db/schema/digital.ts';
import { bookFamilyOf } from '#server/services/catalogue/family-check.ts';
import { enqueueJob } from '#server/platform/jobs/runner.ts';
import type { PlacedOrder } from '#server/services/order/placed-order.ts';
import { transitionIn } from '#server/services/order/order-moves.ts';
import type { BookPdfInput } from '#server/services/fulfilment/print/book-pdf.ts';
import type { ScreenPdf } from '#server/services/fulfilment/print/screen-pdf.ts';
import { renderScreenPdfInThread } from '#server/services/fulfilment/print/screen-thread.ts';
import { keptOf, lockedReturns } from '#server/services/order/returned-books.ts';
import { orderStillHeld } from '#server/services/retention/erasure-fence.ts';
import { bookOfItem, itemFingerprint, paidItemNow } from '#server/services/order/snapshot.ts';

/** Mails the order's download links (payload: orderId; `fresh` when the parent asked again). */
export const DIGITAL_LINKS_MAIL_JOB = 'digital-links-mail';

/** Makes one book's screen PDF (in a worker thread by default). Replaceable in tests. */
export type ScreenRenderer = (input: BookPdfInput) => Promise<ScreenPdf>;

/** The books of a snapshot that come with the PDF (alone, or printed + PDF). */
export function pdfItemsOf(items: readonly SnapshotItem[]): SnapshotItem[] {
  return items.filter((item) => hasPdf({ format: item.coverType, withPdf: item.withPdf }));
}

/** An order of PDFs only: nothing is printed or shipped. */
export function isDigitalOnly(items: readonly SnapshotItem[]): boolean {
  return items.length > 0 && items.every((item) => !isPrinted(item.coverType));
}

/** The screen PDF's input: the book exactly as paid for (the snapshot). */
export function screenInputOf(order: PlacedOrder, item: SnapshotItem): BookPdfInput {
  return {
    ...bookOfItem(item),
    ...(item.family ? { family: bookFamilyOf(item.family) } : {}),
    dedication: item.dedication,
    bookKey: `item:${item.itemId}`,
    editionNumber: order.editionNumbers.get(item.itemId) ?? null,
  };
}

/**
 * The print-files job's part for the digital edition: makes the book's screen PDF once and stores
 * it. When every PDF of the order is made, in one transaction: the links mail is queued, and an
 * order of PDFs only moves on to `delivered` (it has no shipping steps).
 */
export async function makeDigitalEdition(
  db: Db,
  order: PlacedOrder,
  item: SnapshotItem,
  render: ScreenRenderer = renderScreenPdfInThread,
): Promise<void> {
  const [have] = await db
    .select({ id: digitalEditions.id })
    .from(digitalEditions)
    .where(eq(digitalEditions.itemId, item.itemId));
  if (!have) {
    const fingerprint = itemFingerprint(item);
    const pdf = await render(screenInputOf(order, item));
    // Stored only while the book is kept: a refund that completed while it was being made wins.
    // Behind the erasure's fence too: an order erased while its PDF rendered keeps none.
    const stored = await db.transaction(async (tx) => {
      if (!(await orderStillHeld(tx, order.orderId))) return false;
      const now = await lockedReturns(tx, order.orderId);
      if (!now || now.status === 'cancelled' || now.returned.has(item.itemId)) return false;
      // Changed by the parent while it rendered (fulfilment/book-change.ts): made again from the change.
      const current = await paidItemNow(tx, order.orderId, item.itemId);
      if (!current || itemFingerprint(current) !== fingerprint) return false;
      await tx
        .insert(digitalEditions)
        .values({
          orderId: order.orderId,
          itemId: item.itemId,
          bytes: pdf.bytes,
          byteSize: pdf.bytes.length,
          sha256: createHash('sha256').update(pdf.bytes).digest('hex'),
          pageCount: pdf.pageCount,
        })
        .onConflictDoNothing({ target: digitalEditions.itemId });
      return true;
    });
    if (!stored) return;
  }
  // The PDFs of the books kept (a refunded one is made no more: stored-print-files.ts).
  const kept = keptOf(order.snapshot.items, order.returned);
  const wanted = pdfItemsOf(kept);
  await db.transaction(async (tx) => {
    const made = await tx
      .select({ itemId: digitalEditions.itemId })
      .from(digitalEditions)
      .where(eq(digitalEditions.orderId, order.orderId));
    if (!wanted.every((book) => made.some((row) => row.itemId === book.itemId))) return;
    await enqueueJob(tx, {
      kind: DIGITAL_LINKS_MAIL_JOB,
      dedupeKey: `${DIGITAL_LINKS_MAIL_JOB}:${order.orderId}`,
      payload: { orderId: order.orderId },
    });
    if (isDigitalOnly(kept))
      await transitionIn(tx, {
        orderId: order.orderId,
        to: 'delivered',
        actor: 'system',
        note: 'digital edition ready',
        from: ['paid', 'checked'],
      });
  });
}

/**
 * The status page's view of an order's PDFs (by place in the order), or null when it has none. A
 * PDF paid back says so (`returned`) and is never ready: its file is deleted, its links answer 410.
 */
export async function digitalStatus(db: Db, order: PlacedOrder): Promise<DigitalStatus | null> {
  const books = order.snapshot.items
    .map((item, index) => ({ item, place: String(index + 1) }))
    .filter(({ item }) => hasPdf({ format: item.coverType, withPdf: item.withPdf }));
  if (books.length === 0) return null;
  // Past its retention time the order's PDFs are erased (server/services/retention): none to show.
  const [kept] = await db
    .select({ anonymisedAt: orders.anonymisedAt })
    .from(orders)
    .where(eq(orders.id, order.orderId));
  if (!kept || kept.anonymisedAt !== null) return null;
  const rows = await db
    .select({
      itemId: digitalEditions.itemId,
      downloads: digitalEditions.downloadCount,
      byteSize: digitalEditions.byteSize,
    })
    .from(digitalEditions)
    .where(eq(digitalEditions.orderId, order.orderId));
  return {
    linkDays: DOWNLOAD_LINK_DAYS,
    items: books.map(({ item, place }) => {
      const returned = order.returned.get(item.itemId);
      const row = returned ? undefined : rows.find((candidate) => candidate.itemId === item.itemId);
      return {
        id: place,
        childName: item.childName,
        ready: row !== undefined,
        downloads: row?.downloads ?? 0,
        byteSize: row?.byteSize ?? null,
        ...(returned ? { returned: returned.state } : {}),
      };
    }),
  };
}

/** One download: counts it and answers the PDF (undefined when it is not made, or was erased). */
export async function takeDownload(db: Db, itemId: string, at: Date) {
  const [row] = await db
    .update(digitalEditions)
    .set({
      downloadCount: sql`${digitalEditions.downloadCount} + 1`,
      lastDownloadedAt: at,
    })
    .where(eq(digitalEditions.itemId, itemId))
    .returning({
      orderId: digitalEditions.orderId,
      bytes: digitalEditions.bytes,
      sha256: digitalEditions.sha256,
    });
  return row;
}

/** The order a made PDF belongs to (an expired link's page speaks the order's language). */
export async function orderOfEdition(db: Db, itemId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ orderId: digitalEditions.orderId })
    .from(digitalEditions)
    .where(and(eq(digitalEditions.itemId, itemId)));
  return row?.orderId;
}

/**
 * The order a paid book belongs to, by its snapshot item id (a refunded book's PDF is deleted, so
 * its link's page finds the order here to answer 410 in the order's language).
 */
export async function orderOfItem(db: Db, itemId: string): Promise<string | undefined> {
  const result = await db.execute<{ order_id: string }>(sql`
    select p.order_id from ${placedOrders} p
    join ${orderSnapshots} s on s.id = p.snapshot_id
    where s.items @> ${JSON.stringify([{ itemId }])}::jsonb
    limit 1`);
  return (result as unknown as { rows: { order_id: string }[] }).rows[0]?.order_id;
}

/** Notes that links were mailed now. */
export async function markLinksMailed(db: Db, orderId: string, at: Date): Promise<void> {
  await db
    .update(digitalEditions)
    .set({ linkMailedAt: at })
    .where(eq(digitalEditions.orderId, orderId));
}
