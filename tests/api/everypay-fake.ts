import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { isIP, type AddressInfo } from 'node:net';

/**
 * A fake EveryPay APIv4 server, built from EveryPay's documentation (not from our adapter): the
 * "EveryPay APIv4 Integration Documentation" (support.every-pay.com, updated 11.03.2024; cited
 * below as [APIv4: section]), EveryPay's help centre articles, and, where those are silent, what
 * the public integrations record of the live API (the Sylius EveryPay plugin's docs/everypay-api.md,
 * written against the API reference and the demo environment; payum-everypay).
 *
 * A real HTTP server on 127.0.0.1. It holds processing accounts, each for one currency and either
 * capturing automatically (a paid card is `settled`) or not (a paid card is `authorised` until
 * captured), and the payments made on them. Tests play the card holder with the helpers (pay with
 * one of the documented test cards, abandon, a chargeback) and can make it fail, hang or babble.
 *
 * Error answers: `{"error": {"code": <number>, "message": "<text>"}}` [APIv4: HTTP Response
 * Codes], the shape both integrations read. The status: 401 for credentials, 404 for a payment
 * not found, 400 for a body that is not JSON, 422 for a field or a state that does not allow the
 * call. The numeric codes are the fake's own (the documentation's list was not at hand).
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
  refunds: { amountMinor: number; at: string }[];
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
  /** EveryPay's clock (the timestamp check). */
  now: () => Date;
  /** Where its callbacks go (the shop's callback URL set in EveryPay's portal). */
  callback?: (query: URLSearchParams) => Promise<Response>;
  /** The card holder pays on the payment page with a card; answers the new state. */
  pay(paymentReference: string, card?: string): Promise<string>;
  /** The card holder leaves the payment page. */
  abandon(paymentReference: string): Promise<string>;
  /** The card holder's bank charges a settled payment back. */
  chargeback(paymentReference: string): Promise<string>;
  close(): Promise<void>;
}

export const FAKE_USER = 'storymade_api_01';
export const FAKE_SECRET = 's3cr3t-demo';

/** The fake's default accounts: one per currency, capturing automatically. */
export const FAKE_ACCOUNTS: Record<string, FakeAccount> = {
  EUR3D1: { currency: 'EUR', autoCapture: true },
  GBP3D1: { currency: 'GBP', autoCapture: true },
  USD3D1: { currency: 'USD', autoCapture: true },
  EUR3D2: { currency: 'EUR', autoCapture: false },
};

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

