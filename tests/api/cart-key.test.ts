import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CART_KEY_COOKIE } from '#contract/orders.ts';
import {
  deliveryPayload,
  fakePrinter,
  initiate,
  sandboxPress,
  verify,
} from './checkout-helpers.ts';
import { createTestApp, type Requester, type TestApp } from './helpers.ts';
import { cartHolder, savePayload } from './orders-helpers.ts';

// Issue #44, item 5: the cart's owner check was the order id itself (the `ORDER_ID_<language>`
// cookie, which the visitor's own scripts read and anyone can set in their own browser), so
// whoever knew an unpaid order's id could read the cart summary (the child's and grown-ups'
// names, the dedication) and replace the parent's contact details. Now the browser that makes an
// order holds its cart by a key of its own (an httpOnly cookie, server/routes/cart-access.ts).

let t: TestApp;
let https: TestApp;
beforeAll(async () => {
  t = await createTestApp({ checkout: { printRenderer: fakePrinter().render } });
  https = await createTestApp({ publicUrl: 'https://shop.example' });
});
afterAll(async () => {
  await t.close();
  await https.close();
});

/** A cart made by `browser`: one book, delivery details saved; answers its ids. */
async function cartOf(browser: Requester) {
  const created = await browser('/api/order', { method: 'POST', json: savePayload() });
  expect(created.status).toBe(201);
  const ids = (await created.json()) as { orderId: string; orderItemId: string };
  const saved = await browser(`/api/order/${ids.orderId}/delivery-address`, {
    method: 'POST',
    json: deliveryPayload(),
  });
  expect(saved.status).toBe(200);
  return ids;
}

