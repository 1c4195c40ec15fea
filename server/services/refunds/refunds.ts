import { and, asc, eq, inArray, lt } from 'drizzle-orm';
import type { RefundRequest } from '#contract/admin-refunds.ts';
import type { Db } from '#server/db/client.ts';
import { orderSnapshots, payments } from '#server/db/schema/checkout.ts';
import { refunds } from '#server/db/schema/money.ts';
import { log, scrub } from '#server/runtime/log.ts';
import { type Actor } from '#server/services/audit/audit-log.ts';
import { type JobRunner } from '#server/platform/jobs/runner.ts';
import { isOrderStatus } from '#server/services/order/order-moves.ts';
import { raiseAlert } from '#server/services/payment/alerts.ts';
import {
  PaymentProviderError,
  refundMovesMoney,
  type PaymentProvider,
  type PaymentState,
} from '#server/services/payment/provider.ts';
import { awaitTransfer, completeRefund, failRefund, lockedPaidOrder } from './refund-records.ts';
import { planRefund, type RefundFailure } from './refund-plan.ts';
import type { RefundRow } from '#server/services/order/refund-rules.ts';
export { REFUND_MAIL_JOB } from './refund-records.ts';
export type { RefundFailure };

export type RefundResult = { ok: true; refund: RefundRow; repeated: boolean } | RefundFailure;

interface RefundDeps {
  db: Db;
  provider: PaymentProvider;
  jobs?: JobRunner | undefined;
}

/**
 * Step one, in one transaction with the order locked: the same request key answers the refund it
 * made; else the books and amount are worked out from the paid snapshot (as invoiced) and a
 * pending refund row is written. Nothing is asked of the provider yet.
 */
async function claimRefund(
  db: Db,
  actor: Actor,
  orderId: string,
  request: RefundRequest,
): Promise<RefundResult> {
  return db.transaction(async (tx): Promise<RefundResult> => {
    const order = await lockedPaidOrder(tx, orderId);
    if (!order || !isOrderStatus(order.status)) return { ok: false, code: 'not-found' };
    const [same] = await tx
      .select()
      .from(refunds)
      .where(eq(refunds.requestKey, request.requestKey));
    if (same)
      return same.orderId === orderId
        ? { ok: true, refund: same, repeated: true }
        : { ok: false, code: 'key-reused' };
    const plan = await planRefund(tx, orderId, order, request);
    if (!plan.ok) return plan;
    const { itemIds, delivery, amountMinor } = plan;
    const [refund] = await tx
      .insert(refunds)
      .values({
        orderId,
        requestKey: request.requestKey,
        paymentReference: order.payment.reference,
        itemIds,
        delivery,
        amountMinor,
        currencyCode: order.payment.currencyCode,
        reason: request.reason,
        cancel: request.scope === 'cancel',
        staffId: actor.staffId,
        staffEmail: actor.email,
      })
      .returning();
    if (!refund) throw new Error('the refund row was not written');
    return { ok: true, refund, repeated: false };
  });
}

/** A pending refund older than this was left by a server that stopped while refunding it. */
const STALE_PENDING_MS = 2 * 60_000;

/**
 * Refunds left `pending` by a server that stopped between claiming them and recording the
 * provider's answer: the provider is asked what it has refunded on the payment; what it covers
 * beyond the refunds already recorded completes them (oldest first, with their credit note, mail
 * and audit row, in the name of who asked), the rest are recorded as failed, so they can be asked
 * again. Runs before each new refund of the order, and for every order from the periodic
 * reconciliation (settleStalePendingRefunds); a provider that cannot be reached leaves them.
 */
export async function resolvePendingRefunds(
  deps: RefundDeps,
  orderId: string,
  now: Date,
): Promise<void> {
  const { db } = deps;
  const stale = await db
    .select()
    .from(refunds)
    .where(
      and(
        eq(refunds.orderId, orderId),
        eq(refunds.status, 'pending'),
        lt(refunds.createdAt, new Date(now.getTime() - STALE_PENDING_MS)),
      ),
    )
    .orderBy(asc(refunds.id));
  if (stale.length === 0) return;
  const payment = await paymentOfRefund(db, stale[0]!.paymentReference);
  if (!payment?.providerReference) return;
  let state;
  try {
    state = await deps.provider.state(payment.providerReference);
  } catch (error) {
    if (error instanceof PaymentProviderError) return;
    throw error;
  }
  const recorded = await db
    .select({ amountMinor: refunds.amountMinor })
    .from(refunds)
    .where(
      and(
        eq(refunds.orderId, orderId),
        inArray(refunds.status, ['succeeded', 'awaiting_transfer']),
      ),
    );
  // What the provider has refunded on the payment (its standing amount lowered) beyond the
  // refunds already recorded covers the pending ones, oldest first.
  let covered =
    (state.refundedMinor ?? 0) - recorded.reduce((sum, row) => sum + row.amountMinor, 0);
  for (const refund of stale) {
    const actor = { staffId: refund.staffId, email: refund.staffEmail };
    if (covered >= refund.amountMinor) {
      covered -= refund.amountMinor;
      await settleAtProvider(deps, actor, refund, payment, state, now);
    } else {
      await failRefund(
        db,
        actor,
        refund,
        refund.error
          ? 'not refunded at the provider: its answer was lost, and the payment shows no such refund'
          : 'not refunded at the provider: the server stopped before asking it',
        now,
      );
    }
  }
}

