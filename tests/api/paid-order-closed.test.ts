import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';
import { addItem, savePayload } from './orders-helpers.ts';
import { fakePrinter, initiate, readyOrder, sandboxPress, verify } from './checkout-helpers.ts';

let t: TestApp;
const printer = fakePrinter();
beforeAll(async () => {
  t = await createTestApp({ checkout: { printRenderer: printer.render } });
});
afterAll(async () => {
  await t.close();
});

describe('a paid order keeps what was paid for', () => {
  it('answers 409 to adding, changing or removing a book and to a coupon once paid; before, each works', async () => {
    const orderId = await readyOrder(t, { books: 2 });
    const extra = await addItem(t, orderId, { cover: 'softcover' });
    expect((await t.request(`/api/orderItems/${extra}`, { method: 'DELETE' })).status).toBe(204);

    const before = await (await t.request(`/api/order/summary/${orderId}?country=en-GB`)).json();
    const { reference } = await initiate(t, orderId);
    await sandboxPress(t, reference, 'paid');
    await sandboxPress(t, reference, 'confirm');
    expect((await verify(t, reference)).status).toBe(200);

    const [first] = (before as { items: { id: string }[] }).items;
    const refusals = [
      await t.request('/api/orderItems', {
        method: 'POST',
        json: savePayload({ orderId, requestId: crypto.randomUUID() }),
      }),
      await t.request(`/api/orderItems/${first!.id}`, {
        method: 'PUT',
        json: savePayload({ orderId, dedication: 'Changed after paying' }),
      }),
      await t.request(`/api/orderItems/${first!.id}`, { method: 'DELETE' }),
      await t.request(`/api/order/${orderId}/discount`, {
        method: 'POST',
        json: { code: 'MULTI25' },
      }),
    ];
    for (const res of refusals) {
      expect(res.status).toBe(409);
      expect(((await res.json()) as { error: string }).error).toBe(
        'This order is paid: its books and discount can no longer change.',
      );
    }
    // What was paid for is unchanged (the status answer: the cart itself is no one's to read once paid).
    const paid = (await (await t.request(`/api/order/${orderId}/status`)).json()) as {
      items: { childName: string; format: string }[];
    };
    expect(paid.items.map((item) => [item.childName, item.format])).toEqual(
      (before as { items: { childName: string; format: string }[] }).items.map((item) => [
        item.childName,
        item.format,
      ]),
    );
    expect((await t.request(`/api/order/summary/${orderId}?country=en-GB`)).status).toBe(403);
  });
});
