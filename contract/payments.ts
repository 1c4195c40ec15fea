import * as v from 'valibot';
import { LanguageParamSchema } from './language-param.ts';
import { OrderIdSchema } from './orders.ts';
import { ORDER_STATUSES } from './order-status.ts';

/**
 * Card payment (SPEC.md section 7, base /api/payment on our own server).
 *
 * POST /api/payment/initiate  InitiatePaymentRequest -> 200 { payment_link }
 *   Freezes what is bought (items, prices, discount, delivery, addresses, total: all computed by
 *   the server) and starts a payment with the provider; the browser goes to `payment_link`
 *   (the sandbox's test page on our server as a same-origin path `/sandbox-pay/{reference}`, or
 *   EveryPay's absolute URL). The provider returns the browser to
 *   `/payment-status?payment_reference={reference}`.
 *   400 with fields for a bad body; 404 unknown order; 409 `{ error, code }` with code
 *   'no_delivery_details' (save them first), 'empty_cart', 'already_paid'; 502 `{ error }` when the
 *   provider cannot be reached or refuses.
 * POST /api/payment/verify  VerifyPaymentRequest -> 200 VerifiedPayment
 *   Asks the provider for the payment's state (never trusting the browser). Repeatable: a reload
 *   of the success page answers 200 again. 404 `{ error, code: 'unknown_reference' }`;
 *   402 `{ error, code: 'not_paid' | 'superseded' }` for a declined, abandoned, voided attempt or
 *   one whose cart changed after it began; 409 `{ error, code: 'pending' }` while the provider
 *   has no final answer yet (try again in a moment); 502 when the provider cannot be reached.
 *   Every non-200 is the failure view.
 */

export const InitiatePaymentRequestSchema = v.object({
  orderId: OrderIdSchema,
  /** The interface language of the payment page and of the mails; the order's own by default. */
  language: v.optional(LanguageParamSchema),
});

export const InitiatePaymentResponseSchema = v.object({ payment_link: v.string() });
export type InitiatePaymentResponse = v.InferOutput<typeof InitiatePaymentResponseSchema>;

/** Payment references are unguessable random strings (base64url, 24-64 characters). */
export const PaymentReferenceSchema = v.pipe(
  v.string('paymentReference is required.'),
  v.trim(),
  v.nonEmpty('paymentReference is required.'),
  v.maxLength(128, 'paymentReference is not valid.'),
  v.regex(/^[A-Za-z0-9_-]+$/, 'paymentReference is not valid.'),
);

export const VerifyPaymentRequestSchema = v.object({ paymentReference: PaymentReferenceSchema });

export const VerifiedPaymentSchema = v.object({
  orderId: v.string(),
  /** The short human order number, e.g. SM-2026-00042. */
  orderNumber: v.string(),
  status: v.picklist(ORDER_STATUSES),
});
export type VerifiedPayment = v.InferOutput<typeof VerifiedPaymentSchema>;

const PAYMENT_ERROR_CODES = [
  'unknown_reference',
  'not_paid',
  'superseded',
  'pending',
  'no_delivery_details',
  'empty_cart',
  'already_paid',
  'provider_unavailable',
] as const;
export type PaymentErrorCode = (typeof PAYMENT_ERROR_CODES)[number];

export const PaymentErrorSchema = v.object({ error: v.string(), code: v.picklist(PAYMENT_ERROR_CODES) });
export type PaymentError = v.InferOutput<typeof PaymentErrorSchema>;
