import { and, eq, isNull } from 'drizzle-orm';
import { toAmount } from '#contract/markets.ts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AdminOrderDetail, Dashboard, PaymentAlert } from '#contract/admin-orders.ts';
import type { AdminRefund } from '#contract/admin-refunds.ts';
import type { PlacedOrderStatus } from '#contract/order-status.ts';
import { paymentAlerts, payments } from '#server/db/schema/checkout.ts';
import { enqueueJob } from '#server/platform/jobs/runner.ts';
import { RECONCILE_OPEN_JOB } from '#server/services/payment/reconcile.ts';
import { createEveryPayProvider } from '#server/services/payment/providers/everypay.ts';
import { signedIn, type AdminClient } from './admin-helpers.ts';
import { fakePrinter, initiate, mailsAbout, readyOrder, verify } from './checkout-helpers.ts';
import { FAKE_SECRET, FAKE_USER, startFakeEveryPay, type FakeEveryPay } from './everypay-fake.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { appWith } from './mail-helpers.ts';

/**
 * Issue #50: the shop against a fake EveryPay that answers as EveryPay really does (status answers
 * without `currency`, PayPal and open-banking payments, captures left to the nightly run, callbacks
 * retried until answered 2xx; tests/api/everypay-fake.ts cites what it is built from).
 */

// EveryPay refuses a customer_url on a host without a dot: the shop's address is one it takes.
const PUBLIC_URL = 'http://shop.localhost:3000';
const SHOP_EMAIL = 'hello@storymade.eu';
const PARENT = 'parent@example.com';

let fake: FakeEveryPay;
let t: TestApp;
let owner: AdminClient;
/** The shop's processing accounts, changed per test (the adapter reads them at each call). */
const accounts: Record<string, string> = { EUR: 'EUR3D1', USD: 'USD3D1' };
/** How far the shop's clock is ahead of the real one. */
let ahead = 0;

beforeAll(async () => {
  fake = await startFakeEveryPay();
  t = await createTestApp({
    checkout: {
      provider: createEveryPayProvider({
        apiUrl: fake.url,
        username: FAKE_USER,
        secret: FAKE_SECRET,
        accounts,
        autoCapture: false,
        timeoutMs: 2_000,
      }),
      // Print files are another test's (tests/api/family-print.test.ts): recorded, not drawn.
      printRenderer: fakePrinter().render,
    },
    publicUrl: PUBLIC_URL,
    now: () => new Date(Date.now() + ahead),
  });
  owner = await signedIn(t.app, t.database, 'owner@example.com', 'owner', PUBLIC_URL);
}, 120_000);
afterAll(async () => {
  await t.close();
  await fake.close();
});
beforeEach(() => {
  fake.mode = 'ok';
  delete fake.loseAnswer;
  fake.rotateSecret(false);
  accounts.EUR = 'EUR3D1';
  ahead = 0;
  // EveryPay's callbacks reach the shop as its portal is set up: GET ${PUBLIC_URL}/api/payment/callback.
  fake.callback = (query) => t.request(`/api/payment/callback?${query}`);
});

const latvianOrder = (books = 1) =>
  readyOrder(t, { books, overrides: { country: 'lv', language: 'lv' } });
const orderStatus = async (orderId: string) =>
  (await (await t.request(`/api/order/${orderId}/status`)).json()) as PlacedOrderStatus;
const detail = (orderId: string) => owner.json<AdminOrderDetail>(`/api/admin/orders/${orderId}`);
const alerts = async () =>
  (await owner.json<Dashboard>('/api/admin/dashboard')).paymentIssues.alerts;
const alertOf = async (kind: PaymentAlert['kind']) =>
  (await alerts()).find((alert) => alert.kind === kind);
const act = (alert: PaymentAlert, action: string) =>
  owner.send(`/api/admin/payment-alerts/${alert.id}`, { method: 'POST', json: { action } });
const requestsTo = (path: string, paymentReference: string) =>
  fake.requests.filter(
    (request) => request.path === path && request.body?.payment_reference === paymentReference,
  );
