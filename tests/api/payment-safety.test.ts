import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { outboxMail } from '#server/db/schema/shop.ts';
import { payments, sandboxPayments } from '#server/db/schema/checkout.ts';
import { enqueueJob } from '#server/platform/jobs/runner.ts';
import {
  PaymentProviderError,
  type PaymentProvider,
  type PaymentState,
} from '#server/services/payment/provider.ts';
import {
  createSandboxProvider,
  moveSandboxPayment,
  sandboxPayment,
} from '#server/services/payment/providers/sandbox.ts';
import { RECONCILE_OPEN_JOB, RECONCILE_PAID_JOB } from '#server/services/payment/reconcile.ts';
import {
  countRows,
  fakePrinter,
  mailsAbout,
  readyOrder,
  sandboxPress,
  verify,
} from './checkout-helpers.ts';
import type { AdminOrderDetail, Dashboard } from '#contract/admin-orders.ts';
import { AdminClient, createStaff } from './admin-helpers.ts';
import { createTestApp, type TestApp } from './helpers.ts';

// Issue 30 item 2 and 3: no parent pays twice, second settled payments are refunded, paid answers
// must match the payment, and payments the shop never heard back about are reconciled.

/**
 * The real sandbox provider, with two switches a test may set: `cancel` as a provider that
 * cannot expire a payment link (as EveryPay for a link not yet authorised), and `alter` to change
 * the state the provider answers (another currency, amount, a missing reference).
 */
const hooks: {
  cannotCancel: boolean;
  alter: ((state: PaymentState) => PaymentState) | null;
  createFails: PaymentProviderError | null;
} = {
  cannotCancel: false,
  alter: null,
  createFails: null,
};
let sandbox: PaymentProvider;
const provider: PaymentProvider = {
  name: 'sandbox',
  create: async (input) => {
    if (hooks.createFails) throw hooks.createFails;
    return sandbox.create(input);
  },
  state: async (reference) => {
    const state = await sandbox.state(reference);
    return hooks.alter ? hooks.alter(state) : state;
  },
  capture: (reference, amount) => sandbox.capture(reference, amount),
  refund: (reference, amount) => sandbox.refund(reference, amount),
  cancel: (reference) =>
    hooks.cannotCancel ? sandbox.state(reference) : sandbox.cancel(reference),
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ checkout: { provider, printRenderer: fakePrinter().render } });
  sandbox = createSandboxProvider(t.database.db);
});
afterAll(async () => {
  await t.close();
});
beforeEach(() => {
  hooks.cannotCancel = false;
  hooks.alter = null;
  hooks.createFails = null;
});

const SHOP_EMAIL = 'hello@storymade.eu';

let ownerClient: AdminClient | undefined;
/** The dashboard's payment issues, as the owner sees them. */
async function owner() {
  if (!ownerClient) {
    const account = await createStaff(t.database, 'boss@example.com', 'owner');
    ownerClient = new AdminClient(t.app, 'http://localhost:3000');
    await ownerClient.signIn('boss@example.com', account.password);
  }
  return (await ownerClient.json<Dashboard>('/api/admin/dashboard')).paymentIssues;
}

async function start(orderId: string, attemptKey?: string) {
  const res = await t.request('/api/payment/initiate', {
    method: 'POST',
    json: { orderId, ...(attemptKey ? { attemptKey } : {}) },
  });
  expect(res.status).toBe(200);
  const { payment_link } = (await res.json()) as { payment_link: string };
  const reference = payment_link.replace('/sandbox-pay/', '');
  return { link: payment_link, reference };
}

const orderStatus = async (orderId: string) =>
  (
    (await (await t.request(`/api/order/${orderId}/status`)).json()) as {
      status: string;
      placed: boolean;
    }
  ).status;
const paymentRow = async (reference: string) =>
  (await t.database.db.select().from(payments).where(eq(payments.reference, reference)))[0]!;

