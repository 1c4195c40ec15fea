import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminOrderDetail, AdminOrderList } from '#contract/admin-orders.ts';
import type { PlacedOrderStatus } from '#contract/order-status.ts';
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

let t: TestApp;
let staff: AdminClient;
let owner: AdminClient;
const printer = fakePrinter();

beforeAll(async () => {
  t = await createTestApp({ checkout: { printRenderer: printer.render } });
  await createStaff(t.database, 'desk@example.com', 'staff', 'desk-password-123');
  staff = new AdminClient(t.app);
  expect((await staff.signIn('desk@example.com', 'desk-password-123')).status).toBe(200);
  owner = await signedIn(t.app, t.database, 'owner@example.com', 'owner');
});
afterAll(async () => {
  await t.close();
});

/** An order paid on the sandbox page, its jobs (print files, confirmation mail) run. */
async function paidOrder(books = 1) {
  const orderId = await readyOrder(t, { books });
  const { reference } = await initiate(t, orderId);
  await sandboxPress(t, reference, 'paid', 'confirm');
  expect((await verify(t, reference)).status).toBe(200);
  await t.checkout.jobs.runUntilIdle();
  return orderId;
}

describe('the back office on an order paid through the sandbox', () => {
  it('finds the order, serves its print files, and ships it with tracking: the parent is mailed and the status page shows it', async () => {
    const orderId = await paidOrder(2);
    const list = await staff.json<AdminOrderList>('/api/admin/orders?q=parent@example');
    const row = list.rows.find((r) => r.orderId === orderId)!;
    expect(row).toMatchObject({ status: 'paid', books: 2, email: 'parent@example.com' });
    expect(row.orderNumber).toMatch(/^SM-\d{4}-\d{5}$/);

    const order = await staff.json<AdminOrderDetail>(`/api/admin/orders/${orderId}`);
    expect(order.items).toHaveLength(2);
    expect(order.items.every((item) => item.editionNumber !== null)).toBe(true);
    const interior = order.items[0]!.files.find((f) => f.kind === 'interior')!;
    const pdf = await staff.send(interior.url);
    expect(pdf.status).toBe(200);
    expect(await pdf.text()).toBe(`%PDF-interior ${order.items[0]!.child.name}`);
    expect((await staff.send(order.items[0]!.coverImageUrl)).headers.get('content-type')).toMatch(
      /image\/webp/,
    );

    const move = (body: object) =>
      staff.send(`/api/admin/orders/${orderId}/status`, { method: 'POST', json: body });
    expect((await move({ to: 'checked' })).status).toBe(200);
    expect((await move({ to: 'in_production' })).status).toBe(200);
    expect(
      (
        await move({
          to: 'shipped',
          trackingNumber: 'DPD123456',
          trackingUrl: 'https://tracking.example/DPD123456',
        })
      ).status,
    ).toBe(200);
    await t.checkout.jobs.runUntilIdle();

    const mails = await mailsAbout(t, 'parent@example.com', row.orderNumber);
    const shippedMail = mails.find(
      (mail) => mail.subject === `Your order is on its way (${row.orderNumber})`,
    );
    expect(shippedMail?.text).toContain(
      'Tracking number: DPD123456 (https://tracking.example/DPD123456)',
    );
    const status = (await (
      await t.request(`/api/order/${orderId}/status`)
    ).json()) as PlacedOrderStatus;
    expect(status).toMatchObject({
      status: 'shipped',
      currentStep: 1075,
      trackingNumber: 'DPD123456',
      trackingUrl: 'https://tracking.example/DPD123456',
    });
  });

  it('renders the print files again, once per book, until the order ships', async () => {
    const orderId = await paidOrder();
    const before = printer.calls.length;
    const again = await staff.send(`/api/admin/orders/${orderId}/print-files`, { method: 'POST' });
    expect(again.status).toBe(202);
    expect(
      (await staff.json<AdminOrderDetail>(`/api/admin/orders/${orderId}`)).items[0]!.files,
    ).toEqual([]);
    await t.checkout.jobs.runUntilIdle();
    expect(printer.calls.length).toBe(before + 1);
    expect(
      (await staff.json<AdminOrderDetail>(`/api/admin/orders/${orderId}`)).items[0]!.files.map(
        (f) => f.kind,
      ).sort(),
    ).toEqual(['cover', 'endpapers', 'interior']);

    for (const to of ['checked', 'in_production'])
      await staff.send(`/api/admin/orders/${orderId}/status`, { method: 'POST', json: { to } });
    await staff.send(`/api/admin/orders/${orderId}/status`, {
      method: 'POST',
      json: { to: 'shipped', trackingNumber: 'X1', trackingUrl: 'https://t.example/X1' },
    });
    expect(
      (await staff.send(`/api/admin/orders/${orderId}/print-files`, { method: 'POST' })).status,
    ).toBe(409);
  });

  it('cancels a paid order only with its money refunded: the status route refuses `cancelled`, the owner cancels with a refund', async () => {
    const orderId = await paidOrder();
    const order = await staff.json<AdminOrderDetail>(`/api/admin/orders/${orderId}`);
    expect(order.actions).toEqual(['checked']);
    expect(order.refundScopes).toContain('cancel');
    for (const client of [staff, owner]) {
      const res = await client.send(`/api/admin/orders/${orderId}/status`, {
        method: 'POST',
        json: { to: 'cancelled', reason: 'The parent asked' },
      });
      expect(res.status).toBe(400);
    }
    expect((await staff.json<AdminOrderDetail>(`/api/admin/orders/${orderId}`)).status).toBe(
      'paid',
    );
    // Staff cannot refund; the owner cancels with everything paid back.
    const body = {
      scope: 'cancel',
      reason: 'The parent asked',
      requestKey: 'cancel-request-key-0001',
    };
    expect(
      (await staff.send(`/api/admin/orders/${orderId}/refunds`, { method: 'POST', json: body }))
        .status,
    ).toBe(403);
    expect(
      (await owner.send(`/api/admin/orders/${orderId}/refunds`, { method: 'POST', json: body }))
        .status,
    ).toBe(201);
    const cancelled = await owner.json<AdminOrderDetail>(`/api/admin/orders/${orderId}`);
    expect(cancelled).toMatchObject({
      status: 'cancelled',
      actions: [],
      refundedMinor: cancelled.totalMinor,
    });
    expect(cancelled.refunds).toMatchObject([
      {
        status: 'succeeded',
        cancel: true,
        amountMinor: cancelled.totalMinor,
        staffEmail: 'owner@example.com',
      },
    ]);
    expect(cancelled.history.at(-1)).toMatchObject({ to: 'cancelled', actor: 'owner@example.com' });
  });
});
