import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { isIP, type AddressInfo } from 'node:net';

/**
 * A fake EveryPay APIv4 server, built from what EveryPay really answers and documents, never from
 * our adapter. Its sources:
 *
 * Recorded answers of the demo environment:
 * - [R1] internetee/eis_billing_system, app/controllers/api/v1/callback_handler/
 *   callback_handler_controller.rb (comments): two `GET /payments/{ref}` answers of settled
 *   open-banking payments: `account_name`, `order_reference`, `email`, `customer_ip`,
 *   `customer_url`, `payment_created_at`, `initial_amount` and `standing_amount` (numbers),
 *   `payment_reference`, `payment_link`, `api_username`, `warnings`, `stan`, `fraud_score`,
 *   `payment_state`, `payment_method` (`lhv_ob_ee`), `ob_details` (debtor and creditor IBAN,
 *   `ob_payment_state` ACSC), `transaction_time`, `acquiring_completed_at`. No `currency`.
 * - [R2] internetee/registry, PaymentCallbackTest#linkpay_response: a settled `card` answer of
 *   the same shape with `cc_details` (bin, last four digits, holder, type, issuer, state_3ds,
 *   authorisation_code). No `currency`.
 * - [R3] internetee/eis_billing_system, spec/services/refund_spec.rb: the refund answer
 *   (`api_username`, `initial_amount` '2.50' and `standing_amount` '1.50' as strings,
 *   `transaction_time`, `payment_reference`, `payment_state` 'refunded') and EveryPay's error
 *   body: `{"error": {"code": 4037, "message": "Open banking payments cannot be refunded"}}`,
 *   `{"error": {"code": 4997, "message": "The timestamp is not valid"}}`.
 * - [R4] internetee/eis_billing_system, app/services/void_service.rb and capture_service.rb: a
 *   void carries api_username, payment_reference, nonce, timestamp (no `reason`); a capture adds
 *   `amount`.
 *
 * Documentation:
 * - [D1] EveryPay help centre, "Payment statuses": `authorised` is, for PayPal, "the final state":
 *   the merchant reviews the payment in PayPal before sending goods; for cards, a
 *   pre-authorisation settled after capture. Open banking is `settled` once the customer passes
 *   SCA at the bank.
 * - [D2] EveryPay help centre, "Open banking payments refund", and SEB's "Open banking payment
 *   refund": the refund changes the status to `refunded` and lowers the standing amount, "only in
 *   our system" (no money moves); "if the refund fails and standing amount equals to initial
 *   amount then the payment status changes back to settled".
 * - [D3] SEB help centre, "Refund process via APIv4": mandatory parameters of an open-banking
 *   refund: api_username, amount, timestamp, payment_reference, nonce, customer_name.
 * - [D4] eis_billing_system's API docs (callback handler): the callback's `event_name`:
 *   status_updated, voided, refunded, refund_failed (an open-banking refund failed: read the
 *   payment again), chargebacked, marked_for_capture, abandoned, dispute and fraud events.
 * - [D5] The Sylius EveryPay plugin's docs/everypay-api.md: callbacks are GETs with
 *   payment_reference, order_reference and event_name, retried when not answered 2xx "up to 6
 *   attempts at 1 s, 5 min, 1 h, 24 h, 48 h, 72 h"; the one-off answer is 201 with
 *   `payment_reference`, `payment_link`, `payment_state: initial`, `currency` and
 *   `payment_methods` (method `source`s such as `swedbank_ob_lt`, `seb_ob_ee`, `card`);
 *   `billing_*`/`shipping_*` address fields with EveryPay's limits (city and line1 50, postcode
 *   16, country ISO alpha-2, state ISO 3166-2); `customer_url` on a dotted host name;
 *   timestamps within ±5 minutes.
 * - [D6] LHV merchant portal help, "Set or change the capture delay time": a processing account
 *   may delay capture by 0-7 days; the capture is then made by EveryPay's nightly run.
 * - [D7] "EveryPay APIv4 Integration Documentation" (support.every-pay.com, 11.03.2024): endpoints,
 *   Basic auth with api_username repeated in the body or query, a nonce used once, the order
 *   reference characters (letters, digits and / - ? : ( ) . , ' +, at most 255).
 *
 * What the fake decides where the sources are silent (marked [fake] below): the numeric codes of
 * errors other than 4037 and 4997; what a capture on a capture-delay account answers (the payment
 * stays `authorised` until the nightly run, the `marked_for_capture` event is sent); that PayPal
 * payments cannot be captured or voided by the API.
 *
 * A real HTTP server on 127.0.0.1. Tests play the payer (a card, a bank, PayPal), EveryPay's
 * nightly run, a bank refusing a refund, a chargeback; and make it fail: hang, babble, answer an
 * error status, refuse our credentials, or lose the answer to one call after doing it.
 */

