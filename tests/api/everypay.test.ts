import { createServer } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { toDecimal } from '#contract/markets.ts';
import type { PlacedOrderStatus } from '#contract/order-status.ts';
import { readEnv } from '#server/env.ts';
import {
  describeEveryPayAccounts,
  describeEveryPayEnvironment,
  everyPayAccounts,
} from '#server/services/payment/providers/everypay-accounts.ts';
import {
  PaymentProviderError,
  type CreatePaymentInput,
} from '#server/services/payment/provider.ts';
import {
  createEveryPayProvider,
  everyPayOutcome,
  everyPayTimestamp,
  toMinor,
  type EveryPayConfig,
} from '#server/services/payment/providers/everypay.ts';
import { initiate, readyOrder, verify } from './checkout-helpers.ts';
import {
  FAKE_SECRET,
  FAKE_USER,
  startFakeEveryPay,
  TEST_CARDS,
  type FakeEveryPay,
} from './everypay-fake.ts';
import { createTestApp, type TestApp } from './helpers.ts';

const ACCOUNTS = { EUR: 'EUR3D1', GBP: 'GBP3D1', USD: 'USD3D1' };
// EveryPay refuses a customer_url on a host without a dot (localhost): the shop's address here
// is one it takes.
const PUBLIC_URL = 'http://shop.localhost:3000';

