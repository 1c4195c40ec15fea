import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry, Paged } from '#contract/admin.ts';
import type { AdminOrderDetail, Dashboard } from '#contract/admin-orders.ts';
import type { AdminRefund } from '#contract/admin-refunds.ts';
import type { PlacedOrderStatus } from '#contract/order-status.ts';
import { refunds } from '#server/db/schema/money.ts';
import { payments, sandboxPayments } from '#server/db/schema/checkout.ts';
import { enqueueJob } from '#server/platform/jobs/runner.ts';
import { RECONCILE_OPEN_JOB, RECONCILE_PAID_JOB } from '#server/services/payment/reconcile.ts';
import { PaymentProviderError } from '#server/services/payment/provider.ts';
import { signedIn, type AdminClient } from './admin-helpers.ts';
import {
  countRows,
  fakePrinter,
  initiate,
  mailsAbout,
  readyOrder,
  sandboxPress,
  verify,
} from './checkout-helpers.ts';
import { createTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
let owner: AdminClient;
let staff: AdminClient;
const printer = fakePrinter();

beforeAll(async () => {
  t = await createTestApp({ checkout: { printRenderer: printer.render } });
  owner = await signedIn(t.app, t.database, 'owner@example.com', 'owner');
  staff = await signedIn(t.app, t.database, 'packer@example.com', 'staff');
}, 120_000);
afterAll(async () => {
  await t.close();
});

let keys = 0;
const key = () => `refund-request-key-${String((keys += 1)).padStart(4, '0')}`;

/** An order of `books` books (the first hardcover, the rest softcover) paid through the sandbox, its jobs run. */
async function paidOrder(options: Parameters<typeof readyOrder>[1] = {}) {
  const orderId = await readyOrder(t, options);
  const { reference } = await initiate(t, orderId);
  await sandboxPress(t, reference, 'paid', 'confirm');
  expect((await verify(t, reference)).status).toBe(200);
  await t.checkout.jobs.runUntilIdle();
  return { orderId, reference };
}

const detail = (orderId: string) => owner.json<AdminOrderDetail>(`/api/admin/orders/${orderId}`);
const status = async (orderId: string) =>
  (await (await t.request(`/api/order/${orderId}/status`)).json()) as PlacedOrderStatus;
const refund = (client: AdminClient, orderId: string, body: unknown) =>
  client.send(`/api/admin/orders/${orderId}/refunds`, { method: 'POST', json: body });
/** What the sandbox provider has paid back on a payment (minor units). */
const refundedAtProvider = async (reference: string) =>
  (
    await t.database.db
      .select({ refundedMinor: sandboxPayments.refundedMinor })
      .from(sandboxPayments)
      .where(eq(sandboxPayments.reference, reference))
  )[0]?.refundedMinor;

function pdfText(pdf: ArrayBuffer): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'invoice-'));
  const file = path.join(dir, 'document.pdf');
  writeFileSync(file, Buffer.from(pdf));
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

