import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminOrderDetail, Dashboard, StaffDashboard } from '#contract/admin-orders.ts';
import { defaultCharacters } from '#book/character-set.ts';
import { printFiles } from '#server/db/schema/checkout.ts';
import { DEFAULT_SHOP_EMAIL } from '#server/services/contact/messaging.ts';
import { AdminClient, createStaff, signedIn } from './admin-helpers.ts';
import {
  fakePrinter,
  initiate,
  mailsAbout,
  readyOrder,
  sandboxPress,
  verify,
} from './checkout-helpers.ts';
import { createTestApp, type TestApp } from './helpers.ts';

// Issue #43.1: a book whose print files fail their proof against the preview is never stored or
// handed on. Its order is held (it cannot go to production), the owner sees it on the dashboard
// and gets a mail; a book that passes stores its files with the proof's numbers beside them.
// The renderer is a stand-in answering the proof as the print worker does (its real proof is
// tests/book/print-proof.test.ts); a book for 'Liam' fails it.

let t: TestApp;
let owner: AdminClient;
let staff: AdminClient;
beforeAll(async () => {
  t = await createTestApp({
    checkout: { printRenderer: fakePrinter({ proofFails: 'Liam' }).render },
  });
  owner = await signedIn(t.app, t.database, 'owner@example.com', 'owner');
  await createStaff(t.database, 'desk@example.com', 'staff', 'desk-password-123');
  staff = new AdminClient(t.app);
  expect((await staff.signIn('desk@example.com', 'desk-password-123')).status).toBe(200);
});
afterAll(async () => {
  await t.close();
});

async function paidOrder(childName: string) {
  const { gender: _gender, ...look } = defaultCharacters('boy').child;
  const orderId = await readyOrder(t, {
    overrides: { child: { name: childName, gender: 'Boy', personalization: look } },
  });
  const { reference } = await initiate(t, orderId);
  await sandboxPress(t, reference, 'paid', 'confirm');
  expect((await verify(t, reference)).status).toBe(200);
  await t.checkout.jobs.runUntilIdle();
  return orderId;
}

async function kindsOf(orderId: string): Promise<string[]> {
  const rows = await t.database.db
    .select({ kind: printFiles.kind })
    .from(printFiles)
    .where(eq(printFiles.orderId, orderId));
  return rows.map((row) => row.kind).sort();
}

describe('a book whose print proof fails (issue #43)', () => {
  it('stores no print file, holds the order, and tells the owner on the dashboard and by mail', async () => {
    const orderId = await paidOrder('Liam');
    // The proof's report is kept; no interior, endpapers or cover (the packing slip is the parcel's).
    expect(await kindsOf(orderId)).toEqual(['packing-slip', 'proof']);

    const order = await owner.json<AdminOrderDetail>(`/api/admin/orders/${orderId}`);
    const [book] = order.items;
    expect(book!.files).toEqual([]);
    expect(book!.proof).toMatchObject({
      ok: false,
      worstPercent: 21.4,
      thresholdPercent: 0.5,
      failedPages: [
        { file: 'interior', page: 17, shows: 'page_17-18 left', differencePercent: 21.4 },
      ],
      missingSentences: ['Dad put down his fork.'],
    });

    // The dashboard, the owner's and the staff's, lists the held book with its order.
    for (const client of [owner, staff]) {
      const dashboard = await client.json<Dashboard | StaffDashboard>('/api/admin/dashboard');
      expect(dashboard.proofHolds).toContainEqual(
        expect.objectContaining({
          orderId,
          orderNumber: order.orderNumber,
          childName: 'Liam',
          failedPages: 1,
          missingSentences: 1,
        }),
      );
    }

    // The shop's mailbox is told, with the page and the sentence and the way to the order.
    const [mail] = await mailsAbout(
      t,
      DEFAULT_SHOP_EMAIL,
      `Print proof failed: ${order.orderNumber}`,
    );
    expect(mail).toBeDefined();
    expect(mail!.subject).toBe(`Print proof failed: ${order.orderNumber} (Liam) is held`);
    expect(mail!.text).toContain(
      'Interior, page 17 (page_17-18 left): 21.4% differs (the limit is 0.5%)',
    );
    expect(mail!.text).toContain('“Dad put down his fork.”');
    expect(mail!.text).toContain(`/admin/orders/${orderId}`);

    // Checked is fine; production is refused while the book is held.
    const move = (to: string) =>
      staff.send(`/api/admin/orders/${orderId}/status`, { method: 'POST', json: { to } });
    expect((await move('checked')).status).toBe(200);
    const refused = await move('in_production');
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ code: 'proof_held', status: 'checked' });
    // Nothing of the book reaches the print zip either: it has no file.
  });

  it('stores a passing book’s files with its proof, and lets its order go to production', async () => {
    const orderId = await paidOrder('Emma');
    expect(await kindsOf(orderId)).toEqual([
      'cover',
      'endpapers',
      'interior',
      'packing-slip',
      'proof',
    ]);
    const order = await owner.json<AdminOrderDetail>(`/api/admin/orders/${orderId}`);
    expect(order.items[0]!.proof).toMatchObject({ ok: true, worstPercent: 0.02, failedPages: [] });
    const dashboard = await owner.json<Dashboard>('/api/admin/dashboard');
    expect(dashboard.proofHolds.map((hold) => hold.orderId)).not.toContain(orderId);
    const move = (to: string) =>
      staff.send(`/api/admin/orders/${orderId}/status`, { method: 'POST', json: { to } });
    expect((await move('checked')).status).toBe(200);
    expect((await move('in_production')).status).toBe(200);
    expect(
      await mailsAbout(t, DEFAULT_SHOP_EMAIL, `Print proof failed: ${order.orderNumber}`),
    ).toEqual([]);
  });
});
