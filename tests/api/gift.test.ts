import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminOrderDetail, AdminOrderList } from '#contract/admin-orders.ts';
import { formatDate } from '#book/typography.ts';
import { addWorkingDays, isoDay } from '#contract/arrival.ts';
import type { DeliveryDetails } from '#contract/checkout.ts';
import type { GiftView } from '#contract/gift.ts';
import type { PlacedOrderStatus } from '#contract/order-status.ts';
import { orderSnapshots } from '#server/db/schema/checkout.ts';
import { changeOrderStatus } from '#server/services/order/staff-order-moves.ts';
import { printFilesOf } from '#server/services/fulfilment/stored-print-files.ts';
import {
  deliveryPayload,
  fakePrinter,
  initiate,
  mailsAbout,
  sandboxPress,
  verify,
} from './checkout-helpers.ts';
import { adminApp, signedIn } from './admin-helpers.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { cartHolder, createOrder } from './orders-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ checkout: { printRenderer: fakePrinter().render } });
});
afterAll(async () => {
  await t.close();
});

type Fields = { error: string; fields: Record<string, string[]> };
const post = (id: string, json: unknown) =>
  t.request(`/api/order/${id}/delivery-address`, { method: 'POST', json });

/** Grandma in Britain sends the book to her grandson in Rīga. */
const RECIPIENT = {
  firstName: 'Jānis',
  lastName: 'Ozoliņš',
  address1: 'Kr. Valdemāra iela 5-12',
  city: 'Rīga',
  zip: '1010',
  countryId: 19,
};
const BUYER = {
  firstName: 'Margaret',
  lastName: 'Hughes',
  address1: '10 Downing Street',
  city: 'London',
  zip: 'sw1a2aa',
  countryId: 31,
};
const MESSAGE = '  Dear Jānis,\r\n\r\n\r\nhappy 6th birthday!   Love,\nGranny  ';

function giftPayload(gift: unknown) {
  return deliveryPayload({
    contactInfo: { email: 'granny@example.com', phone: '+44 20 7946 0958', subscribe: false },
    shippingAddress: BUYER,
    gift: gift as never,
  });
}