describe('refunds in /admin', () => {
  it('refunds one book: the provider pays back its price less its discount share, the status page, mail, dashboard, audit and a credit note follow', async () => {
    const before = await owner.json<Dashboard>('/api/admin/dashboard');
    const { orderId, reference } = await paidOrder({ books: 2, coupon: true });
    const order = await detail(orderId);
    // GBP: hardcover 34.99 + softcover 29.99, MULTI25 takes 16.25; the hardcover's share is 8.75.
    expect(order).toMatchObject({
      subtotalMinor: 6498,
      discountMinor: 1625,
      refundedMinor: 0,
      refundScopes: ['items', 'full', 'cancel'],
    });
    const [hardcover, softcover] = order.items;
    expect(order.itemRefundMinor).toEqual({
      [hardcover!.itemId]: 3499 - 875,
      [softcover!.itemId]: 2999 - 750,
    });

    const requestKey = key();
    const res = await refund(owner, orderId, {
      scope: 'items',
      itemIds: [hardcover!.itemId],
      reason: 'Misprinted name',
      requestKey,
    });
    expect(res.status).toBe(201);
    const made = (await res.json()) as AdminRefund;
    expect(made).toMatchObject({
      status: 'succeeded',
      amountMinor: 2624,
      currencyCode: 'GBP',
      itemIds: [hardcover!.itemId],
      delivery: false,
    });
    expect(await refundedAtProvider(reference)).toBe(2624);

    // The same request again (a double click, a retry) answers the same refund and refunds nothing more.
    const again = await refund(owner, orderId, {
      scope: 'items',
      itemIds: [hardcover!.itemId],
      reason: 'Misprinted name',
      requestKey,
    });
    expect(again.status).toBe(200);
    expect(((await again.json()) as AdminRefund).id).toBe(made.id);
    // A new request for the same book is refused.
    const twice = await refund(owner, orderId, {
      scope: 'items',
      itemIds: [hardcover!.itemId],
      reason: 'Again',
      requestKey: key(),
    });
    expect(twice.status).toBe(409);
    expect(await refundedAtProvider(reference)).toBe(2624);

    const page = await status(orderId);
    expect(page).toMatchObject({
      status: 'paid',
      refunded: 26.24,
      // The book by its place in the order (the status link names no item id).
      refundedItemIds: ['1'],
    });
    expect(page.items.map((item) => item.returned ?? 'kept')).toEqual(['refunded', 'kept']);
    expect(page.documents?.map((doc) => doc.kind)).toEqual(['invoice', 'credit_note']);

    const after = await detail(orderId);
    expect(after).toMatchObject({
      status: 'paid',
      refundedMinor: 2624,
      refundableItemIds: [softcover!.itemId],
    });
    expect(after.refunds[0]).toMatchObject({
      status: 'succeeded',
      reason: 'Misprinted name',
      staffEmail: 'owner@example.com',
    });
    expect(after.refunds[0]!.creditNote).toMatch(/^CN-\d{6}$/);

    await t.checkout.jobs.runUntilIdle();
    const [mail] = await mailsAbout(
      t,
      'parent@example.com',
      `Refund for your order ${order.orderNumber}`,
    );
    expect(mail?.text).toContain('£26.24');
    expect(mail?.text).toContain(after.refunds[0]!.creditNote!);
    // The refund mail links the credit note with its key: the parent opens it, the bare path does not.
    const noteNumber = after.refunds[0]!.creditNote!;
    const noteLink = new RegExp(
      `Credit note ${noteNumber}: http://localhost:3000(/api/order/${orderId}/documents/${noteNumber}\\.pdf\\?key=[\\w-]{43})\\n`,
    ).exec(mail?.text ?? '');
    expect(noteLink).not.toBeNull();
    const parentPdf = await t.request(noteLink![1]!);
    expect(parentPdf.status).toBe(200);
    expect(pdfText(await parentPdf.arrayBuffer())).toContain(`Credit note ${noteNumber}`);
    expect((await t.request(noteLink![1]!.replace(/\?key=.*$/, ''))).status).toBe(404);

    const dashboard = await owner.json<Dashboard>('/api/admin/dashboard');
    const gbp = (d: Dashboard) => d.revenue.find((row) => row.currencyCode === 'GBP')?.minor ?? 0;
    expect(gbp(dashboard) - gbp(before)).toBe(order.totalMinor - 2624);
    expect(
      dashboard.refunds.find((row) => row.currencyCode === 'GBP')?.minor,
    ).toBeGreaterThanOrEqual(2624);

    const audit = await owner.json<Paged<AuditEntry>>('/api/admin/audit');
    const entry = audit.rows.find(
      (row) => row.action === 'order.refund' && row.targetId === orderId,
    );
    expect(entry).toMatchObject({
      staffEmail: 'owner@example.com',
      before: { status: 'paid', refundedMinor: 0 },
      after: { status: 'paid', refundedMinor: 2624, reason: 'Misprinted name' },
    });

    // The credit note: its own number, the book paid back, as negatives, naming the invoice.
    const creditNote = after.documents.find((doc) => doc.kind === 'credit_note')!;
    const invoice = after.documents.find((doc) => doc.kind === 'invoice')!;
    const pdf = await owner.send(creditNote.url);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const text = pdfText(await pdf.arrayBuffer());
    expect(text).toContain(`Credit note ${creditNote.number}`);
    expect(text).toContain(`Credit note to invoice ${invoice.number}`);
    expect(text).toContain('-£26.24');
    expect(text).not.toContain('Delivery');
  });

  it('refunds the whole order: the books left and the delivery, the order becomes refunded, never more than was paid', async () => {
    const { orderId, reference } = await paidOrder({ books: 2 });
    const order = await detail(orderId);
    const first = await refund(owner, orderId, {
      scope: 'items',
      itemIds: [order.items[1]!.itemId],
      reason: 'Damaged',
      requestKey: key(),
    });
    expect(first.status).toBe(201);
    const rest = await refund(owner, orderId, {
      scope: 'full',
      reason: 'Parent changed their mind',
      requestKey: key(),
    });
    expect(rest.status).toBe(201);
    const made = (await rest.json()) as AdminRefund;
    expect(made).toMatchObject({
      itemIds: [order.items[0]!.itemId],
      delivery: true,
      amountMinor: order.totalMinor - 2999,
    });
    expect(await refundedAtProvider(reference)).toBe(order.totalMinor);
    const after = await detail(orderId);
    expect(after).toMatchObject({
      status: 'refunded',
      refundedMinor: order.totalMinor,
      refundableMinor: 0,
      refundScopes: [],
    });
    expect((await status(orderId)).status).toBe('refunded');
    const more = await refund(owner, orderId, {
      scope: 'full',
      reason: 'Again',
      requestKey: key(),
    });
    expect(more.status).toBe(409);
  });

  it('cancels an order not yet shipped with a full refund; a shipped order cannot be cancelled', async () => {
    const { orderId } = await paidOrder();
    const res = await refund(owner, orderId, {
      scope: 'cancel',
      reason: 'Asked by the parent',
      requestKey: key(),
    });
    expect(res.status).toBe(201);
    const order = await detail(orderId);
    expect(order).toMatchObject({ status: 'cancelled', refundedMinor: order.totalMinor });
    await t.checkout.jobs.runUntilIdle();
    const mails = await mailsAbout(
      t,
      'parent@example.com',
      `Refund for your order ${order.orderNumber}`,
    );
    expect(mails[0]?.text).toContain('Your order has been cancelled');

    const shipped = await paidOrder();
    for (const to of ['checked', 'in_production'])
      expect(
        (
          await owner.send(`/api/admin/orders/${shipped.orderId}/status`, {
            method: 'POST',
            json: { to },
          })
        ).status,
      ).toBe(200);
    expect(
      (
        await owner.send(`/api/admin/orders/${shipped.orderId}/status`, {
          method: 'POST',
          json: {
            to: 'shipped',
            trackingNumber: 'RR123',
            trackingUrl: 'https://track.example/RR123',
          },
        })
      ).status,
    ).toBe(200);
    const refused = await refund(owner, shipped.orderId, {
      scope: 'cancel',
      reason: 'Too late',
      requestKey: key(),
    });
    expect(refused.status).toBe(409);
    // After printing, a book can still be refunded.
    const book = await refund(owner, shipped.orderId, {
      scope: 'full',
      reason: 'Lost in the post',
      requestKey: key(),
    });
    expect(book.status).toBe(201);
    expect((await detail(shipped.orderId)).status).toBe('refunded');
  });

  it('staff cannot refund; bad input is a 400 with field errors', async () => {
    const { orderId, reference } = await paidOrder();
    const res = await refund(staff, orderId, {
      scope: 'full',
      reason: 'Not mine to do',
      requestKey: key(),
    });
    expect(res.status).toBe(403);
    expect(await refundedAtProvider(reference)).toBe(0);
    const bad = await refund(owner, orderId, {
      scope: 'items',
      itemIds: [],
      reason: ' ',
      requestKey: 'short',
    });
    expect(bad.status).toBe(400);
    const fields = ((await bad.json()) as { fields: Record<string, string[]> }).fields;
    expect(Object.keys(fields).sort()).toEqual(['itemIds', 'reason', 'requestKey']);
    const unknown = await refund(owner, orderId, {
      scope: 'items',
      itemIds: ['x'.repeat(24)],
      reason: 'Which?',
      requestKey: key(),
    });
    expect(unknown.status).toBe(400);
    expect(
      (
        await owner.send(`/api/admin/orders/${'y'.repeat(24)}/refunds`, {
          method: 'POST',
          json: { scope: 'full', reason: 'No order', requestKey: key() },
        })
      ).status,
    ).toBe(404);
  });

  it('a double submit sent at once refunds once', async () => {
    const { orderId, reference } = await paidOrder();
    const body = { scope: 'full', reason: 'Double click', requestKey: key() };
    const answers = await Promise.all([
      refund(owner, orderId, body),
      refund(owner, orderId, body),
      refund(owner, orderId, body),
    ]);
    expect(answers.map((res) => res.status).sort()).toEqual([200, 200, 201]);
    const ids = await Promise.all(
      answers.map(async (res) => ((await res.json()) as AdminRefund).id),
    );
    expect(new Set(ids).size).toBe(1);
    expect(await refundedAtProvider(reference)).toBe((await detail(orderId)).totalMinor);
    expect(
      await countRows(t, sql`select count(*) as n from refunds where order_id = ${orderId}`),
    ).toBe(1);
  });

  it('a provider refusal is recorded as failed and shown; nothing else changes, and the book can be refunded later', async () => {
    const { orderId, reference } = await paidOrder();
    const provider = t.checkout.payments.provider;
    const real = provider.refund.bind(provider);
    // Refused (a 4xx): nothing was refunded. A lost answer stays pending instead
    // (tests/api/everypay-shop.test.ts).
    provider.refund = () =>
      Promise.reject(new PaymentProviderError('the provider refused the refund', 422, 'refused'));
    try {
      const res = await refund(owner, orderId, {
        scope: 'full',
        reason: 'Provider down',
        requestKey: key(),
      });
      expect(res.status).toBe(502);
      expect(await res.json()).toMatchObject({
        code: 'provider_failed',
        refund: { status: 'failed', error: 'the provider refused the refund' },
      });
    } finally {
      provider.refund = real;
    }
    const order = await detail(orderId);
    expect(order).toMatchObject({
      status: 'paid',
      refundedMinor: 0,
      refundableMinor: order.totalMinor,
    });
    expect(order.refunds).toMatchObject([
      { status: 'failed', error: 'the provider refused the refund' },
    ]);
    expect(order.documents.map((doc) => doc.kind)).toEqual(['invoice']);
    expect((await status(orderId)).refunded).toBe(0);
    const audit = await owner.json<Paged<AuditEntry>>('/api/admin/audit');
    expect(
      audit.rows.some((row) => row.action === 'order.refundFailed' && row.targetId === orderId),
    ).toBe(true);
    const retry = await refund(owner, orderId, {
      scope: 'full',
      reason: 'Provider back',
      requestKey: key(),
    });
    expect(retry.status).toBe(201);
    expect(await refundedAtProvider(reference)).toBe((await detail(orderId)).totalMinor);
    expect(
      await t.database.db.select().from(refunds).where(eq(refunds.orderId, orderId)),
    ).toHaveLength(2);
  });
});

