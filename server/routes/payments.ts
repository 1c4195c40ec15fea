import { Hono, type Context } from 'hono';
import type { ApiError } from '#contract/errors.ts';
import {
  InitiatePaymentRequestSchema,
  PaymentReferenceSchema,
  VerifyPaymentRequestSchema,
  type InitiatePaymentResponse,
  type PaymentError,
  type PaymentErrorCode,
  type VerifiedPayment,
} from '#contract/payments.ts';
import * as v from 'valibot';
import type { ShopJobs } from '../services/jobs/shop-jobs.ts';
import type { Actor } from '../services/order-moves.ts';
import { initiatePayment } from '../services/payments/initiate.ts';
import { verifyPayment, type VerifyResult } from '../services/payments/verify.ts';
import type { CartAccess } from './cart-access.ts';
import { clientIp, rateLimit, UNKNOWN_CLIENT, type RouteLimits } from './rate-limit.ts';
import { notFound, parseJson } from './validate.ts';

const VERIFY_ERRORS: Record<string, { status: 402 | 404 | 409 | 502; error: string }> = {
  unknown_reference: { status: 404, error: 'This payment is not known.' },
  not_paid: { status: 402, error: 'The payment was not completed.' },
  superseded: {
    status: 402,
    error: 'The cart changed after this payment began; it cannot pay for the new contents.',
  },
  replaced: {
    status: 402,
    error:
      'This payment was replaced by a newer one, or the order is already paid. No money was taken for it.',
  },
  mismatch: {
    status: 402,
    error:
      "The payment provider's answer does not match this order, so it was not marked paid. The shop has been told and will contact you; please do not pay again.",
  },
  pending: {
    status: 409,
    error: 'The payment is still being processed. Please try again in a moment.',
  },
  provider_unavailable: {
    status: 502,
    error: 'The payment provider cannot be reached just now. Please try again in a moment.',
  },
};

function verifyAnswer(c: Context, result: VerifyResult) {
  if (result.ok) {
    return c.json({
      orderId: result.orderId,
      orderNumber: result.orderNumber,
      status: result.status,
    } satisfies VerifiedPayment);
  }
  const known = VERIFY_ERRORS[result.code] ?? {
    status: 402 as const,
    error: 'The payment was not completed.',
  };
  const order = result.order
    ? { orderId: result.order.orderId, orderNumber: result.order.orderNumber }
    : {};
  return c.json(
    { error: known.error, code: result.code, ...order } satisfies PaymentError,
    known.status,
  );
}

/**
 * Card payment (SPEC.md section 7, base /api/payment): initiate, verify on return, and the
 * provider's callback (EveryPay calls it with payment_reference and order_reference, by GET or a
 * form POST; configure `${PUBLIC_URL}/api/payment/callback` in EveryPay's portal).
 */
export function paymentRoutes(shopJobs: ShopJobs, limits: RouteLimits, cart: CartAccess) {
  const deps = shopJobs.payments;
  const writes = rateLimit(limits.rateLimits.orderWrites, limits);
  const provider: Actor = `provider:${deps.provider.name}`;

  async function callback(c: Context) {
    let reference = c.req.query('payment_reference');
    if (!reference && c.req.method === 'POST') {
      const type = c.req.header('content-type') ?? '';
      if (type.includes('json')) {
        const body = (await c.req.json().catch(() => ({}))) as { payment_reference?: unknown };
        reference = typeof body.payment_reference === 'string' ? body.payment_reference : undefined;
      } else {
        const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
        reference = typeof form.payment_reference === 'string' ? form.payment_reference : undefined;
      }
    }
    const parsed = v.safeParse(PaymentReferenceSchema, reference);
    if (!parsed.success) return notFound(c, 'This payment is not known.');
    const result = await verifyPayment(deps, parsed.output, provider);
    if (result.ok) shopJobs.jobs.wake();
    if (!result.ok && result.code === 'unknown_reference')
      return notFound(c, 'This payment is not known.');
    // The provider retries what is not a 2xx: only worth it when we could not ask it.
    if (!result.ok && result.code === 'provider_unavailable') {
      return c.json({ error: 'Try again later.' } satisfies ApiError, 503);
    }
    return c.json({ received: true });
  }

  return new Hono()
    .post('/payment/initiate', writes, async (c) => {
      const body = await parseJson(c, InitiatePaymentRequestSchema);
      if (!body.ok) return body.response;
      // Only the browser holding the cart starts its payment (routes/cart-access.ts).
      const refused = await cart.refuseWrite(c, body.value.orderId, 'Order not found.');
      if (refused) return refused;
      const ip = clientIp(c, limits.trustProxy);
      const result = await initiatePayment(deps, body.value.orderId, {
        language: body.value.language,
        customerIp: ip === UNKNOWN_CLIENT ? undefined : ip,
        attemptKey: body.value.attemptKey,
      });
      if (result.ok)
        return c.json({ payment_link: result.paymentLink } satisfies InitiatePaymentResponse);
      if (result.code === 'order_not_found') return notFound(c, result.error);
      const status =
        result.code === 'provider_unavailable' || result.code === 'provider_refused' ? 502 : 409;
      return c.json(
        { error: result.error, code: result.code as PaymentErrorCode } satisfies PaymentError,
        status,
      );
    })
    .post('/payment/verify', async (c) => {
      const body = await parseJson(c, VerifyPaymentRequestSchema);
      if (!body.ok) return body.response;
      const result = await verifyPayment(deps, body.value.paymentReference, 'customer');
      if (result.ok && result.paidNow) shopJobs.jobs.wake();
      return verifyAnswer(c, result);
    })
    .get('/payment/callback', callback)
    .post('/payment/callback', callback);
}