let keys = 0;
const refund = (orderId: string, body: Record<string, unknown>) =>
  owner.send(`/api/admin/orders/${orderId}/refunds`, {
    method: 'POST',
    json: {
      reason: 'Asked by the parent',
      requestKey: `everypay-shop-key-${(keys += 1)}`,
      ...body,
    },
  });
let runs = 0;
/** A run of a reconciliation job, as the timer would queue it. */
async function reconcile(kind: typeof RECONCILE_OPEN_JOB) {
  await enqueueJob(t.database.db, { kind, dedupeKey: `${kind}:shop-${(runs += 1)}`, payload: {} });
  await t.checkout.jobs.runUntilIdle();
}
/** An order paid by card, the callback answered and the jobs run. */
async function paidByCard(books = 1) {
  const orderId = await latvianOrder(books);
  const { reference } = await initiate(t, orderId);
  await fake.pay(reference);
  expect((await verify(t, reference)).status).toBe(200);
  await t.checkout.jobs.runUntilIdle();
  return { orderId, reference };
}
/** Starts a second attempt for the same cart (a new press of Pay now). */
async function secondAttempt(orderId: string, attemptKey: string) {
  const res = await t.request('/api/payment/initiate', {
    method: 'POST',
    json: { orderId, attemptKey },
  });
  expect(res.status).toBe(200);
  const [row] = await t.database.db
    .select({ reference: payments.providerReference })
    .from(payments)
    .where(eq(payments.paymentLink, ((await res.json()) as { payment_link: string }).payment_link));
  return row!.reference!;
}

