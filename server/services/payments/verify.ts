import { eq } from 'drizzle-orm';
import type { OrderStatusValue } from '#contract/order-status.ts';
import type { PaymentErrorCode } from '#contract/payments.ts';
import { payments } from '../../db/schema-checkout.ts';
import { log, scrub } from '../../log.ts';
import type { Actor } from '../order-states.ts';
import type { PaymentDeps } from './initiate.ts';
import { PaymentProviderError } from './provider.ts';
import { placedOrderOf, recordUnpaid, settlePayment } from './settle.ts';

export type VerifyResult =
  | { ok: true; orderId: string; orderNumber: string; status: OrderStatusValue; paidNow: boolean }
  | { ok: false; code: PaymentErrorCode };

/**
 * POST /api/payment/verify (the browser's return) and the provider's callback: asks the provider
 * for the payment's state (never trusting the caller) and settles it. Repeatable and safe to run
 * concurrently: one paid transition whatever the number of callers.
 */
export async function verifyPayment(deps: PaymentDeps, providerReference: string, actor: Actor): Promise<VerifyResult> {
  const { db } = deps;
  const [payment] = await db.select().from(payments).where(eq(payments.providerReference, providerReference));
  if (!payment) return { ok: false, code: 'unknown_reference' };
  if (payment.status === 'paid' || payment.status === 'duplicate') {
    const placed = await placedOrderOf(db, payment.orderId);
    if (placed) {
      return { ok: true, orderId: payment.orderId, orderNumber: placed.orderNumber, status: placed.status as OrderStatusValue, paidNow: false };
    }
  }
  if (payment.status === 'superseded') return { ok: false, code: 'superseded' };
  let state;
  try {
    state = await deps.provider.state(providerReference);
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    log().error({ provider: deps.provider.name, reason: scrub(error.message) }, "payment provider could not say a payment's state");
    return { ok: false, code: 'provider_unavailable' };
  }
  // The provider's answer must be about this payment and this amount.
  const foreign = state.reference !== undefined && state.reference !== payment.reference;
  const otherAmount = state.amountMinor !== undefined && state.amountMinor !== payment.amountMinor;
  if (foreign || otherAmount) {
    log().error({ payment: payment.reference.slice(0, 8) }, "the payment provider's answer does not match the payment");
    return { ok: false, code: 'not_paid' };
  }
  if (state.outcome === 'pending') return { ok: false, code: 'pending' };
  if (state.outcome !== 'paid') {
    await recordUnpaid(db, payment, state, actor, deps.now());
    return { ok: false, code: 'not_paid' };
  }
  return settlePayment(db, payment.reference, state, actor, deps.now());
}
