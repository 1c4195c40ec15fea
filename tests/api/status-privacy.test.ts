import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlacedOrderStatus } from '#contract/order-status.ts';
import { MAX_BOOKS_PER_ORDER } from '#contract/orders.ts';
import { changeOrderStatus } from '#server/services/order/staff-order-moves.ts';
import {
  deliveryPayload,
  fakePrinter,
  initiate,
  readyOrder,
  sandboxPress,
  verify,
} from './checkout-helpers.ts';
import { AdminClient, createStaff } from './admin-helpers.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { addItem, cartHolder, createOrder, savePayload } from './orders-helpers.ts';

// The order-status link is shared (a forwarded confirmation mail, a screenshot): it shows what a
// courier's tracking page would, and the cart's personal reads answer only the browser holding
// the unpaid cart. Every seeded personal value is distinctive, so a leak is found by a plain search.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ checkout: { printRenderer: fakePrinter().render } });
});
afterAll(async () => {
  await t.close();
});

const PERSONAL = {
  email: 'zelda.parent@example.com',
  phone: '+371 2612 3456',
  phoneStored: '+37126123456',
  lastName: 'Kalniņa-Ozoliņa',
  address1: 'Vīlandes iela 17',
  address2: 'dzīvoklis 42',
  city: 'Cēsis',
  zip: 'LV-4101',
  billingStreet: 'Tērbatas iela 99',
  dedication: 'Mīļajai Zeldai no vectētiņa Teodora',
  dadName: 'Teodors',
  mumName: 'Mirdza',
};
const CHILD = 'Zelda';

const privateDelivery = deliveryPayload({
  contactInfo: { email: PERSONAL.email, phone: PERSONAL.phone, subscribe: false },
  shippingAddress: {
    firstName: 'Ilze',
    lastName: PERSONAL.lastName,
    address1: PERSONAL.address1,
    address2: PERSONAL.address2,
    city: PERSONAL.city,
    zip: PERSONAL.zip,
    countryId: 19,
  },
  isShippingDetailsEqualBilling: false,
  billingAddress: {
    firstName: 'Ilze',
    lastName: PERSONAL.lastName,
    address1: PERSONAL.billingStreet,
    city: 'Rīga',
    zip: 'LV-1011',
    countryId: 19,
  },
});

const book = (overrides: Parameters<typeof savePayload>[0] = {}) => ({
  country: 'lv' as const,
  language: 'lv' as const,
  dedication: PERSONAL.dedication,
  child: { ...savePayload({}, 'girl').child, name: CHILD },
  maleParent: { ...savePayload().maleParent, name: PERSONAL.dadName },
  femaleParent: { ...savePayload().femaleParent, name: PERSONAL.mumName },
  ...overrides,
});

/** A Latvian order of a hardcover and a softcover book for Zelda, with the delivery details above. */
async function unpaidOrder() {
  const orderId = await readyOrder(t, { books: 2, overrides: book(), delivery: privateDelivery });
  return orderId;
}

async function pay(orderId: string) {
  const { reference } = await initiate(t, orderId);
  await sandboxPress(t, reference, 'paid', 'confirm');
  expect((await verify(t, reference)).status).toBe(200);
  await t.checkout.jobs.runUntilIdle();
}

function expectNoPersonalData(text: string) {
  for (const [name, value] of Object.entries(PERSONAL)) expect(text, name).not.toContain(value);
  // Also as JSON escapes them (non-ASCII letters) and without the phone's spaces.
  expect(text).not.toContain(JSON.stringify(PERSONAL.address1).slice(1, -1));
  expect(text).not.toContain('2612');
}

const itemIdsOf = async (orderId: string) =>
  (
    (await (await t.request(`/api/order/summary/${orderId}?country=lv`)).json()) as {
      items: { id: string }[];
    }
  ).items.map((item) => item.id);