describe('the cart key', () => {
  it('is set by POST /api/order as an httpOnly, SameSite=Lax cookie of its own, Secure over https, one per browser', async () => {
    const browser = https.browser();
    const first = await browser('/api/order', { method: 'POST', json: savePayload() });
    // Over https with the __Host- prefix: no other host (a sibling subdomain) can plant a key.
    const name = `__Host-${CART_KEY_COOKIE}`;
    const cookie = first.headers.getSetCookie().find((c) => c.startsWith(`${name}=`))!;
    expect(cookie).toMatch(new RegExp(`^${name}=[A-Za-z0-9_-]{43};`));
    expect(cookie).toMatch(/; Path=\//);
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; Secure/);
    expect(cookie).toMatch(/; SameSite=Lax/);
    expect(cookie).toMatch(/; Max-Age=\d{7,}/);
    const { orderId } = (await first.json()) as { orderId: string };
    expect(cookie).not.toContain(orderId);
    // A second cart of the same browser (another language) keeps the same key.
    const second = await browser('/api/order', {
      method: 'POST',
      json: savePayload({ country: 'lv', language: 'lv' }),
    });
    expect(second.headers.getSetCookie().find((c) => c.startsWith(`${name}=`))).toBe(cookie);
    // Over plain http (a developer's machine) it is not Secure.
    const local = await t.browser()('/api/order', { method: 'POST', json: savePayload() });
    expect(
      local.headers.getSetCookie().find((c) => c.startsWith(`${CART_KEY_COOKIE}=`)),
    ).not.toMatch(/Secure/);
  });

  it('is what every read and write of an unpaid order asks for: the order id, even in an order cookie, opens nothing', async () => {
    const { orderId, orderItemId } = await cartOf(t.request);
    const attacker = t.browser();
    // The attacker knows the id and names it in an order cookie, as the cart's own browser does.
    const as = cartHolder(orderId);
    const tries: [string, string, unknown?][] = [
      ['GET', `/api/order/summary/${orderId}?country=en-GB`],
      ['GET', `/api/orderItems/${orderItemId}`],
      ['GET', `/api/delivery/${orderId}`],
      ['GET', `/api/order/${orderId}/review-consent`],
      [
        'POST',
        `/api/order/${orderId}/delivery-address`,
        deliveryPayload({
          contactInfo: { email: 'attacker@example.com', phone: '+371 2000 0001', subscribe: false },
        }),
      ],
      ['POST', '/api/orderItems', savePayload({ orderId })],
      ['PUT', `/api/orderItems/${orderItemId}`, savePayload({ orderId, dedication: 'Hacked' })],
      ['DELETE', `/api/orderItems/${orderItemId}`],
      ['POST', `/api/order/${orderId}/discount`, { code: 'MULTI25' }],
      ['PUT', `/api/order/${orderId}/review-consent`, { consent: true }],
      ['POST', '/api/payment/initiate', { orderId }],
    ];
    for (const [method, path, json] of tries) {
      const res = await attacker(path, { method, ...as, ...(json ? { json } : {}) });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(await res.json()).toMatchObject({ code: 'not_your_cart' });
    }
    // An unpaid order's status is its cart's too: to anyone else it is not there.
    expect((await attacker(`/api/order/${orderId}/status`, as)).status).toBe(404);
    // Nothing changed: the parent's browser finds its details, its one book and no coupon.
    const details = (await (await t.request(`/api/delivery/${orderId}`)).json()) as {
      contactInfo: { email: string };
    };
    expect(details.contactInfo.email).toBe('parent@example.com');
    const summary = (await (
      await t.request(`/api/order/summary/${orderId}?country=en-GB`)
    ).json()) as { items: { dedication: string }[]; couponInfo: unknown };
    expect(summary.items.map((item) => item.dedication)).toEqual([savePayload().dedication]);
    expect(summary.couponInfo).toBeNull();
    expect(await (await t.request(`/api/order/${orderId}/status`)).json()).toMatchObject({
      placed: false,
      itemCount: 1,
    });
  });

  it('once the order is paid, its id opens its status page, to anyone', async () => {
    const { orderId } = await cartOf(t.request);
    const { reference } = await initiate(t, orderId);
    await sandboxPress(t, reference, 'paid', 'confirm');
    expect((await verify(t, reference)).status).toBe(200);
    const res = await t.browser()(`/api/order/${orderId}/status`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ placed: true, orderId });
  });

  it("a first save retried after its answer (and the key's cookie) was lost: the retrying browser holds the cart", async () => {
    const payload = savePayload();
    // The first answer never reached the browser: its cookie jar stays empty.
    const lost = await t.app.request('/api/order', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(payload),
    });
    expect(lost.status).toBe(201);
    const { orderId, orderItemId } = (await lost.json()) as {
      orderId: string;
      orderItemId: string;
    };
    // The same save again (the same requestId, which no answer ever shows): the same cart, now this
    // browser's, and no longer the lost key's.
    const browser = t.browser();
    const retried = await browser('/api/order', { method: 'POST', json: payload });
    expect(retried.status).toBe(201);
    expect(await retried.json()).toEqual({ orderId, orderItemId });
    expect((await browser(`/api/order/summary/${orderId}?country=en-GB`)).status).toBe(200);
    expect((await browser(`/api/orderItems/${orderItemId}`)).status).toBe(200);
    const lostKey = lost.headers.getSetCookie()[0]!.split(';')[0]!;
    const old = await t.app.request(`/api/orderItems/${orderItemId}`, {
      headers: { Cookie: lostKey },
    });
    expect(old.status).toBe(403);
  });

  it('a first save sent again after payment changes nothing: 409, the paid book as it was', async () => {
    const payload = savePayload();
    const created = await t.request('/api/order', { method: 'POST', json: payload });
    const { orderId } = (await created.json()) as { orderId: string };
    const saved = await t.request(`/api/order/${orderId}/delivery-address`, {
      method: 'POST',
      json: deliveryPayload(),
    });
    expect(saved.status).toBe(200);
    const { reference } = await initiate(t, orderId);
    await sandboxPress(t, reference, 'paid', 'confirm');
    expect((await verify(t, reference)).status).toBe(200);
    const again = await t.request('/api/order', {
      method: 'POST',
      json: { ...payload, dedication: 'Changed after payment' },
    });
    expect(again.status).toBe(409);
    const rows = await t.database.db.execute(
      sql`select dedication from order_items where order_id = ${orderId}`,
    );
    const [row] = (rows as unknown as { rows: { dedication: string }[] }).rows;
    expect(row?.dedication).toBe(payload.dedication);
  });

  it('an order made before cart keys goes to the first browser naming it in its order cookie', async () => {
    const { orderId } = await cartOf(t.request);
    await t.database.db.execute(sql`update orders set cart_key_hash = null where id = ${orderId}`);
    const returning = t.browser();
    const first = await returning(`/api/delivery/${orderId}`, cartHolder(orderId));
    expect(first.status).toBe(200);
    expect(first.headers.getSetCookie().some((c) => c.startsWith(`${CART_KEY_COOKIE}=`))).toBe(
      true,
    );
    // From now on, its key: even without the order cookie; and nobody else's.
    expect((await returning(`/api/order/summary/${orderId}?country=en-GB`)).status).toBe(200);
    const late = await t.browser()(`/api/delivery/${orderId}`, cartHolder(orderId));
    expect(late.status).toBe(403);
  });
});
