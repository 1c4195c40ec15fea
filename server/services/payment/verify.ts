import { and, desc, eq, inArray, isNull, ne } from 'drizzle-orm';
import type { OrderStatusValue } from '#contract/order-status.ts';
import type { PaymentErrorCode } from '#contract/payments.ts';
import { payments } from '#server/db/schema/checkout.ts';
import { refunds } from '#server/db/schema/money.ts';
import { log, scrub } from '#server/runtime/log.ts';
import { enqueueJob } from '#server/platform/jobs/runner.ts';
import type { Actor } from '#server/services/order/order-moves.ts';
import { raiseAlert, resolveAlert } from './alerts.ts';
import { cancelAttempts, type PaymentDeps } from './initiate.ts';
import { PaymentProviderError, type PaymentState } from './provider.ts';
import { placedOrderOf, recordUnpaid, settlePayment, SETTLED_STATUSES } from './settle.ts';

export type VerifyResult =
  | { ok: true; orderId: string; orderNumber: string; status: OrderStatusValue; paidNow: boolean }
  /**
   * With `replaced`, when the order is paid (by another attempt): the order to follow.
   * `capture_refused`: the provider refused our capture (the owner is alerted; asked again).
   * `provider_refused`: the provider refused our own status read (4xx: credentials, URL; the owner
   * is alerted). Both are answered so the provider's callback comes again.
   */
  | {
      ok: false;
      code: PaymentErrorCode | 'capture_refused' | 'read_refused';
      order?: { orderId: string; orderNumber: string };
    };

type PaymentRow = typeof payments.$inferSelect;

export const MISMATCH_MAIL_JOB = 'payment-mismatch-mail';

/** The outcomes a paid payment can move on to (read by the callback and the reconciliation). */
const LATER_OUTCOMES = ['refunded', 'voided', 'chargebacked'] as const;

/**
 * What differs between the provider's paid answer and the payment: every one of amount, currency
 * and reference must be present and equal (a missing one is a difference). Empty when they match.
 * The currency is the provider's where it says one, else that of the processing account it
 * names (EveryPay's status answers carry `account_name` and no `currency`).
 */
export function mismatchOf(
  payment: Pick<PaymentRow, 'amountMinor' | 'currencyCode' | 'reference'>,
  state: PaymentState,
): string[] {
  const out: string[] = [];
  if (state.amountMinor === undefined) out.push('amount missing');
  else if (state.amountMinor !== payment.amountMinor)
    out.push(`amount ${state.amountMinor} instead of ${payment.amountMinor}`);
  if (state.currencyCode === undefined)
    out.push(
      state.accountName
        ? `currency unknown (account ${state.accountName} is not one of the shop's)`
        : 'currency missing',
    );
  else if (state.currencyCode.toUpperCase() !== payment.currencyCode.toUpperCase())
    out.push(`currency ${state.currencyCode} instead of ${payment.currencyCode}`);
  if (state.reference === undefined) out.push('reference missing');
  else if (state.reference !== payment.reference) out.push('another reference');
  return out;
}