describe('the cart’s personal reads answer only the browser holding the unpaid cart', () => {
  it('with no cookie, the order id in an order cookie, another cart’s browser, or the right one, before and after payment', async () => {
    const orderId = await unpaidOrder();
    // Another parent's cart, made in another browser, which holds a cart key of its own.
    const otherBrowser = t.browser();
    const otherRes = await otherBrowser('/api/order', { method: 'POST', json: savePayload() });
    expect(otherRes.status).toBe(201);
    const other = (await otherRes.json()) as { orderId: string };
    const stranger = t.browser();
    const itemIds = await itemIdsOf(orderId);
    expect(itemIds).toHaveLength(2);
    const reads = [`/api/delivery/${orderId}`, ...itemIds.map((id) => `/api/orderItems/${id}`)];

    for (const path of reads) {
      // No cookie, the order's id in an order cookie of any language (it is no secret: issue #44,
      // item 5), another cart's browser naming it: refused, with a code and a sentence.
      for (const [send, init] of [
        [stranger, {}],
        [stranger, cartHolder(orderId, 'lv')],
        [stranger, cartHolder(orderId, 'en-US')],
        [otherBrowser, cartHolder(orderId, 'lv')],
        [stranger, { headers: { Cookie: `ORDER_ID_lv=${orderId.slice(0, -1)}A` } }],
      ] as const) {
        const res = await send(path, init);
        expect(res.status, path).toBe(403);
        const body = (await res.json()) as { error: string; code: string };
        expect(body.code).toBe('not_your_cart');
        expect(body.error).toMatch(/browser/);
        expectNoPersonalData(JSON.stringify(body));
      }
      // The browser holding the cart (the one that made it: its cart key) reads it, whatever its
      // order cookies say.
      for (const init of [
        {},
        cartHolder(orderId, 'lv'),
        { headers: { Cookie: `ORDER_ID_en-GB=${other.orderId}; ORDER_ID_lv=${orderId}` } },
      ])
        expect((await t.request(path, init)).status, path).toBe(200);
    }
    const details = JSON.stringify(
      await (await t.request(`/api/delivery/${orderId}`, cartHolder(orderId, 'lv'))).json(),
    );
    expect(details).toContain(PERSONAL.email);
    const item = JSON.stringify(
      await (await t.request(`/api/orderItems/${itemIds[0]}`, cartHolder(orderId, 'lv'))).json(),
    );
    expect(item).toContain(PERSONAL.dedication);

    await pay(orderId);
    // Paid: nobody's browser, not even the one that held the cart; nor the cart's summary (its
    // dedications and the parents' names), which the order id (the status link's) would open.
    for (const path of [...reads, `/api/order/summary/${orderId}?country=lv`]) {
      for (const [send, init] of [
        [stranger, {}],
        [t.request, cartHolder(orderId, 'lv')],
        [otherBrowser, cartHolder(other.orderId)],
      ] as const) {
        const res = await send(path, init);
        expect(res.status, path).toBe(403);
        const body = (await res.json()) as { error: string; code: string };
        expect(body).toMatchObject({ code: 'order_placed' });
        expectNoPersonalData(JSON.stringify(body));
      }
    }
    // Unknown ids stay 404s.
    expect(
      (await t.request(`/api/delivery/${'A'.repeat(24)}`, cartHolder('A'.repeat(24)))).status,
    ).toBe(404);
    expect((await t.request(`/api/orderItems/${'A'.repeat(24)}`, cartHolder(orderId))).status).toBe(
      404,
    );
  });
});

describe('the status answer of a paid order is a courier’s tracking page', () => {
  it('order number, dates, steps, books with the child’s name and format, amounts; nothing personal and no id that opens more', async () => {
    const orderId = await unpaidOrder();
    const itemIds = await itemIdsOf(orderId);
    await pay(orderId);
    const deps = { db: t.database.db, jobs: t.checkout.jobs };
    for (const to of ['checked', 'in_production', 'shipped'] as const) {
      expect(
        (
          await changeOrderStatus(deps, {
            orderId,
            to,
            actor: 'staff:1',
            ...(to === 'shipped'
              ? { trackingNumber: 'DPD555', trackingUrl: 'https://tracking.example/DPD555' }
              : {}),
          })
        ).ok,
      ).toBe(true);
    }
    const res = await t.request(`/api/order/${orderId}/status`);
    expect(res.status).toBe(200);
    const text = await res.text();
    expectNoPersonalData(text);
    const status = JSON.parse(text) as PlacedOrderStatus;
    expect(status).toMatchObject({
      placed: true,
      status: 'shipped',
      language: 'lv',
      currencyCode: 'EUR',
      trackingNumber: 'DPD555',
    });
    expect(status.orderNumber).toMatch(/^SM-\d{4}-\d{5}$/);
    expect(status.items.map((item) => [item.childName, item.format])).toEqual([
      [CHILD, 'hardcover'],
      [CHILD, 'softcover'],
    ]);
    // No item id anywhere in the answer; the books are named by their place in the order.
    for (const itemId of itemIds) expect(text).not.toContain(itemId);
    expect(status.items.map((item) => item.id)).toEqual(['1', '2']);
    for (const item of status.items) {
      expect((await t.request(`/api/orderItems/${item.id}`)).status).toBe(404);
      // The cover picture still shows, and no cache keeps it.
      const cover = await t.request(item.imageUrl);
      expect(cover.status).toBe(200);
      expect(cover.headers.get('content-type')).toBe('image/webp');
      expect(cover.headers.get('cache-control')).toBe('private, no-store');
    }
    // A cover by the item id of a link in a mail sent before still shows; a place past the books does not.
    expect((await t.request(`/api/order/${orderId}/items/${itemIds[1]}/cover.webp`)).status).toBe(
      200,
    );
    expect((await t.request(`/api/order/${orderId}/items/3/cover.webp`)).status).toBe(404);
    expect((await t.request(`/api/order/${orderId}/items/0/cover.webp`)).status).toBe(404);
  });
});