describe('a refund left pending by a server that stopped', () => {
  /** A pending refund row as claimRefund writes it, claimed `minutesAgo` ago. */
  async function pendingRefund(
    orderId: string,
    paymentReference: string,
    amountMinor: number,
    minutesAgo: number,
  ) {
    const order = await detail(orderId);
    await t.database.db.insert(refunds).values({
      orderId,
      requestKey: key(),
      paymentReference,
      itemIds: order.items.map((item) => item.itemId),
      delivery: true,
      amountMinor,
      currencyCode: order.currencyCode,
      reason: 'Asked before the crash',
      staffEmail: 'owner@example.com',
      createdAt: new Date(Date.now() - minutesAgo * 60_000),
    });
  }

  it('is completed when the provider did refund it, and recorded as failed when it did not', async () => {
    // The provider refunded, then the server stopped before recording it.
    const refundedThere = await paidOrder();
    const first = await detail(refundedThere.orderId);
    await pendingRefund(refundedThere.orderId, refundedThere.reference, first.totalMinor, 10);
    await t.checkout.payments.provider.refund(refundedThere.reference, first.totalMinor);
    const again = await refund(owner, refundedThere.orderId, {
      scope: 'full',
      reason: 'Retry after the crash',
      requestKey: key(),
    });
    expect(again.status).toBe(409);
    expect(await detail(refundedThere.orderId)).toMatchObject({
      status: 'refunded',
      refundedMinor: first.totalMinor,
      refunds: [{ status: 'succeeded', reason: 'Asked before the crash' }],
    });
    expect(await refundedAtProvider(refundedThere.reference)).toBe(first.totalMinor);

    // The server stopped before asking the provider: the refund failed, and can be asked again.
    const notThere = await paidOrder();
    const second = await detail(notThere.orderId);
    await pendingRefund(notThere.orderId, notThere.reference, second.totalMinor, 10);
    const retry = await refund(owner, notThere.orderId, {
      scope: 'full',
      reason: 'Retry after the crash',
      requestKey: key(),
    });
    expect(retry.status).toBe(201);
    const after = await detail(notThere.orderId);
    expect(after.refunds.map((row) => row.status)).toEqual(['failed', 'succeeded']);
    expect(after).toMatchObject({ status: 'refunded', refundedMinor: second.totalMinor });
    expect(await refundedAtProvider(notThere.reference)).toBe(second.totalMinor);
  });
});

