import * as v from 'valibot';
import { LanguageParamSchema } from './language-param.ts';
import { OrderIdSchema } from './orders.ts';
import { ORDER_STATUSES } from './order-status.ts';

/**
 * Card payment (docs/product-rules.md section 7, base /api/payment on our own server).
 *
 * POST /api/payment/initiate  InitiatePaymentRequest -> 200 { payment_link }
 *   Freezes what is bought (items, prices, discount, delivery, addresses, total: all computed by
 *   the server) and starts a payment with the provider; the browser goes to `payment_link`
 *   (the sandbox's test page on our server as a same-origin path `/sandbox-pay/{reference}`, or
 *   EveryPay's absolute URL). The provider returns the browser to
 *   `/payment-status?payment_reference={reference}`.
 *   400 with fields for a bad body; 404 unknown order; 409 `{ error, code }` with code
 *   'no_delivery_details' (save them first), 'empty_cart', 'already_paid'; 502 `{ error, code }`
 *   with 'provider_unavailable' (cannot be reached: try again) or 'provider_refused' (it refused
 *   the payment's details: not an outage); 503 'payments_unavailable' (the provider refused the shop
 *   itself: nothing the parent typed is wrong); 409 'review' while a PayPal payment of the order
 *   waits for the shop's review. A repeat (same cart, same `attemptKey`, or no key within 30 s)
 *   answers the same payment_link.
 * POST /api/payment/verify  VerifyPaymentRequest -> 200 VerifiedPayment
 *   Asks the provider for the payment's state (never trusting the browser). Repeatable: a reload
 *   of the success page answers 200 again. 404 `{ error, code: 'unknown_reference' }`;
 *   402 `{ error, code: 'not_paid' | 'superseded' | 'replaced' | 'mismatch' }` for a declined,
 *   abandoned, voided attempt, one whose cart changed after it began (its money is refunded), an
 *   older attempt replaced by a newer one or by the paid order (then with that order's `orderId`
 *   and `orderNumber`), or one whose provider answer does
 *   not match the order (never paid; the shop is alerted); 409 `{ error, code: 'pending' }` while the provider
 *   has no final answer yet (try again in a moment), `review` (a PayPal payment the shop reviews
 *   in PayPal before the order is placed: do not pay again) or `capture_scheduled` (a card payment
 *   approved, its capture scheduled by the provider: the confirmation follows); 502 when the
 *   provider cannot be reached (or refuses the shop's own request).
 *   Every non-200 is the failure view.
 */

export const InitiatePaymentRequestSchema = v.object({
  orderId: OrderIdSchema,
  /** The interface language of the payment page and of the mails; the order's own by default. */
  language: v.optional(LanguageParamSchema),
  /**
   * Optional, made by the client once per press of Pay now: a repeat with the same key and the same
   * cart answers the attempt already made (a double tap, a retry), at any age. Without one, a
   * repeat within 30 seconds does.
   */
  attemptKey: v.optional(
    v.pipe(
      v.string(),
      v.minLength(8, 'attemptKey is not valid.'),
      v.maxLength(64, 'attemptKey is not valid.'),
      v.regex(/^[A-Za-z0-9_-]+$/, 'attemptKey is not valid.'),
    ),
  ),
});

export const InitiatePaymentResponseSchema = v.object({ payment_link: v.string() });
export type InitiatePaymentResponse = v.InferOutput<typeof InitiatePaymentResponseSchema>;

/**
 * Payment references are unguessable random strings: ours are 24 characters of [A-Za-z0-9]
 * (older ones base64url); the provider's own may use - and _.
 */
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
  /** The provider understood and refused the new payment (its validation): not an outage. */
  'provider_refused',
  /** The provider refused the shop itself (401/403: its credentials or account): the shop cannot take payments now; the owner is alerted. */
  'payments_unavailable',
  /** The provider's paid answer differs from the payment (amount, currency or reference): never paid; the shop is told. */
  'mismatch',
  /** An older attempt: a newer one was started or the order is paid; it cannot pay. */
  'replaced',
  /**
   * A PayPal payment approved in PayPal and waiting for the shop's review there (EveryPay reports
   * PayPal payments `authorised`, their final state): not paid yet, nothing to pay again; the
   * order is placed once the shop has reviewed it. Also initiate's answer while one is waiting.
   */
  'review',
  /** The card payment is approved and its capture is scheduled by the provider (its nightly run): not paid yet, not failed. */
  'capture_scheduled',
] as const;
export type PaymentErrorCode = (typeof PAYMENT_ERROR_CODES)[number];

export const PaymentErrorSchema = v.object({
  error: v.string(),
  code: v.picklist(PAYMENT_ERROR_CODES),
  /** With `replaced` when the order is paid by another attempt: the order to follow (/order-status/{orderId}). */
  orderId: v.optional(v.string()),
  orderNumber: v.optional(v.string()),
});
export type PaymentError = v.InferOutput<typeof PaymentErrorSchema>;
