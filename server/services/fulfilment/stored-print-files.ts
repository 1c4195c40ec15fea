import { createHash } from 'node:crypto';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { printFileKindsOf } from '#contract/admin-orders.ts';
import { hasPdf, isPrinted } from '#contract/digital.ts';
import type { Db, Tx } from '#server/db/client.ts';
import { makeDigitalEdition, type ScreenRenderer } from './digital/digital-editions.ts';
import { printFiles, type SnapshotItem } from '#server/db/schema/checkout.ts';
import { lockedReturns } from '#server/services/order/returned-books.ts';
import type { BookPdfInput } from './print/book-pdf.ts';
import type { Binding } from './print/cover-geometry.ts';
import { enqueueJob } from '#server/platform/jobs/runner.ts';
import type { ProofReport } from './print/print-proof.ts';
import { renderPrintFiles, type PrintFiles } from './print/print-thread.ts';
import type { PlacedOrder } from '#server/services/order/placed-order.ts';
import { bookFamilyOf } from '#server/services/catalogue/family-check.ts';
import {
  bookOfItem,
  itemFingerprint,
  itemsFingerprint,
  paidItemNow,
  paidItemsNow,
} from '#server/services/order/snapshot.ts';
import { orderStillHeld } from '#server/services/retention/erasure-fence.ts';

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
 * The stored proof of a book's print files (print-proof.ts): its report as JSON, one row of kind
 * 'proof' per book beside the files (never a print file: the zip and the back office's file list
 * leave it out). A failed proof stores the report and no files: the book is held.
 */
export const PROOF_KIND = 'proof';

/** The mail to the shop that a book's proof failed (print-job.ts sends it). */
export const PROOF_ALERT_JOB = 'print-proof-alert';

/**
 * The print-files job: renders one paid book exactly as paid for (the snapshot), proofs the files
 * against the preview (print-proof.ts) and, when they pass, stores the interior, a hardcover's
 * endpapers and the cover PDFs in the database (shared by every instance). When they fail, no
 * file is stored: the report is kept, the order is held (it cannot go to production) and the
 * shop is alerted on the dashboard and by mail. Repeating it keeps the files already stored and
 * adds the missing ones.
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
  // A book refunded or cancelled is made no more: no print files, no PDF (#43 item 4, #44.2).
  if (order.returned.has(itemId)) return;
  // The digital edition (#36): the screen PDF of a book bought as a PDF, alone or beside print.
  if (hasPdf({ format: item.coverType, withPdf: item.withPdf }))
    await makeDigitalEdition(db, order, item, screen);
  if (!isPrinted(item.coverType)) return;
  const kinds = printFileKindsOf(item.coverType);
  const have = await db
    .select({ kind: printFiles.kind })
    .from(printFiles)
    .where(and(eq(printFiles.orderId, order.orderId), eq(printFiles.itemId, itemId)));
  if (kinds.every((kind) => have.some((row) => row.kind === kind))) return;
  const input = printInputOf(order, item);
  const { editionNumber } = input;
  // The book as it was rendered: changed meanwhile by the parent (fulfilment/book-change.ts), none of
  // this is stored (the change queued the book again).
  const fingerprint = itemFingerprint(item);
  const files = await render(input);
  // Erased while it rendered (retention/erasure-fence.ts): nothing of it is stored.
  if (!(await storeProof(db, { orderId: order.orderId, itemId, proof: files.proof, fingerprint })))
    return;
  if (!files.proof.ok) {
    await enqueueJob(db, {
      kind: PROOF_ALERT_JOB,
      dedupeKey: `${PROOF_ALERT_JOB}:${itemId}:${createHash('sha256').update(JSON.stringify(files.proof.pages)).digest('hex').slice(0, 16)}:${files.proof.missingSentences.length}:${files.proof.error ?? ''}`,
      payload: { orderId: order.orderId, itemId },
    });
    return;
  }
  for (const kind of kinds) {
    const bytes = files[kind];
    if (!bytes) throw new Error(`the renderer made no ${kind} for a ${item.coverType}`);
    if (
      !(await storePrintFile(
        db,
        { orderId: order.orderId, itemId, kind, bytes, editionNumber },
        { fingerprint },
      ))
    )
      return;
  }
}

/**
 * Whether the paid book is still the one a file was made from (read under the order's lock, which
 * a change of the book takes for update: fulfilment/book-change.ts).
 */
