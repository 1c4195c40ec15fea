import { randomBytes } from 'node:crypto';
import { toDecimal } from '#contract/markets.ts';
import {
  PaymentProviderError,
  methodKind,
  type CreatePaymentInput,
  type PaymentAddress,
  type PaymentProvider,
} from '#server/services/payment/provider.ts';

import {
  FIELDS,
  LOCALE,
  ORDER_REFERENCE,
  everyPayState,
  everyPayTimestamp,
  type EveryPayError,
  type EveryPayPayment,
} from './everypay-states.ts';

export {
  ORDER_REFERENCE,
  everyPayOutcome,
  everyPayState,
  everyPayTimestamp,
  toMinor,
} from './everypay-states.ts';

/**
 * EveryPay API v4 (PAYMENT_PROVIDER=everypay), after "EveryPay APIv4 Integration Documentation"
 * (support.every-pay.com, updated 11.03.2024; its sections are named in the comments below as
 * [APIv4: section]) and EveryPay's help centre articles, cross-checked with two public
 * integrations (payum-everypay, the Sylius EveryPay plugin).
 *
 *   POST {apiUrl}/payments/oneoff              start a payment; answers payment_reference, payment_link
 *   GET  {apiUrl}/payments/{payment_reference}?api_username=…   the payment's state
 *   POST {apiUrl}/payments/capture             capture an authorised payment
 *   POST {apiUrl}/payments/refund              refund a settled payment, in part or in full
 *   POST {apiUrl}/payments/void                cancel an authorisation
 * [APIv4: API Endpoints; Payment Endpoints]. Every call uses HTTP Basic auth (api_username :
 * api_secret) and repeats api_username in its body or query [APIv4: Authentication]. Each POST
 * carries a nonce unique per request and a timestamp [APIv4: Nonce; Date and Time formats].
 *
 * The browser returns to customer_url, and EveryPay calls the callback URL set in its portal,
 * both with payment_reference (and order_reference, plus event_name on callbacks) [APIv4:
 * Callback Notification; help centre "Integrate LinkPay Callbacks"]: neither is trusted, the
 * state is always read with the GET.
 */
export interface EveryPayConfig {
  /**
   * e.g. https://igw-demo.every-pay.com/api/v4 (demo) or https://pay.every-pay.eu/api/v4; https
   * only (server/env.ts refuses another scheme: the Basic credentials travel with every call).
   */
  apiUrl: string;
  username: string;
  secret: string;
  /**
   * The processing account per currency (EVERYPAY_ACCOUNT_NAME). The oneoff call carries no
   * currency: the account decides what is charged [APIv4: POST /payments/oneoff, account_name],
   * so a currency without an account is refused, never sent to another currency's account.
   */
  accounts: Readonly<Partial<Record<string, string>>>;
  /**
   * The accounts capture automatically (EVERYPAY_AUTO_CAPTURE=1): `authorised` then counts as
   * paid. Otherwise `authorised` is money held, and the shop captures it.
   */
  autoCapture: boolean;
  /**
   * What EveryPay's refund of an open-banking payment does (EVERYPAY_OPEN_BANKING_REFUNDS):
   * 'status' (default): it marks the payment refunded and moves no money (EveryPay's and SEB's
   * help centres: "changes the payment status only in our system"), so the shop asks the owner to
   * transfer it; 'executed': the merchant's bank sends it (an LHV merchant, per the Sylius
   * plugin's notes), so the refund is done when EveryPay says so.
   */
  openBankingRefunds?: 'status' | 'executed';
  /** Each request gives up after this long (default 10 s). */
  timeoutMs?: number;
  fetch?: typeof fetch;
  /** The clock for the request timestamps (tests). */
  now?: () => Date;
}

