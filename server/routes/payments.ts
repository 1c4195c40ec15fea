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
import type { PaymentWork } from '#server/services/payment/initiate.ts';
import type { Actor } from '#server/services/order/order-moves.ts';
import { initiatePayment } from '#server/services/payment/initiate.ts';
import { verifyPayment, type VerifyResult } from '#server/services/payment/verify.ts';
import type { CartAccess } from './cart-access.ts';
import { clientIp, rateLimit, UNKNOWN_CLIENT, type RouteLimits } from './rate-limit.ts';
import { notFound, parseJson } from './validate.ts';
import { routeDocs } from './route-docs.ts';

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
  review: {
    status: 409,
    error:
      'Your PayPal payment was received and is being checked by the shop. Your order is confirmed by e-mail once it is; please do not pay again.',
  },
  capture_scheduled: {
    status: 409,
    error:
      'Your bank approved the payment and it is being completed. Your order is confirmed by e-mail once it is; please do not pay again.',
  },
  provider_unavailable: {
    status: 502,
    error: 'The payment provider cannot be reached just now. Please try again in a moment.',
  },
};

/** What the shop says for its own internal codes (the owner is alerted for both). */
const PUBLIC_CODE: Record<string, PaymentErrorCode> = {
  // A capture the provider refused: the money is held, the owner looks; the parent waits.
  capture_refused: 'pending',
  // Our own read refused (credentials, URL): to the parent an outage like any other.
  read_refused: 'provider_unavailable',
};

function verifyAnswer(c: Context, result: VerifyResult) {
  if (result.ok) {
    return c.json({
      orderId: result.orderId,
      orderNumber: result.orderNumber,
      status: result.status,
    } satisfies VerifiedPayment);
  }
  const code: PaymentErrorCode = PUBLIC_CODE[result.code] ?? (result.code as PaymentErrorCode);
  const known = VERIFY_ERRORS[code] ?? {
    status: 402 as const,
    error: 'The payment was not completed.',
  };
  const order = result.order
    ? { orderId: result.order.orderId, orderNumber: result.order.orderNumber }
    : {};
  return c.json({ error: known.error, code, ...order } satisfies PaymentError, known.status);
}

/**
 * The verify results the provider's callback is answered non-2xx for, so it calls again
 * (EveryPay retries a callback not answered 2xx: 1 s, 5 min, 1 h, 24 h, 48 h, 72 h): we could not
 * ask it, it refused our own read (the owner is alerted and fixes the settings), or it refused
 * our capture. Every other result was acted on.
 */
const CALL_AGAIN = ['provider_unavailable', 'read_refused', 'capture_refused'];

/** The callback's payment_reference: the query's, else the body's (JSON or a form); never trusted beyond naming the payment. */
async function callbackReference(
  c: Context,
): Promise<{ ok: true; value: unknown } | { ok: false }> {
  const query = c.req.query('payment_reference');
  if (query !== undefined || c.req.method !== 'POST') return { ok: true, value: query };
  const type = c.req.header('content-type') ?? '';
  if (type.includes('json')) {
    let body: unknown;
    try {
      body = await c.req.json();
    } catch {
      return { ok: false };
    }
    // `null`, a list, a string: no payment named. Read as a plain record, never through its prototype.
    if (typeof body !== 'object' || body === null || Array.isArray(body)) return { ok: false };
    return {
      ok: true,
      value: Object.hasOwn(body, 'payment_reference')
        ? (body as Record<string, unknown>).payment_reference
        : undefined,
    };
  }
  try {
    const form = await c.req.parseBody();
    return { ok: true, value: form.payment_reference };
  } catch {
    return { ok: false };
  }
}

/**
 * Card payment (docs/product-rules.md section 7, base /api/payment): initiate, verify on return, and the
 * provider's callback (EveryPay calls it with payment_reference and order_reference, by GET or a
 * form POST; configure `${PUBLIC_URL}/api/payment/callback` in EveryPay's portal). The callback and
 * verify are rate limited per client (each asks the provider).
 */
export function paymentRoutes(shopJobs: PaymentWork, limits: RouteLimits, cart: CartAccess) {
  const deps = shopJobs.payments;
  const writes = rateLimit(limits.rateLimits.orderWrites, limits);
  const checks = rateLimit(limits.rateLimits.paymentChecks, limits);
  const callbacks = rateLimit(limits.rateLimits.paymentCallbacks, limits);
  const provider: Actor = `provider:${deps.provider.name}`;

  async function callback(c: Context) {
    const named = await callbackReference(c);
    if (!named.ok || typeof named.value !== 'string' || named.value === '') {
      return c.json(
        {
          error: 'The body must be a JSON object or a form naming payment_reference.',
          fields: { payment_reference: ['payment_reference is required.'] },
        } satisfies ApiError,
        400,
      );
    }
    const parsed = v.safeParse(PaymentReferenceSchema, named.value);
    if (!parsed.success) return notFound(c, 'This payment is not known.');
    const result = await verifyPayment(deps, parsed.output, provider);
    if (result.ok) shopJobs.jobs.wake();
    if (!result.ok && result.code === 'unknown_reference')
      return notFound(c, 'This payment is not known.');
    if (!result.ok && CALL_AGAIN.includes(result.code)) {
      shopJobs.jobs.wake(); // the owner's alert mail
      return c.json({ error: 'Try again later.' } satisfies ApiError, 503);
    }
    if (!result.ok) shopJobs.jobs.wake();
    return c.json({ received: true });
  }

  return new Hono()
    .post('/payment/initiate', routeDocs['POST /payment/initiate'], writes, async (c) => {
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
      if (!result.ok) shopJobs.jobs.wake(); // an alert's mail, when the provider refused the shop
      if (result.ok)
        return c.json({ payment_link: result.paymentLink } satisfies InitiatePaymentResponse);
      if (result.code === 'order_not_found') return notFound(c, result.error);
      const status =
        result.code === 'payments_unavailable'
          ? 503
          : result.code === 'provider_unavailable' || result.code === 'provider_refused'
            ? 502
            : 409;
      return c.json(
        { error: result.error, code: result.code as PaymentErrorCode } satisfies PaymentError,
        status,
      );
    })
    .post('/payment/verify', routeDocs['POST /payment/verify'], checks, async (c) => {
      const body = await parseJson(c, VerifyPaymentRequestSchema);
      if (!body.ok) return body.response;
      const result = await verifyPayment(deps, body.value.paymentReference, 'customer');
      if (result.ok && result.paidNow) shopJobs.jobs.wake();
      if (!result.ok) shopJobs.jobs.wake();
      return verifyAnswer(c, result);
    })
    .get('/payment/callback', routeDocs['GET /payment/callback'], callbacks, callback)
    .post('/payment/callback', routeDocs['POST /payment/callback'], callbacks, callback);
}