describe('starting a payment', () => {
  it('answers a double tap (concurrent, no key) and a retry with the same key with the same attempt', async () => {
    const orderId = await readyOrder(t);
    const taps = await Promise.all([
      t.request('/api/payment/initiate', { method: 'POST', json: { orderId } }),
      t.request('/api/payment/initiate', { method: 'POST', json: { orderId } }),
    ]);
    expect(taps.map((res) => res.status)).toEqual([200, 200]);
    const links = await Promise.all(
      taps.map(async (res) => ((await res.json()) as { payment_link: string }).payment_link),
    );
    expect(links[0]).toBe(links[1]);
    const keyed = await start(orderId, 'checkout-visit-1');
    const again = await start(orderId, 'checkout-visit-1');
    expect(again.link).toBe(keyed.link);
    // The un-keyed one and the keyed one: two attempts, the first replaced (cancelled) by the second.
    expect(
      await countRows(t, sql`select count(*) as n from payments where order_id = ${orderId}`),
    ).toBe(2);
    expect(
      (await sandboxPayment(t.database.db, links[0]!.replace('/sandbox-pay/', '')))?.state,
    ).toBe('cancelled');
    // Back to the first tab's key after another attempt began: a new attempt, not the cancelled one.
    await start(orderId, 'checkout-visit-2');
    const back = await start(orderId, 'checkout-visit-1');
    expect(back.link).not.toBe(keyed.link);
    expect((await sandboxPayment(t.database.db, keyed.reference))?.state).toBe('cancelled');
    expect((await sandboxPayment(t.database.db, back.reference))?.state).toBe('initial');
    // References are from [A-Za-z0-9] only.
    expect(keyed.reference).toMatch(/^[A-Za-z0-9]{24}$/);
  });

  it('tells a provider refusing the payment apart from one that cannot be reached', async () => {
    const orderId = await readyOrder(t);
    hooks.createFails = new PaymentProviderError(
      'EveryPay answered 422: email is invalid',
      422,
      'refused',
      ['email'],
    );
    const refused = await t.request('/api/payment/initiate', {
      method: 'POST',
      json: { orderId, attemptKey: 'refused-1' },
    });
    expect(refused.status).toBe(502);
    expect(await refused.json()).toMatchObject({ code: 'provider_refused' });
    hooks.createFails = new PaymentProviderError('EveryPay did not answer within 10000 ms');
    const down = await t.request('/api/payment/initiate', {
      method: 'POST',
      json: { orderId, attemptKey: 'down-key-1' },
    });
    expect(down.status).toBe(502);
    expect(await down.json()).toMatchObject({ code: 'provider_unavailable' });
  });
});

describe('an older attempt', () => {
  it('is refused by the test page (in the parent language) and by the API once a newer one started and the order is paid', async () => {
    const orderId = await readyOrder(t, { overrides: { country: 'lv', language: 'lv' } });
    const old = await start(orderId, 'tab-one-key');
    const fresh = await start(orderId, 'tab-two-key');
    await sandboxPress(t, fresh.reference, 'paid', 'confirm');
    expect(await orderStatus(orderId)).toBe('paid');

    const page = await (await t.request(old.link)).text();
    expect(page).toContain(
      'Šo maksājumu aizstāja jaunāks maksājums, vai arī pasūtījums jau ir apmaksāts.',
    );
    expect(page).not.toContain('Maksāt (testa karte)');
    // Pressing "pay" anyway moves nothing.
    await sandboxPress(t, old.reference, 'paid');
    expect((await sandboxPayment(t.database.db, old.reference))?.state).toBe('cancelled');
    const res = await verify(t, old.reference);
    expect(res.status).toBe(402);
    // With the order the newer attempt paid, for the parent to follow.
    expect(await res.json()).toMatchObject({
      code: 'replaced',
      orderId,
      orderNumber: expect.stringMatching(/^SM-\d{4}-\d{5}$/),
    });
    expect(
      (await t.request('/api/payment/initiate', { method: 'POST', json: { orderId } })).status,
    ).toBe(409);
  });

  it('left open (its cancel failed) is cancelled when the order is paid', async () => {
    const orderId = await readyOrder(t);
    hooks.cannotCancel = true;
    const old = await start(orderId, 'left-open-1');
    const fresh = await start(orderId, 'left-open-2');
    expect((await sandboxPayment(t.database.db, old.reference))?.state).toBe('initial');
    hooks.cannotCancel = false;
    await sandboxPress(t, fresh.reference, 'paid', 'confirm');
    expect((await sandboxPayment(t.database.db, old.reference))?.state).toBe('cancelled');
    expect(await (await t.request(old.link)).text()).toContain(
      'This payment was replaced by a newer one, or the order is already paid.',
    );
  });
});