let fake: FakeEveryPay;
beforeAll(async () => {
  fake = await startFakeEveryPay();
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => {
  fake.mode = 'ok';
  fake.now = () => new Date();
  delete fake.callback;
});

const adapter = (overrides: Partial<EveryPayConfig> = {}) =>
  createEveryPayProvider({
    apiUrl: fake.url,
    username: FAKE_USER,
    secret: FAKE_SECRET,
    accounts: ACCOUNTS,
    autoCapture: false,
    // Long enough for a loaded test machine, short enough for the hanging test.
    timeoutMs: 2_000,
    ...overrides,
  });

let counter = 0;
/** A payment to start: a fresh base62 reference each time (EveryPay wants it unique). */
const payment = (overrides: Partial<CreatePaymentInput> = {}): CreatePaymentInput => ({
  reference: `Ref${Date.now().toString(36)}x${(counter += 1)}`,
  amountMinor: 4398,
  currencyCode: 'EUR',
  email: 'parent@example.com',
  locale: 'lv',
  customerUrl: `${PUBLIC_URL}/payment-status`,
  customerIp: '192.0.2.10',
  ...overrides,
});

/** The error a call throws (fails the test when it does not throw one). */
async function failure(call: Promise<unknown>): Promise<PaymentProviderError> {
  try {
    await call;
  } catch (error) {
    expect(error).toBeInstanceOf(PaymentProviderError);
    return error as PaymentProviderError;
  }
  throw new Error('expected the call to fail');
}

/** A raw call to the fake, as EveryPay's own samples make them. */
async function raw(
  path: string,
  body: Record<string, unknown>,
  auth = `${FAKE_USER}:${FAKE_SECRET}`,
) {
  const res = await fetch(`${fake.url}${path}`, {
    method: 'POST',
    headers: {
      Authorization: `Basic ${Buffer.from(auth).toString('base64')}`,
      'Content-Type': 'application/json',
    },
    body: JSON.stringify(body),
  });
  return {
    status: res.status,
    body: (await res.json()) as { error?: { code: number; message: string } } & Record<
      string,
      unknown
    >,
  };
}

describe('the EveryPay adapter against the fake EveryPay', () => {
  it('starts a one-off payment with the documented fields, on the account of the order currency', async () => {
    const provider = adapter();
    for (const [currency, account] of Object.entries(ACCOUNTS)) {
      const input = payment({ currencyCode: currency, amountMinor: 2999 + 1 + 29 });
      const created = await provider.create(input);
      const sent = fake.requests.at(-1)!;
      expect(sent.path).toBe('/payments/oneoff');
      expect(sent.body).toMatchObject({
        api_username: FAKE_USER,
        account_name: account,
        amount: 30.29,
        order_reference: input.reference,
        customer_url: `${PUBLIC_URL}/payment-status`,
        email: 'parent@example.com',
        locale: 'lv',
        customer_ip: '192.0.2.10',
      });
      expect(String(sent.body!.nonce)).toMatch(/^[0-9a-f]{32}$/);
      // The timestamp as EveryPay's sample writes it (PHP date('c')).
      expect(String(sent.body!.timestamp)).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+00:00$/);
      expect(created.paymentLink).toBe(fake.payments.get(created.providerReference)!.payment_link);
      const state = await provider.state(created.providerReference);
      // The status answer names the account, never a currency: the account says which.
      expect(fake.requests.at(-1)!.method).toBe('GET');
      expect(state).toEqual({
        outcome: 'pending',
        providerState: 'initial',
        amountMinor: 3029,
        accountName: account,
        currencyCode: currency,
        reference: input.reference,
      });
    }
  });

  it('refuses a currency without an account, and an account that charges another currency, before any link is given', async () => {
    const before = fake.requests.length;
    const euroOnly = adapter({ accounts: { EUR: 'EUR3D1' } });
    const missing = await failure(
      euroOnly.create(payment({ currencyCode: 'GBP', locale: 'en-GB' })),
    );
    expect(missing).toMatchObject({ kind: 'refused', fields: ['account_name'] });
    expect(missing.message).toMatch(/no processing account for GBP.*covers EUR/);
    expect(fake.requests.length).toBe(before); // nothing reached EveryPay

    // GBP set to a EUR account by mistake: EveryPay answers the account's currency, EUR.
    const misconfigured = adapter({ accounts: { GBP: 'EUR3D1' } });
    const wrong = await failure(misconfigured.create(payment({ currencyCode: 'GBP' })));
    expect(wrong).toMatchObject({ kind: 'refused', fields: ['account_name'] });
    expect(wrong.message).toMatch(/EUR3D1 charges EUR, not GBP/);
  });

  it("checks our reference against EveryPay's characters before sending it", async () => {
    const before = fake.requests.length;
    const refused = await failure(adapter().create(payment({ reference: 'abc_def' })));
    expect(refused).toMatchObject({ kind: 'refused', fields: ['order_reference'] });
    expect(fake.requests.length).toBe(before);
  });

  it('reads the states a payment goes through: paid, declined, abandoned, charged back', async () => {
    const provider = adapter();
    const paid = await provider.create(payment());
    await fake.pay(paid.providerReference);
    expect(await provider.state(paid.providerReference)).toMatchObject({
      outcome: 'paid',
      providerState: 'settled',
      amountMinor: 4398,
      currencyCode: 'EUR',
      refundedMinor: 0,
    });
    await fake.chargeback(paid.providerReference);
    expect(await provider.state(paid.providerReference)).toMatchObject({
      outcome: 'chargebacked',
      providerState: 'chargebacked',
    });

    const declined = await provider.create(payment());
    await fake.pay(declined.providerReference, TEST_CARDS.declined);
    expect(await provider.state(declined.providerReference)).toMatchObject({
      outcome: 'failed',
      providerState: 'failed',
    });

    const left = await provider.create(payment());
    await fake.abandon(left.providerReference);
    expect(await provider.state(left.providerReference)).toMatchObject({ outcome: 'abandoned' });
  });

  it('holds an authorised payment until captured, unless the accounts capture automatically', async () => {
    const manual = adapter({ accounts: { EUR: 'EUR3D2' } });
    const created = await manual.create(payment());
    await fake.pay(created.providerReference);
    expect(await manual.state(created.providerReference)).toMatchObject({
      outcome: 'authorised',
      providerState: 'authorised',
    });
    expect(await adapter({ autoCapture: true }).state(created.providerReference)).toMatchObject({
      outcome: 'paid',
    });

    const captured = await manual.capture(created.providerReference, 4398);
    expect(captured).toMatchObject({
      outcome: 'paid',
      providerState: 'settled',
      amountMinor: 4398,
      refundedMinor: 0,
    });
    expect(fake.requests.at(-1)).toMatchObject({
      path: '/payments/capture',
      body: { payment_reference: created.providerReference, amount: 43.98 },
    });
    // A second capture: EveryPay refuses, the adapter says so (not an outage).
    expect(await failure(manual.capture(created.providerReference, 4398))).toMatchObject({
      kind: 'refused',
      status: 422,
    });
  });

  it('refunds in parts and in full, and refuses more than what stands', async () => {
    const provider = adapter();
    const created = await provider.create(payment({ amountMinor: 5997 }));
    await fake.pay(created.providerReference);
    expect(await provider.refund(created.providerReference, 1999)).toMatchObject({
      outcome: 'refunded',
      providerState: 'refunded',
      amountMinor: 5997,
      refundedMinor: 1999,
    });
    const over = await failure(provider.refund(created.providerReference, 4000));
    expect(over).toMatchObject({ kind: 'refused', status: 422 });
    expect(over.message).toMatch(/exceeds the standing amount/);
    expect(await provider.refund(created.providerReference, 3998)).toMatchObject({
      outcome: 'refunded',
      refundedMinor: 5997,
    });
    expect(await provider.state(created.providerReference)).toMatchObject({ refundedMinor: 5997 });

    // Not paid yet: nothing to refund.
    const unpaid = await provider.create(payment());
    expect(await failure(provider.refund(unpaid.providerReference, 100))).toMatchObject({
      kind: 'refused',
    });
  });

  it('cancels: voids an authorisation, answers any other payment as it stands', async () => {
    const manual = adapter({ accounts: { EUR: 'EUR3D2' } });
    const held = await manual.create(payment());
    await fake.pay(held.providerReference);
    expect(await manual.cancel(held.providerReference)).toMatchObject({
      outcome: 'voided',
      providerState: 'voided',
    });
    expect(fake.requests.at(-1)).toMatchObject({ path: '/payments/void' });
    // Again: already final, no throw.
    expect(await manual.cancel(held.providerReference)).toMatchObject({ outcome: 'voided' });

    // A link not paid yet: EveryPay documents no call that expires it.
    const open = await manual.create(payment());
    const calls = fake.requests.length;
    expect(await manual.cancel(open.providerReference)).toMatchObject({
      outcome: 'pending',
      providerState: 'initial',
    });
    expect(fake.requests.slice(calls).map((request) => request.method)).toEqual(['GET']);

    const provider = adapter();
    const settled = await provider.create(payment());
    await fake.pay(settled.providerReference);
    expect(await provider.cancel(settled.providerReference)).toMatchObject({
      outcome: 'paid',
      providerState: 'settled',
    });
  });

  it("tells EveryPay's refusals apart from outages", async () => {
    const provider = adapter();
    // A reused order_reference: EveryPay's 422 with its error body.
    const first = payment();
    await provider.create(first);
    const again = await failure(provider.create(first));
    expect(again).toMatchObject({ kind: 'refused', status: 422, fields: ['order_reference'] });
    expect(again.message).toMatch(/order_reference has already been used/);
    // A clock ten minutes off: the timestamp is refused.
    const late = await failure(
      adapter({ now: () => new Date(Date.now() - 10 * 60_000) }).create(payment()),
    );
    expect(late).toMatchObject({ kind: 'refused', fields: ['timestamp'] });
    // Wrong credentials.
    expect(await failure(adapter({ secret: 'wrong' }).create(payment()))).toMatchObject({
      kind: 'refused',
      status: 401,
    });
    // An unknown payment.
    expect(await failure(provider.state('f'.repeat(64)))).toMatchObject({
      kind: 'refused',
      status: 404,
    });

    fake.mode = 500;
    expect(await failure(provider.create(payment()))).toMatchObject({
      kind: 'unavailable',
      status: 500,
    });
    fake.mode = 503;
    expect(await failure(provider.state('f'.repeat(64)))).toMatchObject({
      kind: 'unavailable',
      status: 503,
    });
    fake.mode = 'garbage';
    expect(await failure(provider.create(payment()))).toMatchObject({ kind: 'unavailable' });
    fake.mode = 'hang';
    const started = Date.now();
    const slow = await failure(provider.create(payment()));
    expect(slow).toMatchObject({ kind: 'unavailable' });
    expect(slow.message).toMatch(/did not answer within 2000 ms/);
    expect(Date.now() - started).toBeLessThan(10_000);

    // A closed port.
    const port = await new Promise<number>((resolve) => {
      const server = createServer();
      server.listen(0, '127.0.0.1', () => {
        const { port: free } = server.address() as { port: number };
        server.close(() => resolve(free));
      });
    });
    const closed = await failure(
      adapter({ apiUrl: `http://127.0.0.1:${port}/api/v4` }).state('f'.repeat(64)),
    );
    expect(closed).toMatchObject({ kind: 'unavailable', message: 'EveryPay cannot be reached' });
  });

  it('asks again once when a connection drops under a read, never under a payment, capture or refund', async () => {
    const calls: string[] = [];
    let drops = 0;
    const flaky: typeof fetch = (input, init) => {
      calls.push(init?.method ?? 'GET');
      if (drops > 0) {
        drops -= 1;
        return Promise.reject(new TypeError('fetch failed'));
      }
      return fetch(input, init);
    };
    const provider = adapter({ fetch: flaky });
    const created = await provider.create(payment());
    calls.length = 0;
    drops = 1;
    expect(await provider.state(created.providerReference)).toMatchObject({
      providerState: 'initial',
    });
    expect(calls).toEqual(['GET', 'GET']);

    await fake.pay(created.providerReference);
    calls.length = 0;
    drops = 1;
    expect(await failure(provider.refund(created.providerReference, 100))).toMatchObject({
      kind: 'unavailable',
    });
    expect(calls).toEqual(['POST']);
    expect(fake.payments.get(created.providerReference)!.refunds).toEqual([]);
  });
});