export async function stillAsMade(
  tx: Tx,
  orderId: string,
  itemId: string,
  fingerprint: string,
): Promise<boolean> {
  const now = await paidItemNow(tx, orderId, itemId);
  return now !== undefined && itemFingerprint(now) === fingerprint;
}

/**
 * Stores (or replaces: a book made again is proofed again) the proof report of one book, behind
 * the erasure's fence (its missing sentences name the child) and the refund's, as its files are;
 * false once the order is erased or the book paid back.
 */
async function storeProof(
  db: Db,
  row: { orderId: string; itemId: string; proof: ProofReport; fingerprint: string },
): Promise<boolean> {
  const bytes = Buffer.from(JSON.stringify(row.proof));
  const values = {
    orderId: row.orderId,
    itemId: row.itemId,
    kind: PROOF_KIND,
    bytes,
    byteSize: bytes.length,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    editionNumber: null,
  };
  return db.transaction(async (tx) => {
    if (!(await orderStillHeld(tx, row.orderId))) return false;
    // A book refunded or cancelled while it rendered keeps nothing, its proof included.
    const now = await lockedReturns(tx, row.orderId);
    if (!now || now.status === 'cancelled' || now.returned.has(row.itemId)) return false;
    if (!(await stillAsMade(tx, row.orderId, row.itemId, row.fingerprint))) return false;
    await tx
      .insert(printFiles)
      .values(values)
      .onConflictDoUpdate({
        target: [printFiles.itemId, printFiles.kind],
        set: { bytes, byteSize: values.byteSize, sha256: values.sha256, createdAt: sql`now()` },
      });
    return true;
  });
}

/**
 * Stores one print file (a book's or the parcel's) with its size and SHA-256; a file of that kind
 * stored already for the item is kept (a job run twice stores nothing twice). With the order
 * locked against a refund completing meanwhile (refunds/refund-records.ts locks it for update): a
 * book's file is not stored once the book was refunded or cancelled, a parcel's file only while
 * the books returned are as many as when it was made (`returnedCount`; a refund meanwhile queued
 * it again), and a file made from every book (the packing slip) only while they are as it was made
 * from (`booksFingerprint`; a change of a book meanwhile queued it again). Behind the erasure's
 * fence too (retention/erasure-fence.ts): once the order's personal data is erased, however long
 * the file took to render, it is not stored. Answers whether it was stored.
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
  madeFrom: { returnedCount?: number; fingerprint?: string; booksFingerprint?: string } = {},
): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (!(await orderStillHeld(tx, file.orderId))) return false;
    const now = await lockedReturns(tx, file.orderId);
    if (!now) return false;
    const { status, returned } = now;
    if (returned.has(file.itemId) || status === 'cancelled') return false;
    if (madeFrom.returnedCount !== undefined && returned.size !== madeFrom.returnedCount)
      return false;
    if (
      madeFrom.fingerprint !== undefined &&
      !(await stillAsMade(tx, file.orderId, file.itemId, madeFrom.fingerprint))
    )
      return false;
    if (madeFrom.booksFingerprint !== undefined) {
      const books = await paidItemsNow(tx, file.orderId);
      if (!books || itemsFingerprint(books) !== madeFrom.booksFingerprint) return false;
    }
    const stored = await tx
      .insert(printFiles)
      .values({
        ...file,
        byteSize: file.bytes.length,
        sha256: createHash('sha256').update(file.bytes).digest('hex'),
      })
      .onConflictDoNothing({ target: [printFiles.itemId, printFiles.kind] })
      .returning({ id: printFiles.id });
    return stored.length > 0;
  });
}

/** The print files of an order without their bytes (the back office's list; the proofs are not files). */
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
    .where(and(eq(printFiles.orderId, orderId), ne(printFiles.kind, PROOF_KIND)))
    .orderBy(asc(printFiles.id));
}

/** One stored print file with its bytes (a download). */
export async function printFileBytes(db: Db, id: number) {
  const [row] = await db.select().from(printFiles).where(eq(printFiles.id, id));
  return row;
}