describe('two tabs, both paid', () => {
  it('gives 2 payments, 1 automatic refund, 1 order, 1 confirmation mail and 1 refund mail, shown on the dashboard', async () => {
    const orderId = await readyOrder(t, { overrides: { country: 'lv', language: 'lv' } });
    // A provider that cannot expire the first tab's link (EveryPay before authorisation).
    hooks.cannotCancel = true;
    const tabOne = await start(orderId, 'two-tabs-one');
    const tabTwo = await start(orderId, 'two-tabs-two');
    // Both tabs at the card step, then both confirm.
    await sandboxPress(t, tabOne.reference, 'paid');
    await sandboxPress(t, tabTwo.reference, 'paid');
    await sandboxPress(t, tabOne.reference, 'confirm');
    await sandboxPress(t, tabTwo.reference, 'confirm');
    await t.checkout.jobs.runUntilIdle();

    const [first, second] = [
      await paymentRow(tabOne.reference),
      await paymentRow(tabTwo.reference),
    ];
    const settled = [first, second].filter((payment) => payment.settledAt !== null).length;
    const refunds = [first, second].filter((payment) => payment.refundStatus === 'refunded').length;
    const placed = await countRows(
      t,
      sql`select count(*) as n from placed_orders where order_id = ${orderId}`,
    );
    const { orderNumber } = (await (await t.request(`/api/order/${orderId}/status`)).json()) as {
      orderNumber: string;
    };
    const mails = await t.database.db
      .select()
      .from(outboxMail)
      .where(eq(outboxMail.to, 'parent@example.com'));
    const confirmations = mails.filter(
      (mail) =>
        mail.subject.includes(orderNumber) && mail.subject.startsWith('Jūsu Storymade pasūtījums'),
    ).length;
    const refundMails = mails.filter(
      (mail) => mail.subject === `Esam atmaksājuši otru maksājumu (${orderNumber})`,
    );
    const counts = {
      payments: settled,
      refunds,
      orders: placed,
      confirmationMails: confirmations,
      refundMails: refundMails.length,
    };
    console.log(`two tabs, one cart: ${JSON.stringify(counts)}`);
    expect(counts).toEqual({
      payments: 2,
      refunds: 1,
      orders: 1,
      confirmationMails: 1,
      refundMails: 1,
    });
    expect(second).toMatchObject({
      status: 'duplicate',
      refundStatus: 'refunded',
      refundedMinor: second.amountMinor,
      laterOutcome: 'refunded',
    });
    expect(await sandboxPayment(t.database.db, tabTwo.reference)).toMatchObject({
      state: 'refunded',
      refundedMinor: second.amountMinor,
    });
    expect(refundMails[0]!.text).toContain(
      'Vienu maksājumu paturējām, bet otru atmaksājām pilnā apmērā',
    );
    // The refund is made once however often the job runs again.
    await enqueueJob(t.database.db, {
      kind: 'payment-refund',
      dedupeKey: `again:${tabTwo.reference}`,
      payload: { reference: tabTwo.reference },
    });
    await t.checkout.jobs.runUntilIdle();
    expect((await sandboxPayment(t.database.db, tabTwo.reference))?.refundedMinor).toBe(
      second.amountMinor,
    );
  });

  it('a paid attempt for a cart that changed since is refunded too', async () => {
    const orderId = await readyOrder(t);
    const old = await start(orderId, 'changed-cart-1');
    const { addItem } = await import('./orders-helpers.ts');
    await addItem(t, orderId);
    await sandboxPress(t, old.reference, 'paid', 'confirm');
    await t.checkout.jobs.runUntilIdle();
    expect(await paymentRow(old.reference)).toMatchObject({
      status: 'superseded',
      refundStatus: 'refunded',
    });
    expect(
      await mailsAbout(t, 'parent@example.com', 'We have refunded a second payment'),
    ).not.toHaveLength(0);
  });

  it('a refund the provider refuses is marked failed for the dashboard', async () => {
    const orderId = await readyOrder(t);
    hooks.cannotCancel = true;
    const one = await start(orderId, 'refused-refund-1');
    const two = await start(orderId, 'refused-refund-2');
    await sandboxPress(t, one.reference, 'paid', 'confirm');
    await moveSandboxPayment(t.database.db, two.reference, 'initial', 'settled');
    // The provider refunded nothing but says the payment cannot be refunded (voided meanwhile).
    expect((await verify(t, two.reference)).status).toBe(200);
    await moveSandboxPayment(t.database.db, two.reference, 'settled', 'failed');
    await t.checkout.jobs.runUntilIdle();
    expect(await paymentRow(two.reference)).toMatchObject({
      status: 'duplicate',
      refundStatus: 'failed',
    });
    expect((await paymentRow(two.reference)).refundError).toContain('cannot be refunded');
  });
});

