import { and, desc, eq, gt, isNull, like, sql } from 'drizzle-orm';
import type { PaymentAlertKind } from '#contract/admin-orders.ts';
import type { Db, Tx } from '#server/db/client.ts';
import { paymentAlerts, payments, placedOrders } from '#server/db/schema/checkout.ts';
import { log } from '#server/runtime/log.ts';
import { enqueueJob } from '#server/platform/jobs/runner.ts';

/**
 * What the owner must look at or do about a payment, beyond what the shop settles itself
 * (contract/admin-orders.ts PAYMENT_ALERT_KINDS):
 *
 * - `paypal_review`: a PayPal payment EveryPay reports `authorised` (final for PayPal: the
 *   merchant reviews it in PayPal). Not paid, not captured, the order not placed until the owner
 *   says it was reviewed (or refused).
 * - `capture_refused`: EveryPay refused to capture a card authorisation of ours.
 * - `void_failed`: an authorisation that pays for nothing (a replaced attempt, an order paid by
 *   another) could not be voided.
 * - `provider_access`: EveryPay refused the shop's own status read (4xx: a rotated secret, the demo
 *   URL in production). Shop-wide: one open alert, closed by the next read that succeeds.
 * - `refund_reverted`: a refund the shop recorded reads back as not made (an open-banking refund
 *   that failed at the bank: the payment reads `settled` again).
 * - `seen_refunded`: a payment first seen already refunded or charged back (never seen paid).
 * - `bank_transfer`: an open-banking refund, which EveryPay records without moving money: the
 *   owner transfers it and confirms; only then is the parent told the money is back.
 */
export type { PaymentAlertKind };

/** The owner's mail about a new alert (one per alert). */
export const ALERT_MAIL_JOB = 'payment-alert-mail';

export type AlertRow = typeof paymentAlerts.$inferSelect;

/** One open alert per kind and payment (or refund, or the whole shop). */
function subjectOf(input: {
  kind: PaymentAlertKind;
  paymentReference?: string | null | undefined;
  refundId?: number | null | undefined;
}): string {
  if (input.refundId != null) return `${input.kind}:refund:${input.refundId}`;
  return `${input.kind}:${input.paymentReference ?? 'shop'}`;
}

/**
 * Opens an alert unless the same one is open (or the owner closed it within the last 24 hours),
 * and queues its mail to the shop (in the caller's transaction when given one). Answers whether
 * it is new.
 */
export async function raiseAlert(
  db: Db | Tx,
  input: {
    kind: PaymentAlertKind;
    paymentReference?: string | null;
    refundId?: number | null;
    amountMinor?: number | null;
    currencyCode?: string | null;
    /** A technical line for the owner (the provider's words, states, amounts): no personal data. */
    detail: string;
  },
): Promise<boolean> {
  const subject = subjectOf(input);
  // The owner dealt with this very thing lately: the same answer read again (a callback, the
  // reconciliation every minute) does not open it, nor mail it, again.
  const [dealt] = await db
    .select({ id: paymentAlerts.id })
    .from(paymentAlerts)
    .where(
      and(
        eq(paymentAlerts.subject, subject),
        like(paymentAlerts.resolvedBy, 'staff:%'),
        gt(paymentAlerts.resolvedAt, sql`now() - interval '24 hours'`),
      ),
    )
    .limit(1);
  if (dealt) return false;
  const [row] = await db
    .insert(paymentAlerts)
    .values({
      kind: input.kind,
      subject,
      paymentReference: input.paymentReference ?? null,
      refundId: input.refundId ?? null,
      amountMinor: input.amountMinor ?? null,
      currencyCode: input.currencyCode ?? null,
      detail: input.detail.slice(0, 500),
    })
    .onConflictDoNothing({
      target: paymentAlerts.subject,
      where: sql`resolved_at is null`,
    })
    .returning({ id: paymentAlerts.id });
  if (!row) return false;
  await enqueueJob(db, {
    kind: ALERT_MAIL_JOB,
    dedupeKey: `${ALERT_MAIL_JOB}:${row.id}`,
    payload: { alertId: row.id },
  });
  log().warn(
    { alert: input.kind, payment: input.paymentReference?.slice(0, 8) },
    'a payment needs the owner',
  );
  return true;
}

/** Closes the open alert of this kind and payment (or refund, or shop); answers the closed row. */
export async function resolveAlert(
  db: Db | Tx,
  input: {
    kind: PaymentAlertKind;
    paymentReference?: string | null;
    refundId?: number | null;
  },
  by: string,
  now: Date,
): Promise<AlertRow | undefined> {
  const [row] = await db
    .update(paymentAlerts)
    .set({ resolvedAt: now, resolvedBy: by })
    .where(and(eq(paymentAlerts.subject, subjectOf(input)), isNull(paymentAlerts.resolvedAt)))
    .returning();
  return row;
}

/** Closes this open alert (the owner's answer); answers it, or undefined when already closed. */
export async function closeAlert(
  db: Db | Tx,
  alert: Pick<AlertRow, 'id'>,
  by: string,
  now: Date,
): Promise<AlertRow | undefined> {
  const [row] = await db
    .update(paymentAlerts)
    .set({ resolvedAt: now, resolvedBy: by })
    .where(and(eq(paymentAlerts.id, alert.id), isNull(paymentAlerts.resolvedAt)))
    .returning();
  return row;
}

/** An open alert by id, locked for the rest of the transaction. */
export async function openAlert(tx: Tx, id: number): Promise<AlertRow | undefined> {
  const [row] = await tx
    .select()
    .from(paymentAlerts)
    .where(and(eq(paymentAlerts.id, id), isNull(paymentAlerts.resolvedAt)))
    .for('update');
  return row;
}

/** The open alerts, newest first, with the order each is about (the dashboard). */
export async function openAlerts(db: Db, limit = 50) {
  return db
    .select({
      id: paymentAlerts.id,
      kind: paymentAlerts.kind,
      paymentReference: paymentAlerts.paymentReference,
      refundId: paymentAlerts.refundId,
      amountMinor: paymentAlerts.amountMinor,
      currencyCode: paymentAlerts.currencyCode,
      detail: paymentAlerts.detail,
      createdAt: paymentAlerts.createdAt,
      orderId: payments.orderId,
      orderNumber: placedOrders.orderNumber,
    })
    .from(paymentAlerts)
    .leftJoin(payments, eq(payments.reference, paymentAlerts.paymentReference))
    .leftJoin(placedOrders, eq(placedOrders.orderId, payments.orderId))
    .where(isNull(paymentAlerts.resolvedAt))
    .orderBy(desc(paymentAlerts.createdAt), desc(paymentAlerts.id))
    .limit(limit);
}