describe('gift checkout: POST /api/order/{orderId}/delivery-address with gift', () => {
  it('ships to the recipient, keeps the buyer as billing, and stores the message cleaned', async () => {
    const { orderId } = await createOrder(t);
    const res = await post(orderId, giftPayload({ recipient: RECIPIENT, message: MESSAGE }));
    expect(res.status).toBe(200);
    const saved = (await res.json()) as DeliveryDetails;
    expect(saved.shippingAddress).toMatchObject({ firstName: 'Jānis', zip: 'LV-1010' });
    expect(saved.billingAddress).toMatchObject({ firstName: 'Margaret', zip: 'SW1A 2AA' });
    expect(saved.isShippingDetailsEqualBilling).toBe(false);
    expect(saved.gift).toEqual({
      recipient: saved.shippingAddress,
      arriveBy: null,
      message: 'Dear Jānis,\n\nhappy 6th birthday! Love,\nGranny',
    });
    // The cart's holder reads it back as saved.
    const read = await t.request(`/api/delivery/${orderId}`, cartHolder(orderId));
    expect(await read.json()).toEqual(saved);

    // Unticking 'this is a gift' sends it to the buyer again.
    const back = await post(orderId, giftPayload(null));
    expect(((await back.json()) as DeliveryDetails).gift).toBeNull();
  });

  it("checks the recipient's address by the checkout's rules, and the message's length", async () => {
    const { orderId } = await createOrder(t);
    const res = await post(
      orderId,
      giftPayload({
        recipient: { ...RECIPIENT, firstName: ' ', zip: 'SW1A 1AA' },
        message: 'ā'.repeat(301),
      }),
    );
    expect(res.status).toBe(400);
    const { fields } = (await res.json()) as Fields;
    expect(fields['gift.recipient.firstName']).toEqual(['First name is required.']);
    expect(fields['gift.recipient.zip']).toEqual([
      'Please enter a Latvian postcode: LV and four digits, e.g. LV-1010.',
    ]);
    expect(fields['gift.message']).toEqual(['A gift message has at most 300 characters.']);

    // 300 characters (a letter with its accent typed as two code points counts as one) are fine.
    const ok = await post(
      orderId,
      giftPayload({ recipient: RECIPIENT, message: 'a\u0304'.repeat(10) + 'Ж'.repeat(290) }),
    );
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as DeliveryDetails).gift?.message).toBe(
      'ā'.repeat(10) + 'Ж'.repeat(290),
    );

    // Letters the card's face cannot draw (Greek, CJK, emoji) would print as boxes: refused, named.
    const glyphs = await post(
      orderId,
      giftPayload({ recipient: RECIPIENT, message: 'Χρόνια πολλά! 生日快乐 🎁🎁' }),
    );
    expect(glyphs.status).toBe(400);
    expect(((await glyphs.json()) as Fields).fields['gift.message']).toEqual([
      'The gift card cannot print these characters: Χ ό ν ι ο ά 生 日 快 乐 🎁. Please write the message without them.',
    ]);

    // A country we do not deliver to, and characters the API refuses anywhere.
    const far = await post(
      orderId,
      giftPayload({ recipient: { ...RECIPIENT, countryId: 999 }, message: 'Hi\u202Egnp.exe' }),
    );
    expect(far.status).toBe(400);
    const farFields = ((await far.json()) as Fields).fields;
    expect(Object.keys(farFields)).toContain('gift.message');
    const country = await post(
      orderId,
      giftPayload({ recipient: { ...RECIPIENT, countryId: 999 } }),
    );
    expect(((await country.json()) as Fields).fields['gift.recipient.countryId']).toEqual([
      'We do not deliver to the selected country.',
    ]);
  });
});

