import { and, eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { payments } from '#server/db/schema/checkout.ts';
import { log, scrub } from '#server/runtime/log.ts';
import { enqueueJob, MAX_JOB_ATTEMPTS } from '#server/platform/jobs/runner.ts';
import type { Mailer } from '#server/platform/mail/mailer.ts';
import { automaticRefundMail } from '#server/services/mail/payment-mails.ts';
import { paymentMismatchMail } from '#server/services/mail/staff-mails.ts';
import { snapshotById, snapshotLanguage } from '#server/services/order/snapshot.ts';
import type { PaymentDeps } from './initiate.ts';
import { raiseAlert } from './alerts.ts';
import { PaymentProviderError, refundMovesMoney, type PaymentState } from './provider.ts';
import { placedOrderOf } from './settle.ts';

export const REFUND_MAIL_JOB = 'payment-refund-mail';

type PaymentRow = typeof payments.$inferSelect;

async function paymentOf(db: Db, reference: string): Promise<PaymentRow> {
  const [payment] = await db.select().from(payments).where(eq(payments.reference, reference));
  if (!payment) throw new Error('the payment of this job is gone');
  return payment;
}

/**
 * The automatic refund of a second settled payment (status duplicate or superseded), as a job:
 * the provider is asked first (a refund made by an earlier try whose answer was lost is not made
 * again: its standing amount says so), then refunds the whole amount. Refunded: the row records
 * it and the parent's mail is queued, in one transaction; for an open-banking payment, whose
 * refund at the provider moves no money, the row waits for the owner's bank transfer
 * (`awaiting_transfer`, the owner alerted) and the mail waits for the owner's word. Not
 * reachable: the job is tried again (growing pause); refused, or on the last try: the row says
 * failed, for the dashboard.
 */
export async function refundSecondPayment(
  deps: PaymentDeps,
  reference: string,
  attempt: number,
): Promise<void> {
  const { db } = deps;
  const payment = await paymentOf(db, reference);
  if (
    payment.refundStatus === 'refunded' ||
    payment.refundStatus === 'awaiting_transfer' ||
    !payment.providerReference
  )
    return;
  let state: PaymentState;
  try {
    state = await deps.provider.state(payment.providerReference);
    const left =
      payment.amountMinor -
      (state.outcome === 'refunded' ? (state.refundedMinor ?? payment.amountMinor) : 0);
    if (left > 0) {
      const snapshot = await snapshotById(db, payment.snapshotId);
      const name = snapshot
        ? `${snapshot.billingAddress.firstName} ${snapshot.billingAddress.lastName}`.trim()
        : undefined;
      const method = state.method ?? payment.method;
      state = await deps.provider.refund(payment.providerReference, left, { customerName: name });
      state.method ??= method ?? undefined;
    }
  } catch (error) {
    const refused = error instanceof PaymentProviderError && error.kind === 'refused';
    const reason = scrub(error instanceof Error ? error.message : String(error)).slice(0, 300);
    if (refused || attempt >= MAX_JOB_ATTEMPTS) {
      await db
        .update(payments)
        .set({ refundStatus: 'failed', refundError: reason, updatedAt: deps.now() })
        .where(eq(payments.reference, reference));
      log().error(
        { payment: reference.slice(0, 8), reason },
        'automatic refund failed: the shop must refund this payment by hand',
      );
      if (refused) return;
    } else {
      await db
        .update(payments)
        .set({ refundError: reason, updatedAt: deps.now() })
        .where(eq(payments.reference, reference));
    }
    throw error;
  }
  const refundedMinor =
    state.refundedMinor ?? (state.outcome === 'refunded' ? payment.amountMinor : 0);
  if (refundedMinor < payment.amountMinor) {
    throw new Error(
      `the provider answered ${state.providerState} with ${refundedMinor} of ${payment.amountMinor} refunded`,
    );
  }
  const now = deps.now();
  const moved = refundMovesMoney(deps.provider, state.method ?? payment.method);
  await db.transaction(async (tx) => {
    await tx
      .update(payments)
      .set({
        refundStatus: moved ? 'refunded' : 'awaiting_transfer',
        refundedMinor,
        refundedAt: moved ? now : null,
        refundError: null,
        laterOutcome: 'refunded',
        providerState: state.providerState,
        ...(state.method ? { method: state.method } : {}),
        updatedAt: now,
      })
      .where(eq(payments.reference, reference));
    if (moved) {
      await enqueueJob(tx, {
        kind: REFUND_MAIL_JOB,
        dedupeKey: `${REFUND_MAIL_JOB}:${reference}`,
        payload: { reference },
      });
    } else {
      await raiseAlert(tx, {
        kind: 'bank_transfer',
        paymentReference: reference,
        amountMinor: refundedMinor,
        currencyCode: payment.currencyCode,
        detail: `automatic refund of a second payment, recorded at ${deps.provider.name} (${state.method ?? payment.method ?? 'bank'}): ${state.providerState}`,
      });
    }
  });
}

/**
 * The owner has sent the money of an automatic open-banking refund by bank transfer: the refund
 * is done, and only now is the parent told (in the same transaction). Answers whether it moved.
 */
export async function confirmAutomaticTransfer(
  deps: PaymentDeps,
  reference: string,
  tx: Parameters<Parameters<PaymentDeps['db']['transaction']>[0]>[0],
): Promise<boolean> {
  const now = deps.now();
  const moved = await tx
    .update(payments)
    .set({ refundStatus: 'refunded', refundedAt: now, updatedAt: now })
    .where(and(eq(payments.reference, reference), eq(payments.refundStatus, 'awaiting_transfer')))
    .returning({ reference: payments.reference });
  if (moved.length === 0) return false;
  await enqueueJob(tx, {
    kind: REFUND_MAIL_JOB,
    dedupeKey: `${REFUND_MAIL_JOB}:${reference}`,
    payload: { reference },
  });
  return true;
}

/** The parent's mail about an automatic refund, in the order's language. */
export async function sendRefundMail(
  deps: PaymentDeps & { mailer: Mailer },
  reference: string,
): Promise<void> {
  const payment = await paymentOf(deps.db, reference);
  const snapshot = await snapshotById(deps.db, payment.snapshotId);
  if (!snapshot) throw new Error('the snapshot of this payment is gone');
  const placed = await placedOrderOf(deps.db, payment.orderId);
  const mail = automaticRefundMail({
    language: snapshotLanguage(snapshot),
    reason: payment.status === 'superseded' ? 'superseded' : 'duplicate',
    amountMinor: payment.refundedMinor || payment.amountMinor,
    currencyCode: payment.currencyCode,
    orderNumber: placed?.orderNumber ?? null,
    pageUrl: placed ? `${deps.publicUrl}/order-status/${payment.orderId}` : deps.publicUrl,
  });
  await deps.mailer.send({ to: snapshot.email, orderId: payment.orderId, ...mail });
}

/** The shop's alert about a paid answer that does not match its payment. */
export async function sendMismatchMail(
  deps: PaymentDeps & { mailer: Mailer; shopEmail: string },
  reference: string,
): Promise<void> {
  const payment = await paymentOf(deps.db, reference);
  const mail = paymentMismatchMail({
    reference: payment.reference,
    provider: payment.provider,
    providerState: payment.providerState ?? 'paid',
    mismatch: payment.mismatch ?? 'unknown',
    adminUrl: `${deps.publicUrl}/admin/orders/${payment.orderId}`,
  });
  await deps.mailer.send({ to: deps.shopEmail, ...mail });
}