/**
 * POST /api/payment/verify (the browser's return), the provider's callback and the
 * reconciliation job: asks the provider for the payment's state (never trusting the caller) and
 * acts on it. A paid, authorised or to-review state counts only when its amount, currency and
 * reference all match the payment (else the payment is flagged `mismatch`, the shop alerted, never
 * paid). By what was paid with: a card authorisation is captured first, unless it pays for nothing
 * (a newer attempt replaced it, or another payment paid the order): then it is voided; a capture
 * the provider leaves to its nightly run is `capture_scheduled` (asked again, never captured
 * twice); a PayPal payment (`authorised`, final) is held for the owner's review in PayPal
 * (`review`: never captured, the order not placed until the owner says so). Repeatable and safe to
 * run concurrently: one paid transition whatever the number of callers. The callback and the
 * reconciliation (`recheck`) also read a settled payment's later state (refunded, voided,
 * chargebacked, a refund reverted) onto the payment row.
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
    state = await readState(deps, payment, providerReference);
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    return { ok: false, code: error.kind === 'refused' ? 'read_refused' : 'provider_unavailable' };
  }
  if (
    state.outcome === 'review' ||
    state.outcome === 'authorised' ||
    state.outcome === 'capture_scheduled' ||
    (state.outcome === 'paid' && state.providerState === 'authorised')
  ) {
    // Money approved but not taken: acted on only once the answer is known to be about this
    // payment and amount.
    if (mismatchOf(payment, state).length > 0) return flagMismatch(deps, payment, state);
    if (state.outcome === 'review') return holdForReview(deps, payment, state);
    const replaced = await isReplaced(deps, payment);
    if (replaced && !payment.captureRequestedAt) {
      return voidReplaced(deps, payment, state, replaced, actor);
    }
    if (state.outcome === 'capture_scheduled' || payment.captureRequestedAt) {
      if (state.outcome !== 'paid') return scheduleCapture(deps, payment);
    } else if (state.outcome === 'authorised') {
      try {
        state = await deps.provider.capture(providerReference, payment.amountMinor);
      } catch (error) {
        if (!(error instanceof PaymentProviderError)) throw error;
        log().error(
          { provider: deps.provider.name, kind: error.kind, reason: scrub(error.message) },
          'the payment provider did not capture an authorisation',
        );
        if (error.kind !== 'refused') return { ok: false, code: 'provider_unavailable' };
        // Refused: maybe captured meanwhile (a concurrent caller); else the owner must look.
        const again = await readState(deps, payment, providerReference).catch(() => undefined);
        if (again?.outcome !== 'paid' || again.providerState === 'authorised') {
          await raiseAlert(db, {
            kind: 'capture_refused',
            paymentReference: payment.reference,
            amountMinor: payment.amountMinor,
            currencyCode: payment.currencyCode,
            detail: scrub(error.message),
          });
          return { ok: false, code: 'capture_refused' };
        }
        state = again;
      }
      if (state.outcome === 'capture_scheduled') return scheduleCapture(deps, payment);
    }
  }
  if (state.outcome === 'paid') {
    if (mismatchOf(payment, state).length > 0) return flagMismatch(deps, payment, state);
    const settled = await settlePayment(db, payment.reference, state, actor, deps.now());
    if (settled.ok && settled.paidNow) {
      await resolveAlert(
        db,
        { kind: 'capture_refused', paymentReference: payment.reference },
        'system',
        deps.now(),
      );
      await cancelOpenAttempts(deps, payment.orderId, payment.reference);
    }
    return settled;
  }
  if (state.outcome === 'pending') return { ok: false, code: 'pending' };
  if (
    (state.outcome === 'refunded' || state.outcome === 'chargebacked') &&
    (payment.status === 'initiated' || payment.status === 'review')
  ) {
    // Money taken and given back (or disputed) before the shop ever saw it paid: not a decline
    // to pass over in silence.
    const standing =
      state.amountMinor !== undefined && state.refundedMinor !== undefined
        ? state.amountMinor - state.refundedMinor
        : undefined;
    await raiseAlert(db, {
      kind: 'seen_refunded',
      paymentReference: payment.reference,
      amountMinor: state.amountMinor ?? payment.amountMinor,
      currencyCode: payment.currencyCode,
      detail: `${deps.provider.name} says ${state.providerState}${standing !== undefined ? `, ${standing} (minor units) still standing` : ''}`,
    });
  }
  await recordUnpaid(db, payment, state, actor, deps.now());
  const replaced = await isReplaced(deps, payment);
  if (!replaced) return { ok: false, code: 'not_paid' };
  return { ok: false, code: 'replaced', ...(replaced === true ? {} : { order: replaced }) };
}

/**
 * The provider's state of a payment. A refusal of our own read (4xx: a rotated secret, the demo
 * URL in production, a payment the account does not know) is the shop's fault, never the
 * payment's: the owner is alerted (once, shop-wide) and the error thrown, so the caller answers
 * in a way that has the provider call again. A read that succeeds closes that alert, and the
 * payment method it names is kept on the row.
 */