describe('choose when it arrives: gift.arriveBy', () => {
  const day = (offset: number) => {
    const date = new Date();
    date.setUTCDate(date.getUTCDate() + offset);
    return date.toISOString().slice(0, 10);
  };
  const withArrival = (arriveBy: unknown) =>
    giftPayload({ recipient: RECIPIENT, message: 'Hi', arriveBy });

  it('refuses a day sooner than the delivery estimate, more than 60 days ahead, or no date', async () => {
    const { orderId } = await createOrder(t);
    for (const [arriveBy, message] of [
      [day(1), 'The gift cannot arrive that soon: choose a later day.'],
      [day(61), 'The arrival day can be at most 60 days ahead.'],
      ['2027-02-30', 'The arrival day must be a date (YYYY-MM-DD).'],
      ['next Friday', 'The arrival day must be a date (YYYY-MM-DD).'],
    ] as const) {
      const res = await post(orderId, withArrival(arriveBy));
      expect(res.status, arriveBy).toBe(400);
      expect(((await res.json()) as Fields).fields['gift.arriveBy']?.[0], arriveBy).toBe(message);
    }
  });

  it('carries the day into the paid order, where the staff see when to print and dispatch', async () => {
    const { orderId } = await createOrder(t);
    expect((await post(orderId, withArrival(day(40)))).status).toBe(200);
    const { reference } = await initiate(t, orderId);
    await sandboxPress(t, reference, 'paid', 'confirm');
    expect((await verify(t, reference)).status).toBe(200);
    const staff = await signedIn(adminApp(t.database), t.database, 'dispatch@example.com', 'staff');
    const order = await staff.json<AdminOrderDetail>(`/api/admin/orders/${orderId}`);
    // A hardcover to Latvia: 5 working days to print, the country's days to the door.
    const arriveBy = day(40);
    const back = (days: number) => isoDay(addWorkingDays(arriveBy, -days));
    expect(order.deliveryDays).toBeGreaterThan(5);
    expect(order.gift).toEqual({
      message: 'Hi',
      arriveBy,
      printFrom: back(order.deliveryDays!),
      dispatchOn: back(order.deliveryDays! - 5),
    });
    // The order list says the day to hand it to the courier, under its status.
    const listed = await staff.json<AdminOrderList>(
      `/api/admin/orders?q=${encodeURIComponent(order.orderNumber)}`,
    );
    expect(listed.rows.map((row) => row.dispatchOn)).toEqual([order.gift!.dispatchOn]);
    // Moved to production weeks early, it stays out of the printer's zip until its print day.
    await t.checkout.jobs.runUntilIdle();
    const deps = { db: t.database.db, jobs: t.checkout.jobs };
    for (const to of ['checked', 'in_production'] as const)
      expect((await changeOrderStatus(deps, { orderId, to, actor: 'staff:1' })).ok).toBe(true);
    const zip = unzipSync(
      new Uint8Array(await (await staff.send('/api/admin/print-files.zip')).arrayBuffer()),
    );
    expect(Object.keys(zip).filter((name) => name.startsWith(`${order.orderNumber}/`))).toEqual([]);
    // The confirmation mail names the chosen day, not the estimate from today.
    await t.checkout.jobs.runUntilIdle();
    const [confirmation] = await mailsAbout(t, 'granny@example.com', order.orderNumber);
    expect(confirmation?.text).toContain(
      `The gift is to arrive by ${formatDate(arriveBy, 'en-GB', 'by')}: we print and send the book`,
    );
    expect(confirmation?.text).not.toMatch(/Estimated delivery|working days/i);
    // The status page's estimate is that day too.
    const status = (await (await t.request(`/api/order/${orderId}/status`)).json()) as {
      estimatedDeliveryDate: string | null;
    };
    expect(status.estimatedDeliveryDate).toBe(arriveBy);
  });

  it('keeps a day within the window, and null when none is chosen', async () => {
    const { orderId } = await createOrder(t);
    const ok = await post(orderId, withArrival(day(40)));
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as DeliveryDetails).gift?.arriveBy).toBe(day(40));
    const read = await t.request(`/api/delivery/${orderId}`, cartHolder(orderId));
    expect(((await read.json()) as DeliveryDetails).gift?.arriveBy).toBe(day(40));
    const none = await post(orderId, giftPayload({ recipient: RECIPIENT, message: 'Hi' }));
    expect(((await none.json()) as DeliveryDetails).gift?.arriveBy).toBeNull();
  });
});