describe('the EveryPay adapter reads what EveryPay really answers (issue #50)', () => {
  /** A raw GET of the fake's status answer, as EveryPay sends it. */
  const statusAnswer = async (reference: string) => {
    const res = await fetch(`${fake.url}/payments/${reference}?api_username=${FAKE_USER}`, {
      headers: {
        Authorization: `Basic ${Buffer.from(`${FAKE_USER}:${FAKE_SECRET}`).toString('base64')}`,
      },
    });
    return (await res.json()) as Record<string, unknown>;
  };

  it('takes the currency from the processing account: status answers carry none; a foreign account has none', async () => {
    const provider = adapter();
    const created = await provider.create(payment({ currencyCode: 'GBP', locale: 'en-GB' }));
    await fake.pay(created.providerReference);
    const answer = await statusAnswer(created.providerReference);
    expect(answer).toMatchObject({
      account_name: 'GBP3D1',
      payment_state: 'settled',
      payment_method: 'card',
    });
    expect(answer).not.toHaveProperty('currency');
    expect(await provider.state(created.providerReference)).toMatchObject({
      outcome: 'paid',
      accountName: 'GBP3D1',
      currencyCode: 'GBP',
      method: 'card',
    });
    // An account the shop does not name for any currency: no currency to pay in.
    const state = await adapter({ accounts: { EUR: 'EUR3D1' } }).state(created.providerReference);
    expect(state.accountName).toBe('GBP3D1');
    expect(state.currencyCode).toBeUndefined();
  });

  it('reads PayPal’s authorised as a payment to review, whatever the capture setting, and never voids it', async () => {
    const created = await adapter().create(payment());
    await fake.payWithPayPal(created.providerReference);
    for (const autoCapture of [false, true]) {
      expect(await adapter({ autoCapture }).state(created.providerReference)).toMatchObject({
        outcome: 'review',
        providerState: 'authorised',
        method: 'paypal',
      });
    }
    const calls = fake.requests.length;
    expect(await adapter().cancel(created.providerReference)).toMatchObject({ outcome: 'review' });
    expect(fake.requests.slice(calls).map((request) => request.method)).toEqual(['GET']);
  });

  it('refunds open banking with customer_name, and knows such a refund moves no money', async () => {
    const provider = adapter();
    const created = await provider.create(payment({ amountMinor: 2999 }));
    await fake.payByBank(created.providerReference, 'seb_ob_lv');
    expect(await provider.state(created.providerReference)).toMatchObject({
      outcome: 'paid',
      method: 'seb_ob_lv',
    });
    const nameless = await failure(provider.refund(created.providerReference, 1000));
    expect(nameless).toMatchObject({ kind: 'refused', fields: ['customer_name'] });
    expect(
      await provider.refund(created.providerReference, 1000, { customerName: 'Anna Bērziņa' }),
    ).toMatchObject({ outcome: 'refunded', refundedMinor: 1000 });
    expect(fake.payments.get(created.providerReference)!.refunds).toMatchObject([
      { amountMinor: 1000, customerName: 'Anna Bērziņa' },
    ]);
    expect(provider.refundMovesMoney!('seb_ob_lv')).toBe(false);
    expect(provider.refundMovesMoney!('card')).toBe(true);
    expect(provider.refundMovesMoney!('paypal')).toBe(true);
    expect(adapter({ openBankingRefunds: 'executed' }).refundMovesMoney!('seb_ob_lv')).toBe(true);
    // The bank refuses the refund: the payment reads settled again, nothing refunded.
    await fake.failBankRefund(created.providerReference);
    expect(await provider.state(created.providerReference)).toMatchObject({
      outcome: 'paid',
      providerState: 'settled',
      refundedMinor: 0,
    });
  });

  it('calls a capture left to the nightly run scheduled: authorised until then, paid after', async () => {
    const provider = adapter({ accounts: { EUR: 'EUR3D3' } });
    const created = await provider.create(payment());
    await fake.pay(created.providerReference);
    expect(await provider.capture(created.providerReference, 4398)).toMatchObject({
      outcome: 'capture_scheduled',
      providerState: 'authorised',
    });
    expect(await provider.state(created.providerReference)).toMatchObject({
      outcome: 'authorised',
    });
    expect(await failure(provider.capture(created.providerReference, 4398))).toMatchObject({
      kind: 'refused',
    });
    expect(await fake.nightlyCapture()).toBe(1);
    expect(await provider.state(created.providerReference)).toMatchObject({
      outcome: 'paid',
      providerState: 'settled',
    });
  });

  it("sends the billing and shipping addresses in EveryPay's fields, cut to its limits", async () => {
    await adapter().create(
      payment({
        currencyCode: 'USD',
        billing: {
          line1: 'Main Street 1, Apt 2',
          city: 'Springfield',
          postcode: '62701',
          country: 'US',
          state: 'US-IL',
        },
        shipping: {
          line1: 'Brīvības iela 1',
          city: 'R'.repeat(60),
          postcode: 'LV-1010',
          country: 'LV',
        },
      }),
    );
    const sent = fake.requests.at(-1)!.body!;
    expect(sent).toMatchObject({
      billing_line1: 'Main Street 1, Apt 2',
      billing_city: 'Springfield',
      billing_postcode: '62701',
      billing_country: 'US',
      billing_state: 'US-IL',
      shipping_line1: 'Brīvības iela 1',
      shipping_city: 'R'.repeat(50),
      shipping_postcode: 'LV-1010',
      shipping_country: 'LV',
    });
    expect(sent).not.toHaveProperty('shipping_state');
  });

  it('voids with the fields public integrations send, adding a reason only when EveryPay asks for one', async () => {
    const manual = adapter({ accounts: { EUR: 'EUR3D2' } });
    const first = await manual.create(payment());
    await fake.pay(first.providerReference);
    expect(await manual.cancel(first.providerReference)).toMatchObject({ outcome: 'voided' });
    expect(fake.requests.at(-1)!.path).toBe('/payments/void');
    expect(fake.requests.at(-1)!.body).not.toHaveProperty('reason');

    // An EveryPay that wants a reason: it is given one, once.
    const strict: typeof fetch = async (input, init) => {
      const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
      if (String(input).endsWith('/payments/void') && !body.reason)
        return new Response(
          JSON.stringify({ error: { code: 4001, message: 'Missing parameters: reason' } }),
          { status: 422, headers: { 'Content-Type': 'application/json' } },
        );
      return fetch(input, init);
    };
    const second = await manual.create(payment());
    await fake.pay(second.providerReference);
    expect(
      await adapter({ accounts: { EUR: 'EUR3D2' }, fetch: strict }).cancel(
        second.providerReference,
      ),
    ).toMatchObject({ outcome: 'voided' });
    expect(fake.requests.at(-1)!.body).toMatchObject({ reason: 'Cancelled by the shop' });
  });

  it('tells a refused shop (rotated credentials: 401) from an outage', async () => {
    const provider = adapter();
    const created = await provider.create(payment());
    fake.rotateSecret();
    try {
      expect(await failure(provider.state(created.providerReference))).toMatchObject({
        kind: 'refused',
        status: 401,
      });
      expect(await failure(provider.create(payment()))).toMatchObject({
        kind: 'refused',
        status: 401,
      });
    } finally {
      fake.rotateSecret(false);
    }
  });
});