describe('EveryPay as it answers, through the shop', () => {
  it("places a settled card payment whose status answer has no currency (the account's decides), sends the addresses, and flags an account of another currency", async () => {
    const orderId = await latvianOrder();
    const { reference } = await initiate(t, orderId);
    expect(fake.payments.get(reference)!.sent).toMatchObject({
      billing_line1: 'Brīvības iela 1',
      billing_city: 'Rīga',
      billing_postcode: 'LV-1010',
      billing_country: 'LV',
      shipping_country: 'LV',
      shipping_city: 'Rīga',
    });
    await fake.pay(reference);
    expect(fake.deliveries.at(-1)).toMatchObject({ paymentReference: reference, status: 200 });
    expect(await orderStatus(orderId)).toMatchObject({ placed: true, status: 'paid' });
    expect((await verify(t, reference)).status).toBe(200);

    // Paid on the shop's USD account: EUR was never charged, so nothing is placed.
    const other = await latvianOrder();
    const second = await initiate(t, other);
    fake.payments.get(second.reference)!.account_name = 'USD3D1';
    await fake.pay(second.reference);
    const answer = await verify(t, second.reference);
    expect(answer.status).toBe(402);
    expect(await answer.json()).toMatchObject({ code: 'mismatch' });
    expect(await orderStatus(other)).toMatchObject({ placed: false });
  });

  it('never refunds twice when a refund’s answer is lost: it stays pending, the books stay taken, and the payment’s standing amount settles it', async () => {
    const { orderId, reference } = await paidByCard(2);
    const total = (await detail(orderId)).totalMinor;
    // EveryPay refunds, and its answer never arrives (the adapter gives up after 2 s).
    fake.loseAnswer = { path: '/payments/refund', how: 'hang' };
    const lost = await refund(orderId, { scope: 'full' });
    expect(lost.status).toBe(202);
    expect(await lost.json()).toMatchObject({
      status: 'pending',
      error: expect.stringMatching(
        /did not answer within 2000 ms; no answer, so the payment is checked/,
      ),
    });
    expect(fake.payments.get(reference)!.refunds).toHaveLength(1);
    // The owner sees it being checked; asking again is refused, never sent.
    expect(await detail(orderId)).toMatchObject({
      status: 'paid',
      refundableMinor: 0,
      refunds: [{ status: 'pending' }],
    });
    expect((await refund(orderId, { scope: 'full' })).status).toBe(409);
    await t.checkout.jobs.runUntilIdle();
    const { orderNumber } = await detail(orderId);
    const refundMails = () => mailsAbout(t, PARENT, `Atmaksa par jūsu pasūtījumu ${orderNumber}`);
    expect(await refundMails()).toHaveLength(0);
    // Minutes later the reconciliation reads the payment: refunded there, so done here.
    ahead = 3 * 60_000;
    await reconcile(RECONCILE_OPEN_JOB);
    expect(fake.payments.get(reference)!.refunds).toHaveLength(1);
    expect(await detail(orderId)).toMatchObject({
      status: 'refunded',
      refundedMinor: total,
      refunds: [{ status: 'succeeded' }],
    });
    expect((await orderStatus(orderId)).refunded).toBe(toAmount(total));
    await t.checkout.jobs.runUntilIdle();
    expect(await refundMails()).toHaveLength(1);

    // An outage before EveryPay did anything: pending, then found not made: failed, refundable again.
    const down = await paidByCard();
    fake.mode = 503;
    expect((await refund(down.orderId, { scope: 'full' })).status).toBe(202);
    fake.mode = 'ok';
    ahead = 3 * 60_000;
    await reconcile(RECONCILE_OPEN_JOB);
    expect(fake.payments.get(down.reference)!.refunds).toHaveLength(0);
    const after = await detail(down.orderId);
    expect(after.refunds).toMatchObject([{ status: 'failed' }]);
    expect(after.refundableMinor).toBe(after.totalMinor);
  });

  it('holds a PayPal payment for the owner’s review: never captured, never placed unseen, the owner alerted; placed once reviewed', async () => {
    const orderId = await latvianOrder();
    const { reference } = await initiate(t, orderId);
    await fake.payWithPayPal(reference);
    expect(fake.deliveries.at(-1)).toMatchObject({ paymentReference: reference, status: 200 });
    const answer = await verify(t, reference);
    expect(answer.status).toBe(409);
    expect(await answer.json()).toMatchObject({
      code: 'review',
      error: expect.stringMatching(/being checked by the shop.*do not pay again/),
    });
    expect(requestsTo('/payments/capture', reference)).toHaveLength(0);
    expect(await orderStatus(orderId)).toMatchObject({ placed: false });
    // No second payment while it waits.
    const again = await t.request('/api/payment/initiate', {
      method: 'POST',
      json: { orderId, attemptKey: 'paypal-again-1' },
    });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ code: 'review' });
    // The owner is told on the dashboard and by mail, with what to do.
    const alert = await alertOf('paypal_review');
    expect(alert).toMatchObject({ actions: ['accept', 'refuse'], orderNumber: null });
    await t.checkout.jobs.runUntilIdle();
    const [mail] = await mailsAbout(t, SHOP_EMAIL, 'A PayPal payment to review');
    expect(mail?.text).toMatch(/Review the payment in your PayPal account/);
    // The reconciliation keeps it waiting, still uncaptured and unplaced.
    await reconcile(RECONCILE_OPEN_JOB);
    expect(requestsTo('/payments/capture', reference)).toHaveLength(0);
    expect(await orderStatus(orderId)).toMatchObject({ placed: false });

    // A second PayPal order the owner refuses in PayPal: recorded unpaid, the parent told so.
    const refusedOrder = await latvianOrder();
    const refused = await initiate(t, refusedOrder);
    await fake.payWithPayPal(refused.reference);
    const refusedAlert = (await alerts()).find(
      (row) => row.kind === 'paypal_review' && row.id !== alert!.id,
    );
    expect((await act(refusedAlert!, 'refuse')).status).toBe(200);
    const notPaid = await verify(t, refused.reference);
    expect(notPaid.status).toBe(402);
    expect(await notPaid.json()).toMatchObject({ code: 'not_paid' });
    expect(await orderStatus(refusedOrder)).toMatchObject({ placed: false });

    const accepted = await act(alert!, 'accept');
    expect(accepted.status).toBe(200);
    expect(await accepted.json()).toMatchObject({ orderNumber: expect.any(String) });
    expect(await orderStatus(orderId)).toMatchObject({ placed: true, status: 'paid' });
    expect((await verify(t, reference)).status).toBe(200);
    expect(await alertOf('paypal_review')).toBeUndefined();
    await t.checkout.jobs.runUntilIdle();
    expect((await mailsAbout(t, PARENT, '')).length).toBeGreaterThan(0);
    expect(requestsTo('/payments/capture', reference)).toHaveLength(0);
  });

  it('refunds open banking as EveryPay does (a status, with customer_name): the parent is told only once the owner has sent the money; a refund the bank refuses is an alert', async () => {
    const orderId = await latvianOrder(2);
    const { reference } = await initiate(t, orderId);
    await fake.payByBank(reference, 'swedbank_ob_lv');
    expect(await orderStatus(orderId)).toMatchObject({ placed: true });
    await t.checkout.jobs.runUntilIdle();
    const order = await detail(orderId);
    const book = order.items[0]!.itemId;
    const res = await refund(orderId, { scope: 'items', itemIds: [book] });
    expect(res.status).toBe(201);
    const made = (await res.json()) as AdminRefund;
    expect(made.status).toBe('awaiting_transfer');
    expect(fake.payments.get(reference)!.refunds).toMatchObject([
      { amountMinor: made.amountMinor, customerName: 'Anna Bērziņa' },
    ]);
    await t.checkout.jobs.runUntilIdle();
    // Nothing tells the parent the money is back; the book cannot be refunded twice.
    const refundMails = () =>
      mailsAbout(t, PARENT, `Atmaksa par jūsu pasūtījumu ${order.orderNumber}`);
    expect((await orderStatus(orderId)).refunded).toBe(0);
    expect(await refundMails()).toHaveLength(0);
    expect((await refund(orderId, { scope: 'items', itemIds: [book] })).status).toBe(409);
    const transfer = await alertOf('bank_transfer');
    expect(transfer).toMatchObject({ amountMinor: made.amountMinor, actions: ['transferred'] });
    expect(await mailsAbout(t, SHOP_EMAIL, 'A bank transfer to make')).toHaveLength(1);

    expect((await act(transfer!, 'transferred')).status).toBe(200);
    await t.checkout.jobs.runUntilIdle();
    expect(await detail(orderId)).toMatchObject({ refunds: [{ status: 'succeeded' }] });
    expect((await orderStatus(orderId)).refunded).toBe(toAmount(made.amountMinor));
    expect(await refundMails()).toHaveLength(1);

    // The bank refuses the refund: EveryPay reads settled again and calls back.
    await fake.failBankRefund(reference);
    expect(fake.deliveries.at(-1)).toMatchObject({ event: 'refund_failed', status: 200 });
    expect(await alertOf('refund_reverted')).toMatchObject({
      amountMinor: made.amountMinor,
      orderNumber: order.orderNumber,
    });
  });

  it('voids an authorisation that pays for nothing instead of capturing it; a second payment by bank is refunded without telling the parent before the money is sent', async () => {
    accounts.EUR = 'EUR3D2'; // the shop captures card payments itself
    const orderId = await latvianOrder();
    const older = await secondAttempt(orderId, 'attempt-older-1');
    const newer = await secondAttempt(orderId, 'attempt-newer-1');
    await fake.pay(newer);
    expect(await orderStatus(orderId)).toMatchObject({ placed: true });
    // The older attempt's card authorises after the order was paid: released, never taken.
    await fake.pay(older);
    expect(fake.payments.get(older)!.payment_state).toBe('voided');
    expect(requestsTo('/payments/capture', older)).toHaveLength(0);
    expect(requestsTo('/payments/void', older)).toHaveLength(1);
    const replaced = await verify(t, older);
    expect(replaced.status).toBe(402);
    expect(await replaced.json()).toMatchObject({ code: 'replaced', orderId });
    await t.checkout.jobs.runUntilIdle();
    expect(requestsTo('/payments/refund', older)).toHaveLength(0);

    // Open banking cannot be voided: a second payment by bank is refunded automatically, as a
    // status at EveryPay; the parent is told once the owner has sent the money.
    const bankOrder = await latvianOrder();
    const first = await secondAttempt(bankOrder, 'bank-first-1');
    const second = await secondAttempt(bankOrder, 'bank-second-1');
    await fake.pay(second);
    await fake.payByBank(first, 'seb_ob_lv');
    await t.checkout.jobs.runUntilIdle();
    expect(fake.payments.get(first)!.refunds).toMatchObject([{ customerName: 'Anna Bērziņa' }]);
    const [row] = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.providerReference, first));
    expect(row).toMatchObject({ status: 'duplicate', refundStatus: 'awaiting_transfer' });
    const mailsBefore = (await mailsAbout(t, PARENT, '')).length;
    const transfer = (await alerts()).find(
      (alert) => alert.kind === 'bank_transfer' && alert.reference === row!.reference.slice(0, 8),
    );
    expect(transfer).toBeDefined();
    expect((await act(transfer!, 'transferred')).status).toBe(200);
    await t.checkout.jobs.runUntilIdle();
    expect((await mailsAbout(t, PARENT, '')).length).toBe(mailsBefore + 1);
  });

  it('answers its own refused status read with an error so EveryPay calls again, and alerts the owner; the retry pays', async () => {
    const orderId = await latvianOrder();
    const { reference } = await initiate(t, orderId);
    fake.rotateSecret(); // the secret rotated in EveryPay's portal
    await fake.pay(reference);
    expect(fake.deliveries.at(-1)).toMatchObject({ paymentReference: reference, status: 503 });
    expect(await orderStatus(orderId)).toMatchObject({ placed: false });
    const verdict = await verify(t, reference);
    expect(verdict.status).toBe(502);
    expect(await alertOf('provider_access')).toMatchObject({ reference: null });
    await t.checkout.jobs.runUntilIdle();
    expect(
      await mailsAbout(t, SHOP_EMAIL, 'EveryPay refuses the shop’s status checks'),
    ).toHaveLength(1);
    // A new payment cannot start either: the parent is told the truth.
    const other = await latvianOrder();
    const refused = await t.request('/api/payment/initiate', {
      method: 'POST',
      json: { orderId: other },
    });
    expect(refused.status).toBe(503);
    expect(await refused.json()).toMatchObject({
      code: 'payments_unavailable',
      error: expect.stringMatching(/cannot take payments just now/),
    });

    fake.rotateSecret(false); // set right
    expect(await fake.retryCallbacks()).toBeGreaterThan(0);
    expect(fake.deliveries.at(-1)).toMatchObject({
      paymentReference: reference,
      attempt: 2,
      status: 200,
    });
    expect(await orderStatus(orderId)).toMatchObject({ placed: true, status: 'paid' });
    expect(await alertOf('provider_access')).toBeUndefined();
  });

  it('leaves a capture EveryPay marks for its nightly run scheduled: not paid, not failed, never captured twice; placed when it settles', async () => {
    accounts.EUR = 'EUR3D3';
    const orderId = await latvianOrder();
    const { reference } = await initiate(t, orderId);
    await fake.pay(reference);
    await fake.idle();
    expect(requestsTo('/payments/capture', reference)).toHaveLength(1);
    expect(fake.deliveries.map((row) => row.event)).toContain('marked_for_capture');
    const answer = await verify(t, reference);
    expect(answer.status).toBe(409);
    expect(await answer.json()).toMatchObject({ code: 'capture_scheduled' });
    await reconcile(RECONCILE_OPEN_JOB);
    expect(requestsTo('/payments/capture', reference)).toHaveLength(1);
    expect(await orderStatus(orderId)).toMatchObject({ placed: false });
    expect(await alertOf('capture_refused')).toBeUndefined();
    // Two days on and still not captured: the owner looks (never a silent wait).
    ahead = 49 * 3_600_000;
    expect((await verify(t, reference)).status).toBe(409);
    // (read from the table: two days on, the owner's session has ended)
    expect(
      await t.database.db
        .select({ detail: paymentAlerts.detail })
        .from(paymentAlerts)
        .where(and(eq(paymentAlerts.kind, 'capture_refused'), isNull(paymentAlerts.resolvedAt))),
    ).toMatchObject([{ detail: expect.stringMatching(/still not settled/) }]);
    ahead = 0;
    // Dealt with by the owner: the next reads do not raise it again (nor mail it).
    expect((await act((await alertOf('capture_refused'))!, 'dismiss')).status).toBe(200);
    ahead = 50 * 3_600_000;
    expect((await verify(t, reference)).status).toBe(409);
    ahead = 0;
    expect(await alertOf('capture_refused')).toBeUndefined();
    await t.checkout.jobs.runUntilIdle();
    expect(await mailsAbout(t, SHOP_EMAIL, 'A card payment could not be captured')).toHaveLength(1);

    expect(await fake.nightlyCapture()).toBe(1);
    expect(await orderStatus(orderId)).toMatchObject({ placed: true, status: 'paid' });
    expect((await verify(t, reference)).status).toBe(200);
    expect(await alertOf('capture_refused')).toBeUndefined();
  });

  it('alerts the owner about a payment first seen already refunded, instead of passing over it', async () => {
    const orderId = await latvianOrder();
    const { reference } = await initiate(t, orderId);
    // Paid, then refunded in part in EveryPay's portal, before the shop ever read it.
    const payment = fake.payments.get(reference)!;
    payment.payment_method = 'card';
    payment.payment_state = 'refunded';
    payment.standingMinor = 1000;
    const answer = await verify(t, reference);
    expect(answer.status).toBe(402);
    expect(await orderStatus(orderId)).toMatchObject({ placed: false });
    expect(await alertOf('seen_refunded')).toMatchObject({
      orderNumber: null,
      detail: expect.stringMatching(/says refunded, 1000 \(minor units\) still standing/),
    });
    await t.checkout.jobs.runUntilIdle();
    expect(
      await mailsAbout(t, SHOP_EMAIL, 'A payment seen only after it was refunded'),
    ).toHaveLength(1);
  });
});