/** [APIv4: Order Reference] letters, digits and / - ? : ( ) . , ' + ; at most 255 for cards. */
const ORDER_REFERENCE = /^[A-Za-z0-9/\-?:().,'+]+$/;
/** [APIv4: Date and Time formats; "PHP request" sample: date('c')] 2026-11-27T08:16:27+00:00. */
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/;
/** The timestamp may differ from EveryPay's clock by this much (the Sylius plugin's ±5 min). */
const TIMESTAMP_WINDOW_MS = 5 * 60_000;
/** Hosted page languages [APIv4: POST /payments/oneoff, locale]. */
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

async function readBody(req: IncomingMessage): Promise<string> {
  let body = '';
  for await (const chunk of req) body += String(chunk);
  return body;
}

export async function startFakeEveryPay(
  options: { accounts?: Record<string, FakeAccount> } = {},
): Promise<FakeEveryPay> {
  const nonces = new Set<string>();
  const expectedAuth = `Basic ${Buffer.from(`${FAKE_USER}:${FAKE_SECRET}`).toString('base64')}`;
  const fake = {
    username: FAKE_USER,
    secret: FAKE_SECRET,
    accounts: new Map(Object.entries(options.accounts ?? FAKE_ACCOUNTS)),
    payments: new Map<string, FakePayment>(),
    requests: [] as FakeEveryPay['requests'],
    mode: 'ok' as FakeEveryPay['mode'],
    now: () => new Date(),
  } as FakeEveryPay;

  /** What EveryPay answers for a payment [APIv4: GET /payments/:payment_reference]. */
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
    payment_state: payment.payment_state,
    payment_method: payment.payment_method,
    currency: payment.currency,
    refunds: payment.refunds.map((refund) => ({
      amount: decimal(refund.amountMinor),
      created_at: refund.at,
    })),
  });

  /** Fields every POST carries [APIv4: Authentication; Nonce; Date and Time formats]. */
  const checkSigned = (body: Record<string, unknown>, required: string[]) => {
    const missing = ['api_username', ...required, 'nonce', 'timestamp'].filter(
      (key) => body[key] === undefined || body[key] === null || body[key] === '',
    );
    if (missing.length > 0) refuse(`Missing parameters: ${missing.join(', ')}`, 4001);
    if (body.api_username !== FAKE_USER)
      refuse('api_username does not match the credentials', 4011, 401);
    if (typeof body.nonce !== 'string') refuse('nonce must be a string', 4002);
    // [APIv4: Nonce] a value used once: a request replayed is refused.
    if (nonces.has(body.nonce as string)) refuse('nonce has already been used', 4003);
    const timestamp = String(body.timestamp);
    if (!TIMESTAMP.test(timestamp))
      refuse('timestamp must be ISO 8601 like 2024-03-11T12:00:00+02:00', 4004);
    const at = Date.parse(timestamp);
    if (Number.isNaN(at) || Math.abs(at - fake.now().getTime()) > TIMESTAMP_WINDOW_MS)
      refuse('timestamp is too far from the current time', 4005);
    nonces.add(body.nonce as string);
  };

  const paymentOf = (reference: unknown) => {
    const payment = typeof reference === 'string' ? fake.payments.get(reference) : undefined;
    if (!payment) return refuse('Payment not found', 4040, 404);
    return payment;
  };

  /** POST /payments/oneoff [APIv4: POST /payments/oneoff]. */
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
    // An absolute URL on a host name with a dot (the Sylius plugin: "dotless hosts (localhost)"
    // and IP addresses are refused by EveryPay's demo).
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
      refunds: [],
    };
    fake.payments.set(paymentReference, payment);
    return { status: 201, body: view(payment) };
  };

  /** POST /payments/capture [APIv4: POST /payments/capture]: an authorised payment. */
  const capture = (body: Record<string, unknown>) => {
    checkSigned(body, ['payment_reference', 'amount']);
    const payment = paymentOf(body.payment_reference);
    const minor = amountMinor(body.amount);
    if (payment.payment_state !== 'authorised')
      refuse(`Payment in state ${payment.payment_state} cannot be captured`, 4050);
    if (minor <= 0 || minor > payment.initialMinor)
      refuse('amount exceeds the authorised amount', 4051);
    payment.payment_state = 'settled';
    payment.standingMinor = minor;
    return { status: 200, body: view(payment) };
  };

  /** POST /payments/refund [APIv4: POST /payments/refund]: at most the standing amount. */
  const refund = (body: Record<string, unknown>) => {
    checkSigned(body, ['payment_reference', 'amount']);
    const payment = paymentOf(body.payment_reference);
    const minor = amountMinor(body.amount);
    if (payment.payment_state !== 'settled' && payment.payment_state !== 'refunded') {
      refuse(`Payment in state ${payment.payment_state} cannot be refunded`, 4060);
    }
    if (minor <= 0 || minor > payment.standingMinor)
      refuse('Refund amount exceeds the standing amount', 4061);
    payment.standingMinor -= minor;
    payment.payment_state = 'refunded';
    payment.refunds.push({ amountMinor: minor, at: fake.now().toISOString() });
    return { status: 200, body: view(payment) };
  };

  /** POST /payments/void [APIv4: POST /payments/void]: an authorisation, before capture. */
  const voidPayment = (body: Record<string, unknown>) => {
    checkSigned(body, ['payment_reference']);
    const payment = paymentOf(body.payment_reference);
    if (payment.payment_state !== 'authorised')
      refuse(`Payment in state ${payment.payment_state} cannot be voided`, 4070);
    payment.payment_state = 'voided';
    payment.standingMinor = 0;
    return { status: 200, body: view(payment) };
  };

  const handle = async (req: IncomingMessage) => {
    if (req.headers.authorization !== expectedAuth) refuse('Authentication failed', 4010, 401);
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
    handle(req).then(
      (answer) => send(res, answer.status, answer.body),
      (error: unknown) => {
        if (error instanceof Refusal)
          return send(res, error.status, { error: { code: error.code, message: error.message } });
        send(res, 500, { error: { code: 5000, message: 'Internal error' } });
      },
    );
  });

  /**
   * A callback to the shop [APIv4: Callback Notification; help centre "Integrate LinkPay
   * Callbacks"]: payment_reference and order_reference (and event_name), as query parameters.
   */
  const notify = async (payment: FakePayment, event: string) => {
    if (!fake.callback) return;
    const query = new URLSearchParams({
      payment_reference: payment.payment_reference,
      order_reference: payment.order_reference,
      event_name: event,
    });
    await fake.callback(query);
  };

  const move = async (reference: string, from: string[], to: string, event: string) => {
    const payment = fake.payments.get(reference);
    if (!payment) throw new Error(`the fake has no payment ${reference}`);
    if (!from.includes(payment.payment_state))
      throw new Error(`a ${payment.payment_state} payment cannot become ${to}`);
    payment.payment_state = to;
    await notify(payment, event);
    return to;
  };

  fake.pay = async (reference, card = TEST_CARDS.success) => {
    const payment = fake.payments.get(reference);
    if (!payment) throw new Error(`the fake has no payment ${reference}`);
    payment.payment_method = 'card';
    if (card !== TEST_CARDS.success)
      return move(reference, ['initial', 'waiting_for_3ds_response'], 'failed', 'status_updated');
    const account = fake.accounts.get(payment.account_name);
    return move(
      reference,
      ['initial', 'waiting_for_3ds_response'],
      account?.autoCapture ? 'settled' : 'authorised',
      'status_updated',
    );
  };
  fake.abandon = (reference) =>
    move(reference, ['initial', 'waiting_for_3ds_response'], 'abandoned', 'abandoned');
  fake.chargeback = (reference) =>
    move(reference, ['settled', 'refunded'], 'chargebacked', 'chargebacked');

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
