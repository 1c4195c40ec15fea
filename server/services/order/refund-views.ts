import { and, asc, eq, inArray } from 'drizzle-orm';
import type {
  AdminOrderMoney,
  AdminRefund,
  OrderDocument,
  RefundScope,
  RefundStatus,
} from '#contract/admin-refunds.ts';
import type { CurrencyCode } from '#contract/markets.ts';
import type { OrderStatusValue } from '#contract/order-status.ts';
import type { Db } from '#server/db/client.ts';
import { orderSnapshots, placedOrders } from '#server/db/schema/checkout.ts';
import { invoices, refunds } from '#server/db/schema/money.ts';
import { orders } from '#server/db/schema/shop.ts';
import { refundLines } from '#server/services/invoices/invoice-numbers.ts';
import { documentLink } from '#server/services/invoices/document-links.ts';
import { CANCELLABLE, REFUNDABLE, takenBy, type RefundRow } from './refund-rules.ts';

/**
 * The read side of refunds: what the back office's order page, the status answer, the dashboard
 * and the refund mail show of an order's refunds and documents (refunds.ts makes them).
 */
export function adminRefund(row: RefundRow, creditNote: string | null): AdminRefund {
  return {
    id: row.id,
    status: row.status as RefundStatus,
    amountMinor: row.amountMinor,
    currencyCode: row.currencyCode as CurrencyCode,
    itemIds: row.itemIds,
    delivery: row.delivery,
    cancel: row.cancel,
    reason: row.reason,
    staffEmail: row.staffEmail,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
    creditNote,
  };
}

/** Same-origin download paths of an order's documents in the back office (the parent's carry a key: documentLink). */
export function documentUrl(base: string, displayNumber: string): string {
  return `${base}/documents/${encodeURIComponent(displayNumber)}.pdf`;
}

/** An order's refunds, what can still be refunded, and its documents: the back office's order page. */
export async function orderMoney(
  db: Db,
  orderId: string,
  status: OrderStatusValue,
  base: string,
): Promise<AdminOrderMoney> {
  const [rows, docs, [head]] = await Promise.all([
    db.select().from(refunds).where(eq(refunds.orderId, orderId)).orderBy(asc(refunds.id)),
    db.select().from(invoices).where(eq(invoices.orderId, orderId)).orderBy(asc(invoices.id)),
    db
      .select({ snapshot: orderSnapshots })
      .from(placedOrders)
      .innerJoin(orderSnapshots, eq(orderSnapshots.id, placedOrders.snapshotId))
      .where(eq(placedOrders.orderId, orderId)),
  ]);
  const taken = takenBy(rows);
  const items = head?.snapshot.items ?? [];
  const allIds = items.map((item) => item.itemId);
  const refundableItemIds = REFUNDABLE.includes(status)
    ? allIds.filter((id) => !taken.itemIds.has(id))
    : [];
  const bookLines = (await refundLines(db, orderId, allIds, false)) ?? [];
  const itemRefundMinor = Object.fromEntries(
    bookLines.map((line) => [line.itemId ?? '', line.grossMinor]),
  );
  const leftLines = refundableItemIds.length
    ? ((await refundLines(db, orderId, refundableItemIds, !taken.delivery)) ?? [])
    : [];
  const refundableMinor = leftLines.reduce((sum, line) => sum + line.grossMinor, 0);
  const creditNotes = new Map(
    docs.filter((doc) => doc.refundId !== null).map((doc) => [doc.refundId!, doc.displayNumber]),
  );
  const scopes: RefundScope[] =
    refundableMinor > 0
      ? ['items', 'full', ...(CANCELLABLE.includes(status) ? (['cancel'] as const) : [])]
      : [];
  return {
    refundedMinor: rows
      .filter((row) => row.status === 'succeeded')
      .reduce((sum, row) => sum + row.amountMinor, 0),
    refundableMinor,
    refundableItemIds,
    itemRefundMinor,
    refundScopes: scopes,
    refunds: rows.map((row) => adminRefund(row, creditNotes.get(row.id) ?? null)),
    documents: docs.map((doc): OrderDocument => ({
      kind: doc.kind,
      number: doc.displayNumber,
      totalMinor: doc.totalMinor,
      issuedAt: doc.issuedAt.toISOString(),
      url: documentUrl(base, doc.displayNumber),
    })),
  };
}

/**
 * What the parent's status page shows of refunds and documents (succeeded refunds only; which
 * books were paid back is the placed order's `returned`): each document by kind and number, no
 * link (the invoice carries the buyer's address; its keyed link is mailed).
 */
export async function refundsForStatus(db: Db, orderId: string) {
  const [rows, docs] = await Promise.all([
    db
      .select({ amountMinor: refunds.amountMinor })
      .from(refunds)
      .where(and(eq(refunds.orderId, orderId), eq(refunds.status, 'succeeded'))),
    db
      .select({ kind: invoices.kind, number: invoices.displayNumber })
      .from(invoices)
      .where(eq(invoices.orderId, orderId))
      .orderBy(asc(invoices.id)),
  ]);
  return {
    refundedMinor: rows.reduce((sum, row) => sum + row.amountMinor, 0),
    documents: docs.map((doc) => ({ kind: doc.kind, number: doc.number })),
  };
}

/** Several orders' succeeded refunds (the dashboard and exports). */
export async function refundedByOrder(
  db: Db,
  orderIds: readonly string[],
): Promise<Map<string, number>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select({ orderId: refunds.orderId, amountMinor: refunds.amountMinor })
    .from(refunds)
    .where(and(inArray(refunds.orderId, [...orderIds]), eq(refunds.status, 'succeeded')));
  const sums = new Map<string, number>();
  for (const row of rows) sums.set(row.orderId, (sums.get(row.orderId) ?? 0) + row.amountMinor);
  return sums;
}

/** The refund mail's data, from the refund, its order and its credit note (the job that mails it). */
export async function refundMailData(
  db: Db,
  refundId: number,
  publicUrl: string,
  secret: string | Buffer,
) {
  const [row] = await db
    .select({
      refund: refunds,
      status: orders.status,
      snapshot: orderSnapshots,
      orderNumber: placedOrders.orderNumber,
    })
    .from(refunds)
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    .innerJoin(placedOrders, eq(placedOrders.orderId, refunds.orderId))
    .innerJoin(orderSnapshots, eq(orderSnapshots.id, placedOrders.snapshotId))
    .where(eq(refunds.id, refundId));
  if (!row || row.refund.status !== 'succeeded') return undefined;
  const [note] = await db
    .select({ number: invoices.displayNumber })
    .from(invoices)
    .where(eq(invoices.refundId, refundId));
  const { refund, snapshot } = row;
  return {
    to: snapshot.email,
    language: snapshot.language,
    orderNumber: row.orderNumber,
    trackingPageUrl: `${publicUrl}/order-status/${refund.orderId}`,
    currencyCode: refund.currencyCode,
    amountMinor: refund.amountMinor,
    books: snapshot.items
      .filter((item) => refund.itemIds.includes(item.itemId))
      .map((item) => item.childName),
    // An order of PDFs only had no delivery to pay back, whatever the refund's flag says.
    delivery: refund.delivery && snapshot.deliveryMinor > 0,
    whole:
      refund.itemIds.length === snapshot.items.length &&
      (refund.delivery || snapshot.deliveryMinor === 0),
    cancelled: refund.cancel && row.status === 'cancelled',
    creditNote: note
      ? { number: note.number, url: documentLink(publicUrl, secret, refund.orderId, note.number) }
      : null,
  };
}
