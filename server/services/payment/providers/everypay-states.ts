// EveryPay API v4's fields, amounts and payment states, and what they mean to the shop
// (everypay.ts holds the calls; the [APIv4: …] references are sections of EveryPay's
// "APIv4 Integration Documentation").
import type { Language } from '#contract/markets.ts';
import {
  PaymentProviderError,
  methodKind,
  type PaymentOutcome,
  type PaymentState,
} from '#server/services/payment/provider.ts';

/**
 * order_reference: letters, digits and / - ? : ( ) . , ' + (the SEPA character set), at most 255
 * characters for cards and 120 for open banking; unique per shop unless the merchant turns the
 * check off [APIv4: Order Reference; help centre "Order Reference Uniqueness"]. payum-everypay
 * checks the same set and 120. Ours are 24 base62 characters, so the narrower limit is kept.
 */
export const ORDER_REFERENCE = /^[A-Za-z0-9/\-?:().,'+]{1,120}$/;

/**
 * EveryPay's payment_state -> the shop's outcome [APIv4: Payment Statuses; help centre "Payment
 * statuses"]. `authorised` means two things there: for a card, a pre-authorisation (paid only
 * where the accounts capture automatically, else the shop captures it); for PayPal, the final
 * state of a payment the merchant must review in PayPal before sending anything ('review': never
 * captured). `marked_for_capture` (a callback event, and the portal's word for a capture left to
 * EveryPay's nightly run) is a capture on its way: not paid yet, not failed. A partly refunded
 * payment is `refunded` with a standing_amount above zero. The chargeback state is spelt
 * `chargebacked` by EveryPay's callback events and go-everypay, `charged_back` in the Sylius
 * plugin: both are read. A state not known here is `pending`: never paid, asked again later.
 */
export function everyPayOutcome(
  state: string,
  autoCapture: boolean,
  method?: string | null,
): PaymentOutcome {
  switch (state) {
    case 'settled':
      return 'paid';
    case 'authorised':
      if (methodKind(method) === 'paypal') return 'review';
      return autoCapture ? 'paid' : 'authorised';
    case 'marked_for_capture':
      return 'capture_scheduled';
    case 'failed':
      return 'failed';
    case 'abandoned':
      return 'abandoned';
    case 'voided':
      return 'voided';
    case 'refunded':
      return 'refunded';
    case 'chargebacked':
    case 'charged_back':
      return 'chargebacked';
    default:
      // initial, waiting_for_3ds_response, waiting_for_sca, 3ds_confirmed, sent_for_processing
      return 'pending';
  }
}

/**
 * EveryPay's amount (a JSON number such as 43.98, or a decimal string) -> minor units, read as
 * decimal text so no float rounding enters; undefined when it is not a non-negative amount with
 * at most two decimals.
 */
export function toMinor(value: unknown): number | undefined {
  if (typeof value !== 'number' && typeof value !== 'string') return undefined;
  if (typeof value === 'number' && !Number.isFinite(value)) return undefined;
  const match = /^(\d{1,13})(?:\.(\d+))?$/.exec(String(value).trim());
  if (!match) return undefined;
  const fraction = (match[2] ?? '').replace(/0+$/, '');
  if (fraction.length > 2) return undefined;
  return Number(match[1]) * 100 + Number(fraction.padEnd(2, '0'));
}

/**
 * The timestamp as EveryPay's samples make it: PHP's date('c'), ISO 8601 to the second with the
 * offset written out (`2026-11-27T08:16:27+00:00`) [APIv4: Date and Time formats; help centre
 * "PHP request" sample]. It must be close to EveryPay's clock (±5 minutes, per the Sylius
 * plugin's reading of the API reference).
 */
export function everyPayTimestamp(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, '+00:00');
}

/** The hosted page's languages [APIv4: POST /payments/oneoff, locale]. */
export const LOCALE: Record<Language, string> = { lv: 'lv', 'en-GB': 'en', 'en-US': 'en' };

export interface EveryPayPayment {
  payment_reference?: unknown;
  payment_link?: unknown;
  payment_state?: unknown;
  order_reference?: unknown;
  currency?: unknown;
  initial_amount?: unknown;
  standing_amount?: unknown;
  account_name?: unknown;
  payment_method?: unknown;
}

/**
 * EveryPay's error answer [APIv4: HTTP Response Codes], as recorded by eis_billing_system's
 * refund specs: `{"error": {"code": 4037, "message": "Open banking payments cannot be refunded"}}`.
 */
export interface EveryPayError {
  error?: { code?: unknown; message?: unknown; fields?: unknown };
}

/** The request fields an error message may name. */
export const FIELDS = [
  'api_username',
  'account_name',
  'amount',
  'order_reference',
  'nonce',
  'timestamp',
  'customer_url',
  'email',
  'locale',
  'customer_ip',
  'payment_reference',
  'reason',
  'customer_name',
  'billing_line1',
  'billing_city',
  'billing_postcode',
  'billing_country',
  'billing_state',
  'shipping_line1',
  'shipping_city',
  'shipping_postcode',
  'shipping_country',
  'shipping_state',
] as const;

/**
 * The answer to a state read (or to a create, capture, refund or void): the shop's outcome and
 * what EveryPay says was charged. `accounts` are the shop's processing accounts by currency: the
 * account a payment was made on decides its currency (status answers carry `account_name` and no
 * `currency`: every recorded v4 status answer); `currency`, where EveryPay sends it, is compared
 * with the account's, and wins when they differ (so the payment is flagged, never taken as paid
 * in a currency it was not charged in).
 */
export function everyPayState(
  answer: EveryPayPayment,
  autoCapture: boolean,
  accounts: Readonly<Partial<Record<string, string>>> = {},
): PaymentState {
  if (typeof answer.payment_state !== 'string' || answer.payment_state === '') {
    throw new PaymentProviderError('EveryPay answered without payment_state');
  }
  const method =
    typeof answer.payment_method === 'string' && answer.payment_method !== ''
      ? answer.payment_method
      : undefined;
  const state: PaymentState = {
    outcome: everyPayOutcome(answer.payment_state, autoCapture, method),
    providerState: answer.payment_state,
  };
  if (method) state.method = method;
  const initial = toMinor(answer.initial_amount);
  const standing = toMinor(answer.standing_amount);
  if (initial !== undefined) state.amountMinor = initial;
  if (typeof answer.account_name === 'string' && answer.account_name !== '') {
    state.accountName = answer.account_name;
    const currency = Object.keys(accounts).find((code) => accounts[code] === answer.account_name);
    if (currency) state.currencyCode = currency.toUpperCase();
  }
  if (typeof answer.currency === 'string' && /^[A-Za-z]{3}$/.test(answer.currency)) {
    state.currencyCode = answer.currency.toUpperCase();
  }
  if (typeof answer.order_reference === 'string' && answer.order_reference !== '')
    state.reference = answer.order_reference;
  // Refunds lower the standing amount; nothing else does on a payment captured in full, which
  // the shop's always are (capture() takes the whole amount). A settled payment whose
  // open-banking refund failed reads `settled` again with the standing amount restored.
  if (
    initial !== undefined &&
    standing !== undefined &&
    standing <= initial &&
    (answer.payment_state === 'refunded' || answer.payment_state === 'settled')
  ) {
    state.refundedMinor = initial - standing;
  }
  return state;
}
