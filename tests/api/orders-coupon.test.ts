import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNPRINTABLE_MESSAGE } from '#contract/text.ts';
import { priceCart } from '#server/services/catalogue/pricing.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { addItem, createOrder, summary } from './orders-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type DiscountBody = { error?: string; code?: string; percentOff?: number };

async function discount(orderId: string, code: unknown) {
  const res = await t.request(`/api/order/${orderId}/discount`, { method: 'POST', json: { code } });
  const { requestId: _requestId, ...body } = (await res.json()) as DiscountBody & {
    requestId?: string;
  };
  return { status: res.status, body: body as DiscountBody };
}

describe('POST /api/order/{orderId}/discount with MULTI25', () => {
  it('refuses one book with min_books and a clear reason, and keeps no coupon', async () => {
    const { orderId } = await createOrder(t);
    const { status, body } = await discount(orderId, 'MULTI25');
    expect(status).toBe(400);
    expect(body).toEqual({
      error: 'MULTI25 gives 25% off when you buy 2 or more books.',
      code: 'min_books',
    });
    const cart = await summary(t, orderId);
    expect(cart.discount).toBe(0);
    expect(cart.couponInfo).toBeNull();
  });

  /** An order in `country`'s currency with a hardcover and a softcover book and MULTI25. */
  async function twoBooksWithCoupon(country: 'lv' | 'en-GB' | 'en-US') {
    const { orderId } = await createOrder(t, { country });
    await addItem(t, orderId, { country, cover: 'softcover' });
    const { status, body } = await discount(orderId, 'MULTI25');
    expect(status).toBe(200);
    expect(body).toEqual({ code: 'MULTI25', percentOff: 25 });
    return orderId;
  }

  it('takes 25% off the books (not the delivery) with two books, in every currency', async () => {
    const orderId = await twoBooksWithCoupon('en-GB');

    // en-GB: 34.99 + 29.99 = 64.98; 25% = 16.245 -> 16.25 (half up); delivery to the UK 9.99.
    const gb = await summary(t, orderId, 'country=en-GB');
    expect(gb).toMatchObject({
      subtotal: 64.98,
      discount: 16.25,
      deliveryCost: 9.99,
      total: 58.72,
      currencyCode: 'GBP',
    });
    expect(gb.couponInfo).toEqual({ code: 'MULTI25', percentOff: 25, applies: true, reason: null });
    // lv: 39.99 + 29.99 = 69.98; 25% = 17.495 -> 17.50; delivery 3.99.
    const lv = await summary(t, await twoBooksWithCoupon('lv'), 'country=lv');
    expect(lv).toMatchObject({
      subtotal: 69.98,
      discount: 17.5,
      deliveryCost: 3.99,
      total: 56.47,
      currencyCode: 'EUR',
    });
    const us = await summary(t, await twoBooksWithCoupon('en-US'), 'country=en-US&countryId=45');
    expect(us).toMatchObject({
      subtotal: 69.98,
      discount: 17.5,
      deliveryCost: 19.99,
      total: 72.47,
      currencyCode: 'USD',
    });
  });

  it('drops the discount when a book is removed, and gives it back when a book is added', async () => {
    const { orderId, orderItemId } = await createOrder(t);
    await addItem(t, orderId);
    expect((await discount(orderId, 'MULTI25')).status).toBe(200);
    expect((await summary(t, orderId)).discount).toBe(17.5);

    await t.request(`/api/orderItems/${orderItemId}`, { method: 'DELETE' });
    const one = await summary(t, orderId);
    expect(one.discount).toBe(0);
    expect(one).toMatchObject({ subtotal: 34.99, deliveryCost: 9.99, total: 44.98 });
    expect(one.couponInfo).toEqual({
      code: 'MULTI25',
      percentOff: 25,
      applies: false,
      reason: 'MULTI25 gives 25% off when you buy 2 or more books.',
    });

    await addItem(t, orderId);
    const two = await summary(t, orderId);
    expect(two.discount).toBe(17.5);
    expect(two.couponInfo?.applies).toBe(true);
  });

  it('matches the code case-insensitively after trimming', async () => {
    const { orderId } = await createOrder(t);
    await addItem(t, orderId);
    const { status, body } = await discount(orderId, '  multi25 ');
    expect(status).toBe(200);
    expect(body.code).toBe('MULTI25');
  });

  it.each([
    ['an unknown code', 'SUMMER10', 'unknown_code', 'The code SUMMER10 is not valid.'],
    ['a blank code', '   ', 'empty_code', 'Please enter a discount code.'],
  ])('refuses %s with a clear reason', async (_label, code, errorCode, message) => {
    const { orderId } = await createOrder(t);
    await addItem(t, orderId);
    const { status, body } = await discount(orderId, code);
    expect(status).toBe(400);
    expect(body).toEqual({ error: message, code: errorCode });
    expect((await summary(t, orderId)).couponInfo).toBeNull();
  });

  it('refuses a code with a NUL as the text rule refuses every control character (not echoed back)', async () => {
    const { orderId } = await createOrder(t);
    const { status, body } = await discount(orderId, 'MULTI\u000025');
    expect(status).toBe(400);
    expect(body).toEqual({
      error: 'The request has invalid fields.',
      fields: { code: [UNPRINTABLE_MESSAGE] },
    });
  });

  it('answers 400 for a body without a text code and 404 for an unknown order', async () => {
    const { orderId } = await createOrder(t);
    expect((await discount(orderId, 25)).status).toBe(400);
    const none = await t.request(`/api/order/${orderId}/discount`, { method: 'POST' });
    expect(none.status).toBe(400);
    for (const id of ['AAAAAAAAAAAAAAAAAAAAAAAA', 'nope']) {
      const { status, body } = await discount(id, 'MULTI25');
      expect(status, id).toBe(404);
      expect(body.error).toBe('Order not found.');
    }
  });
});

