import { and, desc, eq, inArray } from 'drizzle-orm';
import { isPrinted } from '#contract/digital.ts';
import { PLACED_STATUSES, type OrderStatusValue } from '#contract/order-status.ts';
import type { Db, Tx } from '#server/db/client.ts';
import { payments, placedOrders } from '#server/db/schema/checkout.ts';
import { orders } from '#server/db/schema/shop.ts';
import { issueInvoiceNumber } from '#server/services/invoices/invoice-numbers.ts';
import { enqueueJob } from '#server/platform/jobs/runner.ts';
import { claimEditionNumbers, nextOrderNumber } from '#server/services/order/order-number.ts';
import { transitionIn, type Actor } from '#server/services/order/order-moves.ts';
import { cartVersionOf, snapshotById } from '#server/services/order/snapshot.ts';
import type { PaymentState } from './provider.ts';

type PaymentRow = typeof payments.$inferSelect;

type SettleResult =
  | { ok: true; orderId: string; orderNumber: string; status: OrderStatusValue; paidNow: boolean }
  | { ok: false; code: 'not_paid' | 'superseded' };

/** The payment statuses in which the provider took money (paid, or to refund). */
export const SETTLED_STATUSES = ['paid', 'duplicate', 'superseded'] as const;

export const PRINT_FILES_JOB = 'print-files';
export const CONFIRMATION_MAIL_JOB = 'order-confirmation-mail';
/** Refunds a second settled payment (server/services/payment/provider-refunds.ts). */
export const REFUND_JOB = 'payment-refund';

/** The placed order behind a payment that has paid it, or undefined. */
export async function placedOrderOf(db: Db | Tx, orderId: string) {
  const [row] = await db
    .select({
      orderNumber: placedOrders.orderNumber,
      status: orders.status,
      paymentReference: placedOrders.paymentReference,
    })
    .from(placedOrders)
    .innerJoin(orders, eq(orders.id, placedOrders.orderId))
    .where(eq(placedOrders.orderId, orderId));
  return row;
}

/**
 * The provider says this payment is paid. In one transaction, with the payment row locked: the
 * order must not have changed since the snapshot (its cart version; else the payment is 'superseded': paid for other
 * contents, to refund), then the one paid transition, the order number, the first-edition
 * numbers, the print and mail jobs. Any number of concurrent callers: one does the work, the
 * others find the payment paid and answer the same.
 */
export async function settlePayment(
  db: Db,
  reference: string,
  state: PaymentState,
  actor: Actor,
  now: Date,
): Promise<SettleResult> {
  return db.transaction(async (tx) => {
    const [payment] = await tx
      .select()
      .from(payments)
      .where(eq(payments.reference, reference))
      .for('update');
    if (!payment) return { ok: false, code: 'not_paid' } as const;
    const placed = async (paidNow: boolean): Promise<SettleResult> => {
      const order = await placedOrderOf(tx, payment.orderId);
      if (!order) return { ok: false, code: 'not_paid' };
      return {
        ok: true,
        orderId: payment.orderId,
        orderNumber: order.orderNumber,
        status: order.status as OrderStatusValue,
        paidNow,
      };
    };
    if (payment.status === 'paid' || payment.status === 'duplicate') return placed(false);
    if (payment.status === 'superseded') return { ok: false, code: 'superseded' } as const;

    const mark = async (status: 'paid' | 'duplicate' | 'superseded') => {
      // A second settled payment (duplicate) or one for other contents (superseded) took money
      // that pays for nothing: refunded automatically (a job, retried), in this transaction.
      const owed = status !== 'paid';
      await tx
        .update(payments)
        .set({
          status,
          providerState: state.providerState,
          updatedAt: now,
          settledAt: now,
          ...(owed ? { refundStatus: 'queued' } : {}),
        })
        .where(eq(payments.reference, reference));
      if (owed)
        await enqueueJob(tx, {
          kind: REFUND_JOB,
          dedupeKey: `${REFUND_JOB}:${reference}`,
          payload: { reference },
        });
    };
    const snapshot = await snapshotById(tx, payment.snapshotId);
    // The cart, coupon or delivery details changed since this payment's snapshot was drafted.
    if (!snapshot || (await cartVersionOf(tx, payment.orderId, true)) !== snapshot.cartVersion) {
      // The order is already placed by another payment: this one is a second charge.
      if (await placedOrderOf(tx, payment.orderId)) {
        await mark('duplicate');
        return placed(false);
      }
      await mark('superseded');
      return { ok: false, code: 'superseded' } as const;
    }
    const moved = await transitionIn(tx, {
      orderId: payment.orderId,
      to: 'paid',
      from: ['awaiting_payment', 'payment_failed', 'cart'],
      actor,
      note: `payment ${reference.slice(0, 8)}… ${state.providerState}`,
    });
    if (!moved.ok) {
      await mark(
        (PLACED_STATUSES as readonly string[]).includes(moved.current ?? '')
          ? 'duplicate'
          : 'superseded',
      );
      return moved.current && (PLACED_STATUSES as readonly string[]).includes(moved.current)
        ? placed(false)
        : ({ ok: false, code: 'superseded' } as const);
    }
    const orderNumber = await nextOrderNumber(tx, now);
    await tx.insert(placedOrders).values({
      orderId: payment.orderId,
      orderNumber,
      snapshotId: snapshot.id,
      paymentReference: reference,
      paidAt: now,
    });
    // Numbered copies of the printed first edition: a PDF alone uses none up.
    await claimEditionNumbers(
      tx,
      payment.orderId,
      snapshot.items.filter((item) => isPrinted(item.coverType)).map((item) => item.itemId),
    );
    await issueInvoiceNumber(tx, payment.orderId, now);
    for (const item of snapshot.items) {
      await enqueueJob(tx, {
        kind: PRINT_FILES_JOB,
        dedupeKey: `${PRINT_FILES_JOB}:${payment.orderId}:${item.itemId}`,
        payload: { orderId: payment.orderId, itemId: item.itemId },
      });
    }
    await enqueueJob(tx, {
      kind: CONFIRMATION_MAIL_JOB,
      dedupeKey: `${CONFIRMATION_MAIL_JOB}:${payment.orderId}`,
      payload: { orderId: payment.orderId },
    });
    await mark('paid');
    return {
      ok: true,
      orderId: payment.orderId,
      orderNumber,
      status: 'paid',
      paidNow: true,
    } as const;
  });
}

/**
 * The provider says the attempt failed (declined, abandoned, voided; or a PayPal payment waiting
 * for review was refused or given back). The payment records it; the
 * order becomes payment_failed only when this is its latest attempt and it was waiting for it.
 */
export async function recordUnpaid(
  db: Db,
  payment: PaymentRow,
  state: PaymentState,
  actor: Actor,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const updated = await tx
      .update(payments)
      .set({ status: state.outcome, providerState: state.providerState, updatedAt: now })
      .where(
        and(
          eq(payments.reference, payment.reference),
          inArray(payments.status, ['initiated', 'review']),
        ),
      )
      .returning({ reference: payments.reference });
    if (updated.length === 0) return;
    const [latest] = await tx
      .select({ reference: payments.reference })
      .from(payments)
      .where(eq(payments.orderId, payment.orderId))
      .orderBy(desc(payments.createdAt))
      .limit(1);
    if (latest?.reference !== payment.reference) return;
    await transitionIn(tx, {
      orderId: payment.orderId,
      to: 'payment_failed',
      from: ['awaiting_payment'],
      actor,
      note: `payment ${payment.reference.slice(0, 8)}… ${state.providerState}`,
    });
  });
}