describe('the fake EveryPay keeps the documented rules', () => {
  const valid = () => ({
    api_username: FAKE_USER,
    account_name: 'EUR3D1',
    amount: 0.01,
    order_reference: `R${Date.now()}${(counter += 1)}`,
    nonce: `n${Date.now()}${counter}`,
    timestamp: everyPayTimestamp(new Date()),
    customer_url: 'https://shop.example.com/return',
  });

  it("takes EveryPay's PHP sample, and refuses what breaks a field's rule", async () => {
    expect((await raw('/payments/oneoff', valid())).status).toBe(201);
    expect((await raw('/payments/oneoff', valid(), `${FAKE_USER}:nope`)).status).toBe(401);
    const refusals: [Record<string, unknown>, RegExp][] = [
      [{ account_name: undefined }, /Missing parameters: account_name/],
      [{ account_name: 'XYZ3D1' }, /not a processing account/],
      [{ amount: 1.005 }, /at most 2 decimals/],
      [{ amount: 0 }, /greater than 0/],
      [{ order_reference: 'with_underscore' }, /order_reference may hold/],
      [{ order_reference: 'x'.repeat(256) }, /at most 255/],
      [{ timestamp: new Date().toISOString() }, /The timestamp is not valid/],
      [
        { timestamp: everyPayTimestamp(new Date(Date.now() - 6 * 60_000)) },
        /timestamp is not valid/,
      ],
      [{ billing_country: 'Latvia' }, /billing_country is invalid/],
      [{ shipping_city: 'x'.repeat(51) }, /shipping_city is invalid/],
      [{ customer_url: 'http://localhost:3000/return' }, /fully qualified/],
      [{ customer_url: 'http://127.0.0.1/return' }, /fully qualified/],
      [{ locale: 'xx' }, /locale/],
      [{ email: 'not-an-email' }, /email/],
    ];
    for (const [change, message] of refusals) {
      const answer = await raw('/payments/oneoff', { ...valid(), ...change });
      expect(answer.status, JSON.stringify(change)).toBe(422);
      expect(answer.body.error?.message).toMatch(message);
    }
    // A nonce used once, and an order_reference used once.
    const body = valid();
    expect((await raw('/payments/oneoff', body)).status).toBe(201);
    expect(
      (await raw('/payments/oneoff', { ...body, order_reference: 'Other1' })).body.error?.message,
    ).toMatch(/nonce/);
    expect(
      (await raw('/payments/oneoff', { ...body, nonce: 'fresh-one' })).body.error?.message,
    ).toMatch(/order_reference has already/);
  });
});

