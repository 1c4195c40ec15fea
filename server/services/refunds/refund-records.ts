// What a refund's answer from the provider records: the refund completed (with the order's new
// status, the credit note, the parent's mail and the audit row) or failed.
import { and, eq, inArray } from 'drizzle-orm';
import type { OrderStatusValue } from '#contract/order-status.ts';
import type { Db, Tx } from '#server/db/client.ts';
import { orderSnapshots, payments, placedOrders } from '#server/db/schema/checkout.ts';
import { refunds } from '#server/db/schema/money.ts';
import { orders } from '#server/db/schema/shop.ts';
import { recordAudit, type Actor } from '#server/services/audit/audit-log.ts';
import { issueCreditNote } from '#server/services/invoices/invoice-numbers.ts';
import { enqueueJob } from '#server/platform/jobs/runner.ts';
import { transitionIn } from '#server/services/order/order-moves.ts';
import { returnRefundedBooks } from './refund-books.ts';
import {
  CANCELLABLE,
  FULLY_REFUNDABLE_FROM,
  type RefundRow,
} from '#server/services/order/refund-rules.ts';

export const REFUND_MAIL_JOB = 'order-refund-mail';

/** The paid order, locked (its orders row) for the rest of the transaction, with its paying payment. */
export async function lockedPaidOrder(tx: Tx, orderId: string) {
  const [row] = await tx
    .select({ status: orders.status, snapshot: orderSnapshots, payment: payments })
    .from(placedOrders)
    .innerJoin(orders, eq(orders.id, placedOrders.orderId))
    .innerJoin(orderSnapshots, eq(orderSnapshots.id, placedOrders.snapshotId))
    .innerJoin(payments, eq(payments.reference, placedOrders.paymentReference))
    .where(eq(placedOrders.orderId, orderId))
    .for('update', { of: orders });
  return row;
}

/**
 * Step three, the provider has paid it back (or, for an open-banking payment, the owner confirms
 * the bank transfer): in one transaction, the refund succeeds (once: a conditional update), the
 * order becomes refunded (or cancelled) when nothing of it is left, the credit note gets its
 * number, the parent's mail is queued and the audit log records it.
 */
export async function completeRefund(
  db: Db,
  actor: Actor,
  refund: RefundRow,
  providerState: string,
  now: Date,
): Promise<RefundRow> {
  return db.transaction(async (tx) => {
    const order = await lockedPaidOrder(tx, refund.orderId);
    const [done] = await tx
      .update(refunds)
      .set({ status: 'succeeded', providerState, completedAt: now, error: null })
      .where(
        and(eq(refunds.id, refund.id), inArray(refunds.status, ['pending', 'awaiting_transfer'])),
      )
      .returning();
    if (!done || !order) return done ?? refund;
    const before = order.status as OrderStatusValue;
    const rows = await tx
      .select()
      .from(refunds)
      .where(and(eq(refunds.orderId, refund.orderId), eq(refunds.status, 'succeeded')));
    const refundedMinor = rows.reduce((sum, row) => sum + row.amountMinor, 0);
    const refundedItems = new Set(rows.flatMap((row) => row.itemIds));
    const everything =
      order.snapshot.items.every((item) => refundedItems.has(item.itemId)) &&
      (rows.some((row) => row.delivery) || order.snapshot.deliveryMinor === 0);
    // Its books leave print, the parcel, the first edition and the downloads (refund-books.ts).
    const handedOn = await returnRefundedBooks(
      tx,
      done,
      { items: order.snapshot.items, statusBefore: before },
      now,
    );
    let after: OrderStatusValue = before;
    const note = `refund ${refund.id}: ${refund.reason}`.slice(0, 500);
    if (refund.cancel) {
      const moved = await transitionIn(tx, {
        orderId: refund.orderId,
        to: 'cancelled',
        from: CANCELLABLE,
        actor: `staff:${actor.staffId ?? 0}`,
        note,
      });
      if (moved.ok) after = 'cancelled';
    } else if (everything) {
      const moved = await transitionIn(tx, {
        orderId: refund.orderId,
        to: 'refunded',
        from: FULLY_REFUNDABLE_FROM,
        actor: `staff:${actor.staffId ?? 0}`,
        note,
      });
      if (moved.ok) after = 'refunded';
    }
    const creditNote = await issueCreditNote(tx, done, now);
    await enqueueJob(tx, {
      kind: REFUND_MAIL_JOB,
      dedupeKey: `${REFUND_MAIL_JOB}:${done.id}`,
      payload: { orderId: done.orderId, refundId: done.id },
    });
    await recordAudit(
      tx,
      actor,
      {
        action: refund.cancel ? 'order.cancelRefund' : 'order.refund',
        targetType: 'order',
        targetId: refund.orderId,
        before: { status: before, refundedMinor: refundedMinor - done.amountMinor },
        after: {
          status: after,
          refundedMinor,
          refundId: done.id,
          amountMinor: done.amountMinor,
          currencyCode: done.currencyCode,
          itemIds: done.itemIds,
          delivery: done.delivery,
          reason: done.reason,
          creditNote: creditNote.displayNumber,
          ...(handedOn.length ? { handedOn } : {}),
        },
      },
      now,
    );
    return handedOn.length ? { ...done, handedOn } : done;
  });
}

/**
 * The provider recorded the refund of an open-banking payment, which moves no money: the refund
 * waits for the owner's bank transfer (its books stay taken; no credit note, mail or status yet).
 */
export async function awaitTransfer(
  tx: Tx,
  refund: RefundRow,
  providerState: string,
): Promise<RefundRow> {
  const [row] = await tx
    .update(refunds)
    .set({ status: 'awaiting_transfer', providerState, error: null })
    .where(and(eq(refunds.id, refund.id), eq(refunds.status, 'pending')))
    .returning();
  return row ?? refund;
}

/** The provider refused (or never had it): the refund is recorded as failed, nothing else changes. */
export async function failRefund(
  db: Db,
  actor: Actor,
  refund: RefundRow,
  error: string,
  now: Date,
): Promise<RefundRow> {
  return db.transaction(async (tx) => {
    const [failed] = await tx
      .update(refunds)
      .set({ status: 'failed', error, completedAt: now })
      .where(and(eq(refunds.id, refund.id), eq(refunds.status, 'pending')))
      .returning();
    if (!failed) return refund;
    await recordAudit(
      tx,
      actor,
      {
        action: 'order.refundFailed',
        targetType: 'order',
        targetId: refund.orderId,
        after: {
          refundId: refund.id,
          amountMinor: refund.amountMinor,
          currencyCode: refund.currencyCode,
          itemIds: refund.itemIds,
          reason: refund.reason,
          error,
        },
      },
      now,
    );
    return failed;
  });
}
