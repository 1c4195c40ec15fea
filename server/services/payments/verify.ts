import { and, desc, eq, inArray, ne } from 'drizzle-orm';
import type { OrderStatusValue } from '#contract/order-status.ts';
import type { PaymentErrorCode } from '#contract/payments.ts';
import { payments } from '../../db/schema-checkout.ts';
import { refunds } from '../../db/schema-money.ts';
import { log, scrub } from '../../log.ts';
import { enqueueJob } from '../jobs/runner.ts';
import type { Actor } from '../order-moves.ts';
import { cancelAttempts, type PaymentDeps } from './initiate.ts';
import { PaymentProviderError, type PaymentState } from './provider.ts';
import { placedOrderOf, recordUnpaid, settlePayment, SETTLED_STATUSES } from './settle.ts';

export type VerifyResult =
  | { ok: true; orderId: string; orderNumber: string; status: OrderStatusValue; paidNow: boolean }
  /** With `replaced`, when the order is paid (by another attempt): the order to follow. */
  | { ok: false; code: PaymentErrorCode; order?: { orderId: string; orderNumber: string } };

type PaymentRow = typeof payments.$inferSelect;

export const MISMATCH_MAIL_JOB = 'payment-mismatch-mail';

/** The outcomes a paid payment can move on to (read by the callback and the reconciliation). */
const LATER_OUTCOMES = ['refunded', 'voided', 'chargebacked'] as const;

/**
 * What differs between the provider's paid answer and the payment: every one of amount, currency
 * and reference must be present and equal (a missing one is a difference). Empty when they match.
 */
export function mismatchOf(
  payment: Pick<PaymentRow, 'amountMinor' | 'currencyCode' | 'reference'>,
  state: PaymentState,
): string[] {
  const out: string[] = [];
  if (state.amountMinor === undefined) out.push('amount missing');
  else if (state.amountMinor !== payment.amountMinor)
    out.push(`amount ${state.amountMinor} instead of ${payment.amountMinor}`);
  if (state.currencyCode === undefined) out.push('currency missing');
  else if (state.currencyCode.toUpperCase() !== payment.currencyCode.toUpperCase())
    out.push(`currency ${state.currencyCode} instead of ${payment.currencyCode}`);
  if (state.reference === undefined) out.push('reference missing');
  else if (state.reference !== payment.reference) out.push('another reference');
  return out;
}

/**
 * POST /api/payment/verify (the browser's return), the provider's callback and the
 * reconciliation job: asks the provider for the payment's state (never trusting the caller) and
 * acts on it. A paid or authorised state counts only when its amount, currency and reference all
 * match the payment (else the payment is flagged `mismatch`, the shop alerted, never paid);
 * authorised is captured first. Repeatable and safe to run concurrently: one paid transition
 * whatever the number of callers. The callback and the reconciliation (`recheck`) also read a
 * settled payment's later state (refunded, voided, chargebacked) onto the payment row.
 */
export async function verifyPayment(
  deps: PaymentDeps,
  providerReference: string,
  actor: Actor,
  options: { recheck?: boolean } = {},
): Promise<VerifyResult> {
  const { db } = deps;
  const [payment] = await db
    .select()
    .from(payments)
    .where(eq(payments.providerReference, providerReference));
  if (!payment) return { ok: false, code: 'unknown_reference' };
  const recheck = options.recheck ?? actor !== 'customer';
  if (payment.status === 'mismatch') return { ok: false, code: 'mismatch' };
  if ((SETTLED_STATUSES as readonly string[]).includes(payment.status)) {
    if (recheck) await readLaterState(deps, payment);
    if (payment.status === 'superseded') return { ok: false, code: 'superseded' };
    const placed = await placedOrderOf(db, payment.orderId);
    if (placed) {
      return {
        ok: true,
        orderId: payment.orderId,
        orderNumber: placed.orderNumber,
        status: placed.status as OrderStatusValue,
        paidNow: false,
      };
    }
  }
  let state: PaymentState;
  try {
    state = await deps.provider.state(providerReference);
    if (state.outcome === 'authorised') {
      // Captured only once the answer is known to be about this payment and amount.
      if (mismatchOf(payment, state).length > 0) return flagMismatch(deps, payment, state);
      state = await deps.provider.capture(providerReference, payment.amountMinor);
    }
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    log().error(
      { provider: deps.provider.name, kind: error.kind, reason: scrub(error.message) },
      "payment provider could not say or change a payment's state",
    );
    // An authorised payment whose capture was refused stays open: the reconciliation tries again.
    return { ok: false, code: error.kind === 'refused' ? 'pending' : 'provider_unavailable' };
  }
  if (state.outcome === 'paid') {
    if (mismatchOf(payment, state).length > 0) return flagMismatch(deps, payment, state);
    const settled = await settlePayment(db, payment.reference, state, actor, deps.now());
    if (settled.ok && settled.paidNow)
      await cancelOpenAttempts(deps, payment.orderId, payment.reference);
    return settled;
  }
  if (state.outcome === 'pending' || state.outcome === 'authorised')
    return { ok: false, code: 'pending' };
  await recordUnpaid(db, payment, state, actor, deps.now());
  const replaced = await isReplaced(deps, payment);
  if (!replaced) return { ok: false, code: 'not_paid' };
  return { ok: false, code: 'replaced', ...(replaced === true ? {} : { order: replaced }) };
}

/**
 * The order is placed by another payment (answers that order), or a newer attempt was started
 * (true): this one is replaced.
 */
