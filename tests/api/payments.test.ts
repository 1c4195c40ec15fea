import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlacedOrderStatus } from '#contract/order-status.ts';
import type { CartSummary } from '#contract/orders.ts';
import { moveSandboxPayment } from '#server/services/payment/providers/sandbox.ts';
import {
  countRows,
  deliveryPayload,
  fakePrinter,
  initiate,
  mailsAbout,
  readyOrder,
  sandboxPress,
  saveDelivery,
  verify,
} from './checkout-helpers.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { addItem, summary } from './orders-helpers.ts';

let t: TestApp;
const printer = fakePrinter();
beforeAll(async () => {
  t = await createTestApp({ checkout: { printRenderer: printer.render } });
});
afterAll(async () => {
  await t.close();
});

const statusOf = async (orderId: string) =>
  (await t.request(`/api/order/${orderId}/status`)).json();

describe('POST /api/payment/initiate', () => {
  it('refuses an unknown order, a bad body and an order without delivery details', async () => {
    expect(
      (
        await t.request('/api/payment/initiate', {
          method: 'POST',
          json: { orderId: 'A'.repeat(24) },
        })
      ).status,
    ).toBe(404);
    const bad = await t.request('/api/payment/initiate', {
      method: 'POST',
      json: { orderId: 'x' },
    });
    expect(bad.status).toBe(400);
    expect(
      ((await bad.json()) as { fields: Record<string, string[]> }).fields.orderId,
    ).toBeDefined();
    const { orderId } = (await (
      await t.request('/api/order', {
        method: 'POST',
        json: (await import('./orders-helpers.ts')).savePayload(),
      })
    ).json()) as { orderId: string };
    const res = await t.request('/api/payment/initiate', { method: 'POST', json: { orderId } });
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ code: 'no_delivery_details' });
  });
});

