// "Change the book" (issue #47 item 2): during the print hold the parent corrects a paid book
// (names, looks, the family's words, the dedication) from the status page. One transaction holds
// the order's row for update (the hand-off takes the same lock: fulfilment/partner/handoff.ts) and
// changes the paid snapshot's book, removes its print files and proof (and its screen PDF and the
// parcel's files) and queues them again, corrects the invoice line's words, writes the audit row
// and queues the parent's mail. The money never changes.

import { and, count, eq } from 'drizzle-orm';
import {
  MAX_BOOK_CHANGES,
  type BookChangeRefusal,
  type BookChanges,
  type PaidBook,
} from '#contract/book-change.ts';
import { hasPdf, isPrinted } from '#contract/digital.ts';
import { toLanguage, type Language } from '#contract/markets.ts';
import type { ChildGender, OrderableCover } from '#contract/orders.ts';
import { BODY_OF_KIND } from '#book/family.ts';
import type { Db, Tx } from '#server/db/client.ts';
import {
  orderSnapshots,
  placedOrders,
  printFiles,
  type SnapshotItem,
} from '#server/db/schema/checkout.ts';
import { digitalEditions } from '#server/db/schema/digital.ts';
import { printHandoffs } from '#server/db/schema/fulfilment.ts';
import { invoices } from '#server/db/schema/money.ts';
import { auditLog } from '#server/db/schema/staff.ts';
import { orders } from '#server/db/schema/shop.ts';
import { enqueueJob } from '#server/platform/jobs/runner.ts';
import { recordAudit } from '#server/services/audit/audit-log.ts';
import { parcelItemId } from '#server/services/fulfilment/parcel-files.ts';
import {
  printHoldUntil,
  type PrintFulfilment,
} from '#server/services/fulfilment/partner/handoff.ts';
import { PRINT_FILES_JOB } from '#server/services/payment/settle.ts';
import { returnedBooks } from '#server/services/order/returned-books.ts';
import { familyOfRow } from '#server/services/catalogue/family-check.ts';
import { itemColumns, type CheckedItem } from '#server/services/order/order-items.ts';

/** The parent's mail that the book was changed (payload: orderId, place, change). */
export const BOOK_CHANGED_MAIL_JOB = 'book-changed-mail';

/** The audit log's action of a change (its count is the order's changes). */
export const BOOK_CHANGE_ACTION = 'order.bookChange';

/** Who changes a book: the parent, by the status page's link (no account), from an address. */
const PARENT = 'parent (status link)';

export type BookChangeDeps = Pick<PrintFulfilment, 'db' | 'holdMs' | 'partner' | 'now' | 'wake'>;

/** The parts of a book a change can touch, as the audit row and the answer name them. */
const PARTS = {
  childName: (item: SnapshotItem) => item.childName,
  childGender: (item: SnapshotItem) => item.childGender,
  childLook: (item: SnapshotItem) => canonical(JSON.parse(item.childPersonalization)),
  family: (item: SnapshotItem) => {
    const family = familyOf(item);
    return canonical({
      shape: family.shape,
      grownUps: family.grownUps.map((g) => ({
        ...g,
        personalization: JSON.parse(g.personalization),
      })),
    });
  },
  dedication: (item: SnapshotItem) => item.dedication,
} as const;

/** JSON with every object's keys in order: the same look written in another order is the same. */
function canonical(value: unknown): string {
  const sorted = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(sorted)
      : v && typeof v === 'object'
        ? Object.fromEntries(
            Object.entries(v as Record<string, unknown>)
              .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
              .map(([key, inner]) => [key, sorted(inner)]),
          )
        : v;
  return JSON.stringify(sorted(value));
}

function familyOf(item: SnapshotItem) {
  return item.family ?? familyOfRow({ ...item, family: null });
}