async function isReplaced(
  deps: PaymentDeps,
  payment: PaymentRow,
): Promise<boolean | { orderId: string; orderNumber: string }> {
  const placed = await placedOrderOf(deps.db, payment.orderId);
  if (placed) return { orderId: payment.orderId, orderNumber: placed.orderNumber };
  const [latest] = await deps.db
    .select({ reference: payments.reference })
    .from(payments)
    .where(eq(payments.orderId, payment.orderId))
    .orderBy(desc(payments.createdAt))
    .limit(1);
  return latest !== undefined && latest.reference !== payment.reference;
}

/** After the order is paid: its other open attempts become unpayable at the provider. */
async function cancelOpenAttempts(
  deps: PaymentDeps,
  orderId: string,
  paidReference: string,
): Promise<void> {
  const open = await deps.db
    .select({ providerReference: payments.providerReference })
    .from(payments)
    .where(
      and(
        eq(payments.orderId, orderId),
        eq(payments.status, 'initiated'),
        ne(payments.reference, paidReference),
      ),
    );
  await cancelAttempts(
    deps,
    open.flatMap((row) => (row.providerReference ? [row.providerReference] : [])),
  );
}

/**
 * The provider says paid, but not for this payment as recorded: flagged (never paid), the shop
 * alerted by mail (a job, in the same transaction) and on the dashboard; the parent is answered
 * 'mismatch'.
 */
async function flagMismatch(
  deps: PaymentDeps,
  payment: PaymentRow,
  state: PaymentState,
): Promise<VerifyResult> {
  const detail = mismatchOf(payment, state).join(', ');
  log().error(
    { payment: payment.reference.slice(0, 8), provider: deps.provider.name, mismatch: detail },
    "the payment provider's paid answer does not match the payment",
  );
  await deps.db.transaction(async (tx) => {
    const flagged = await tx
      .update(payments)
      .set({
        status: 'mismatch',
        mismatch: detail.slice(0, 300),
        providerState: state.providerState,
        updatedAt: deps.now(),
      })
      .where(
        and(
          eq(payments.reference, payment.reference),
          inArray(payments.status, ['initiated', 'failed', 'abandoned', 'voided', 'error']),
        ),
      )
      .returning({ reference: payments.reference });
    if (flagged.length > 0) {
      await enqueueJob(tx, {
        kind: MISMATCH_MAIL_JOB,
        dedupeKey: `${MISMATCH_MAIL_JOB}:${payment.reference}`,
        payload: { reference: payment.reference },
      });
    }
  });
  return { ok: false, code: 'mismatch' };
}

/**
 * A settled payment's later state as the provider says it (refunded, voided, chargebacked),
 * recorded on the payment row for the back office. Tolerant: a provider that cannot be reached is
 * asked again by the next reconciliation.
 */
export async function readLaterState(deps: PaymentDeps, payment: PaymentRow): Promise<void> {
  if (!payment.providerReference) return;
  let state: PaymentState;
  try {
    state = await deps.provider.state(payment.providerReference);
  } catch (error) {
    log().warn(
      {
        provider: deps.provider.name,
        reason: scrub(error instanceof Error ? error.message : String(error)),
      },
      'could not read a paid payment again',
    );
    return;
  }
  await recordLaterState(deps, payment, state);
}

/**
 * What the shop itself has paid back on a payment: the owner's refunds on it (succeeded, or
 * pending: asked of the provider just now) and its automatic refund (queued or done).
 */
async function shopRefundedMinor(deps: PaymentDeps, payment: PaymentRow): Promise<number> {
  const rows = await deps.db
    .select({ amountMinor: refunds.amountMinor })
    .from(refunds)
    .where(
      and(
        eq(refunds.paymentReference, payment.reference),
        inArray(refunds.status, ['succeeded', 'pending']),
      ),
    );
  const automatic =
    payment.refundStatus === 'refunded' || payment.refundStatus === 'queued'
      ? payment.amountMinor
      : 0;
  return rows.reduce((sum, row) => sum + row.amountMinor, 0) + automatic;
}

/**
 * Records a paid payment's later state at the provider. A `refunded` state is flagged (laterOutcome,
 * the dashboard's payment issues) only when the provider has paid back more than the shop's own
 * refunds of it: a refund made at the provider's portal, not one the owner made in /admin.
 */
export async function recordLaterState(
  deps: PaymentDeps,
  payment: PaymentRow,
  state: PaymentState,
): Promise<void> {
  const refundedMinor =
    state.refundedMinor ??
    (state.outcome === 'refunded' ? payment.amountMinor : payment.refundedMinor);
  let later = (LATER_OUTCOMES as readonly string[]).includes(state.outcome) ? state.outcome : null;
  if (later === 'refunded' && refundedMinor <= (await shopRefundedMinor(deps, payment)))
    later = null;
  if (
    later === payment.laterOutcome &&
    refundedMinor === payment.refundedMinor &&
    state.providerState === payment.providerState
  )
    return;
  if (later === null && payment.laterOutcome === null && refundedMinor === payment.refundedMinor)
    return;
  await deps.db
    .update(payments)
    .set({
      laterOutcome: later ?? payment.laterOutcome,
      providerState: state.providerState,
      refundedMinor,
      updatedAt: deps.now(),
    })
    .where(eq(payments.reference, payment.reference));
  if (later && later !== payment.laterOutcome) {
    log().warn(
      { payment: payment.reference.slice(0, 8), outcome: later },
      'a paid payment changed at the provider',
    );
  }
}