describe('priceCart', () => {
  const multi25 = { code: 'MULTI25', percentOff: 25, minBooks: 2, active: true };

  it('charges no delivery for a cart of digital books only', () => {
    const digital = priceCart({
      items: [
        { priceMinor: 1499, format: 'digital' },
        { priceMinor: 1499, format: 'digital' },
      ],
      countryDeliveryMinor: 399,
      coupon: multi25,
    });
    expect(digital).toMatchObject({
      subtotalMinor: 2998,
      deliveryMinor: 0,
      discountMinor: 750,
      totalMinor: 2248,
    });
    const mixed = priceCart({
      items: [
        { priceMinor: 1499, format: 'digital' },
        { priceMinor: 3999, format: 'hardcover' },
      ],
      countryDeliveryMinor: 399,
      coupon: null,
    });
    expect(mixed).toMatchObject({
      deliveryMinor: 399,
      totalMinor: 1499 + 3999 + 399,
      couponInfo: null,
    });
  });

  it('rounds the discount half up in minor units', () => {
    const price = (priceMinor: number) =>
      priceCart({
        items: [
          { priceMinor, format: 'softcover' },
          { priceMinor: 0, format: 'softcover' },
        ],
        countryDeliveryMinor: 0,
        coupon: multi25,
      }).discountMinor;
    expect(price(2)).toBe(1); // 0.5 -> 1
    expect(price(1)).toBe(0); // 0.25 -> 0
    expect(price(3)).toBe(1); // 0.75 -> 1
    expect(price(6998)).toBe(1750); // 1749.5 -> 1750
  });

  it('gives no discount for an inactive coupon and says why', () => {
    const result = priceCart({
      items: [
        { priceMinor: 1000, format: 'softcover' },
        { priceMinor: 1000, format: 'softcover' },
      ],
      countryDeliveryMinor: 0,
      coupon: { ...multi25, active: false },
    });
    expect(result.discountMinor).toBe(0);
    expect(result.couponInfo).toMatchObject({
      applies: false,
      reason: 'The code MULTI25 is no longer valid.',
    });
  });
});
