import { and, eq } from 'drizzle-orm';
import type { PaymentAlertAction } from '#contract/admin-orders.ts';
import { paymentAlerts, payments } from '#server/db/schema/checkout.ts';
import { refunds } from '#server/db/schema/money.ts';
import { log, scrub } from '#server/runtime/log.ts';
import { recordAudit, type Actor } from '#server/services/audit/audit-log.ts';
import type { Mailer } from '#server/platform/mail/mailer.ts';
import { paymentAlertMail } from '#server/services/mail/payment-alert-mails.ts';
import { completeRefund } from '#server/services/refunds/refund-records.ts';
import {
  closeAlert,
  openAlert,
  type AlertRow,
  type PaymentAlertKind,
} from '#server/services/payment/alerts.ts';
import { cancelAttempts, type PaymentDeps } from '#server/services/payment/initiate.ts';
import { PaymentProviderError, type PaymentState } from '#server/services/payment/provider.ts';
import { confirmAutomaticTransfer } from '#server/services/payment/provider-refunds.ts';
import { placedOrderOf, recordUnpaid, settlePayment } from '#server/services/payment/settle.ts';
import { mismatchOf } from '#server/services/payment/verify.ts';

/** Which action settles which alert (the dashboard's buttons; contract/admin-orders.ts). */
export const ACTIONS_OF: Record<PaymentAlertKind, readonly PaymentAlertAction[]> = {
  paypal_review: ['accept', 'refuse'],
  bank_transfer: ['transferred'],
  capture_refused: ['dismiss'],
  void_failed: ['dismiss'],
  provider_access: ['dismiss'],
  refund_reverted: ['dismiss'],
  seen_refunded: ['dismiss'],
};

export type AlertActionResult =
  | { ok: true; alert: AlertRow; orderNumber?: string | undefined }
  | { ok: false; code: 'not-found' | 'not-allowed' | 'not-payable'; detail?: string }
  | { ok: false; code: 'provider'; detail: string };

/**
 * The owner's answer to an open alert, recorded in the audit log:
 * - a PayPal payment reviewed in PayPal: `accept` places the order (after asking EveryPay that it
 *   still stands and matches: a payment given back meanwhile is recorded unpaid instead), `refuse`
 *   records it refused (the order waits for another payment);
 * - a bank transfer made for an open-banking refund: `transferred` completes the refund (credit
 *   note, the parent's mail, the order's status), or the automatic refund's mail;
 * - anything else: `dismiss` (the owner has dealt with it at the provider).
 */