describe('Cache-Control: private, no-store on every answer carrying an order, a cart, a payment or the back office', () => {
  it('status, summary, delivery, items, coupon, payment start and verify, the sandbox page, the back office', async () => {
    const orderId = await unpaidOrder();
    const [itemId] = await itemIdsOf(orderId);
    const holder = cartHolder(orderId, 'lv');
    const { reference } = await initiate(t, orderId);
    const answers: [string, Response][] = [
      ['status', await t.request(`/api/order/${orderId}/status`)],
      ['summary', await t.request(`/api/order/summary/${orderId}?country=lv`)],
      ['delivery', await t.request(`/api/delivery/${orderId}`, holder)],
      ['delivery refused', await t.request(`/api/delivery/${orderId}`)],
      ['item', await t.request(`/api/orderItems/${itemId}`, holder)],
      [
        'coupon',
        await t.request(`/api/order/${orderId}/discount`, {
          method: 'POST',
          json: { code: 'NOPE' },
        }),
      ],
      [
        'add a book',
        await t.request('/api/orderItems', { method: 'POST', json: savePayload({ orderId }) }),
      ],
      ['verify', await verify(t, reference)],
      ['sandbox page', await t.request(`/sandbox-pay/${reference}`)],
      ['back office, signed out', await t.request('/api/admin/orders')],
    ];
    const owner = new AdminClient(t.app, 'http://localhost:3000');
    const account = await createStaff(t.database, 'owner@storymade.test', 'owner');
    expect((await owner.signIn('owner@storymade.test', account.password)).status).toBe(200);
    for (const path of ['/api/admin/session', '/api/admin/orders', '/api/admin/dashboard']) {
      const res = await owner.send(path);
      expect(res.status, path).toBe(200);
      answers.push([path, res]);
    }
    for (const [name, res] of answers)
      expect(res.headers.get('cache-control'), `${name} (${res.status})`).toBe('private, no-store');
    expect(answers.find(([name]) => name === 'sandbox page')![1].status).toBe(200);
  });
});

describe(`at most ${MAX_BOOKS_PER_ORDER} books an order`, () => {
  it(`refuses the ${MAX_BOOKS_PER_ORDER + 1}th book with 400 and a code; a retried save and a book after a removal go through`, async () => {
    const { orderId } = await createOrder(t);
    const ids: string[] = [];
    for (let n = 2; n <= MAX_BOOKS_PER_ORDER - 1; n += 1) ids.push(await addItem(t, orderId));
    const tenth = savePayload({ orderId });
    const added = await t.request('/api/orderItems', { method: 'POST', json: tenth });
    expect(added.status).toBe(201);
    const tenthId = ((await added.json()) as { id: string }).id;

    const refused = await t.request('/api/orderItems', {
      method: 'POST',
      json: savePayload({ orderId }),
    });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      error: `An order holds at most ${MAX_BOOKS_PER_ORDER} books. Please place a second order for more.`,
      code: 'too_many_books',
      max: MAX_BOOKS_PER_ORDER,
    });
    // The tenth book's save sent again (its answer was lost) is the same book, not an eleventh.
    const retried = await t.request('/api/orderItems', {
      method: 'POST',
      json: { ...tenth, dedication: 'Changed' },
    });
    expect(retried.status).toBe(201);
    expect(((await retried.json()) as { id: string }).id).toBe(tenthId);
    expect(await itemIdsOf(orderId)).toHaveLength(MAX_BOOKS_PER_ORDER);

    expect((await t.request(`/api/orderItems/${ids[0]}`, { method: 'DELETE' })).status).toBe(204);
    expect(
      (await t.request('/api/orderItems', { method: 'POST', json: savePayload({ orderId }) }))
        .status,
    ).toBe(201);
    expect(await itemIdsOf(orderId)).toHaveLength(MAX_BOOKS_PER_ORDER);
  });

  it('two tabs adding the tenth and the eleventh book at once: one is added, one refused', async () => {
    const { orderId } = await createOrder(t);
    for (let n = 2; n <= MAX_BOOKS_PER_ORDER - 1; n += 1) await addItem(t, orderId);
    const both = await Promise.all(
      [0, 1].map(() =>
        t.request('/api/orderItems', { method: 'POST', json: savePayload({ orderId }) }),
      ),
    );
    expect(both.map((res) => res.status).sort()).toEqual([201, 400]);
    expect(await itemIdsOf(orderId)).toHaveLength(MAX_BOOKS_PER_ORDER);
  });
});
