import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlacedOrderStatus } from '#contract/order-status.ts';
import { changeOrderStatus } from '#server/services/order/staff-order-moves.ts';
import { statusHistory } from '#server/services/order/order-moves.ts';
import { refundOrder } from '#server/services/refunds/refunds.ts';
import {
  deliveryPayload,
  fakePrinter,
  initiate,
  mailsAbout,
  readyOrder,
  sandboxPress,
  verify,
} from './checkout-helpers.ts';
import { createTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ checkout: { printRenderer: fakePrinter().render } });
});
afterAll(async () => {
  await t.close();
});

async function paidOrder(language: 'lv' | 'en-GB' = 'en-GB') {
  const orderId = await readyOrder(t, { overrides: { country: language, language } });
  const { reference } = await initiate(t, orderId);
  await sandboxPress(t, reference, 'paid', 'confirm');
  expect((await verify(t, reference)).status).toBe(200);
  await t.checkout.jobs.runUntilIdle();
  return orderId;
}

const status = async (orderId: string) =>
  (await (await t.request(`/api/order/${orderId}/status`)).json()) as PlacedOrderStatus;

describe("changing a paid order's status (the back office)", () => {
  it('moves the tracker, keeps the tracking details and mails the parent when shipped', async () => {
    const orderId = await paidOrder();
    const db = t.database.db;
    const deps = { db, jobs: t.checkout.jobs };
    expect((await changeOrderStatus(deps, { orderId, to: 'checked', actor: 'staff:7' })).ok).toBe(
      true,
    );
    expect(
      (await changeOrderStatus(deps, { orderId, to: 'in_production', actor: 'staff:7' })).ok,
    ).toBe(true);
    const shipped = await changeOrderStatus(deps, {
      orderId,
      to: 'shipped',
      actor: 'staff:7',
      note: 'DPD',
      trackingNumber: 'DPD123456',
      trackingUrl: 'https://tracking.example/DPD123456',
    });
    expect(shipped.ok).toBe(true);
    await t.checkout.jobs.runUntilIdle();

    const now = await status(orderId);
    expect(now).toMatchObject({
      status: 'shipped',
      currentStep: 1075,
      trackingNumber: 'DPD123456',
      trackingUrl: 'https://tracking.example/DPD123456',
    });
    const mails = await mailsAbout(t, 'parent@example.com', now.orderNumber);
    expect(mails.map((mail) => mail.subject)).toEqual([
      `Your Storymade order ${now.orderNumber}`,
      `Your books are being printed (${now.orderNumber})`,
      `Your order is on its way (${now.orderNumber})`,
    ]);
    expect(mails[2]!.text).toContain(
      'Tracking number: DPD123456 (https://tracking.example/DPD123456)',
    );
    expect(mails[2]!.html).toContain('href="https://tracking.example/DPD123456"');
    const timeline = await statusHistory(db, orderId);
    expect(timeline.map((change) => `${change.from}>${change.to}:${change.actor}`)).toEqual([
      'cart>awaiting_payment:customer',
      'awaiting_payment>paid:provider:sandbox',
      'paid>checked:staff:7',
      'checked>in_production:staff:7',
      'in_production>shipped:staff:7',
    ]);
    expect(timeline.at(-1)!.note).toBe('DPD');
  });

  it('refuses a step the order cannot take, and mails nothing for it', async () => {
    const orderId = await paidOrder('lv');
    const deps = { db: t.database.db, jobs: t.checkout.jobs };
    expect(await changeOrderStatus(deps, { orderId, to: 'delivered', actor: 'staff:1' })).toEqual({
      ok: false,
      current: 'paid',
    });
    expect(
      await changeOrderStatus(deps, { orderId, to: 'awaiting_payment', actor: 'staff:1' }),
    ).toEqual({ ok: false, current: 'paid' });
    await t.checkout.jobs.runUntilIdle();
    const { orderNumber } = await status(orderId);
    const mails = await mailsAbout(t, 'parent@example.com', orderNumber);
    expect(mails.map((mail) => mail.subject)).toEqual([`Jūsu Storymade pasūtījums ${orderNumber}`]);
    expect(mails[0]!.text).toContain('Paldies par pasūtījumu!');
  });

  it("starts the newsletter's double opt-in after payment when the parent ticked subscribe, and only then", async () => {
    const orderId = await readyOrder(t, {
      delivery: deliveryPayload({
        contactInfo: { email: 'fan@example.com', phone: '+447911123456', subscribe: true },
      }),
    });
    const { reference } = await initiate(t, orderId);
    expect(await mailsAbout(t, 'fan@example.com', 'subscription')).toHaveLength(0);
    await sandboxPress(t, reference, 'paid', 'confirm');
    await t.checkout.jobs.runUntilIdle();
    expect(
      (await mailsAbout(t, 'fan@example.com', 'Please confirm your subscription')).length,
    ).toBe(1);
    // The parents of the other orders here did not tick it.
    expect(
      await mailsAbout(t, 'parent@example.com', 'Please confirm your subscription'),
    ).toHaveLength(0);
  });

  it('a cancelled order keeps the step it reached, and a paid order keeps its delivery details', async () => {
    const orderId = await paidOrder();
    const deps = { db: t.database.db, jobs: t.checkout.jobs };
    await changeOrderStatus(deps, { orderId, to: 'checked', actor: 'staff:1' });
    // Cancelled the only way there is: the owner's cancel with a full refund.
    const cancelled = await refundOrder(
      { ...deps, provider: t.checkout.payments.provider },
      { staffId: null, email: 'owner@example.com' },
      orderId,
      { scope: 'cancel', reason: 'The parent asked', requestKey: 'cancel-request-key-0001' },
      () => new Date(),
    );
    expect(cancelled).toMatchObject({ ok: true, refund: { status: 'succeeded', cancel: true } });
    expect(await status(orderId)).toMatchObject({ status: 'cancelled', currentStep: 1025 });
    const change = await t.request(`/api/order/${orderId}/delivery-address`, {
      method: 'POST',
      json: deliveryPayload(),
    });
    expect(change.status).toBe(409);
  });
});