/** The payment a refund pays back on, with what the refund call needs (method, the payer's name). */
async function paymentOfRefund(db: Db, paymentReference: string) {
  const [row] = await db
    .select({
      reference: payments.reference,
      providerReference: payments.providerReference,
      method: payments.method,
      billingAddress: orderSnapshots.billingAddress,
    })
    .from(payments)
    .innerJoin(orderSnapshots, eq(orderSnapshots.id, payments.snapshotId))
    .where(eq(payments.reference, paymentReference));
  return row;
}

type RefundPayment = NonNullable<Awaited<ReturnType<typeof paymentOfRefund>>>;

/**
 * The provider has refunded it: done, when its refund sends the money back; else (an
 * open-banking payment: the refund is a status at the provider) it waits for the owner's bank
 * transfer, and the owner is alerted; the parent is told only once the owner confirms it.
 */
async function settleAtProvider(
  deps: RefundDeps,
  actor: Actor,
  refund: RefundRow,
  payment: RefundPayment,
  state: PaymentState,
  now: Date,
): Promise<RefundRow> {
  const method = state.method ?? payment.method;
  if (refundMovesMoney(deps.provider, method))
    return completeRefund(deps.db, actor, refund, state.providerState, now);
  return deps.db.transaction(async (tx) => {
    const waiting = await awaitTransfer(tx, refund, state.providerState);
    if (waiting.status === 'awaiting_transfer') {
      await raiseAlert(tx, {
        kind: 'bank_transfer',
        paymentReference: payment.reference,
        refundId: refund.id,
        amountMinor: refund.amountMinor,
        currencyCode: refund.currencyCode,
        detail: `${deps.provider.name} recorded the refund of an open-banking payment (${method ?? 'bank'}): ${state.providerState}`,
      });
    }
    return waiting;
  });
}

/** Orders settled per run of settleStalePendingRefunds (the rest wait for the next run). */
const STALE_BATCH = 100;

/**
 * Every order with a refund left `pending` for over two minutes has it settled as
 * resolvePendingRefunds does (completed when the provider refunded it, else failed): run by the
 * periodic reconciliation, so such a refund is settled within minutes without anyone refunding
 * the order again. One order's failure is logged and the others go on.
 */
export async function settleStalePendingRefunds(
  deps: RefundDeps,
  now: Date,
): Promise<{ orders: number }> {
  const stale = await deps.db
    .selectDistinct({ orderId: refunds.orderId })
    .from(refunds)
    .where(
      and(
        eq(refunds.status, 'pending'),
        lt(refunds.createdAt, new Date(now.getTime() - STALE_PENDING_MS)),
      ),
    )
    .limit(STALE_BATCH);
  for (const { orderId } of stale) {
    try {
      await resolvePendingRefunds(deps, orderId, now);
    } catch (error) {
      log().error({ reason: scrub(String(error)) }, 'settling a pending refund failed');
    }
  }
  if (stale.length > 0) deps.jobs?.wake();
  return { orders: stale.length };
}

/**
 * The owner refunds books of a paid order, the whole order, or cancels it (a full refund before
 * shipping): claimed in the database first (so a double submit, same key, refunds once), then
 * asked of the provider on the payment that paid the order, then recorded with its consequences.
 */
export async function refundOrder(
  deps: RefundDeps,
  actor: Actor,
  orderId: string,
  request: RefundRequest,
  now: () => Date,
): Promise<RefundResult> {
  await resolvePendingRefunds(deps, orderId, now());
  const claimed = await claimRefund(deps.db, actor, orderId, request);
  if (!claimed.ok || claimed.repeated) return claimed;
  const { refund } = claimed;
  const payment = await paymentOfRefund(deps.db, refund.paymentReference);
  let done: RefundRow;
  try {
    if (!payment?.providerReference)
      throw new PaymentProviderError('the payment has no provider reference', undefined, 'refused');
    const { firstName, lastName } = payment.billingAddress;
    const state = await deps.provider.refund(payment.providerReference, refund.amountMinor, {
      customerName: `${firstName} ${lastName}`.trim(),
    });
    done = await settleAtProvider(deps, actor, refund, payment, state, now());
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    log().error(
      { provider: deps.provider.name, refund: refund.id, reason: scrub(error.message) },
      'the payment provider did not refund',
    );
    if (error.kind === 'refused') {
      // The provider understood and refused: nothing was refunded.
      done = await failRefund(deps.db, actor, refund, scrub(error.message).slice(0, 300), now());
    } else {
      // Timed out, 5xx, cut off: the refund may have been made, and the provider has no key to
      // make a second try safe. It stays pending (its books and amount stay taken) and is settled
      // by reading what the payment shows refunded (its standing amount) within minutes.
      done = await noteLostAnswer(deps.db, refund, scrub(error.message).slice(0, 300));
    }
  }
  if (done.status !== 'failed') deps.jobs?.wake();
  return { ok: true, refund: done, repeated: false };
}

/** A refund whose answer was lost: still pending, with why (the owner sees it being checked). */
async function noteLostAnswer(db: Db, refund: RefundRow, reason: string): Promise<RefundRow> {
  const [row] = await db
    .update(refunds)
    .set({ error: `${reason}; no answer, so the payment is checked within minutes` })
    .where(and(eq(refunds.id, refund.id), eq(refunds.status, 'pending')))
    .returning();
  return row ?? refund;
}