describe('amounts, timestamps and settings', () => {
  it('turns minor units into decimals and back without float error', () => {
    for (const minor of [1, 29, 110, 4398, 100_005, 999_999_999]) {
      expect(toMinor(Number(toDecimal(minor)))).toBe(minor);
      expect(toMinor(toDecimal(minor))).toBe(minor);
    }
    expect(toDecimal(4398)).toBe('43.98');
    expect(toMinor(0.29)).toBe(29); // 0.29 * 100 is 28.999999999999996
    expect(toMinor('43.9')).toBe(4390);
    expect(toMinor('43.980')).toBe(4398);
    for (const bad of ['43.985', -1, '1e3', 'abc', null, Number.NaN])
      expect(toMinor(bad)).toBeUndefined();
    expect(everyPayTimestamp(new Date('2026-11-27T08:16:27.123Z'))).toBe(
      '2026-11-27T08:16:27+00:00',
    );
    expect(['settled', 'authorised'].map((state) => everyPayOutcome(state, false))).toEqual([
      'paid',
      'authorised',
    ]);
    expect(everyPayOutcome('authorised', true)).toBe('paid');
    expect(
      ['refunded', 'voided', 'chargebacked', 'charged_back', 'sent_for_processing', 'made_up'].map(
        (state) => everyPayOutcome(state, false),
      ),
    ).toEqual(['refunded', 'voided', 'chargebacked', 'chargebacked', 'pending', 'pending']);
  });

  it('reads EVERYPAY_ACCOUNT_NAME per currency and EVERYPAY_AUTO_CAPTURE, and refuses a bad setting at start', () => {
    const settings = {
      PAYMENT_PROVIDER: 'everypay',
      EVERYPAY_API_URL: 'https://igw-demo.every-pay.com/api/v4',
      EVERYPAY_API_USERNAME: FAKE_USER,
      EVERYPAY_API_SECRET: FAKE_SECRET,
    };
    expect(
      readEnv({ ...settings, EVERYPAY_ACCOUNT_NAME: 'EUR:EUR3D1, gbp:GBP3D1,USD:USD3D1' }).payment,
    ).toMatchObject({
      accounts: { EUR: 'EUR3D1', GBP: 'GBP3D1', USD: 'USD3D1' },
      autoCapture: false,
    });
    expect(
      readEnv({ ...settings, EVERYPAY_ACCOUNT_NAME: 'EUR3D1', EVERYPAY_AUTO_CAPTURE: '1' }).payment,
    ).toEqual(expect.objectContaining({ accounts: { EUR: 'EUR3D1' }, autoCapture: true }));
    expect(() => readEnv({ ...settings, EVERYPAY_ACCOUNT_NAME: 'EUR:EUR3D1,GBP:' })).toThrow(
      /"GBP:" is not CURRENCY:ACCOUNT/,
    );
    expect(() => readEnv({ ...settings, EVERYPAY_ACCOUNT_NAME: 'EUR:A1,EUR:A2' })).toThrow(
      /two accounts for EUR/,
    );
    expect(() => readEnv({ ...settings, EVERYPAY_ACCOUNT_NAME: 'SEK:SEK3D1' })).toThrow(/not SEK/);
    expect(() =>
      readEnv({ ...settings, EVERYPAY_ACCOUNT_NAME: 'EUR3D1', EVERYPAY_AUTO_CAPTURE: 'yes' }),
    ).toThrow(/EVERYPAY_AUTO_CAPTURE/);
    // The API secret goes with every call: never over plain http.
    expect(() =>
      readEnv({
        ...settings,
        EVERYPAY_API_URL: 'http://igw-demo.every-pay.com/api/v4',
        EVERYPAY_ACCOUNT_NAME: 'EUR3D1',
      }),
    ).toThrow(/EVERYPAY_API_URL must be an https URL/);
    expect(
      readEnv({
        ...settings,
        EVERYPAY_ACCOUNT_NAME: 'EUR3D1',
        EVERYPAY_OPEN_BANKING_REFUNDS: 'executed',
      }).payment,
    ).toMatchObject({ openBankingRefunds: 'executed' });
    expect(readEnv({ ...settings, EVERYPAY_ACCOUNT_NAME: 'EUR3D1' }).payment).toMatchObject({
      openBankingRefunds: 'status',
    });
    expect(describeEveryPayEnvironment('https://igw-demo.every-pay.com/api/v4')).toBe(
      'EveryPay DEMO environment at igw-demo.every-pay.com: test cards only, no real money is taken',
    );
    expect(describeEveryPayEnvironment('https://pay.every-pay.eu/api/v4')).toBe(
      'EveryPay live environment at pay.every-pay.eu',
    );
    expect(everyPayAccounts('EUR:EUR3D1')).toEqual({ EUR: 'EUR3D1' });
    expect(describeEveryPayAccounts({ EUR: 'EUR3D1', USD: 'USD3D1' })).toBe(
      'EveryPay accounts: EUR on EUR3D1, USD on USD3D1; none for GBP (payments in GBP are refused)',
    );
  });
});