describe('the payment callback and verify routes', () => {
  it('answer every body shape without a 500: JSON null and other non-objects are a 400', async () => {
    const post = (body: string, type = 'application/json') =>
      t.request('/api/payment/callback', {
        method: 'POST',
        headers: { 'Content-Type': type },
        body,
      });
    for (const body of ['null', '[]', '"x"', '1', 'true', '{', '{}', '{"payment_reference":5}'])
      expect((await post(body)).status, body).toBe(400);
    expect((await post('{"__proto__":{"payment_reference":"abc"}}')).status).toBe(400);
    expect((await post('{"payment_reference":"unknown-ref"}')).status).toBe(404);
    expect(
      (await post('event_name=status_updated', 'application/x-www-form-urlencoded')).status,
    ).toBe(400);
    expect((await t.request('/api/payment/callback')).status).toBe(400);
  });

  it('are rate limited per client: 429 over the limit', async () => {
    const limited = appWith(t.database, {
      rateLimits: {
        paymentCallbacks: { limit: 2, windowMs: 60_000 },
        paymentChecks: { limit: 2, windowMs: 60_000 },
      },
    });
    const callbacks = [];
    for (let n = 0; n < 3; n += 1)
      callbacks.push(
        (await limited('/api/payment/callback?payment_reference=abc', { method: 'GET' })).status,
      );
    expect(callbacks).toEqual([404, 404, 429]);
    const checks = [];
    for (let n = 0; n < 3; n += 1)
      checks.push(
        (await limited('/api/payment/verify', { json: { paymentReference: 'abc' } })).status,
      );
    expect(checks).toEqual([404, 404, 429]);
  });
});
