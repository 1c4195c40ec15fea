import { and, asc, eq, inArray, isNull, notExists, sql } from 'drizzle-orm';
import { PARCEL_FILE_KINDS, PRINT_FILE_KINDS } from '#contract/admin-orders.ts';
import { Zip, ZipPassThrough } from 'fflate';
import type { Db } from '#server/db/client.ts';
import { giftArrivalPlan } from '#server/services/gift/gift-arrival.ts';
import { orderSnapshots, placedOrders, printFiles } from '#server/db/schema/checkout.ts';
import { orders } from '#server/db/schema/shop.ts';
import { printHandoffs } from '#server/db/schema/fulfilment.ts';
import { refundedItemIdsOf } from '#server/services/order/returned-books.ts';

/** A file name made of letters, digits, '-' and '_' only (Latvian letters lose their marks: Janis). */
export function safeName(text: string): string {
  return (
    text
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^A-Za-z0-9_-]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 40) || 'book'
  );
}

interface PrintFileEntry {
  id: number;
  /**
   * Path in the zip: SM-2026-00042/SM-2026-00042-1-Anna-ed007-interior.pdf for a book's files,
   * SM-2026-00042/SM-2026-00042-packing-slip.pdf (and -gift-card.pdf) for the parcel's.
   */
  name: string;
}

/**
 * The print files of every order in production, named for the printer (order, book, child,
 * edition, kind), and the parcel's files beside them (server/services/fulfilment/parcel-files.ts: the
 * packing slip of every printed order, the card of a gift), after the order's books. A gift with a
 * chosen arrival day is left out until its print day.
 */
export async function printFilesInProduction(db: Db, at?: Date): Promise<PrintFileEntry[]> {
  const rows = await db
    .select({
      id: printFiles.id,
      orderId: printFiles.orderId,
      itemId: printFiles.itemId,
      kind: printFiles.kind,
      editionNumber: printFiles.editionNumber,
      orderNumber: placedOrders.orderNumber,
      items: orderSnapshots.items,
      isGift: orderSnapshots.isGift,
      giftArriveBy: orderSnapshots.giftArriveBy,
      deliveryDays: orderSnapshots.deliveryDays,
    })
    .from(printFiles)
    .innerJoin(orders, eq(orders.id, printFiles.orderId))
    .innerJoin(placedOrders, eq(placedOrders.orderId, printFiles.orderId))
    .innerJoin(orderSnapshots, eq(orderSnapshots.id, placedOrders.snapshotId))
    .where(
      and(
        eq(orders.status, 'in_production'),
        inArray(printFiles.kind, [...PRINT_FILE_KINDS, ...PARCEL_FILE_KINDS]),
        // Books the print partner has (issue #47) are printed there, never a second time by hand.
        notExists(
          db
            .select({ one: sql`1` })
            .from(printHandoffs)
            .where(
              and(
                eq(printHandoffs.orderId, printFiles.orderId),
                sql`${printHandoffs.state} not in ('failed', 'cancelled')`,
              ),
            ),
        ),
      ),
    )
    .orderBy(asc(placedOrders.orderNumber), asc(printFiles.itemId), asc(printFiles.kind));
  // A gift to arrive on a chosen day waits until its print day (gift/gift-arrival.ts): printed
  // sooner, it would reach the recipient weeks early. The Parcel card tells the staff so.
  const today = (at ?? new Date()).toISOString().slice(0, 10);
  // A refunded book is never in the zip (its files are deleted with the refund; this holds even
  // for files a print job stored while the refund was on its way).
  const refunded = await refundedItemIdsOf(db, [...new Set(rows.map((row) => row.orderId))]);
  const due = rows.filter((row) => {
    if (refunded.has(row.itemId)) return false;
    const plan = giftArrivalPlan({ ...row, items: row.items });
    return !plan || plan.printFrom <= today;
  });
  return due.map((row) => {
    if ((PARCEL_FILE_KINDS as readonly string[]).includes(row.kind))
      return { id: row.id, name: `${row.orderNumber}/${row.orderNumber}-${row.kind}.pdf` };
    const position = row.items.findIndex((item) => item.itemId === row.itemId) + 1;
    const child = row.items[position - 1]?.childName ?? 'book';
    const edition = row.editionNumber ? `-ed${String(row.editionNumber).padStart(3, '0')}` : '';
    return {
      id: row.id,
      name: `${row.orderNumber}/${row.orderNumber}-${position}-${safeName(child)}${edition}-${row.kind}.pdf`,
    };
  });
}

/**
 * The files have left the shop for the printer (in the zip, or downloaded one by one): the first
 * time is kept. A book refunded after that alerts the owner (refunds/refund-books.ts).
 */
export async function markHandedOn(db: Db, ids: readonly number[], at: Date): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(printFiles)
    .set({ handedOnAt: at })
    .where(and(inArray(printFiles.id, [...ids]), isNull(printFiles.handedOnAt)));
}

/**
 * A zip (stored, not compressed: PDFs hardly shrink) of `entries`, streamed: each file is read
 * from the database only when the previous one has been written, so memory holds one file.
 */
export function zipStream(db: Db, entries: PrintFileEntry[], at: Date): ReadableStream<Uint8Array> {
  let zip: Zip;
  let index = 0;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      zip = new Zip((error, chunk, final) => {
        if (error) return controller.error(error);
        controller.enqueue(chunk);
        if (final) controller.close();
      });
      if (entries.length === 0) zip.end();
    },
    async pull() {
      const entry = entries[index];
      if (!entry) return;
      index += 1;
      const [row] = await db
        .select({ bytes: printFiles.bytes })
        .from(printFiles)
        .where(eq(printFiles.id, entry.id));
      const file = new ZipPassThrough(entry.name);
      file.mtime = at;
      zip.add(file);
      file.push(
        row
          ? new Uint8Array(row.bytes.buffer, row.bytes.byteOffset, row.bytes.byteLength)
          : new Uint8Array(),
        true,
      );
      if (index === entries.length) zip.end();
    },
  });
}
