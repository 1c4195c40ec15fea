import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PlacedOrderStatus } from '#contract/order-status.ts';
import { accountFor, createEveryPayProvider, everyPayOutcome } from '#server/services/payments/providers/everypay.ts';
import { initiate, readyOrder, verify } from './checkout-helpers.ts';
import { FAKE_SECRET, FAKE_USER, startFakeEveryPay, type FakeEveryPay } from './everypay-fake.ts';
import { createTestApp, type TestApp } from './helpers.ts';

let fake: FakeEveryPay;
let t: TestApp;
beforeAll(async () => {
  fake = await startFakeEveryPay();
  const provider = createEveryPayProvider({
    apiUrl: fake.url,
    username: FAKE_USER,
    secret: FAKE_SECRET,
    accountName: 'EUR:EUR3D1,GBP:GBP3D1,USD:USD3D1',
    // Long enough for a loaded test machine, short enough for the hanging test.
    timeoutMs: 2_000,
  });
  t = await createTestApp({ checkout: { provider } });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});
beforeEach(() => {
  fake.mode = 'ok';
});

const settle = (reference: string, state: string) => {
  const payment = fake.states.get(reference);
  if (!payment) throw new Error('unknown fake payment');
  payment.payment_state = state;
};

describe('EveryPay APIv4 adapter', () => {
  it('starts a one-off payment with the documented fields and sends the browser to its payment_link', async () => {
    const orderId = await readyOrder(t, { overrides: { country: 'lv', language: 'lv' } });
    const { link, reference } = await initiate(t, orderId);
    expect(link).toBe(`https://igw-demo.example/lp/${reference}`);
    const sent = fake.created.at(-1)!;
    expect(sent).toMatchObject({
      api_username: FAKE_USER,
      account_name: 'EUR3D1',
      customer_url: 'http://localhost:3000/payment-status',
      email: 'parent@example.com',
      locale: 'lv',
    });
    expect(sent.amount).toBeCloseTo(39.99 + 3.99, 2);
    expect(String(sent.order_reference)).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(String(sent.nonce)).toMatch(/^[0-9a-f]{32}$/);
    expect(new Date(String(sent.timestamp)).getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it("asks EveryPay for the state on return and on its callback: settled pays, failed does not", async () => {
    const orderId = await readyOrder(t);
    const { reference } = await initiate(t, orderId);
    expect((await verify(t, reference)).status).toBe(409); // still 'initial'
    settle(reference, 'settled');
    const callback = await t.request(`/api/payment/callback?payment_reference=${reference}&order_reference=x`);
    expect(callback.status).toBe(200);
    const res = await verify(t, reference);
    expect(res.status).toBe(200);
    expect(((await (await t.request(`/api/order/${orderId}/status`)).json()) as PlacedOrderStatus).status).toBe('paid');

    const other = await readyOrder(t);
    const failed = await initiate(t, other);
    settle(failed.reference, 'failed');
    const refused = await verify(t, failed.reference);
    expect(refused.status).toBe(402);
    expect(await refused.json()).toMatchObject({ code: 'not_paid' });
  });

  it('takes the callback as a form POST too, and authorised counts as paid', async () => {
    const orderId = await readyOrder(t);
    const { reference } = await initiate(t, orderId);
    settle(reference, 'authorised');
    const res = await t.request('/api/payment/callback', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ payment_reference: reference, order_reference: 'ignored' }).toString(),
    });
    expect(res.status).toBe(200);
    expect((await verify(t, reference)).status).toBe(200);
  });

  it('answers 502 when EveryPay refuses or fails, and when it does not answer in time; nothing is paid', async () => {
    const orderId = await readyOrder(t);
    fake.mode = 500;
    const failing = await t.request('/api/payment/initiate', { method: 'POST', json: { orderId } });
    expect(failing.status).toBe(502);
    expect(await failing.json()).toMatchObject({ code: 'provider_unavailable' });

    fake.mode = 'ok';
    const { reference } = await initiate(t, orderId);
    settle(reference, 'settled');
    fake.mode = 'hang';
    const started = Date.now();
    const slow = await verify(t, reference);
    expect(slow.status).toBe(502);
    expect(Date.now() - started).toBeLessThan(10_000);
    // The callback asks to be sent again later.
    expect((await t.request(`/api/payment/callback?payment_reference=${reference}`)).status).toBe(503);
    fake.mode = 401;
    expect((await verify(t, reference)).status).toBe(502);
    expect((await (await t.request(`/api/order/${orderId}/status`)).json()) as object).toMatchObject({ placed: false });
    // Once EveryPay answers again, the same reference pays.
    fake.mode = 'ok';
    expect((await verify(t, reference)).status).toBe(200);
  });

  it("refuses an answer that is about another payment or another amount", async () => {
    const orderId = await readyOrder(t);
    const { reference } = await initiate(t, orderId);
    const payment = fake.states.get(reference)!;
    payment.payment_state = 'settled';
    payment.initial_amount = 0.01;
    expect((await verify(t, reference)).status).toBe(402);
    payment.initial_amount = Number(fake.created.at(-1)!.amount);
    payment.order_reference = 'someone-else';
    expect((await verify(t, reference)).status).toBe(402);
  });

  it('maps the payment states and picks the account for the currency', () => {
    expect(['settled', 'authorised'].map(everyPayOutcome)).toEqual(['paid', 'paid']);
    expect(['failed', 'abandoned', 'voided'].map(everyPayOutcome)).toEqual(['failed', 'abandoned', 'voided']);
    expect(['initial', 'waiting_for_sca', 'sent_for_processing', 'waiting_for_3ds_response'].map(everyPayOutcome)).toEqual(
      Array(4).fill('pending'),
    );
    expect(accountFor('EUR3D1', 'GBP')).toBe('EUR3D1');
    expect(accountFor('EUR:EUR3D1, GBP:GBP3D1', 'GBP')).toBe('GBP3D1');
    expect(() => accountFor('EUR:EUR3D1', 'USD')).toThrow(/USD/);
  });
});