async function readState(
  deps: PaymentDeps,
  payment: PaymentRow,
  providerReference: string,
): Promise<PaymentState> {
  let state: PaymentState;
  try {
    state = await deps.provider.state(providerReference);
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    log().error(
      { provider: deps.provider.name, kind: error.kind, reason: scrub(error.message) },
      "payment provider could not say a payment's state",
    );
    if (error.kind === 'refused') {
      await raiseAlert(deps.db, {
        kind: 'provider_access',
        detail: `${deps.provider.name}: ${scrub(error.message)}`,
      });
    }
    throw error;
  }
  await resolveAlert(deps.db, { kind: 'provider_access' }, 'system', deps.now());
  if (state.method && state.method !== payment.method) {
    await deps.db
      .update(payments)
      .set({ method: state.method })
      .where(eq(payments.reference, payment.reference));
    payment.method = state.method;
  }
  return state;
}

/**
 * A PayPal payment EveryPay reports `authorised`: final for PayPal, to be reviewed by the merchant
 * in PayPal before anything is sent. Never captured, never counted paid: the payment waits as
 * `review`, the owner is alerted (dashboard and mail) with what to do, and the parent is told the
 * payment is being checked. The owner's answer places the order (or records it refused).
 */
async function holdForReview(
  deps: PaymentDeps,
  payment: PaymentRow,
  state: PaymentState,
): Promise<VerifyResult> {
  // Refused by the owner in PayPal (recorded by alert-actions.ts): it pays nothing.
  if (payment.status !== 'initiated' && payment.status !== 'review')
    return { ok: false, code: 'not_paid' };
  await deps.db.transaction(async (tx) => {
    const held = await tx
      .update(payments)
      .set({ status: 'review', providerState: state.providerState, updatedAt: deps.now() })
      .where(and(eq(payments.reference, payment.reference), eq(payments.status, 'initiated')))
      .returning({ reference: payments.reference });
    if (held.length === 0) return;
    const placed = await placedOrderOf(tx, payment.orderId);
    await raiseAlert(tx, {
      kind: 'paypal_review',
      paymentReference: payment.reference,
      amountMinor: payment.amountMinor,
      currencyCode: payment.currencyCode,
      detail: placed
        ? `${state.method ?? 'paypal'} ${state.providerState}; the order is already paid by another payment: refuse this one in PayPal`
        : `${state.method ?? 'paypal'} ${state.providerState}`,
    });
  });
  return { ok: false, code: 'review' };
}

/** A capture left to the provider's nightly run that has not settled after this long is the owner's to look at. */
const CAPTURE_OVERDUE_MS = 48 * 3_600_000;

/**
 * The provider took our capture and left it to its nightly run: asked again, never captured
 * twice. Still not settled two days after it was asked: the owner is alerted (once).
 */
async function scheduleCapture(deps: PaymentDeps, payment: PaymentRow): Promise<VerifyResult> {
  const now = deps.now();
  if (!payment.captureRequestedAt) {
    await deps.db
      .update(payments)
      .set({ captureRequestedAt: now, updatedAt: now })
      .where(and(eq(payments.reference, payment.reference), isNull(payments.captureRequestedAt)));
  } else if (now.getTime() - payment.captureRequestedAt.getTime() > CAPTURE_OVERDUE_MS) {
    await raiseAlert(deps.db, {
      kind: 'capture_refused',
      paymentReference: payment.reference,
      amountMinor: payment.amountMinor,
      currencyCode: payment.currencyCode,
      detail: `capture asked ${payment.captureRequestedAt.toISOString()}, still not settled`,
    });
  }
  return { ok: false, code: 'capture_scheduled' };
}