describe('a paid gift', () => {
  it('prices delivery to the recipient, makes the card and a slip, keeps the gift off the status link, and mails the buyer a gift link when shipped', async () => {
    const { orderId } = await createOrder(t);
    expect(
      (await post(orderId, giftPayload({ recipient: RECIPIENT, message: MESSAGE }))).status,
    ).toBe(200);
    const { reference } = await initiate(t, orderId);
    await sandboxPress(t, reference, 'paid', 'confirm');
    expect((await verify(t, reference)).status).toBe(200);
    await t.checkout.jobs.runUntilIdle();

    const [snapshot] = await t.database.db
      .select()
      .from(orderSnapshots)
      .where(eq(orderSnapshots.orderId, orderId));
    expect(snapshot).toMatchObject({ isGift: true, countryId: 19 });
    expect(snapshot!.giftMessage).toBe('Dear Jānis,\n\nhappy 6th birthday! Love,\nGranny');

    const parcel = (await printFilesOf(t.database.db, orderId)).filter(
      (file) => file.itemId === `order:${orderId}`,
    );
    expect(parcel.map((file) => file.kind).sort()).toEqual(['gift-card', 'packing-slip']);

    // The status link (forwardable) shows nothing of the gift: no name, address or message.
    const statusRes = await t.request(`/api/order/${orderId}/status`);
    const statusText = await statusRes.text();
    for (const secret of ['Jānis', 'Ozoliņš', 'Valdemāra', 'birthday', 'Margaret'])
      expect(statusText).not.toContain(secret);
    expect((await t.request(`/api/order/${orderId}/gift`)).status).toBe(404);
    expect((await t.request(`/api/order/${orderId}/gift?key=nope`)).status).toBe(404);

    const deps = { db: t.database.db, jobs: t.checkout.jobs };
    for (const to of ['checked', 'in_production'] as const)
      expect((await changeOrderStatus(deps, { orderId, to, actor: 'staff:1' })).ok).toBe(true);

    // The printer's zip of the orders in production holds the parcel's files beside the book's,
    // byte for byte as stored.
    const staff = await signedIn(adminApp(t.database), t.database, 'packer@example.com', 'staff');
    const zip = await staff.send('/api/admin/print-files.zip');
    expect(zip.status).toBe(200);
    const entries = unzipSync(new Uint8Array(await zip.arrayBuffer()));
    const { orderNumber: number } = JSON.parse(statusText) as PlacedOrderStatus;
    const names = Object.keys(entries).filter((name) => name.startsWith(`${number}/`));
    expect(
      names.filter((name) => /-1-\w+-(ed\d{3}-)?(interior|endpapers|cover)\.pdf$/.test(name)),
    ).toHaveLength(3);
    expect(names.filter((name) => !/-(interior|endpapers|cover)\.pdf$/.test(name)).sort()).toEqual([
      `${number}/${number}-gift-card.pdf`,
      `${number}/${number}-packing-slip.pdf`,
    ]);
    for (const file of parcel)
      expect(
        createHash('sha256').update(entries[`${number}/${number}-${file.kind}.pdf`]!).digest('hex'),
      ).toBe(file.sha256);
    const shipped = await changeOrderStatus(deps, {
      orderId,
      to: 'shipped',
      actor: 'staff:1',
      trackingNumber: 'DPD42',
      trackingUrl: null,
    });
    expect(shipped.ok).toBe(true);
    await t.checkout.jobs.runUntilIdle();

    const { orderNumber } = JSON.parse(statusText) as PlacedOrderStatus;
    const [mail] = await mailsAbout(
      t,
      'granny@example.com',
      `Your gift is on its way (${orderNumber})`,
    );
    expect(mail).toBeDefined();
    expect(mail!.text).toContain('Jānis Ozoliņš');
    expect(mail!.text).toContain('happy 6th birthday!');
    expect(mail!.text).toContain('DPD42');
    // No plain 'Your order is on its way' besides it.
    expect(await mailsAbout(t, 'granny@example.com', 'Your order is on its way')).toHaveLength(0);
    const link = /https?:\/\/\S+\/order-status\/(\S+)\?key=([\w-]+)/.exec(mail!.text);
    expect(link?.[1]).toBe(orderId);
    const gift = await t.request(`/api/order/${orderId}/gift?key=${link![2]}`);
    expect(gift.status).toBe(200);
    expect((await gift.json()) as GiftView).toEqual({
      recipient: {
        firstName: 'Jānis',
        lastName: 'Ozoliņš',
        address1: 'Kr. Valdemāra iela 5-12',
        address2: '',
        city: 'Rīga',
        zip: 'LV-1010',
        province: '',
        countryCode: 'LV',
        countryName: 'Latvia',
        // Latvia's order: the town and the postcode after the street (postal-address.ts).
        lines: ['Jānis Ozoliņš', 'Kr. Valdemāra iela 5-12', 'Rīga, LV-1010'],
      },
      message: 'Dear Jānis,\n\nhappy 6th birthday! Love,\nGranny',
      arriveBy: null,
    });
    // The key is the order's own: another order's id with it opens nothing.
    const { orderId: other } = await createOrder(t);
    expect((await t.request(`/api/order/${other}/gift?key=${link![2]}`)).status).toBe(404);
  });
});
