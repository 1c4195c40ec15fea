import { randomBytes } from 'node:crypto';
import type { Language } from '#contract/markets.ts';
import {
  PaymentProviderError,
  type CreatePaymentInput,
  type PaymentOutcome,
  type PaymentProvider,
  type PaymentState,
} from '../provider.ts';

/**
 * EveryPay API v4 (PAYMENT_PROVIDER=everypay). One-off payments:
 *   POST {apiUrl}/payments/oneoff  JSON { api_username, account_name, amount, order_reference,
 *        nonce, timestamp, customer_url, email, locale[, customer_ip] } -> { payment_reference,
 *        payment_link, payment_state, … }
 *   GET  {apiUrl}/payments/{payment_reference}?api_username=… -> { payment_state, order_reference,
 *        initial_amount, … }
 * Both with HTTP Basic auth (api_username : api_secret). The browser comes back to customer_url
 * with `payment_reference` and `order_reference`; EveryPay's callback carries the same two. In
 * both cases the state is asked for with the GET, never taken from the request.
 */
interface EveryPayConfig {
  /** e.g. https://igw-demo.every-pay.com/api/v4 (test) or https://pay.every-pay.eu/api/v4 */
  apiUrl: string;
  username: string;
  secret: string;
  /**
   * The processing account: one name for every currency (`EUR3D1`), or one per currency
   * (`EUR:EUR3D1,GBP:GBP3D1,USD:USD3D1`).
   */
  accountName: string;
  /** Each request gives up after this long (default 10 s). */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/** EveryPay's payment_state -> the shop's outcome. */
export function everyPayOutcome(state: string): PaymentOutcome {
  switch (state) {
    case 'settled':
    case 'authorised':
      return 'paid';
    case 'failed':
      return 'failed';
    case 'abandoned':
      return 'abandoned';
    case 'voided':
    case 'refunded':
    case 'chargebacked':
      return 'voided';
    default:
      // initial, waiting_for_sca, sent_for_processing, waiting_for_3ds_response
      return 'pending';
  }
}

/** The processing account for a currency, from EVERYPAY_ACCOUNT_NAME. */
export function accountFor(accountName: string, currencyCode: string): string {
  if (!accountName.includes(':')) return accountName.trim();
  for (const pair of accountName.split(',')) {
    const [currency, name] = pair.split(':').map((part) => part.trim());
    if (currency?.toUpperCase() === currencyCode.toUpperCase() && name) return name;
  }
  throw new PaymentProviderError(`EVERYPAY_ACCOUNT_NAME names no account for ${currencyCode}`);
}

const LOCALE: Record<Language, string> = { lv: 'lv', 'en-GB': 'en', 'en-US': 'en' };

interface EveryPayPayment {
  payment_reference?: string;
  payment_link?: string;
  payment_state?: string;
  order_reference?: string;
  initial_amount?: number | string;
  standing_amount?: number | string;
  currency?: string;
  error?: { code?: number | string; message?: string };
}

const minorOf = (major: number | string | undefined) => {
  const minor = major === undefined ? Number.NaN : Math.round(Number(major) * 100);
  return Number.isNaN(minor) ? undefined : minor;
};

/** A payment answer in the shop's words (refundedMinor: initial_amount - standing_amount once refunded). */
function stateOf(answer: EveryPayPayment, state: string): PaymentState {
  const amount = minorOf(answer.initial_amount);
  const standing = minorOf(answer.standing_amount);
  const refunded = state === 'refunded' && amount !== undefined && standing !== undefined ? amount - standing : undefined;
  return {
    outcome: everyPayOutcome(state),
    providerState: state,
    ...(amount === undefined ? {} : { amountMinor: amount }),
    ...(answer.currency ? { currencyCode: answer.currency } : {}),
    ...(answer.order_reference ? { reference: answer.order_reference } : {}),
    ...(refunded === undefined ? {} : { refundedMinor: refunded }),
  };
}

export function createEveryPayProvider(config: EveryPayConfig): PaymentProvider {
  const base = config.apiUrl.replace(/\/$/, '');
  const doFetch = config.fetch ?? fetch;
  const timeoutMs = config.timeoutMs ?? 10_000;
  const authorization = `Basic ${Buffer.from(`${config.username}:${config.secret}`).toString('base64')}`;

  async function call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<EveryPayPayment> {
    let res: Response;
    try {
      res = await doFetch(`${base}${path}`, {
        method,
        headers: {
          Authorization: authorization,
          Accept: 'application/json',
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: body === undefined ? null : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      throw new PaymentProviderError(timedOut ? `EveryPay did not answer within ${timeoutMs} ms` : 'EveryPay cannot be reached');
    }
    let answer: EveryPayPayment = {};
    try {
      answer = (await res.json()) as EveryPayPayment;
    } catch {
      // Not JSON: judged by the status below.
    }
    if (!res.ok) {
      const detail = answer.error?.message ? `: ${answer.error.message}` : '';
      throw new PaymentProviderError(`EveryPay answered ${res.status}${detail}`, res.status);
    }
    return answer;
  }

  return {
    name: 'everypay',
    async create(input: CreatePaymentInput) {
      const answer = await call('POST', '/payments/oneoff', {
        api_username: config.username,
        account_name: accountFor(config.accountName, input.currencyCode),
        amount: Number((input.amountMinor / 100).toFixed(2)),
        order_reference: input.reference,
        nonce: randomBytes(16).toString('hex'),
        timestamp: new Date().toISOString(),
        customer_url: input.customerUrl,
        email: input.email,
        locale: LOCALE[input.locale],
        ...(input.customerIp ? { customer_ip: input.customerIp } : {}),
      });
      if (!answer.payment_reference || !answer.payment_link) {
        throw new PaymentProviderError('EveryPay answered without payment_reference or payment_link');
      }
      return { providerReference: answer.payment_reference, paymentLink: answer.payment_link };
    },
    async state(providerReference: string): Promise<PaymentState> {
      const query = new URLSearchParams({ api_username: config.username });
      const answer = await call('GET', `/payments/${encodeURIComponent(providerReference)}?${query}`);
      if (!answer.payment_state) throw new PaymentProviderError('EveryPay answered without payment_state');
      return stateOf(answer, answer.payment_state);
    },
    /** POST /payments/refund { api_username, amount, payment_reference, nonce, timestamp }: the payment after. */
    async refund(providerReference: string, amountMinor: number): Promise<PaymentState> {
      const answer = await call('POST', '/payments/refund', {
        api_username: config.username,
        amount: Number((amountMinor / 100).toFixed(2)),
        payment_reference: providerReference,
        nonce: randomBytes(16).toString('hex'),
        timestamp: new Date().toISOString(),
      });
      if (!answer.payment_state) throw new PaymentProviderError('EveryPay answered without payment_state');
      return stateOf(answer, answer.payment_state);
    },
  };
}