describe('the back office', () => {
  it('shows the automatic refunds, the failed one and the mismatches on the dashboard, and the refund on the order page', async () => {
    const issues = await owner();
    // From the tests above: the two tabs' and the changed cart's refunds, the refused one.
    expect(issues.automaticRefunds).toEqual({ queued: 0, refunded: 2, failed: 1 });
    const twoTabs = issues.recent.find(
      (row) => row.kind === 'refunded' && row.orderNumber !== null,
    )!;
    expect(twoTabs).toBeDefined();
    expect(issues.recent.some((row) => row.kind === 'refund_failed')).toBe(true);
    const order = await ownerClient!.json<AdminOrderDetail>(`/api/admin/orders/${twoTabs.orderId}`);
    expect(order.payments).toHaveLength(2);
    expect(order.payments[1]).toMatchObject({
      status: 'duplicate',
      refundStatus: 'refunded',
      laterOutcome: 'refunded',
    });
  });
});

describe("the provider's paid answer", () => {
  const cases: [string, (state: PaymentState) => PaymentState, string][] = [
    // The same figure in another currency (43.98 EUR for a 43.98 GBP order).
    [
      'another currency',
      (state) => ({ ...state, currencyCode: state.currencyCode === 'EUR' ? 'GBP' : 'EUR' }),
      'currency',
    ],
    [
      'another amount',
      (state) => ({ ...state, amountMinor: (state.amountMinor ?? 0) + 100 }),
      'amount',
    ],
    ['no reference', ({ reference: _, ...state }) => state, 'reference missing'],
    ['no currency', ({ currencyCode: _, ...state }) => state, 'currency missing'],
  ];
  for (const [name, alter, detail] of cases) {
    it(`with ${name} is never paid: flagged, the shop mailed, the parent told`, async () => {
      const orderId = await readyOrder(t);
      const { reference } = await start(orderId, `mismatch-${name.replace(/ /g, '-')}`);
      await moveSandboxPayment(t.database.db, reference, 'initial', 'settled');
      hooks.alter = alter;
      const res = await verify(t, reference);
      expect(res.status).toBe(402);
      expect(await res.json()).toMatchObject({ code: 'mismatch' });
      // The callback and a reload answer the same; nothing is paid.
      expect((await t.request(`/api/payment/callback?payment_reference=${reference}`)).status).toBe(
        200,
      );
      expect(await (await verify(t, reference)).json()).toMatchObject({ code: 'mismatch' });
      expect(await orderStatus(orderId)).toBe('awaiting_payment');
      expect(await paymentRow(reference)).toMatchObject({ status: 'mismatch' });
      expect((await paymentRow(reference)).mismatch).toContain(detail);
      await t.checkout.jobs.runUntilIdle();
      const alerts = await mailsAbout(t, SHOP_EMAIL, reference.slice(0, 8));
      expect(alerts).toHaveLength(1);
      expect(alerts[0]!.text).toContain('The order was NOT marked paid');
      expect((await owner()).mismatches).toBeGreaterThan(0);
    });
  }

  it('authorised is captured, then paid', async () => {
    const orderId = await readyOrder(t);
    const { reference } = await start(orderId, 'authorised-1');
    await moveSandboxPayment(t.database.db, reference, 'initial', 'authorised');
    expect((await verify(t, reference)).status).toBe(200);
    expect((await sandboxPayment(t.database.db, reference))?.state).toBe('settled');
    expect(await orderStatus(orderId)).toBe('paid');
  });
});