describe('EveryPay through the shop (PAYMENT_PROVIDER=everypay)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      checkout: { provider: adapter({ accounts: { EUR: 'EUR3D1', USD: 'USD3D1' } }) },
      publicUrl: PUBLIC_URL,
    });
  });
  afterAll(async () => {
    await t.close();
  });
  const callbackToShop = () => {
    const answers: number[] = [];
    fake.callback = async (query) => {
      const res = await t.request(`/api/payment/callback?${query}`);
      answers.push(res.status);
      return res;
    };
    return answers;
  };
  const orderStatus = async (orderId: string) =>
    (await (await t.request(`/api/order/${orderId}/status`)).json()) as PlacedOrderStatus;

  it("pays an order when EveryPay's callback comes, read back with the GET; a declined card pays nothing", async () => {
    const orderId = await readyOrder(t, { overrides: { country: 'lv', language: 'lv' } });
    const { link, reference } = await initiate(t, orderId);
    const sent = fake.requests.at(-1)!.body!;
    expect(sent).toMatchObject({
      account_name: 'EUR3D1',
      customer_url: `${PUBLIC_URL}/payment-status`,
      locale: 'lv',
      amount: 43.98,
    });
    expect(String(sent.order_reference)).toMatch(/^[A-Za-z0-9]{24}$/);
    expect(link).toBe(fake.payments.get(reference)!.payment_link);
    expect((await verify(t, reference)).status).toBe(409); // still initial

    const answers = callbackToShop();
    await fake.pay(reference);
    expect(answers).toEqual([200]);
    expect((await verify(t, reference)).status).toBe(200);
    expect((await orderStatus(orderId)).status).toBe('paid');

    const other = await readyOrder(t, { overrides: { country: 'lv', language: 'lv' } });
    const declined = await initiate(t, other);
    await fake.pay(declined.reference, TEST_CARDS.declined);
    const refused = await verify(t, declined.reference);
    expect(refused.status).toBe(402);
    expect(await refused.json()).toMatchObject({ code: 'not_paid' });
  });

  it("charges each order on its currency's account, and starts none for a currency without one (GBP here)", async () => {
    const dollars = await readyOrder(t, { overrides: { country: 'en-US', language: 'en-US' } });
    const { reference } = await initiate(t, dollars);
    expect(fake.payments.get(reference)).toMatchObject({ account_name: 'USD3D1', currency: 'USD' });
    expect(fake.requests.at(-1)!.body).toMatchObject({ account_name: 'USD3D1', locale: 'en' });

    const pounds = await readyOrder(t, { overrides: { language: 'en-GB' } });
    const before = fake.requests.length;
    const res = await t.request('/api/payment/initiate', {
      method: 'POST',
      json: { orderId: pounds },
    });
    expect(res.ok).toBe(false);
    expect(fake.requests.length).toBe(before);
    expect(await orderStatus(pounds)).toMatchObject({ placed: false });
  });

  it('takes the callback as a form POST too', async () => {
    const orderId = await readyOrder(t, { overrides: { country: 'lv', language: 'lv' } });
    const { reference } = await initiate(t, orderId);
    await fake.pay(reference);
    const res = await t.request('/api/payment/callback', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        payment_reference: reference,
        order_reference: 'ignored',
        event_name: 'status_updated',
      }).toString(),
    });
    expect(res.status).toBe(200);
    expect((await orderStatus(orderId)).status).toBe('paid');
  });

  it('answers 502 while EveryPay is down or silent, asks for the callback again, and pays once it answers', async () => {
    const orderId = await readyOrder(t, { overrides: { country: 'lv', language: 'lv' } });
    fake.mode = 500;
    const failing = await t.request('/api/payment/initiate', { method: 'POST', json: { orderId } });
    expect(failing.status).toBe(502);
    expect(await failing.json()).toMatchObject({ code: 'provider_unavailable' });

    fake.mode = 'ok';
    const { reference } = await initiate(t, orderId);
    await fake.pay(reference);
    fake.mode = 'hang';
    expect((await verify(t, reference)).status).toBe(502);
    expect((await t.request(`/api/payment/callback?payment_reference=${reference}`)).status).toBe(
      503,
    );
    expect(await orderStatus(orderId)).toMatchObject({ placed: false });
    fake.mode = 'ok';
    expect((await verify(t, reference)).status).toBe(200);
  });

  it('pays no order on an answer of another amount or another reference', async () => {
    const orderId = await readyOrder(t, { overrides: { country: 'lv', language: 'lv' } });
    const { reference } = await initiate(t, orderId);
    await fake.pay(reference);
    const stored = fake.payments.get(reference)!;
    const amount = stored.initialMinor;
    stored.initialMinor = 1;
    expect((await verify(t, reference)).status).toBe(402);
    stored.initialMinor = amount;
    stored.order_reference = 'SomeoneElse1';
    expect((await verify(t, reference)).status).toBe(402);
    expect(await orderStatus(orderId)).toMatchObject({ placed: false });
  });
});