/** The fixed parts of a paid book: what the save sends for them must be what was paid for. */
function fixedFields(
  item: SnapshotItem,
  orderLanguage: string,
  save: Pick<CheckedItem, 'coverType' | 'withPdf' | 'language'> & { shopLanguage: Language },
): string[] {
  const fields: string[] = [];
  if (save.coverType !== item.coverType) fields.push('cover');
  if (save.withPdf !== (item.withPdf === true)) fields.push('withPdf');
  if (save.language !== item.language) fields.push('language');
  if (save.shopLanguage !== orderLanguage) fields.push('country');
  return fields;
}

interface Window {
  orderId: string;
  status: string;
  paidAt: Date;
  snapshotId: string;
  language: string;
  items: SnapshotItem[];
  handedOn: boolean;
}

async function windowOf(db: Db | Tx, orderId: string, lock: boolean): Promise<Window | undefined> {
  // Locked first (for update): the hand-off and a refund wait for the change, or it for them.
  if (lock)
    await db.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId)).for('update');
  const [row] = await db
    .select({
      status: orders.status,
      paidAt: placedOrders.paidAt,
      snapshotId: placedOrders.snapshotId,
      language: orderSnapshots.language,
      items: orderSnapshots.items,
      handoff: printHandoffs.id,
    })
    .from(placedOrders)
    .innerJoin(orders, eq(orders.id, placedOrders.orderId))
    .innerJoin(orderSnapshots, eq(orderSnapshots.id, placedOrders.snapshotId))
    .leftJoin(printHandoffs, eq(printHandoffs.orderId, placedOrders.orderId))
    .where(eq(placedOrders.orderId, orderId));
  if (!row) return undefined;
  return {
    orderId,
    status: row.status,
    paidAt: row.paidAt,
    snapshotId: row.snapshotId,
    language: row.language,
    items: row.items,
    handedOn: row.handoff !== null,
  };
}

async function changesMade(db: Db | Tx, orderId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.targetType, 'order'),
        eq(auditLog.targetId, orderId),
        eq(auditLog.action, BOOK_CHANGE_ACTION),
      ),
    );
  return Number(row?.n ?? 0);
}

/** Why the order's books cannot be changed now, or null while they can (the whole order). */
function orderRefusal(deps: BookChangeDeps, window: Window): BookChangeRefusal | null {
  if (window.status === 'cancelled' || window.status === 'refunded') return 'order_closed';
  if (window.handedOn) return 'handed_on';
  if (window.status !== 'paid' && window.status !== 'checked') return 'order_closed';
  // No print partner (PRINT_PARTNER=manual): there is no hold, staff may print at any time.
  if (!deps.partner) return 'not_changeable';
  if (deps.now() >= printHoldUntil(window.paidAt, deps.holdMs)) return 'hold_over';
  return null;
}

type Located =
  | { ok: true; window: Window; item: SnapshotItem; index: number; made: number }
  | { ok: false; refusal: BookChangeRefusal | 'not-found'; language?: Language };

/** The order's window and the book at `place`, checked for a change (in `db`: a transaction to lock). */
async function locate(
  deps: BookChangeDeps,
  db: Db | Tx,
  orderId: string,
  place: string,
  lock: boolean,
): Promise<Located> {
  const window = await windowOf(db, orderId, lock);
  if (!window) return { ok: false, refusal: 'not-found' };
  const language = toLanguage(window.language) ?? 'en-GB';
  const index = Number(place) - 1;
  const item = window.items[index];
  if (!item) return { ok: false, refusal: 'not-found', language };
  const refused = orderRefusal(deps, window);
  if (refused) return { ok: false, refusal: refused, language };
  const returned = await returnedBooks(db, orderId, {
    status: window.status,
    itemIds: window.items.map((book) => book.itemId),
  });
  if (returned.has(item.itemId)) return { ok: false, refusal: 'book_returned', language };
  if (!isPrinted(item.coverType)) return { ok: false, refusal: 'not_changeable', language };
  return { ok: true, window, item, index, made: await changesMade(db, orderId) };
}