/**
 * An authorisation that pays for nothing (a newer attempt replaced it, or another payment paid
 * the order) is voided before anyone captures it: the parent's money is released, not taken and
 * refunded days later. A void the provider does not make is the owner's to make (alerted).
 */
async function voidReplaced(
  deps: PaymentDeps,
  payment: PaymentRow,
  state: PaymentState,
  replaced: true | { orderId: string; orderNumber: string },
  actor: Actor,
): Promise<VerifyResult> {
  let after: PaymentState;
  try {
    after = await deps.provider.cancel(payment.providerReference!);
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    after = state;
  }
  if (after.outcome === 'voided') {
    await recordUnpaid(deps.db, payment, after, actor, deps.now());
  } else if (after.outcome === 'paid' && after.providerState !== 'authorised') {
    // Captured meanwhile: money taken, settled as a second payment (refunded automatically).
    return verifyPayment(deps, payment.providerReference!, actor, { recheck: false });
  } else {
    await raiseAlert(deps.db, {
      kind: 'void_failed',
      paymentReference: payment.reference,
      amountMinor: payment.amountMinor,
      currencyCode: payment.currencyCode,
      detail: `${deps.provider.name} says ${after.providerState} after the void`,
    });
  }
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
  // Attempts the provider never started (status error) replace nothing.
  const [latest] = await deps.db
    .select({ reference: payments.reference })
    .from(payments)
    .where(and(eq(payments.orderId, payment.orderId), ne(payments.status, 'error')))
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
          inArray(payments.status, [
            'initiated',
            'review',
            'failed',
            'abandoned',
            'voided',
            'error',
          ]),
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
    state = await readState(deps, payment, payment.providerReference);
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
 * What the shop itself has paid back on a payment: the owner's refunds on it (succeeded, made at
 * the provider and waiting for the owner's bank transfer, and with `inFlight` also pending: asked
 * of the provider just now) and its automatic refund (done or waiting for the transfer, and with
 * `inFlight` also queued).
 */
async function shopRefundedMinor(
  deps: PaymentDeps,
  payment: PaymentRow,
  inFlight: boolean,
): Promise<number> {
  const rows = await deps.db
    .select({ amountMinor: refunds.amountMinor })
    .from(refunds)
    .where(
      and(
        eq(refunds.paymentReference, payment.reference),
        inArray(
          refunds.status,
          inFlight
            ? ['succeeded', 'awaiting_transfer', 'pending']
            : ['succeeded', 'awaiting_transfer'],
        ),
      ),
    );
  const automaticStatuses = inFlight
    ? ['refunded', 'awaiting_transfer', 'queued']
    : ['refunded', 'awaiting_transfer'];
  const automatic = automaticStatuses.includes(payment.refundStatus ?? '')
    ? payment.amountMinor
    : 0;
  return rows.reduce((sum, row) => sum + row.amountMinor, 0) + automatic;
}

/**
 * Records a paid payment's later state at the provider. A `refunded` state is flagged (laterOutcome,
 * the dashboard's payment issues) only when the provider has paid back more than the shop's own
 * refunds of it: a refund made at the provider's portal, not one the owner made in /admin. Less
 * paid back than the shop recorded is a refund that reverted (an open-banking refund that failed
 * at the bank reads `settled` again, EveryPay's help centre): the owner is alerted.
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
  if (later === 'refunded' && refundedMinor <= (await shopRefundedMinor(deps, payment, true)))
    later = null;
  if (state.refundedMinor !== undefined) {
    const recorded = await shopRefundedMinor(deps, payment, false);
    if (state.refundedMinor < recorded) {
      await raiseAlert(deps.db, {
        kind: 'refund_reverted',
        paymentReference: payment.reference,
        amountMinor: recorded - state.refundedMinor,
        currencyCode: payment.currencyCode,
        detail: `${deps.provider.name} says ${state.providerState} with ${state.refundedMinor} refunded (minor units); the shop recorded ${recorded}`,
      });
    }
  }
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