export function createEveryPayProvider(config: EveryPayConfig): PaymentProvider {
  const base = config.apiUrl.replace(/\/$/, '');
  const doFetch = config.fetch ?? fetch;
  const timeoutMs = config.timeoutMs ?? 10_000;
  const now = config.now ?? (() => new Date());
  const authorization = `Basic ${Buffer.from(`${config.username}:${config.secret}`).toString('base64')}`;
  /** Error texts reach logs: EveryPay's own words, never our credentials. */
  const redact = (text: string) =>
    [config.username, config.secret]
      .filter(Boolean)
      .reduce((out, secret) => out.split(secret).join('[redacted]'), text);

  /** What every POST carries beside its own fields [APIv4: Nonce; Date and Time formats]. */
  const signed = (fields: Record<string, unknown>) => ({
    api_username: config.username,
    ...fields,
    nonce: randomBytes(16).toString('hex'),
    timestamp: everyPayTimestamp(now()),
  });

  const send = async (method: 'GET' | 'POST', path: string, body?: Record<string, unknown>) => {
    const res = await doFetch(`${base}${path}`, {
      method,
      headers: {
        Authorization: authorization,
        Accept: 'application/json',
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? null : JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    return { res, text: await res.text() };
  };

  async function call(
    method: 'GET' | 'POST',
    path: string,
    body?: Record<string, unknown>,
  ): Promise<EveryPayPayment> {
    let res: Response;
    let text: string;
    try {
      try {
        ({ res, text } = await send(method, path, body));
      } catch (error) {
        // A kept-alive connection the other end closed as we sent: a read is asked once more. A
        // POST is not (it may have been done: a refund must never go twice).
        const timedOut =
          error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
        if (method !== 'GET' || timedOut) throw error;
        ({ res, text } = await send(method, path, body));
      }
    } catch (error) {
      const timedOut =
        error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      throw new PaymentProviderError(
        timedOut ? `EveryPay did not answer within ${timeoutMs} ms` : 'EveryPay cannot be reached',
      );
    }
    let answer: unknown;
    try {
      answer = JSON.parse(text);
    } catch {
      answer = undefined;
    }
    if (res.ok) {
      if (typeof answer !== 'object' || answer === null || Array.isArray(answer)) {
        throw new PaymentProviderError(
          `EveryPay gave an unreadable answer (${res.status})`,
          res.status,
        );
      }
      return answer as EveryPayPayment;
    }
    const error = (answer as EveryPayError | undefined)?.error;
    const said = typeof error?.message === 'string' ? redact(error.message) : undefined;
    const code =
      typeof error?.code === 'string' || typeof error?.code === 'number'
        ? ` (code ${error.code})`
        : '';
    // 5xx, and the 4xx that mean "not now" (a proxy's timeout, a rate limit): try again later.
    if (res.status >= 500 || res.status === 408 || res.status === 425 || res.status === 429) {
      throw new PaymentProviderError(
        `EveryPay answered ${res.status}${said ? `: ${said}` : ''}`,
        res.status,
      );
    }
    // Any other 4xx: EveryPay understood and refused (a field, the account, the payment's state,
    // the credentials). The fields are those its answer names.
    const named = Array.isArray(error?.fields)
      ? error.fields.filter((field): field is string => typeof field === 'string')
      : FIELDS.filter(
          (field) =>
            said !== undefined &&
            new RegExp(`\\b${field}\\b|\\b${field.replace(/_/g, ' ')}\\b`, 'i').test(said),
        );
    throw new PaymentProviderError(
      `EveryPay refused the request (${res.status})${code}${said ? `: ${said}` : ''}`,
      res.status,
      'refused',
      named.length > 0 ? named : undefined,
    );
  }

  const read = async (providerReference: string) => {
    const query = new URLSearchParams({ api_username: config.username });
    return everyPayState(
      await call('GET', `/payments/${encodeURIComponent(providerReference)}?${query}`),
      config.autoCapture,
      config.accounts,
    );
  };

  /** capture/refund/void answer the payment; when an answer lacks its state, it is read. */
  const after = async (providerReference: string, answer: EveryPayPayment) =>
    typeof answer.payment_state === 'string' && answer.payment_state !== ''
      ? everyPayState(answer, config.autoCapture, config.accounts)
      : read(providerReference);

  const amountOf = (amountMinor: number, what: string) => {
    if (!Number.isSafeInteger(amountMinor) || amountMinor <= 0) {
      throw new PaymentProviderError(
        `${what}: ${amountMinor} is not an amount to send`,
        undefined,
        'refused',
        ['amount'],
      );
    }
    // A JSON number with two decimals, as in EveryPay's sample ("amount": 0.01); made from the
    // exact decimal text, so 4398 goes out as 43.98.
    return Number(toDecimal(amountMinor));
  };

  return {
    name: 'everypay',
    refundMovesMoney: (method) =>
      methodKind(method) !== 'open_banking' || config.openBankingRefunds === 'executed',
    async create(input: CreatePaymentInput) {
      const currency = input.currencyCode.toUpperCase();
      const account = config.accounts[currency];
      if (!account) {
        const covered = Object.keys(config.accounts).filter((code) => config.accounts[code]);
        throw new PaymentProviderError(
          `EveryPay has no processing account for ${currency} (EVERYPAY_ACCOUNT_NAME covers ${covered.join(', ') || 'no currency'}): payments in ${currency} are refused`,
          undefined,
          'refused',
          ['account_name'],
        );
      }
      if (!ORDER_REFERENCE.test(input.reference)) {
        throw new PaymentProviderError(
          "The order reference has characters EveryPay does not take (letters, digits and / - ? : ( ) . , ' + only, at most 120)",
          undefined,
          'refused',
          ['order_reference'],
        );
      }
      const answer = await call(
        'POST',
        '/payments/oneoff',
        signed({
          account_name: account,
          amount: amountOf(input.amountMinor, 'EveryPay payment'),
          order_reference: input.reference,
          customer_url: input.customerUrl,
          email: input.email,
          locale: LOCALE[input.locale],
          ...(input.customerIp ? { customer_ip: input.customerIp } : {}),
          ...addressFields('billing', input.billing),
          ...addressFields('shipping', input.shipping),
        }),
      );
      if (
        typeof answer.payment_reference !== 'string' ||
        typeof answer.payment_link !== 'string' ||
        !answer.payment_reference ||
        !answer.payment_link
      ) {
        throw new PaymentProviderError(
          'EveryPay answered without payment_reference or payment_link',
        );
      }
      // The account decides the currency: one set up for another currency (GBP mapped to a EUR
      // account) would charge the parent in it. The link is never handed out then.
      if (typeof answer.currency === 'string' && answer.currency.toUpperCase() !== currency) {
        throw new PaymentProviderError(
          `EveryPay's account ${account} charges ${answer.currency.toUpperCase()}, not ${currency}: check EVERYPAY_ACCOUNT_NAME`,
          undefined,
          'refused',
          ['account_name'],
        );
      }
      return { providerReference: answer.payment_reference, paymentLink: answer.payment_link };
    },

    state: read,

    async capture(providerReference: string, amountMinor: number) {
      // [APIv4: POST /payments/capture] api_username, payment_reference, amount, nonce, timestamp.
      const answer = await call(
        'POST',
        '/payments/capture',
        signed({
          payment_reference: providerReference,
          amount: amountOf(amountMinor, 'EveryPay capture'),
        }),
      );
      const state = await after(providerReference, answer);
      // Accepted but not settled: an account with a capture delay leaves the capture to
      // EveryPay's nightly run (the `marked_for_capture` callback; LHV's portal: a delay of 0-7
      // days per processing account). The payment still reads `authorised` until then.
      if (state.providerState === 'authorised' || state.outcome === 'authorised')
        return { ...state, outcome: 'capture_scheduled' };
      return state;
    },

    async refund(
      providerReference: string,
      amountMinor: number,
      options: { customerName?: string | undefined } = {},
    ) {
      // [APIv4: POST /payments/refund] api_username, payment_reference, amount (at most the
      // standing amount; partial allowed), nonce, timestamp; for an open-banking payment also
      // customer_name (SEB's help centre, "Refund process via APIv4": mandatory there). No
      // idempotency key exists: a refund whose answer is lost is never sent again (the shop
      // reads standing_amount instead).
      const customerName = options.customerName?.trim().slice(0, 140);
      const answer = await call(
        'POST',
        '/payments/refund',
        signed({
          payment_reference: providerReference,
          amount: amountOf(amountMinor, 'EveryPay refund'),
          ...(customerName ? { customer_name: customerName } : {}),
        }),
      );
      return after(providerReference, answer);
    },

    async cancel(providerReference: string) {
      const current = await read(providerReference);
      // [APIv4: POST /payments/void] cancels a card authorisation. The documentation names no
      // call that expires a payment link still `initial` (nor one in 3-D Secure or open banking
      // authentication): EveryPay itself ends an unpaid link as `abandoned`. Such a payment is
      // answered as it stands; a later settlement is the shop's to refund. A PayPal payment
      // (`authorised`, final) is the merchant's to refuse in PayPal: never voided here.
      if (current.providerState !== 'authorised' || methodKind(current.method) === 'paypal')
        return current;
      try {
        return await voidPayment(providerReference);
      } catch (error) {
        // Refused: its state moved on meanwhile (captured, voided): answer where it is now.
        if (error instanceof PaymentProviderError && error.kind === 'refused')
          return read(providerReference);
        throw error;
      }
    },
  };

  /**
   * [APIv4: POST /payments/void] api_username, payment_reference, nonce, timestamp: the fields
   * eis_billing_system's VoidService sends (the one public v4 integration that voids; none sends
   * `reason`). Should EveryPay ever refuse a void for want of a `reason`, it is sent once more
   * with one.
   */
  async function voidPayment(providerReference: string) {
    try {
      return await after(
        providerReference,
        await call('POST', '/payments/void', signed({ payment_reference: providerReference })),
      );
    } catch (error) {
      if (
        !(error instanceof PaymentProviderError) ||
        error.kind !== 'refused' ||
        !error.fields?.includes('reason')
      )
        throw error;
      return after(
        providerReference,
        await call(
          'POST',
          '/payments/void',
          signed({ payment_reference: providerReference, reason: 'Cancelled by the shop' }),
        ),
      );
    }
  }
}

/**
 * Limits EveryPay sets on address fields from 2026-10-01 (255 before; the Sylius plugin's
 * reading of the API reference): city and line 50, postcode 16; country ISO 3166-1 alpha-2, state
 * ISO 3166-2 (US-CA). A longer value is cut: a cut address still feeds fraud screening, a
 * refused one would fail the whole payment.
 */
const ADDRESS_LIMITS = { line1: 50, city: 50, postcode: 16, country: 2, state: 6 } as const;

/**
 * `billing_*` / `shipping_*` fields of the one-off payment (what EveryPay's own WooCommerce plugin
 * and the Sylius plugin send: card schemes screen fraud with them, and EveryPay warns that
 * leaving them out raises declines).
 */
function addressFields(
  prefix: 'billing' | 'shipping',
  address: PaymentAddress | undefined,
): Record<string, string> {
  if (!address) return {};
  const out: Record<string, string> = {};
  for (const key of ['line1', 'city', 'postcode', 'country', 'state'] as const) {
    const value = address[key]?.replace(/\s+/g, ' ').trim();
    if (value) out[`${prefix}_${key}`] = value.slice(0, ADDRESS_LIMITS[key]);
  }
  return out;
}