describe('the periodic reconciliation', () => {
  /** A run of a reconciliation job, as the timer would enqueue it. */
  let runs = 0;
  async function reconcile(kind: typeof RECONCILE_OPEN_JOB | typeof RECONCILE_PAID_JOB) {
    await enqueueJob(t.database.db, {
      kind,
      dedupeKey: `${kind}:refunds-test-${(runs += 1)}`,
      payload: {},
    });
    await t.checkout.jobs.runUntilIdle();
  }
  async function pendingRefund(
    orderId: string,
    paymentReference: string,
    amountMinor: number,
    minutesAgo: number,
  ) {
    const order = await detail(orderId);
    await t.database.db.insert(refunds).values({
      orderId,
      requestKey: key(),
      paymentReference,
      itemIds: order.items.map((item) => item.itemId),
      delivery: true,
      amountMinor,
      currencyCode: order.currencyCode,
      reason: 'Asked before the crash',
      staffEmail: 'owner@example.com',
      createdAt: new Date(Date.now() - minutesAgo * 60_000),
    });
  }
  const paymentReferenceOf = async (orderId: string) =>
    (
      await t.database.db
        .select({ reference: payments.reference })
        .from(payments)
        .where(eq(payments.orderId, orderId))
    )[0]!.reference;

  it('settles a refund left pending without anyone refunding the order again: completed when the provider refunded it, failed when not, a fresh one left alone', async () => {
    const refundedThere = await paidOrder();
    const first = await detail(refundedThere.orderId);
    await pendingRefund(
      refundedThere.orderId,
      await paymentReferenceOf(refundedThere.orderId),
      first.totalMinor,
      5,
    );
    await t.checkout.payments.provider.refund(refundedThere.reference, first.totalMinor);
    const notThere = await paidOrder();
    const second = await detail(notThere.orderId);
    await pendingRefund(
      notThere.orderId,
      await paymentReferenceOf(notThere.orderId),
      second.totalMinor,
      5,
    );
    // Claimed a moment ago: its refund may still be under way, so it is left as it is.
    const fresh = await paidOrder();
    await pendingRefund(
      fresh.orderId,
      await paymentReferenceOf(fresh.orderId),
      (await detail(fresh.orderId)).totalMinor,
      0,
    );

    await reconcile(RECONCILE_OPEN_JOB);
    const done = await detail(refundedThere.orderId);
    expect(done).toMatchObject({
      status: 'refunded',
      refundedMinor: first.totalMinor,
      refunds: [{ status: 'succeeded', reason: 'Asked before the crash' }],
    });
    expect(done.documents.map((doc) => doc.kind)).toEqual(['invoice', 'credit_note']);
    const mails = await mailsAbout(
      t,
      'parent@example.com',
      `Refund for your order ${done.orderNumber}`,
    );
    expect(mails).toHaveLength(1);
    expect(await detail(notThere.orderId)).toMatchObject({
      status: 'paid',
      refundedMinor: 0,
      refunds: [{ status: 'failed' }],
    });
    expect((await detail(fresh.orderId)).refunds).toMatchObject([{ status: 'pending' }]);
    // Run again: nothing changes twice.
    await reconcile(RECONCILE_OPEN_JOB);
    expect(
      await mailsAbout(t, 'parent@example.com', `Refund for your order ${done.orderNumber}`),
    ).toHaveLength(1);
    expect((await detail(refundedThere.orderId)).refunds).toHaveLength(1);
  });

  it("flags a refund made at the provider's portal on the dashboard, never one the owner made", async () => {
    const byOwner = await paidOrder({ books: 2 });
    const order = await detail(byOwner.orderId);
    expect(
      (
        await refund(owner, byOwner.orderId, {
          scope: 'items',
          itemIds: [order.items[0]!.itemId],
          reason: 'Misprint',
          requestKey: key(),
        })
      ).status,
    ).toBe(201);
    const atPortal = await paidOrder();
    const portalOrder = await detail(atPortal.orderId);
    // Someone pays back 5.00 in the provider's own portal: the shop made no such refund.
    await t.checkout.payments.provider.refund(atPortal.reference, 500);
    // And the owner's refund, then more at the portal on top of it.
    const both = await paidOrder({ books: 2 });
    const bothOrder = await detail(both.orderId);
    expect(
      (
        await refund(owner, both.orderId, {
          scope: 'items',
          itemIds: [bothOrder.items[0]!.itemId],
          reason: 'Misprint',
          requestKey: key(),
        })
      ).status,
    ).toBe(201);
    await t.checkout.payments.provider.refund(both.reference, 100);

    await reconcile(RECONCILE_PAID_JOB);
    const issues = (await owner.json<Dashboard>('/api/admin/dashboard')).paymentIssues.recent;
    expect(issues.filter((row) => row.orderId === byOwner.orderId)).toEqual([]);
    expect((await detail(byOwner.orderId)).payments[0]).toMatchObject({
      laterOutcome: null,
      refundedMinor: order.itemRefundMinor[order.items[0]!.itemId],
    });
    expect(issues.filter((row) => row.orderId === atPortal.orderId)).toMatchObject([
      { kind: 'refunded', orderNumber: portalOrder.orderNumber },
    ]);
    expect((await detail(atPortal.orderId)).payments[0]).toMatchObject({
      laterOutcome: 'refunded',
      refundedMinor: 500,
    });
    expect(issues.filter((row) => row.orderId === both.orderId)).toMatchObject([
      { kind: 'refunded' },
    ]);
  });
});