/** The documented test cards [help centre "Test Cards (Swedbank merchants)"]. */
export const TEST_CARDS = {
  /** 12/27, CVC 841: a successful payment. */
  success: '5168159911323096',
  /** 08/27, CVC 111: a declined payment. */
  declined: '5413330089010020',
} as const;

export interface FakeAccount {
  currency: string;
  /** true: a paid card is settled at once (EveryPay's usual setup); false: authorised, to capture. */
  autoCapture: boolean;
  /** [D6] A capture delay: a capture asked of it is made by the nightly run (`marked_for_capture`). */
  captureDelay?: boolean;
}

export interface FakePayment {
  payment_reference: string;
  payment_link: string;
  account_name: string;
  currency: string;
  order_reference: string;
  email: string | null;
  customer_url: string;
  customer_ip: string | null;
  locale: string | null;
  api_username: string;
  payment_created_at: string;
  /** In minor units here; answered as EveryPay's decimal numbers. */
  initialMinor: number;
  standingMinor: number;
  payment_state: string;
  payment_method: string | null;
  /** The one-off request's own fields (billing_*, shipping_* …), as sent. */
  sent: Record<string, unknown>;
  /** A capture asked on a capture-delay account, waiting for the nightly run. */
  markedForCapture: boolean;
  refunds: { amountMinor: number; at: string; customerName: string | null; reverted: boolean }[];
  transaction_time: string | null;
}

/** One callback sent to the shop, and how it answered. */
export interface FakeDelivery {
  paymentReference: string;
  event: string;
  /** 1 for the first try. */
  attempt: number;
  /** The shop's HTTP status (0 when the call itself failed). */
  status: number;
}

export interface FakeEveryPay {
  url: string;
  username: string;
  secret: string;
  /** Processing accounts by name. */
  accounts: Map<string, FakeAccount>;
  /** Payments by payment_reference. */
  payments: Map<string, FakePayment>;
  /** Every request received (method, path and JSON body), in order. */
  requests: { method: string; path: string; body?: Record<string, unknown> }[];
  /** 'ok'; or a status to answer every call with; 'hang' (never answers); 'garbage' (200, not JSON). */
  mode: 'ok' | 'hang' | 'garbage' | number;
  /**
   * The next call to `path` is carried out, then its answer is lost: 'hang' (no answer: the
   * caller times out), 'reset' (the connection is cut) or a 5xx status.
   */
  loseAnswer?: { path: string; how: 'hang' | 'reset' | number };
  /** EveryPay's clock (the timestamp check). */
  now: () => Date;
  /** Where its callbacks go (the shop's callback URL set in EveryPay's portal). */
  callback?: (query: URLSearchParams) => Promise<Response>;
  /** Every callback sent, with the shop's answer. */
  deliveries: FakeDelivery[];
  /**
   * [D5] EveryPay's retries: every callback not answered 2xx (fewer than 6 tries) is sent again.
   * Answers how many were sent.
   */
  retryCallbacks(): Promise<number>;
  /** The card holder pays on the payment page with a card; answers the new state. */
  pay(paymentReference: string, card?: string): Promise<string>;
  /** The payer pays by open banking at `bank` (a method source, `swedbank_ob_ee`): settled [D1]. */
  payByBank(paymentReference: string, bank?: string): Promise<string>;
  /** The payer pays with PayPal: `authorised`, final; the merchant reviews it in PayPal [D1]. */
  payWithPayPal(paymentReference: string): Promise<string>;
  /** The card holder leaves the payment page. */
  abandon(paymentReference: string): Promise<string>;
  /** The card holder's bank charges a settled payment back. */
  chargeback(paymentReference: string): Promise<string>;
  /** [D2] The payer's bank refuses the latest open-banking refund: standing restored, `refund_failed`. */
  failBankRefund(paymentReference: string): Promise<string>;
  /** [D6] EveryPay's nightly run: every capture marked is made (settled, `status_updated`). */
  nightlyCapture(): Promise<number>;
  /** EveryPay's credentials rotated in its portal: the shop's no longer work (401); false undoes it. */
  rotateSecret(rotated?: boolean): void;
  /** Resolves once every callback already caused has been delivered. */
  idle(): Promise<void>;
  close(): Promise<void>;
}

