import { createHash } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { PRINT_FILE_KINDS } from '#contract/admin-orders.ts';
import { hasPdf, isPrinted } from '#contract/digital.ts';
import type { Db } from '../db/client.ts';
import { makeDigitalEdition, type ScreenRenderer } from './digital/digital-editions.ts';
import { printFiles, type SnapshotItem } from '../db/schema-checkout.ts';
import type { BookPdfInput } from './print/book-pdf.ts';
import type { Binding } from './print/cover-geometry.ts';
import { renderPrintFiles, type PrintFiles } from './print/print-thread.ts';
import type { PlacedOrder } from './placed-order.ts';
import { bookFamilyOf } from './family-check.ts';
import { bookOfItem } from './snapshot.ts';
import { writeUnlessErased } from './retention/erasure-fence.ts';

/** The print input of a paid book, with its first-edition number (printed in the book). */
type PrintInput = BookPdfInput & { editionNumber: number | null };

/** Renders a book's print PDFs (the existing print PDF, in a worker thread). Replaceable in tests. */
export type PrintRenderer = (input: PrintInput) => Promise<PrintFiles>;
export const renderPrintInput: PrintRenderer = (input) => renderPrintFiles(input);

const BINDINGS: Record<string, Binding> = { hardcover: 'hardcover', softcover: 'softcover' };

/**
 * The print input of one paid book, everything from the paid snapshot: the book (language, child,
 * characters), the dedication and the binding the parent ordered (a softcover gets a softcover
 * wrap: no boards, trim plus bleed). A format the printer has no cover for is an error, never a
 * silent hardcover.
 */
export function printInputOf(order: PlacedOrder, item: SnapshotItem): PrintInput {
  const binding = BINDINGS[item.coverType];
  if (!binding)
    throw new Error(
      `item ${item.itemId.slice(0, 6)}… has no printable binding (${item.coverType})`,
    );
  return {
    ...bookOfItem(item),
    // Who is in the book and what the child calls them, as paid for (#33).
    ...(item.family ? { family: bookFamilyOf(item.family) } : {}),
    dedication: item.dedication,
    cover: { binding },
    title: `${order.orderNumber} ${item.childName}`,
    // The files' DocumentIDs and font subset names derive from the item (hashed, never printed).
    bookKey: `item:${item.itemId}`,
    editionNumber: order.editionNumbers.get(item.itemId) ?? null,
  };
}

/**
 * The print-files job: renders one paid book exactly as paid for (the snapshot) and stores the
 * interior, endpapers and cover PDFs in the database (shared by every instance). Repeating it
 * keeps the files already stored and adds the missing ones (books paid before the endpapers were
 * stored get them on the next run).
 */
export async function makePrintFiles(
  db: Db,
  order: PlacedOrder,
  itemId: string,
  render: PrintRenderer = renderPrintInput,
  screen?: ScreenRenderer,
): Promise<void> {
  const item = order.snapshot.items.find((candidate) => candidate.itemId === itemId);
  if (!item) throw new Error(`item ${itemId.slice(0, 6)}… is not in the paid snapshot`);
  // The digital edition (#36): the screen PDF of a book bought as a PDF, alone or beside print.
  if (hasPdf({ format: item.coverType, withPdf: item.withPdf }))
    await makeDigitalEdition(db, order, item, screen);
  if (!isPrinted(item.coverType)) return;
  const have = await db
    .select({ kind: printFiles.kind })
    .from(printFiles)
    .where(and(eq(printFiles.orderId, order.orderId), eq(printFiles.itemId, itemId)));
  if (PRINT_FILE_KINDS.every((kind) => have.some((row) => row.kind === kind))) return;
  const input = printInputOf(order, item);
  const { editionNumber } = input;
  const files = await render(input);
  for (const [kind, bytes] of [
    ['interior', files.interior],
    ['endpapers', files.endpapers],
    ['cover', files.cover],
  ] as const) {
    // Erased while it rendered: nothing of it is stored.
    if (!(await storePrintFile(db, { orderId: order.orderId, itemId, kind, bytes, editionNumber })))
      return;
  }
}

/**
 * Stores one print file (a book's or the parcel's) with its size and SHA-256; a file of that kind
 * stored already for the item is kept (a job run twice stores nothing twice). Behind the erasure's
 * fence (retention/erasure-fence.ts): once the order's personal data is erased, however long the
 * file took to render, it is not stored (answers false).
 */
export async function storePrintFile(
  db: Db,
  file: {
    orderId: string;
    itemId: string;
    kind: string;
    bytes: Buffer;
    editionNumber: number | null;
  },
): Promise<boolean> {
  return writeUnlessErased(db, file.orderId, (tx) =>
    tx
      .insert(printFiles)
      .values({
        ...file,
        byteSize: file.bytes.length,
        sha256: createHash('sha256').update(file.bytes).digest('hex'),
      })
      .onConflictDoNothing({ target: [printFiles.itemId, printFiles.kind] }),
  );
}

/** The print files of an order without their bytes (the back office's list). */
export async function printFilesOf(db: Db, orderId: string) {
  return db
    .select({
      id: printFiles.id,
      itemId: printFiles.itemId,
      kind: printFiles.kind,
      byteSize: printFiles.byteSize,
      sha256: printFiles.sha256,
      editionNumber: printFiles.editionNumber,
      createdAt: printFiles.createdAt,
    })
    .from(printFiles)
    .where(eq(printFiles.orderId, orderId))
    .orderBy(asc(printFiles.id));
}

/** One stored print file with its bytes (a download). */
export async function printFileBytes(db: Db, id: number) {
  const [row] = await db.select().from(printFiles).where(eq(printFiles.id, id));
  return row;
}
