import type { Language } from '#contract/markets.ts';

/** What the shop asks a provider to charge. */
export interface CreatePaymentInput {
  /** Ours, unguessable and unique per attempt (EveryPay's order_reference). */
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

interface CreatedPayment {
  /** The provider's id of the payment; the browser returns with it as `payment_reference`. */
  providerReference: string;
  /** Where the browser goes to pay. */
  paymentLink: string;
}

/** A payment's state in the shop's words. */
export type PaymentOutcome =
  | 'paid'
  | 'failed'
  | 'abandoned'
  | 'voided'
  | 'pending'
  /** Fully or partly refunded (see refundedMinor). */
  | 'refunded';

export interface PaymentState {
  outcome: PaymentOutcome;
  /** The provider's own word (EveryPay's payment_state), kept for the back office. */
  providerState: string;
  /** What the provider says it charged, when it says (checked against the snapshot). */
  amountMinor?: number;
  /** ISO currency the provider says it charged in (EveryPay: currency). */
  currencyCode?: string;
  /** Our reference as the provider knows it (EveryPay's order_reference), when it says. */
  reference?: string;
  /** Minor units refunded so far, when the provider says. */
  refundedMinor?: number;
}

/** The provider could not be reached, timed out or refused: the caller answers 502. */
export class PaymentProviderError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'PaymentProviderError';
  }
}

/** A card payment provider: start a payment, and ask for its state (never trust the browser). */
export interface PaymentProvider {
  readonly name: 'sandbox' | 'everypay';
  create(input: CreatePaymentInput): Promise<CreatedPayment>;
  state(providerReference: string): Promise<PaymentState>;
  /** Refunds `amountMinor` of a paid payment (partial allowed); answers the state after. */
  refund(providerReference: string, amountMinor: number): Promise<PaymentState>;
}
