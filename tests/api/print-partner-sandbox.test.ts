import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatPrintHoldUntil } from '#contract/fulfilment.ts';
import type { PlacedOrderStatus } from '#contract/order-status.ts';
import { jobs as jobRows } from '#server/db/schema/checkout.ts';
import { claimJob } from '#server/platform/jobs/runner.ts';
import {
  HANDOFF_JOB,
  handOffOrder,
  isInPrintHold,
  reconcileHandoffs,
} from '#server/services/fulfilment/partner/handoff.ts';
import { statusHistory } from '#server/services/order/order-moves.ts';
import { refundOrder } from '#server/services/refunds/refunds.ts';
import { countRows, fakePrinter, mailsAbout, paidInRiga } from './checkout-helpers.ts';
import { createTestApp, type TestApp } from './helpers.ts';

/**
 * The built-in sandbox printer end to end (issue #47): payment -> the hold -> the hand-off job ->
 * the sandbox takes the book and calls our webhook (in production) -> it ships with an https
 * tracking link -> the parent's mails; a lost webhook found by the reconciliation; a server that
 * stopped between the partner's answer and our write hands the book on exactly once.
 */
// Long enough that no test outruns them; the tests move the clock on (passHold, shipNow) rather
// than wait (npm run bench:handoff measures the real wait).
const HOLD_MS = 3_600_000;
const SHIP_MS = 3_600_000;
let t: TestApp;
/** Whether the sandbox printer's webhooks reach the shop (false: every one is lost). */
let webhooksArrive = true;
let webhookCalls = 0;

beforeAll(async () => {
  t = await createTestApp({
    checkout: {
      printRenderer: fakePrinter().render,
      print: {
        holdMs: HOLD_MS,
        sandboxShipMs: SHIP_MS,
        // The sandbox printer posts to PUBLIC_URL; here to the app in this process.
        sandboxPost: async (url, init) => {
          webhookCalls += 1;
          if (!webhooksArrive) throw new Error('connection reset');
          return t.app.request(new URL(url).pathname, init);
        },
      },
    },
  });
});
afterAll(async () => {
  await t.close();
});

async function one<T>(query: ReturnType<typeof sql>): Promise<T> {
  const result = (await t.database.db.execute(query)) as unknown as { rows: T[] };
  return result.rows[0]!;
}

/** The hold is over: the payment an hour earlier, and the hand-off job due now. */
async function holdOver(orderId: string) {
  await t.database.db.execute(
    sql`update placed_orders set paid_at = paid_at - ${`${HOLD_MS} milliseconds`}::interval where order_id = ${orderId}`,
  );
  await t.database.db.execute(
    sql`update jobs set run_after = now() where kind = ${HANDOFF_JOB} and status = 'queued' and payload ->> 'orderId' = ${orderId}`,
  );
}

/** The sandbox printer's shipping time has come for the order's job. */
async function shipTime(orderNumber: string) {
  const { id } = await one<{ id: string }>(
    sql`update sandbox_print_jobs set ship_at = now() where reference = ${orderNumber} returning id`,
  );
  await t.database.db.execute(
    sql`update jobs set run_after = now() where kind = 'sandbox-printer-advance' and status = 'queued' and payload ->> 'job' = ${id}`,
  );
}

const paidOrder = (email = 'parent@example.com') => paidInRiga(t, email);

const status = async (orderId: string) =>
  (await (await t.request(`/api/order/${orderId}/status`)).json()) as PlacedOrderStatus;

const handoffs = (orderId: string) =>
  countRows(t, sql`select count(*) as n from print_handoffs where order_id = ${orderId}`);
const sandboxJobs = (orderNumber: string) =>
  countRows(t, sql`select count(*) as n from sandbox_print_jobs where reference = ${orderNumber}`);