/**
 * The status answer's part: until when the books can be changed, how many changes are left and
 * which books (by place); null when none can be.
 */
export async function bookChangesOf(deps: BookChangeDeps, orderId: string): Promise<BookChanges> {
  const window = await windowOf(deps.db, orderId, false);
  if (!window || orderRefusal(deps, window)) return null;
  const returned = await returnedBooks(deps.db, orderId, {
    status: window.status,
    itemIds: window.items.map((book) => book.itemId),
  });
  const books = window.items.flatMap((item, index) =>
    isPrinted(item.coverType) && !returned.has(item.itemId) ? [String(index + 1)] : [],
  );
  if (books.length === 0) return null;
  return {
    until: printHoldUntil(window.paidAt, deps.holdMs).toISOString(),
    left: Math.max(0, MAX_BOOK_CHANGES - (await changesMade(deps.db, orderId))),
    books,
  };
}

/** GET /api/order/{orderId}/books/{place}: the paid book in the cart item's shape, while it may be changed. */
export async function paidBookForChange(
  deps: BookChangeDeps,
  orderId: string,
  place: string,
): Promise<
  | { ok: true; book: PaidBook }
  | { ok: false; refusal: BookChangeRefusal | 'not-found'; language?: Language }
> {
  const found = await locate(deps, deps.db, orderId, place, false);
  if (!found.ok) return found;
  const { item, window } = found;
  const family = familyOf(item);
  return {
    ok: true,
    book: {
      id: place,
      orderId,
      language: toLanguage(item.language) ?? 'en-GB',
      customization: {
        dedication: item.dedication,
        bookCoverType: item.coverType as OrderableCover,
        withPdf: item.withPdf === true,
      },
      children: [
        {
          name: item.childName,
          gender: item.childGender as ChildGender,
          personalization: item.childPersonalization,
        },
      ],
      familyShape: family.shape,
      grownUps: family.grownUps.map((g) => ({ grownUpRole: BODY_OF_KIND[g.kind], ...g })),
      changeUntil: printHoldUntil(window.paidAt, deps.holdMs).toISOString(),
      changesLeft: Math.max(0, MAX_BOOK_CHANGES - found.made),
      orderLanguage: toLanguage(window.language) ?? 'en-GB',
    },
  };
}

export type BookChangeResult =
  | { ok: true; changed: string[]; changesLeft: number; changeUntil: Date; language: Language }
  | { ok: false; refusal: BookChangeRefusal | 'not-found'; language?: Language }
  | { ok: false; refusal: 'fixed'; fields: string[]; language: Language };

/**
 * PUT /api/order/{orderId}/books/{place}: the checked save (order-items.ts checkSavePayload, as a
 * cart save is checked) applied to the paid book, in one transaction with the order locked.
 */