describe('invoices', () => {
  it('gives concurrent payments invoice numbers without gaps, one per paid order', async () => {
    const started = [];
    for (let i = 0; i < 10; i += 1) {
      const orderId = await readyOrder(t);
      const { reference } = await initiate(t, orderId);
      await sandboxPress(t, reference, 'paid', 'confirm');
      started.push(reference);
    }
    const answers = await Promise.all(started.map((reference) => verify(t, reference)));
    expect(answers.map((res) => res.status)).toEqual(started.map(() => 200));
    const numbers = (await t.database.db.execute(
      sql`select number from invoices where kind = 'invoice' order by number`,
    )) as unknown as { rows: { number: number }[] };
    const placed = await countRows(t, sql`select count(*) as n from placed_orders`);
    expect(numbers.rows.map((row) => Number(row.number))).toEqual(
      Array.from({ length: placed }, (_, i) => i + 1),
    );
  });

  it('is a PDF in the order language with the company, buyer, each line with net, VAT rate and VAT, totals and its number; the confirmation mail links it', async () => {
    const { orderId } = await paidOrder({
      books: 2,
      overrides: { language: 'lv', country: 'lv' },
      delivery: undefined,
    });
    const page = await status(orderId);
    const invoice = page.documents!.find((doc) => doc.kind === 'invoice')!;
    expect(invoice.number).toMatch(/^INV-\d{6}$/);
    // The status answer names it, the confirmation mail links it with its key.
    expect(invoice).toEqual({ kind: 'invoice', number: invoice.number });
    const [mail] = await mailsAbout(t, 'parent@example.com', page.orderNumber);
    const link = new RegExp(
      `Rēķins ${invoice.number} \\(PDF\\): http://localhost:3000(/api/order/${orderId}/documents/${invoice.number}\\.pdf\\?key=[\\w-]{43})\\n`,
    ).exec(mail?.text ?? '');
    expect(link).not.toBeNull();
    const res = await t.request(link![1]!);
    expect(res.status).toBe(200);
    const text = pdfText(await res.arrayBuffer());
    expect(text).toContain(`Rēķins ${invoice.number}`);
    expect(text).toContain('SIA Storymade');
    expect(text).toContain('PVN maksātāja Nr. LV40000000000');
    expect(text).toContain('Anna Bērziņa');
    expect(text).toContain('Piegāde');
    expect(text).toMatch(/PVN 5 %\s+\d/);
    // EUR: hardcover 39.99 + softcover 29.99 + delivery to Latvia 3.99 = 73.97, 5 % VAT included.
    expect(text).toMatch(/Kopā bez PVN\s+70,45\s€/);
    expect(text).toMatch(/Kopā apmaksai\s+73,97\s€/);
    expect(page.total).toBe(73.97);

    expect(mail?.text).toContain('Piegādes adrese');
    expect(mail?.text).toContain('Brīvības iela 1');
    expect(mail?.text).toMatch(/Rakstiet uz \S+@\S+ vai zvaniet \+371 20 000 000/);
    // Without its key, or an unknown number, a 404.
    expect((await t.request(`/api/order/${orderId}/documents/${invoice.number}.pdf`)).status).toBe(
      404,
    );
    expect((await t.request(`/api/order/${orderId}/documents/INV-999999.pdf`)).status).toBe(404);
  });

  it('charges no VAT on an export outside the EU', async () => {
    const { orderId } = await paidOrder({
      delivery: {
        contactInfo: { email: 'uk@example.com', phone: '+44 20 7946 0000', subscribe: false },
        shippingAddress: {
          firstName: 'Sam',
          lastName: 'Smith',
          address1: '1 High Street',
          city: 'London',
          zip: 'SW1A 1AA',
          countryId: 31,
        },
        isShippingDetailsEqualBilling: true,
      },
    });
    const detailed = await detail(orderId);
    const res = await owner.send(detailed.documents[0]!.url);
    const text = pdfText(await res.arrayBuffer());
    expect(text).toContain('VAT 0 %: export of goods outside the EU.');
    expect(text).toMatch(/Total net\s+£\d+\.\d\d/);
  });
});