describe('paying with the sandbox', () => {
  it('goes through the test page and its 3-D-Secure-like step back to /payment-status, places the order once and mails it', async () => {
    const orderId = await readyOrder(t, { books: 2, coupon: true });
    const cart = (await summary(t, orderId, 'country=en-GB&countryId=19')) as CartSummary;
    const { link, reference } = await initiate(t, orderId);
    expect(link).toBe(`/sandbox-pay/${reference}`);
    expect(reference).toMatch(/^[A-Za-z0-9]{24}$/);
    expect((await statusOf(orderId)) as object).toMatchObject({
      placed: false,
      status: 'awaiting_payment',
    });

    const page = await (await t.request(`/sandbox-pay/${reference}`)).text();
    expect(page).toContain('TEST PAYMENT');
    await sandboxPress(t, reference, 'paid');
    expect(await (await t.request(`/sandbox-pay/${reference}`)).text()).toContain('3-D Secure');
    const back = await sandboxPress(t, reference, 'confirm');
    expect(back.headers.get('location')).toBe(`/payment-status?payment_reference=${reference}`);

    const first = await verify(t, reference);
    expect(first.status).toBe(200);
    const verified = (await first.json()) as {
      orderId: string;
      orderNumber: string;
      status: string;
    };
    expect(verified).toMatchObject({ orderId, status: 'paid' });
    expect(verified.orderNumber).toMatch(/^SM-\d{4}-\d{5}$/);
    // A reload of the success page answers the same.
    expect(await (await verify(t, reference)).json()).toEqual(verified);

    const placed = (await statusOf(orderId)) as PlacedOrderStatus;
    expect(placed).toMatchObject({
      placed: true,
      orderNumber: verified.orderNumber,
      status: 'paid',
      currentStep: 1000,
      currencyCode: 'GBP',
      subtotal: cart.subtotal,
      discount: cart.discount,
      deliveryCost: cart.deliveryCost,
      total: cart.total,
      trackingNumber: null,
    });
    expect(cart.discount).toBeGreaterThan(0);
    expect(placed.steps.map((step) => step.id)).toEqual([1000, 1025, 1050, 1075, 1100]);
    expect(placed.steps[0]).toEqual({
      id: 1000,
      title: 'steps.paid.title',
      subtext: 'steps.paid.subtext',
    });
    expect(placed.items).toHaveLength(2);
    expect(placed.items[0]).toMatchObject({
      bookTitle: 'You Can Do It',
      childName: 'Oliver',
      quantity: 1,
    });
    expect(placed.estimatedDeliveryDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(placed.items.every((item) => item.editionNumber !== null)).toBe(true);

    // The books' covers are served for the status page.
    const cover = await t.request(placed.items[0]!.imageUrl);
    expect(cover.status).toBe(200);
    expect(cover.headers.get('content-type')).toBe('image/webp');

    expect(await t.checkout.jobs.runUntilIdle()).toBe(3);
    const mails = await mailsAbout(t, 'parent@example.com', verified.orderNumber);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toBe(`Your Storymade order ${verified.orderNumber}`);
    expect(mail.text).toContain('Oliver');
    expect(mail.text).toContain(`Total: £${cart.total.toFixed(2)}`);
    expect(mail.text).toContain(`Discount: −£${cart.discount.toFixed(2)}`);
    expect(mail.text).toContain(`http://localhost:3000/order-status/${orderId}`);
    expect(mail.text).toMatch(/Expected delivery: within \d+ working days/);
    // Two books, the hardcover's interior, endpapers and cover, the softcover's interior and cover
    // (it prints no endpapers: docs/print-spec.md), the parcel's packing slip, and each book's proof.
    expect(
      await countRows(
        t,
        sql`select count(*) as n from print_files where order_id = ${orderId} and kind <> 'proof'`,
      ),
    ).toBe(6);
    expect(
      await countRows(
        t,
        sql`select count(*) as n from print_files where order_id = ${orderId} and kind = 'proof'`,
      ),
    ).toBe(2);

    // The paid order's delivery details and cart can no longer be paid again.
    expect(
      (await t.request('/api/payment/initiate', { method: 'POST', json: { orderId } })).status,
    ).toBe(409);
  });

  it('a declined card leads to payment_failed, and paying again succeeds', async () => {
    const orderId = await readyOrder(t);
    const declined = await initiate(t, orderId);
    await sandboxPress(t, declined.reference, 'declined');
    const res = await verify(t, declined.reference);
    expect(res.status).toBe(402);
    expect(await res.json()).toMatchObject({ code: 'not_paid' });
    expect((await statusOf(orderId)) as object).toMatchObject({
      placed: false,
      status: 'payment_failed',
    });

    const again = await initiate(t, orderId);
    await sandboxPress(t, again.reference, 'paid', 'confirm');
    expect((await verify(t, again.reference)).status).toBe(200);
    // The declined attempt stays declined.
    expect((await verify(t, declined.reference)).status).toBe(402);
  });

  it('an abandoned payment, or one rejected at the 3-D Secure step, does not pay', async () => {
    const orderId = await readyOrder(t);
    const abandoned = await initiate(t, orderId);
    await sandboxPress(t, abandoned.reference, 'abandoned');
    expect((await verify(t, abandoned.reference)).status).toBe(402);
    const rejected = await initiate(t, orderId);
    await sandboxPress(t, rejected.reference, 'paid', 'reject');
    expect((await verify(t, rejected.reference)).status).toBe(402);
    expect((await statusOf(orderId)) as object).toMatchObject({ status: 'payment_failed' });
  });

  it('a forged or unknown reference, or an unfinished attempt, changes nothing', async () => {
    const orderId = await readyOrder(t);
    const { reference } = await initiate(t, orderId);
    const forged = await verify(t, 'Q'.repeat(24));
    expect(forged.status).toBe(404);
    expect((await verify(t, '<script>')).status).toBe(400);
    const unfinished = await verify(t, reference);
    expect(unfinished.status).toBe(409);
    expect(await unfinished.json()).toMatchObject({ code: 'pending' });
    expect((await statusOf(orderId)) as object).toMatchObject({
      placed: false,
      status: 'awaiting_payment',
    });
  });

  it('a cart changed after the payment began cannot be paid by that payment; a new one pays for the new cart', async () => {
    const orderId = await readyOrder(t);
    const old = await initiate(t, orderId);
    await addItem(t, orderId);
    await sandboxPress(t, old.reference, 'paid', 'confirm');
    const res = await verify(t, old.reference);
    expect(res.status).toBe(402);
    expect(await res.json()).toMatchObject({ code: 'superseded' });
    expect((await statusOf(orderId)) as object).toMatchObject({ placed: false });

    const fresh = await initiate(t, orderId);
    await sandboxPress(t, fresh.reference, 'paid', 'confirm');
    expect((await verify(t, fresh.reference)).status).toBe(200);
    expect(((await statusOf(orderId)) as PlacedOrderStatus).items).toHaveLength(2);
  });

  it('new delivery details after the payment began also need a new payment', async () => {
    const orderId = await readyOrder(t);
    const old = await initiate(t, orderId);
    await saveDelivery(
      t,
      orderId,
      deliveryPayload({
        shippingAddress: { ...deliveryPayload().shippingAddress!, city: 'Jūrmala' },
      }),
    );
    await sandboxPress(t, old.reference, 'paid', 'confirm');
    expect(await (await verify(t, old.reference)).json()).toMatchObject({ code: 'superseded' });
  });
});

describe('exactly once', () => {
  it('many concurrent verifications and callbacks give one paid transition, one mail, one set of print files and edition numbers', async () => {
    const orderId = await readyOrder(t, { books: 2, delivery: undefined });
    const { reference } = await initiate(t, orderId);
    // The tester paid; the return page, reloads and the provider's callbacks all arrive at once.
    await moveSandboxPayment(t.database.db, reference, 'initial', 'settled');
    const calls = Array.from({ length: 16 }, (_, n) =>
      n % 2 === 0
        ? verify(t, reference)
        : t.request(`/api/payment/callback?payment_reference=${reference}`),
    );
    const answers = await Promise.all(calls);
    expect(answers.map((res) => res.status)).toEqual(Array(16).fill(200));
    await t.checkout.jobs.runUntilIdle();

    const paidTransitions = await countRows(
      t,
      sql`select count(*) as n from order_status_history where order_id = ${orderId} and to_status = 'paid'`,
    );
    const numbers = await countRows(
      t,
      sql`select count(*) as n from first_edition_numbers where order_id = ${orderId}`,
    );
    const files = await countRows(
      t,
      sql`select count(*) as n from print_files where order_id = ${orderId}`,
    );
    const orderNumbers = await countRows(
      t,
      sql`select count(*) as n from placed_orders where order_id = ${orderId}`,
    );
    const { orderNumber } = (await statusOf(orderId)) as PlacedOrderStatus;
    expect({ paidTransitions, numbers, files, orderNumbers }).toEqual({
      paidTransitions: 1,
      numbers: 2,
      // A hardcover's three files and proof, a softcover's two and proof, the packing slip: made once.
      files: 8,
      orderNumbers: 1,
    });
    expect(await mailsAbout(t, 'parent@example.com', orderNumber)).toHaveLength(1);
  });

  it('gives every book a different first-edition number and passes it to the print files', async () => {
    const numbers = await countRows(
      t,
      sql`select count(distinct number) as n from first_edition_numbers where order_item_id is not null`,
    );
    const books = await countRows(
      t,
      sql`select count(*) as n from first_edition_numbers where order_item_id is not null`,
    );
    expect(numbers).toBe(books);
    expect(printer.calls.length).toBeGreaterThan(0);
    expect(printer.calls.every((call) => typeof call.editionNumber === 'number')).toBe(true);
    expect(new Set(printer.calls.map((call) => call.editionNumber)).size).toBe(
      printer.calls.length,
    );
  });
});