describe('reconciliation', () => {
  it('pays an order whose payment settled without the parent returning, and records a later refund of a paid one', async () => {
    const orderId = await readyOrder(t);
    const { reference } = await start(orderId, 'reconcile-1');
    await moveSandboxPayment(t.database.db, reference, 'initial', 'settled');
    await enqueueJob(t.database.db, {
      kind: RECONCILE_OPEN_JOB,
      dedupeKey: `${RECONCILE_OPEN_JOB}:test-1`,
      payload: {},
    });
    await t.checkout.jobs.runUntilIdle();
    expect(await orderStatus(orderId)).toBe('paid');
    const { orderNumber } = (await (await t.request(`/api/order/${orderId}/status`)).json()) as {
      orderNumber: string;
    };
    expect(await mailsAbout(t, 'parent@example.com', orderNumber)).toHaveLength(1);
    expect(
      await countRows(t, sql`select count(*) as n from print_files where order_id = ${orderId}`),
    ).toBeGreaterThan(0);

    // Refunded later at the provider (its own portal): the paid payments' reconciliation records it.
    await t.database.db
      .update(sandboxPayments)
      .set({ state: 'refunded', refundedMinor: 500 })
      .where(eq(sandboxPayments.reference, reference));
    await enqueueJob(t.database.db, {
      kind: RECONCILE_PAID_JOB,
      dedupeKey: `${RECONCILE_PAID_JOB}:test-1`,
      payload: {},
    });
    await t.checkout.jobs.runUntilIdle();
    expect(await paymentRow(reference)).toMatchObject({
      status: 'paid',
      laterOutcome: 'refunded',
      refundedMinor: 500,
      providerState: 'refunded',
    });
  });
});

describe('the sandbox test page', () => {
  it('is never cached, links the favicon, refuses a post from another site and a large form', async () => {
    const orderId = await readyOrder(t);
    const { link, reference } = await start(orderId, 'page-checks-1');
    const page = await t.request(link);
    expect(page.headers.get('cache-control')).toBe('private, no-store');
    expect(await page.text()).toContain('<link rel="icon" href="/favicon.svg"');
    const { existsSync } = await import('node:fs');
    expect(existsSync('public/favicon.svg')).toBe(true);
    expect(
      (await t.request('/sandbox-pay/Unknown000000000000000000')).headers.get('cache-control'),
    ).toBe('private, no-store');

    const form = { 'Content-Type': 'application/x-www-form-urlencoded' };
    const foreign = await t.request(link, {
      method: 'POST',
      headers: { ...form, Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' },
      body: 'action=paid',
    });
    expect(foreign.status).toBe(403);
    expect(foreign.headers.get('cache-control')).toBe('private, no-store');
    const large = await t.request(link, {
      method: 'POST',
      headers: form,
      body: `action=paid&x=${'a'.repeat(10 * 1024 * 1024)}`,
    });
    expect(large.status).toBe(413);
    expect((await sandboxPayment(t.database.db, reference))?.state).toBe('initial');
    // From the shop's own page it works, and the redirect is not cached either.
    const own = await t.request(link, {
      method: 'POST',
      headers: { ...form, Origin: 'http://localhost:3000', 'Sec-Fetch-Site': 'same-origin' },
      body: 'action=paid',
    });
    expect(own.status).toBe(303);
    expect(own.headers.get('cache-control')).toBe('private, no-store');
  });
});