export const FAKE_USER = 'storymade_api_01';
export const FAKE_SECRET = 's3cr3t-demo';

/** The fake's default accounts: one per currency, capturing automatically. */
export const FAKE_ACCOUNTS: Record<string, FakeAccount> = {
  EUR3D1: { currency: 'EUR', autoCapture: true },
  GBP3D1: { currency: 'GBP', autoCapture: true },
  USD3D1: { currency: 'USD', autoCapture: true },
  /** A pre-authorisation account: the shop captures. */
  EUR3D2: { currency: 'EUR', autoCapture: false },
  /** A pre-authorisation account whose captures wait for the nightly run. */
  EUR3D3: { currency: 'EUR', autoCapture: false, captureDelay: true },
};

/** [D5] The callback retry pauses after each try (6 tries in all). */
export const CALLBACK_RETRY_MS = [1_000, 300_000, 3_600_000, 86_400_000, 172_800_000, 259_200_000];

class Refusal extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

const refuse = (message: string, code = 4000, status = 422): never => {
  throw new Refusal(status, code, message);
};

/** [D7] letters, digits and / - ? : ( ) . , ' + ; at most 255 for cards. */
const ORDER_REFERENCE = /^[A-Za-z0-9/\-?:().,'+]+$/;
/** [D7] 2026-11-27T08:16:27+00:00 (PHP's date('c')). */
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/;
/** [D5] ±5 minutes. */
const TIMESTAMP_WINDOW_MS = 5 * 60_000;
/** Hosted page languages [D7]. */
const LOCALES = [
  'cz',
  'da',
  'de',
  'en',
  'es',
  'et',
  'fi',
  'fr',
  'hu',
  'it',
  'lt',
  'lv',
  'nl',
  'no',
  'pl',
  'pt',
  'ru',
  'sk',
  'sv',
  'uk',
];
/** [D5] Address fields and their limits (from 2026-10-01). */
const ADDRESS_RULES: Record<string, RegExp> = {
  line1: /^.{1,50}$/su,
  city: /^.{1,50}$/su,
  postcode: /^.{1,16}$/su,
  country: /^[A-Z]{2}$/,
  state: /^[A-Z]{2}-[A-Z0-9]{1,3}$/,
};

const isOpenBanking = (method: string | null) => method !== null && /_ob_/.test(method);

/** A decimal amount with at most two decimals (a JSON number or a numeric string) -> minor units. */
function amountMinor(value: unknown, field = 'amount'): number {
  if (typeof value !== 'number' && typeof value !== 'string')
    return refuse(`${field} is missing or not a number`, 4020);
  const match = /^(\d{1,10})(?:\.(\d{1,2}))?$/.exec(String(value));
  if (!match) return refuse(`${field} must be a decimal with at most 2 decimals`, 4021);
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

const decimal = (minor: number) =>
  Number(`${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`);
/** [R3] the refund answer's amounts: decimal strings. */
const decimalText = (minor: number) =>
  `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;

async function readBody(req: IncomingMessage): Promise<string> {
  let body = '';
  for await (const chunk of req) body += String(chunk);
  return body;
}

export async function startFakeEveryPay(
  options: { accounts?: Record<string, FakeAccount> } = {},
): Promise<FakeEveryPay> {
  const nonces = new Set<string>();
  let secret = FAKE_SECRET;
  const fake = {
    username: FAKE_USER,
    secret: FAKE_SECRET,
    accounts: new Map(Object.entries(options.accounts ?? FAKE_ACCOUNTS)),
    payments: new Map<string, FakePayment>(),
    requests: [] as FakeEveryPay['requests'],
    mode: 'ok' as FakeEveryPay['mode'],
    now: () => new Date(),
    deliveries: [] as FakeDelivery[],
  } as FakeEveryPay;

  /** [R1][R2] What EveryPay answers for a payment: no `currency`; the method's details. */
  const view = (payment: FakePayment) => ({
    account_name: payment.account_name,
    order_reference: payment.order_reference,
    email: payment.email,
    customer_ip: payment.customer_ip,
    customer_url: payment.customer_url,
    payment_created_at: payment.payment_created_at,
    initial_amount: decimal(payment.initialMinor),
    standing_amount: decimal(payment.standingMinor),
    payment_reference: payment.payment_reference,
    payment_link: payment.payment_link,
    api_username: payment.api_username,
    warnings: {},
    stan: 675867,
    fraud_score: 500,
    payment_state: payment.payment_state,
    payment_method: payment.payment_method,
    ...(payment.payment_method === 'card'
      ? {
          cc_details: {
            bin: '516815',
            last_four_digits: '3096',
            month: '12',
            year: '2027',
            holder_name: 'Every Pay',
            type: 'master_card',
            issuer_country: 'EE',
            state_3ds: '3ds',
            authorisation_code: '705590',
          },
        }
      : {}),
    ...(isOpenBanking(payment.payment_method)
      ? {
          ob_details: {
            debtor_iban: 'EE277700771001735881',
            creditor_iban: 'EE168938346545967075',
            ob_payment_reference: '87124e79-655c-4500-9c5d-346b16e04d72',
            ob_payment_state: 'ACSC',
          },
        }
      : {}),
    transaction_time: payment.transaction_time,
  });

  /** [R3] The refund answer. */
  const refundView = (payment: FakePayment) => ({
    api_username: payment.api_username,
    initial_amount: decimalText(payment.initialMinor),
    standing_amount: decimalText(payment.standingMinor),
    transaction_time: fake.now().toISOString(),
    payment_reference: payment.payment_reference,
    payment_state: payment.payment_state,
  });

  /** Fields every POST carries [D7]. */
  const checkSigned = (body: Record<string, unknown>, required: string[]) => {
    const missing = ['api_username', ...required, 'nonce', 'timestamp'].filter(
      (key) => body[key] === undefined || body[key] === null || body[key] === '',
    );
    if (missing.length > 0) refuse(`Missing parameters: ${missing.join(', ')}`, 4001);
    if (body.api_username !== FAKE_USER)
      refuse('api_username does not match the credentials', 4011, 401);
    if (typeof body.nonce !== 'string') refuse('nonce must be a string', 4002);
    // [D7] a value used once: a request replayed is refused.
    if (nonces.has(body.nonce as string)) refuse('nonce has already been used', 4003);
    const timestamp = String(body.timestamp);
    const at = Date.parse(timestamp);
    if (
      !TIMESTAMP.test(timestamp) ||
      Number.isNaN(at) ||
      Math.abs(at - fake.now().getTime()) > TIMESTAMP_WINDOW_MS
    )
      refuse('The timestamp is not valid', 4997); // [R3]
    nonces.add(body.nonce as string);
  };

  const paymentOf = (reference: unknown) => {
    const payment = typeof reference === 'string' ? fake.payments.get(reference) : undefined;
    if (!payment) return refuse('Payment not found', 4040, 404);
    return payment;
  };

  /** POST /payments/oneoff [D5][D7]. */
  const oneoff = (body: Record<string, unknown>) => {
    checkSigned(body, ['account_name', 'amount', 'order_reference', 'customer_url']);
    const account = fake.accounts.get(String(body.account_name));
    if (!account)
      refuse(
        `account_name ${String(body.account_name)} is not a processing account of this merchant`,
        4030,
      );
    const minor = amountMinor(body.amount);
    if (minor <= 0) refuse('amount must be greater than 0', 4022);
    const reference = body.order_reference;
    if (
      typeof reference !== 'string' ||
      !ORDER_REFERENCE.test(reference) ||
      reference.length > 255
    ) {
      refuse(
        "order_reference may hold letters, digits and / - ? : ( ) . , ' + only, at most 255",
        4031,
      );
    }
    // [help centre "Order Reference Uniqueness"] unique by default.
    if ([...fake.payments.values()].some((payment) => payment.order_reference === reference)) {
      refuse('order_reference has already been used', 4032);
    }
    // [D5] a host name with a dot (dotless hosts and IP addresses are refused).
    let customerUrl: URL | undefined;
    try {
      customerUrl = new URL(String(body.customer_url));
    } catch {
      customerUrl = undefined;
    }
    const host = customerUrl?.hostname.replace(/^\[|\]$/g, '') ?? '';
    if (
      !customerUrl ||
      !/^https?:$/.test(customerUrl.protocol) ||
      !host.includes('.') ||
      isIP(host) !== 0
    ) {
      refuse('customer_url must be an absolute URL on a fully qualified domain name', 4033);
    }
    if (
      body.email !== undefined &&
      (typeof body.email !== 'string' ||
        !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(body.email) ||
        body.email.length > 255)
    ) {
      refuse('email is invalid', 4034);
    }
    if (body.locale !== undefined && !LOCALES.includes(String(body.locale)))
      refuse('locale is not supported', 4035);
    if (body.customer_ip !== undefined && isIP(String(body.customer_ip)) === 0)
      refuse('customer_ip is not an IP address', 4036);
    for (const prefix of ['billing', 'shipping']) {
      for (const [field, rule] of Object.entries(ADDRESS_RULES)) {
        const value = body[`${prefix}_${field}`];
        if (value !== undefined && (typeof value !== 'string' || !rule.test(value)))
          refuse(`${prefix}_${field} is invalid`, 4038); // [fake] code
      }
    }
    const paymentReference = randomBytes(32).toString('hex');
    const payment: FakePayment = {
      payment_reference: paymentReference,
      payment_link: `https://igw-demo.every-pay.com/lp/fake/${paymentReference.slice(0, 8)}`,
      account_name: String(body.account_name),
      currency: account!.currency,
      order_reference: String(reference),
      email: typeof body.email === 'string' ? body.email : null,
      customer_url: String(body.customer_url),
      customer_ip: typeof body.customer_ip === 'string' ? body.customer_ip : null,
      locale: typeof body.locale === 'string' ? body.locale : null,
      api_username: FAKE_USER,
      payment_created_at: fake.now().toISOString(),
      initialMinor: minor,
      standingMinor: minor,
      payment_state: 'initial',
      payment_method: null,
      sent: { ...body },
      markedForCapture: false,
      refunds: [],
      transaction_time: null,
    };
    fake.payments.set(paymentReference, payment);
    // [D5] the create answer is the one that carries `currency`, with the methods on offer.
    return {
      status: 201,
      body: {
        ...view(payment),
        currency: account!.currency,
        descriptor_country: 'EE',
        payment_methods: ['card', 'swedbank_ob_ee', 'seb_ob_ee', 'paypal'].map((source) => ({
          source,
          display_name: source,
          country_code: source.endsWith('_ee') ? 'EE' : null,
          payment_link: `${payment.payment_link}?method=${source}`,
          logo_url: null,
        })),
      },
    };
  };

  /** POST /payments/capture [R4][D6]: a card authorisation. */
  const capture = (body: Record<string, unknown>) => {
    checkSigned(body, ['payment_reference', 'amount']);
    const payment = paymentOf(body.payment_reference);
    const minor = amountMinor(body.amount);
    if (payment.payment_method === 'paypal')
      refuse('PayPal payments are reviewed in PayPal and cannot be captured', 4052); // [fake]
    if (payment.payment_state !== 'authorised' || payment.markedForCapture)
      refuse(`Payment in state ${payment.payment_state} cannot be captured`, 4050);
    if (minor <= 0 || minor > payment.initialMinor)
      refuse('amount exceeds the authorised amount', 4051);
    const account = fake.accounts.get(payment.account_name);
    if (account?.captureDelay) {
      // [D6][fake] left to the nightly run: still authorised until then.
      payment.markedForCapture = true;
      payment.standingMinor = minor;
      queueNotify(payment, 'marked_for_capture');
      return { status: 200, body: view(payment) };
    }
    payment.payment_state = 'settled';
    payment.standingMinor = minor;
    return { status: 200, body: view(payment) };
  };

  /** POST /payments/refund [R3][D2][D3]: at most the standing amount. */
  const refund = (body: Record<string, unknown>) => {
    checkSigned(body, ['payment_reference', 'amount']);
    const payment = paymentOf(body.payment_reference);
    const minor = amountMinor(body.amount);
    if (payment.payment_state !== 'settled' && payment.payment_state !== 'refunded') {
      refuse(`Payment in state ${payment.payment_state} cannot be refunded`, 4060);
    }
    if (isOpenBanking(payment.payment_method) && !body.customer_name)
      refuse('Missing parameters: customer_name', 4001); // [D3]
    if (minor <= 0 || minor > payment.standingMinor)
      refuse('Refund amount exceeds the standing amount', 4061);
    payment.standingMinor -= minor;
    payment.payment_state = 'refunded';
    payment.refunds.push({
      amountMinor: minor,
      at: fake.now().toISOString(),
      customerName: typeof body.customer_name === 'string' ? body.customer_name : null,
      reverted: false,
    });
    queueNotify(payment, 'refunded');
    return { status: 200, body: refundView(payment) };
  };

  /** POST /payments/void [R4]: a card authorisation, before capture (a `reason` is taken, not needed). */
  const voidPayment = (body: Record<string, unknown>) => {
    checkSigned(body, ['payment_reference']);
    const payment = paymentOf(body.payment_reference);
    if (payment.payment_method === 'paypal')
      refuse('PayPal payments are reviewed in PayPal and cannot be voided', 4071); // [fake]
    if (payment.payment_state !== 'authorised' || payment.markedForCapture)
      refuse(`Payment in state ${payment.payment_state} cannot be voided`, 4070);
    payment.payment_state = 'voided';
    payment.standingMinor = 0;
    queueNotify(payment, 'voided');
    return { status: 200, body: view(payment) };
  };

  const handle = async (req: IncomingMessage) => {
    const expectedAuth = `Basic ${Buffer.from(`${FAKE_USER}:${secret}`).toString('base64')}`;
    const url = new URL(req.url ?? '/', 'http://fake');
    const path = url.pathname.replace(/^\/api\/v4/, '');
    let body: Record<string, unknown> | undefined;
    if (req.method === 'POST') {
      try {
        const parsed: unknown = JSON.parse(await readBody(req));
        if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
          throw new Error('not an object');
        body = parsed as Record<string, unknown>;
      } catch {
        fake.requests.push({ method: 'POST', path });
        return refuse('The request body is not a JSON object', 4000, 400);
      }
    }
    fake.requests.push({ method: req.method ?? 'GET', path, ...(body ? { body } : {}) });
    if (req.headers.authorization !== expectedAuth) refuse('Authentication failed', 4010, 401);
    if (req.method === 'POST' && body) {
      if (path === '/payments/oneoff') return oneoff(body);
      if (path === '/payments/capture') return capture(body);
      if (path === '/payments/refund') return refund(body);
      if (path === '/payments/void') return voidPayment(body);
    }
    const match = /^\/payments\/([^/]+)$/.exec(path);
    if (req.method === 'GET' && match) {
      if (url.searchParams.get('api_username') !== FAKE_USER)
        refuse('api_username does not match the credentials', 4011, 401);
      return { status: 200, body: view(paymentOf(decodeURIComponent(match[1]!))) };
    }
    return refuse('No such endpoint', 4041, 404);
  };

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(body));
  };

  const server: Server = createServer((req, res) => {
    if (fake.mode === 'hang') return; // never answers
    if (fake.mode === 'garbage') {
      res.writeHead(200, { 'Content-Type': 'text/html' });
      res.end('<html><body>Service temporarily unavailable</body></html>');
      return;
    }
    if (typeof fake.mode === 'number')
      return send(res, fake.mode, { error: { code: 5000, message: 'Internal error' } });
    const lose =
      fake.loseAnswer && req.url?.replace(/^\/api\/v4/, '').startsWith(fake.loseAnswer.path)
        ? fake.loseAnswer
        : undefined;
    if (lose) delete fake.loseAnswer;
    handle(req).then(
      (answer) => {
        // Done, and the answer never arrives.
        if (lose?.how === 'hang') return;
        if (lose?.how === 'reset') return req.socket.destroy();
        if (typeof lose?.how === 'number')
          return send(res, lose.how, { error: { code: 5000, message: 'Internal error' } });
        send(res, answer.status, answer.body);
      },
      (error: unknown) => {
        if (error instanceof Refusal)
          return send(res, error.status, { error: { code: error.code, message: error.message } });
        send(res, 500, { error: { code: 5000, message: 'Internal error' } });
      },
    );
  });

  /**
   * A callback to the shop [D4][D5]: payment_reference, order_reference and event_name as query
   * parameters. Sent after the call that caused it has been answered (as EveryPay's are: another
   * system, a moment later), one at a time, in order.
   */
  let sending: Promise<unknown> = Promise.resolve();
  const deliver = async (payment: FakePayment, event: string, attempt: number) => {
    if (!fake.callback) return;
    const query = new URLSearchParams({
      payment_reference: payment.payment_reference,
      order_reference: payment.order_reference,
      event_name: event,
    });
    let status = 0;
    try {
      status = (await fake.callback(query)).status;
    } catch {
      status = 0;
    }
    fake.deliveries.push({
      paymentReference: payment.payment_reference,
      event,
      attempt,
      status,
    });
  };
  const notify = (payment: FakePayment, event: string) => {
    const next = sending.then(() => deliver(payment, event, 1));
    sending = next.catch(() => undefined);
    return next;
  };
  /** From inside a call being answered: delivered once the answer has left. */
  const queueNotify = (payment: FakePayment, event: string) => {
    setImmediate(() => void notify(payment, event));
  };

  fake.retryCallbacks = async () => {
    await sending;
    const due = new Map<string, FakeDelivery>();
    for (const delivery of fake.deliveries) {
      const key = `${delivery.paymentReference}:${delivery.event}`;
      const last = due.get(key);
      if (!last || delivery.attempt >= last.attempt) due.set(key, delivery);
    }
    let sent = 0;
    for (const delivery of due.values()) {
      if (delivery.status >= 200 && delivery.status < 300) continue;
      if (delivery.attempt >= CALLBACK_RETRY_MS.length) continue;
      const payment = fake.payments.get(delivery.paymentReference);
      if (!payment) continue;
      await deliver(payment, delivery.event, delivery.attempt + 1);
      sent += 1;
    }
    return sent;
  };

  const move = async (reference: string, from: string[], to: string, event: string) => {
    const payment = fake.payments.get(reference);
    if (!payment) throw new Error(`the fake has no payment ${reference}`);
    if (!from.includes(payment.payment_state))
      throw new Error(`a ${payment.payment_state} payment cannot become ${to}`);
    payment.payment_state = to;
    payment.transaction_time = fake.now().toISOString();
    await notify(payment, event);
    return to;
  };

  const OPEN = ['initial', 'waiting_for_3ds_response', 'waiting_for_sca'];
  fake.pay = async (reference, card = TEST_CARDS.success) => {
    const payment = fake.payments.get(reference);
    if (!payment) throw new Error(`the fake has no payment ${reference}`);
    payment.payment_method = 'card';
    if (card !== TEST_CARDS.success) return move(reference, OPEN, 'failed', 'status_updated');
    const account = fake.accounts.get(payment.account_name);
    return move(reference, OPEN, account?.autoCapture ? 'settled' : 'authorised', 'status_updated');
  };
  fake.payByBank = async (reference, bank = 'swedbank_ob_ee') => {
    const payment = fake.payments.get(reference);
    if (!payment) throw new Error(`the fake has no payment ${reference}`);
    payment.payment_method = bank;
    return move(reference, OPEN, 'settled', 'status_updated');
  };
  fake.payWithPayPal = async (reference) => {
    const payment = fake.payments.get(reference);
    if (!payment) throw new Error(`the fake has no payment ${reference}`);
    payment.payment_method = 'paypal';
    return move(reference, OPEN, 'authorised', 'status_updated');
  };
  fake.abandon = (reference) => move(reference, OPEN, 'abandoned', 'abandoned');
  fake.chargeback = (reference) =>
    move(reference, ['settled', 'refunded'], 'chargebacked', 'chargebacked');
  fake.failBankRefund = async (reference) => {
    const payment = fake.payments.get(reference);
    const last = payment?.refunds.filter((row) => !row.reverted).at(-1);
    if (!payment || !last) throw new Error(`the fake has no refund of ${reference} to fail`);
    last.reverted = true;
    payment.standingMinor += last.amountMinor;
    // [D2] back to settled once nothing stands refunded.
    if (payment.standingMinor === payment.initialMinor) payment.payment_state = 'settled';
    await notify(payment, 'refund_failed');
    return payment.payment_state;
  };
  fake.nightlyCapture = async () => {
    let captured = 0;
    for (const payment of fake.payments.values()) {
      if (!payment.markedForCapture || payment.payment_state !== 'authorised') continue;
      payment.markedForCapture = false;
      captured += 1;
      await move(payment.payment_reference, ['authorised'], 'settled', 'status_updated');
    }
    return captured;
  };
  fake.idle = async () => {
    await new Promise((resolve) => setImmediate(resolve));
    await sending;
  };
  fake.rotateSecret = (rotated = true) => {
    secret = rotated ? `${FAKE_SECRET}-rotated` : FAKE_SECRET;
    fake.secret = secret;
  };

  // An idle kept-alive connection stays open longer than the client keeps it (Node's 5 s default
  // made a test that waits on a database start meet a reset on its next call).
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  fake.url = `http://127.0.0.1:${port}/api/v4`;
  fake.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
}