export async function changeBook(
  deps: BookChangeDeps,
  orderId: string,
  place: string,
  save: CheckedItem & { shopLanguage: Language },
  from: { address: string | null },
): Promise<BookChangeResult> {
  const result = await deps.db.transaction(async (tx): Promise<BookChangeResult> => {
    const found = await locate(deps, tx, orderId, place, true);
    if (!found.ok) return found;
    const { window, item, index, made } = found;
    const language = toLanguage(window.language) ?? 'en-GB';
    const fixed = fixedFields(item, window.language, save);
    if (fixed.length > 0) return { ok: false, refusal: 'fixed', fields: fixed, language };
    const columns = itemColumns(save);
    const changedItem: SnapshotItem = {
      ...item,
      childName: columns.childName,
      childGender: columns.childGender,
      childPersonalization: columns.childPersonalization,
      dadName: columns.dadName,
      dadPersonalization: columns.dadPersonalization,
      mumName: columns.mumName,
      mumPersonalization: columns.mumPersonalization,
      family: familyOfRow(columns),
      dedication: columns.dedication,
    };
    const changed = (Object.keys(PARTS) as (keyof typeof PARTS)[]).filter(
      (part) => PARTS[part](item) !== PARTS[part](changedItem),
    );
    const until = printHoldUntil(window.paidAt, deps.holdMs);
    // Saved as it was: nothing to make again, no change counted.
    if (changed.length === 0)
      return {
        ok: true,
        changed,
        changesLeft: Math.max(0, MAX_BOOK_CHANGES - made),
        changeUntil: until,
        language,
      };
    if (made >= MAX_BOOK_CHANGES) return { ok: false, refusal: 'too_many_changes', language };

    // 1. The paid snapshot's book (its price, cover and title stay as paid for).
    const items = window.items.map((book, at) => (at === index ? changedItem : book));
    await tx.update(orderSnapshots).set({ items }).where(eq(orderSnapshots.id, window.snapshotId));
    // The back office's search (children's names) is filled from the snapshot by a trigger.
    await tx
      .update(placedOrders)
      .set({ snapshotId: window.snapshotId })
      .where(eq(placedOrders.orderId, orderId));
    // 2. Its print files and proof, its screen PDF and the parcel's files (the slip names the
    // child) are no longer the book: removed, and made again by the print-files job.
    await tx
      .delete(printFiles)
      .where(and(eq(printFiles.orderId, orderId), eq(printFiles.itemId, item.itemId)));
    await tx.delete(printFiles).where(eq(printFiles.itemId, parcelItemId(orderId)));
    if (hasPdf({ format: item.coverType, withPdf: item.withPdf }))
      await tx.delete(digitalEditions).where(eq(digitalEditions.itemId, item.itemId));
    const number = made + 1;
    await enqueueJob(tx, {
      kind: PRINT_FILES_JOB,
      dedupeKey: `${PRINT_FILES_JOB}:${orderId}:${item.itemId}:change:${number}`,
      payload: { orderId, itemId: item.itemId },
    });
    // 3. The invoice line names the book as it will be printed; its number, date and money stay
    // (invoices/invoice-numbers.ts: the lines' amounts are frozen at payment, a refund is a
    // credit note; a change moves no money, so no new document is issued).
    if (changed.includes('childName')) await renameInvoiceLine(tx, orderId, changedItem);
    // 4. Who changed what: the parts' names, never their words (names, the dedication).
    await recordAudit(
      tx,
      { staffId: null, email: PARENT, address: from.address },
      {
        action: BOOK_CHANGE_ACTION,
        targetType: 'order',
        targetId: orderId,
        before: { book: Number(place), change: number },
        after: { changed },
      },
      deps.now(),
    );
    // 5. The parent's mail: what the book says now, and until when it can still change.
    await enqueueJob(tx, {
      kind: BOOK_CHANGED_MAIL_JOB,
      dedupeKey: `${BOOK_CHANGED_MAIL_JOB}:${orderId}:${number}`,
      payload: { orderId, place: Number(place), change: number },
    });
    return {
      ok: true,
      changed,
      changesLeft: Math.max(0, MAX_BOOK_CHANGES - number),
      changeUntil: until,
      language,
    };
  });
  if (result.ok && result.changed.length > 0) deps.wake();
  return result;
}

/** The invoice's line of the book takes the child's new name (its amounts are left as issued). */
async function renameInvoiceLine(tx: Tx, orderId: string, item: SnapshotItem): Promise<void> {
  const [invoice] = await tx
    .select({ id: invoices.id, lines: invoices.lines })
    .from(invoices)
    .where(and(eq(invoices.orderId, orderId), eq(invoices.kind, 'invoice')));
  if (!invoice) return;
  const lines = invoice.lines.map((line) =>
    line.kind === 'book' && line.itemId === item.itemId
      ? { ...line, childName: item.childName }
      : line,
  );
  await tx.update(invoices).set({ lines }).where(eq(invoices.id, invoice.id));
}
