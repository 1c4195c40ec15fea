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
  /** ISO currency the provider says it charged in (EveryPay: currency). */
  currencyCode?: string;
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

/** A card payment provider: start a payment, ask for its state (never trust the browser), and act on it. */
export interface PaymentProvider {
  readonly name: 'sandbox' | 'everypay';
  create(input: CreatePaymentInput): Promise<CreatedPayment>;
  state(providerReference: string): Promise<PaymentState>;
  /** Captures an authorised payment in full; answers the state after. */
  capture(providerReference: string, amountMinor: number): Promise<PaymentState>;
  /** Refunds `amountMinor` of a paid payment (partial allowed); answers the state after. */
  refund(providerReference: string, amountMinor: number): Promise<PaymentState>;
  /**
   * Makes a payment that is not paid yet unpayable where the provider can (sandbox: its page
   * refuses it; EveryPay: void when authorised, else whatever the API offers to expire a link).
   * Answers the state after; never throws for "already final".
   */
  cancel(providerReference: string): Promise<PaymentState>;
}