export async function actOnAlert(
  deps: PaymentDeps,
  alertId: number,
  action: PaymentAlertAction,
  actor: Actor & { staffId: number },
): Promise<AlertActionResult> {
  const { db } = deps;
  const [alert] = await db.select().from(paymentAlerts).where(eq(paymentAlerts.id, alertId));
  if (!alert || alert.resolvedAt) return { ok: false, code: 'not-found' };
  const kind = alert.kind as PaymentAlertKind;
  if (!(ACTIONS_OF[kind] ?? []).includes(action)) return { ok: false, code: 'not-allowed' };
  const by = `staff:${actor.staffId}`;
  const now = deps.now();
  const audit = (detail: Record<string, unknown>) =>
    recordAudit(
      db,
      actor,
      {
        action: `payment.alert.${action}`,
        targetType: 'payment',
        targetId: alert.paymentReference?.slice(0, 8) ?? 'shop',
        after: { alert: kind, ...detail },
      },
      now,
    );

  if (kind === 'paypal_review') {
    const [payment] = await db
      .select()
      .from(payments)
      .where(eq(payments.reference, alert.paymentReference ?? ''));
    if (!payment?.providerReference) return { ok: false, code: 'not-found' };
    if (action === 'refuse') {
      await recordUnpaid(
        db,
        payment,
        { outcome: 'failed', providerState: 'refused in review' },
        by as `staff:${number}`,
        now,
      );
      const closed = await closeAlert(db, alert, by, now);
      await audit({ decision: 'refused' });
      return closed ? { ok: true, alert: closed } : { ok: false, code: 'not-found' };
    }
    let state: PaymentState;
    try {
      state = await deps.provider.state(payment.providerReference);
    } catch (error) {
      if (!(error instanceof PaymentProviderError)) throw error;
      return { ok: false, code: 'provider', detail: scrub(error.message) };
    }
    if (state.outcome !== 'review' && state.outcome !== 'paid') {
      // Given back, voided or failed in PayPal meanwhile: nothing to place.
      await recordUnpaid(db, payment, state, by as `staff:${number}`, now);
      await closeAlert(db, alert, by, now);
      return { ok: false, code: 'not-payable', detail: state.providerState };
    }
    const differs = mismatchOf(payment, state);
    if (differs.length > 0) return { ok: false, code: 'not-payable', detail: differs.join(', ') };
    const settled = await settlePayment(
      db,
      payment.reference,
      { ...state, outcome: 'paid' },
      by as `staff:${number}`,
      now,
    );
    const closed = await closeAlert(db, alert, by, now);
    await audit({ decision: 'accepted', placed: settled.ok });
    if (settled.ok && settled.paidNow) {
      const open = await db
        .select({ providerReference: payments.providerReference })
        .from(payments)
        .where(and(eq(payments.orderId, payment.orderId), eq(payments.status, 'initiated')));
      await cancelAttempts(
        deps,
        open.flatMap((row) => (row.providerReference ? [row.providerReference] : [])),
      );
    }
    if (!closed) return { ok: false, code: 'not-found' };
    return { ok: true, alert: closed, orderNumber: settled.ok ? settled.orderNumber : undefined };
  }

  if (kind === 'bank_transfer') {
    if (alert.refundId !== null) {
      // The owner's refund: now done, with its credit note, the parent's mail, the order's status
      // and audit row (once: completeRefund moves it only from awaiting_transfer).
      const [refund] = await db.select().from(refunds).where(eq(refunds.id, alert.refundId));
      if (!refund) return { ok: false, code: 'not-found' };
      if (refund.status === 'awaiting_transfer')
        await completeRefund(db, actor, refund, refund.providerState ?? 'refunded', now);
      const closed = await closeAlert(db, alert, by, now);
      if (!closed) return { ok: false, code: 'not-found' };
      await audit({ amountMinor: closed.amountMinor, currencyCode: closed.currencyCode });
      return { ok: true, alert: closed };
    }
    const closed = await db.transaction(async (tx) => {
      const locked = await openAlert(tx, alert.id);
      if (!locked) return undefined;
      await confirmAutomaticTransfer(deps, locked.paymentReference ?? '', tx);
      return closeAlert(tx, locked, by, now);
    });
    if (!closed) return { ok: false, code: 'not-found' };
    await audit({ amountMinor: closed.amountMinor, currencyCode: closed.currencyCode });
    return { ok: true, alert: closed };
  }

  const closed = await closeAlert(db, alert, by, now);
  if (!closed) return { ok: false, code: 'not-found' };
  await audit({});
  return { ok: true, alert: closed };
}

/** The owner's mail about a new alert (the job `payment-alert-mail`). */
export async function sendAlertMail(
  deps: PaymentDeps & { mailer: Mailer; shopEmail: string },
  alertId: number,
): Promise<void> {
  const [alert] = await deps.db.select().from(paymentAlerts).where(eq(paymentAlerts.id, alertId));
  if (!alert) return;
  const [payment] = alert.paymentReference
    ? await deps.db
        .select({ orderId: payments.orderId })
        .from(payments)
        .where(eq(payments.reference, alert.paymentReference))
    : [];
  const placed = payment ? await placedOrderOf(deps.db, payment.orderId) : undefined;
  const mail = paymentAlertMail({
    kind: alert.kind,
    reference: alert.paymentReference,
    orderNumber: placed?.orderNumber ?? null,
    amountMinor: alert.amountMinor,
    currencyCode: alert.currencyCode,
    detail: alert.detail,
    actionUrl:
      placed && payment && alert.kind !== 'paypal_review' && alert.kind !== 'bank_transfer'
        ? `${deps.publicUrl}/admin/orders/${payment.orderId}`
        : `${deps.publicUrl}/admin`,
  });
  await deps.mailer.send({ to: deps.shopEmail, ...mail });
  log().info({ alert: alert.kind }, 'payment alert mailed to the shop');
}