describe('the sandbox printer', () => {
  it('holds a paid order, hands it on after the hold, and ships it with https tracking and the mails', async () => {
    webhooksArrive = true;
    const orderId = await paidOrder('sandbox@example.com');
    // In the hold: nothing handed on, the order still paid.
    expect(await isInPrintHold(t.checkout.print, orderId)).toBe(true);
    expect(await handoffs(orderId)).toBe(0);
    const held = await status(orderId);
    expect(held.status).toBe('paid');
    // The status answer and the confirmation mail say until when.
    expect(Date.parse(held.printHoldUntil!) - Date.parse(held.datePlaced)).toBe(HOLD_MS);
    const [confirmation] = await mailsAbout(t, 'sandbox@example.com', 'Your Storymade order');
    expect(confirmation!.text).toContain(
      `Your book goes to the printer on ${formatPrintHoldUntil('en-GB', new Date(held.printHoldUntil!))}.`,
    );

    await holdOver(orderId);
    await t.checkout.jobs.runUntilIdle();
    expect(await isInPrintHold(t.checkout.print, orderId)).toBe(false);
    const printing = await status(orderId);
    expect(printing.status).toBe('in_production');
    expect(printing.printHoldUntil).toBeNull();
    expect(await sandboxJobs(printing.orderNumber)).toBe(1);

    await shipTime(printing.orderNumber);
    await t.checkout.jobs.runUntilIdle();
    const shipped = await status(orderId);
    expect(shipped.status).toBe('shipped');
    expect(shipped.trackingNumber).toMatch(/^SBX[0-9A-F]{10}$/);
    expect(shipped.trackingUrl).toMatch(/^https:\/\//);
    expect(shipped.trackingUrl).toContain(shipped.trackingNumber!);

    const mails = await mailsAbout(t, 'sandbox@example.com', shipped.orderNumber);
    expect(mails.map((mail) => mail.subject)).toEqual([
      `Your Storymade order ${shipped.orderNumber}`,
      `Your books are being printed (${shipped.orderNumber})`,
      `Your order is on its way (${shipped.orderNumber})`,
    ]);
    expect(mails[2]!.text).toContain(`${shipped.trackingNumber} (${shipped.trackingUrl})`);
    const timeline = await statusHistory(t.database.db, orderId);
    expect(
      timeline.slice(2).map((change) => `${change.from}>${change.to}:${change.actor}`),
    ).toEqual([
      'paid>checked:provider:sandbox',
      'checked>in_production:provider:sandbox',
      'in_production>shipped:provider:sandbox',
    ]);
    expect(await sandboxJobs(shipped.orderNumber)).toBe(1);
  });

  it('finds a shipment whose webhooks were all lost by reading the partner (one hand-off, one mail each)', async () => {
    webhooksArrive = false;
    const before = webhookCalls;
    const orderId = await paidOrder('lost@example.com');
    await holdOver(orderId);
    await t.checkout.jobs.runUntilIdle();
    await shipTime((await status(orderId)).orderNumber);
    await t.checkout.jobs.runUntilIdle();
    // Both webhooks were sent and lost: the order moved only as far as our own hand-off.
    expect(webhookCalls - before).toBe(2);
    expect((await status(orderId)).status).toBe('checked');

    const first = await reconcileHandoffs(t.checkout.print);
    expect(first.checked).toBeGreaterThanOrEqual(1);
    await t.checkout.jobs.runUntilIdle();
    // Run again: nothing moves twice.
    await reconcileHandoffs(t.checkout.print);
    await t.checkout.jobs.runUntilIdle();
    const now = await status(orderId);
    expect(now.status).toBe('shipped');
    expect(now.trackingUrl).toMatch(/^https:\/\//);
    expect(await handoffs(orderId)).toBe(1);
    expect(await sandboxJobs(now.orderNumber)).toBe(1);
    const subjects = (await mailsAbout(t, 'lost@example.com', now.orderNumber)).map(
      (m) => m.subject,
    );
    expect(subjects.filter((s) => s.includes('being printed'))).toHaveLength(1);
    expect(subjects.filter((s) => s.includes('on its way'))).toHaveLength(1);
    expect(subjects).toHaveLength(3);
  });

  it('hands a book on exactly once when the server stopped after the partner answered and before our write', async () => {
    webhooksArrive = true;
    const orderId = await paidOrder('restart@example.com');
    await holdOver(orderId);
    // The hand-off job is claimed by a server that then stops: the partner took the book, our
    // acknowledgement was never written, the job stays 'running'.
    const job = await claimJob(t.database.db);
    expect(job?.kind).toBe(HANDOFF_JOB);
    const real = t.checkout.print.partner!;
    const stopping = {
      ...real,
      submit: async (submission: Parameters<typeof real.submit>[0]) => {
        await real.submit(submission);
        throw new Error('the process stopped');
      },
    };
    await expect(handOffOrder({ ...t.checkout.print, partner: stopping }, orderId)).rejects.toThrow(
      'the process stopped',
    );
    const { orderNumber } = await status(orderId);
    expect(await sandboxJobs(orderNumber)).toBe(1);
    // The restart: the job left running is claimed again once stale, with the same key.
    await t.database.db.execute(
      sql`update ${jobRows} set locked_at = now() - interval '11 minutes' where id = ${job!.id}`,
    );
    await t.checkout.jobs.runUntilIdle();
    expect(await sandboxJobs(orderNumber)).toBe(1);
    expect(await handoffs(orderId)).toBe(1);
    const rows = await t.database.db.execute<{ attempts: number; partner_reference: string }>(
      sql`select attempts, partner_reference from print_handoffs where order_id = ${orderId}`,
    );
    const [row] = (rows as unknown as { rows: { attempts: number; partner_reference: string }[] })
      .rows;
    expect(row!.attempts).toBe(2);
    const [sandboxRow] = (
      (await t.database.db.execute(
        sql`select id from sandbox_print_jobs where reference = ${orderNumber}`,
      )) as unknown as { rows: { id: string }[] }
    ).rows;
    expect(row!.partner_reference).toBe(sandboxRow!.id);
    expect((await status(orderId)).status).toBe('in_production');
    const subjects = (await mailsAbout(t, 'restart@example.com', orderNumber)).map(
      (m) => m.subject,
    );
    expect(subjects.filter((s) => s.includes('being printed'))).toHaveLength(1);
  });

  it('cancels at the partner an order cancelled before production, and prints nothing', async () => {
    webhooksArrive = true;
    const orderId = await paidOrder('cancel@example.com');
    await holdOver(orderId);
    // Handed on, and the printer has not started (its job not run yet).
    await handOffOrder(t.checkout.print, orderId);
    const { orderNumber } = await status(orderId);
    expect(
      await one<{ status: string }>(
        sql`select status from sandbox_print_jobs where reference = ${orderNumber}`,
      ),
    ).toEqual({ status: 'accepted' });
    const cancelled = await refundOrder(
      { db: t.database.db, jobs: t.checkout.jobs, provider: t.checkout.payments.provider },
      { staffId: null, email: 'owner@example.com' },
      orderId,
      { scope: 'cancel', reason: 'The parent asked', requestKey: 'cancel-print-partner-0001' },
      () => new Date(),
    );
    expect(cancelled).toMatchObject({ ok: true });
    // Cancelled at the partner at once by the refund's own job, not at the next reconciliation
    // (the printer has not started: its job waits, as a partner's production delay would).
    await t.database.db.execute(
      sql`update jobs set run_after = now() + interval '1 hour' where kind = 'sandbox-printer-advance' and status = 'queued'`,
    );
    await t.checkout.jobs.runUntilIdle();
    expect(
      await one<{ status: string }>(
        sql`select status from sandbox_print_jobs where reference = ${orderNumber}`,
      ),
    ).toEqual({ status: 'cancelled' });
    expect(
      await one<{ state: string }>(
        sql`select state from print_handoffs where order_id = ${orderId}`,
      ),
    ).toEqual({ state: 'cancelled' });
    // The reconciliation finds nothing left to cancel.
    expect((await reconcileHandoffs(t.checkout.print)).cancelled).toBe(0);
    expect((await status(orderId)).status).toBe('cancelled');
    const subjects = (await mailsAbout(t, 'cancel@example.com', orderNumber)).map((m) => m.subject);
    expect(subjects.some((s) => s.includes('being printed'))).toBe(false);
  });

  it('refuses a webhook that is not signed by the partner', async () => {
    const body = JSON.stringify({
      event: 'job.status_changed',
      job: 'SBX-000000000000',
      status: 'shipped',
    });
    const res = await t.request('/api/print-partner/webhook', {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'X-Sandbox-Printer-Signature': 'f'.repeat(64),
      },
      body,
    });
    expect(res.status).toBe(401);
  });
});
