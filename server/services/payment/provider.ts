import type { Language } from '#contract/markets.ts';

/** What the shop asks a provider to charge. */
export interface CreatePaymentInput {
  /** Ours, unguessable and unique per attempt (EveryPay's order_reference): [A-Za-z0-9] only. */
  reference: string;
  amountMinor: number;
  currencyCode: string;
  email: string;
  locale: Language;
  /** Where the provider returns the browser (it adds `payment_reference`). */
  customerUrl: string;
  /** The client's address, when known (EveryPay's customer_ip). */
  customerIp?: string | undefined;
  /** The billing address (card fraud screening; EveryPay's billing_* fields). */
  billing?: PaymentAddress | undefined;
  /** Where the parcel goes, when something is posted (EveryPay's shipping_* fields). */
  shipping?: PaymentAddress | undefined;
}

/** An address as the provider takes it: ISO 3166-1 alpha-2 country, ISO 3166-2 state. */
export interface PaymentAddress {
  line1: string;
  city: string;
  postcode: string;
  /** ISO 3166-1 alpha-2 (LV, GB, US). */
  country: string;
  /** ISO 3166-2 subdivision (US-CA), when the country has them on the form. */
  state?: string | undefined;
}

export interface CreatedPayment {
  /** The provider's id of the payment; the browser returns with it as `payment_reference`. */
  providerReference: string;
  /** Where the browser goes to pay. */
  paymentLink: string;
}

/** A payment's state in the shop's words. */
export type PaymentOutcome =
  | 'paid' // money taken (settled, or authorised on an account that captures automatically)
  | 'authorised' // money held, not captured: the shop must call capture() before it counts as paid
  | 'pending' // still going (initial, waiting_for_sca, sent_for_processing, 3ds …)
  /**
   * money approved but to be reviewed by the merchant in the wallet's own portal before anything
   * is sent (EveryPay: a PayPal payment `authorised`, its final state): never captured by the shop
   */
  | 'review'
  /** capture accepted and scheduled by the provider (EveryPay's nightly run): not paid yet, not failed */
  | 'capture_scheduled'
  | 'failed'
  | 'abandoned'
  | 'voided'
  | 'refunded' // fully or partly refunded (see refundedMinor)
  | 'chargebacked';

export interface PaymentState {
  outcome: PaymentOutcome;
  /** The provider's own word (EveryPay's payment_state), kept for the back office. */
  providerState: string;
  /** What the provider says it charged (EveryPay: initial_amount), in minor units. */
  amountMinor?: number;
  /**
   * ISO currency the provider charged in: EveryPay's `currency` where it sends one (the create
   * answer), else the currency of the processing account the payment was made on (`account_name`:
   * the account decides the currency; status answers carry no `currency`).
   */
  currencyCode?: string;
  /** The processing account the provider made the payment on (EveryPay: account_name). */
  accountName?: string;
  /** How the payer paid, in the provider's word (EveryPay: payment_method: card, paypal, lhv_ob_ee …). */
  method?: string;
  /** Our reference as the provider knows it (EveryPay: order_reference). */
  reference?: string;
  /** Minor units refunded so far, when the provider says (EveryPay: initial_amount - standing_amount, or its refunds). */
  refundedMinor?: number;
}

/**
 * kind 'unavailable': could not be reached, timed out, 5xx, unreadable answer (retry later);
 * kind 'refused': the provider understood and refused the request (4xx: validation, wrong
 * account, state does not allow it); `fields` names what it refused when it says.
 */
export class PaymentProviderError extends Error {
  constructor(
    message: string,
    readonly status?: number,
    readonly kind: 'unavailable' | 'refused' = 'unavailable',
    readonly fields?: readonly string[],
  ) {
    super(message);
    this.name = 'PaymentProviderError';
  }
}

/** How a payment was paid, as the shop treats it (methodKind). */
export type PaymentMethodKind = 'card' | 'paypal' | 'open_banking' | 'unknown';

/**
 * EveryPay's payment_method -> the kind of payment: `card` (and the card wallets Apple Pay and
 * Google Pay, which EveryPay processes as cards), `paypal`, and open banking, whose methods are
 * named by bank and country (`lhv_ob_ee`, `swedbank_ob_lt`, `seb_ob_lv`: recorded answers and the
 * Sylius plugin's method list).
 */
export function methodKind(method: string | null | undefined): PaymentMethodKind {
  if (!method) return 'unknown';
  const word = method.toLowerCase();
  if (word.includes('paypal')) return 'paypal';
  if (/(^|_)ob(_|$)/.test(word) || word.includes('open_banking')) return 'open_banking';
  if (word === 'card' || /card|apple|google/.test(word)) return 'card';
  return 'unknown';
}

/** A card payment provider: start a payment, ask for its state (never trust the browser), and act on it. */
export interface PaymentProvider {
  readonly name: 'sandbox' | 'everypay';
  create(input: CreatePaymentInput): Promise<CreatedPayment>;
  state(providerReference: string): Promise<PaymentState>;
  /** Captures an authorised payment in full; answers the state after. */
  capture(providerReference: string, amountMinor: number): Promise<PaymentState>;
  /**
   * Refunds `amountMinor` of a paid payment (partial allowed); answers the state after.
   * `customerName`: the payer's name, which an open-banking refund needs (EveryPay's customer_name).
   */
  refund(
    providerReference: string,
    amountMinor: number,
    options?: { customerName?: string | undefined },
  ): Promise<PaymentState>;
  /**
   * Makes a payment that is not paid yet unpayable where the provider can (sandbox: its page
   * refuses it; EveryPay: void when authorised, else whatever the API offers to expire a link).
   * Answers the state after; never throws for "already final".
   */
  cancel(providerReference: string): Promise<PaymentState>;
  /**
   * Whether a refund of a payment paid with `method` sends the money back. False: the provider
   * only records it (EveryPay's open-banking refunds, unless the merchant's bank executes them),
   * and the shop transfers the money by hand and says so before the parent is told. Default true.
   */
  refundMovesMoney?(method: string | null | undefined): boolean;
}

/** Whether `provider` sends the money back when it refunds a payment paid with `method`. */
export function refundMovesMoney(
  provider: PaymentProvider,
  method: string | null | undefined,
): boolean {
  return provider.refundMovesMoney ? provider.refundMovesMoney(method) : true;
}
