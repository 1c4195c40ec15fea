// The cached cart summary and order status (server/services/order/cached-answers.ts): every write shows
// in the next read, and a read that began before a write is never kept as the current answer. Runs
// on PGlite (write generation) and, with TEST_DATABASE_URL, on PostgreSQL (cart_versions).
import { toWireAmounts } from '#contract/amounts.ts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderStatus } from '#contract/order-status.ts';
import { coverPrices, orderItems, orders } from '#server/db/schema/shop.ts';
import { isPlainRead, writeGeneration } from '#server/db/write-generation.ts';
import { AnswerCache } from '#server/platform/answer-cache.ts';
import { cachedCartSummary, cachedOrderStatus } from '#server/services/order/cached-answers.ts';
import { getCartSummary } from '#server/services/catalogue/pricing.ts';
import { REFERENCE_TTL_MS, referencePrices } from '#server/services/catalogue/reference-prices.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { addItem, createOrder, savePayload, summary } from './orders-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function status(orderId: string) {
  const res = await t.request(`/api/order/${orderId}/status`);
  expect(res.status).toBe(200);
  return (await res.json()) as OrderStatus;
}

describe('GET /api/order/summary/{id} from the cache', () => {
  it('answers a repeated read with the same answer as an uncached read, once computed', async () => {
    const { orderId } = await createOrder(t);
    const first = await summary(t, orderId);
    const again = await summary(t, orderId);
    expect(again).toEqual(first);
    const uncached: unknown = JSON.parse(
      // As the route answers it: amounts in the currency (contract/amounts.ts).
      JSON.stringify(toWireAmounts<unknown>(await getCartSummary(t.database.db, orderId, 1))),
    );
    expect(await summary(t, orderId, 'country=en-GB&countryId=1')).toEqual(uncached);
    // Served from memory: the very same object while nothing changed.
    const db = t.database.db;
    expect(await cachedCartSummary(db, orderId)).toBe(await cachedCartSummary(db, orderId));
  });

  it('shows a coupon, a new book, a changed book and a removed book at once', async () => {
    const { orderId, orderItemId } = await createOrder(t);
    expect((await summary(t, orderId)).items).toHaveLength(1);
    const second = await addItem(t, orderId, { cover: 'softcover' });
    const two = await summary(t, orderId);
    expect(two.items.map((item) => item.format)).toEqual(['hardcover', 'softcover']);
    expect(two.subtotal).toBe(64.98);

    const coupon = await t.request(`/api/order/${orderId}/discount`, {
      method: 'POST',
      json: { code: 'multi25' },
    });
    expect(coupon.status).toBe(200);
    const discounted = await summary(t, orderId);
    expect(discounted.discount).toBe(16.25);
    expect(discounted.couponInfo).toMatchObject({ code: 'MULTI25', applies: true });

    const changed = await t.request(`/api/orderItems/${orderItemId}`, {
      method: 'PUT',
      json: savePayload({
        orderId,
        cover: 'softcover',
        child: { ...savePayload().child, name: 'Maris' },
      }),
    });
    expect(changed.status).toBe(200);
    const afterChange = await summary(t, orderId);
    expect(afterChange.items[0]).toMatchObject({
      childName: 'Maris',
      format: 'softcover',
      price: 29.99,
    });
    expect(afterChange.subtotal).toBe(59.98);

    const removed = await t.request(`/api/orderItems/${second}`, { method: 'DELETE' });
    expect(removed.status).toBe(204);
    const one = await summary(t, orderId);
    expect(one.items).toHaveLength(1);
    expect(one.couponInfo).toMatchObject({ code: 'MULTI25', applies: false });
    expect(one.discount).toBe(0);
  });

  it('keeps one answer per delivery country asked', async () => {
    const { orderId } = await createOrder(t, { country: 'lv', language: 'lv' });
    const home = await summary(t, orderId, 'country=lv');
    const uk = await summary(t, orderId, 'country=lv&countryId=1');
    expect(home.deliveryCost).toBe(3.99);
    expect(uk.deliveryCost).not.toBe(home.deliveryCost);
    expect(await summary(t, orderId, 'country=lv')).toEqual(home);
  });

  it('never keeps a read that began before a write as the current answer', async () => {
    const db = t.database.db;
    for (let round = 0; round < 5; round += 1) {
      const { orderId } = await createOrder(t);
      await cachedCartSummary(db, orderId);
      // The read starts first; the write is queued behind it and ends after it.
      const [before] = await Promise.all([
        cachedCartSummary(db, orderId),
        db.update(orders).set({ couponCode: 'MULTI25' }).where(eq(orders.id, orderId)),
      ]);
      expect(before).not.toBe('order-not-found');
      const after = await cachedCartSummary(db, orderId);
      expect(after).toMatchObject({ couponInfo: { code: 'MULTI25' } });
      // And a write inside a transaction shows once it has committed.
      const read = cachedCartSummary(db, orderId);
      await db.transaction(async (tx) => {
        await tx
          .update(orderItems)
          .set({ childName: 'Liga' })
          .where(eq(orderItems.orderId, orderId));
      });
      await read;
      expect(await cachedCartSummary(db, orderId)).toMatchObject({
        items: [{ childName: 'Liga' }],
      });
    }
  });

  it('stays current when the reference prices are read again and found unchanged', async () => {
    const db = t.database.db;
    const { orderId } = await createOrder(t);
    const first = await cachedCartSummary(db, orderId);
    const before = await referencePrices(db);
    let later = Date.now() + REFERENCE_TTL_MS + 1;
    expect(await referencePrices(db, later)).toBe(before);
    expect(await cachedCartSummary(db, orderId)).toBe(first);
    // A price changed (e.g. by another instance's new reference data): a new set of prices.
    const hardcoverEur = and(
      eq(coverPrices.currencyCode, 'EUR'),
      eq(coverPrices.coverType, 'hardcover'),
    );
    await db
      .update(coverPrices)
      .set({ priceMinor: sql`${coverPrices.priceMinor} + 100` })
      .where(hardcoverEur);
    later += REFERENCE_TTL_MS + 1;
    const changed = await referencePrices(db, later);
    expect(changed).not.toBe(before);
    expect(changed.coverPrice.get('EUR:hardcover')).toBe(
      (before.coverPrice.get('EUR:hardcover') ?? 0) + 100,
    );
    await db
      .update(coverPrices)
      .set({ priceMinor: sql`${coverPrices.priceMinor} - 100` })
      .where(hardcoverEur);
    later += REFERENCE_TTL_MS + 1;
    expect((await referencePrices(db, later)).coverPrice.get('EUR:hardcover')).toBe(
      before.coverPrice.get('EUR:hardcover'),
    );
  });

  it('asks the database once when reads of a cart new to this server arrive together, and shows a write to the reads after it', async () => {
    const db = t.database.db;
    await referencePrices(db);
    const { orderId } = await createOrder(t);
    await settled();
    // Delivery to a country asked by its id (countryId 1): an answer not computed ahead (the server
    // computes the order's summary ahead without one).
    let answers: unknown[] = [];
    const sent = await statementsOf(async () => {
      answers = await Promise.all(
        Array.from({ length: 8 }, () => cachedCartSummary(db, orderId, 1)),
      );
    });
    expect(sent).toBe(1);
    expect(answers[0]).toMatchObject({ orderId, deliveryCostMinor: expect.any(Number) });
    for (const answer of answers) expect(answer).toBe(answers[0]);
    // A write among reads of a cart new to the server: the reads after it show it.
    for (let round = 0; round < 5; round += 1) {
      const other = await createOrder(t);
      await settled();
      const early = cachedCartSummary(db, other.orderId, 1);
      const write = db
        .update(orders)
        .set({ couponCode: 'MULTI25' })
        .where(eq(orders.id, other.orderId));
      const during = cachedCartSummary(db, other.orderId, 1);
      await write;
      const after = cachedCartSummary(db, other.orderId, 1);
      await Promise.all([early, during]);
      expect(await after).toMatchObject({ couponInfo: { code: 'MULTI25' } });
      expect(await cachedCartSummary(db, other.orderId, 1)).toMatchObject({
        couponInfo: { code: 'MULTI25' },
      });
    }
  });

  it('does not keep a rolled-back change', async () => {
    const db = t.database.db;
    const { orderId } = await createOrder(t);
    const first = await summary(t, orderId);
    await expect(
      db.transaction(async (tx) => {
        await tx.update(orders).set({ couponCode: 'MULTI25' }).where(eq(orders.id, orderId));
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await summary(t, orderId)).toEqual(first);
  });
});

describe('GET /api/order/{id}/status from the cache', () => {
  it('shows a new book in the count at once', async () => {
    const { orderId } = await createOrder(t);
    expect(await status(orderId)).toEqual({ orderId, placed: false, status: 'cart', itemCount: 1 });
    await addItem(t, orderId);
    expect(await status(orderId)).toEqual({ orderId, placed: false, status: 'cart', itemCount: 2 });
  });

  it('shows a status change made while a read was under way', async () => {
    const db = t.database.db;
    const { orderId } = await createOrder(t);
    await cachedOrderStatus(db, orderId);
    await Promise.all([
      cachedOrderStatus(db, orderId),
      db.update(orders).set({ status: 'awaiting_payment' }).where(eq(orders.id, orderId)),
    ]);
    expect(await status(orderId)).toMatchObject({ placed: false, status: 'awaiting_payment' });
  });
});

/** Runs `read` and counts the statements it sent to the database. */
async function statementsOf(read: () => Promise<unknown>): Promise<number> {
  const client = (
    t.database.db as unknown as { $client: { query: (...args: unknown[]) => Promise<unknown> } }
  ).$client;
  const query = client.query;
  let count = 0;
  client.query = (...args: unknown[]) => {
    count += 1;
    return query.apply(client, args);
  };
  try {
    await read();
  } finally {
    client.query = query;
  }
  return count;
}
const settled = () => new Promise((resolve) => setTimeout(resolve, 50));

describe.runIf(!process.env.TEST_DATABASE_URL)('on PGlite, per order', () => {
  it("keeps an order's summary and status through writes to other orders", async () => {
    const db = t.database.db;
    const { orderId } = await createOrder(t);
    const first = await cachedCartSummary(db, orderId);
    const firstStatus = await cachedOrderStatus(db, orderId);
    const other = await createOrder(t);
    await addItem(t, other.orderId);
    await db.update(orders).set({ status: 'awaiting_payment' }).where(eq(orders.id, other.orderId));
    expect(await cachedCartSummary(db, orderId)).toBe(first);
    expect(await cachedOrderStatus(db, orderId)).toBe(firstStatus);
    // Its own changes show at once.
    await db.update(orders).set({ status: 'awaiting_payment' }).where(eq(orders.id, orderId));
    expect(await cachedOrderStatus(db, orderId)).toMatchObject({
      placed: false,
      status: 'awaiting_payment',
      itemCount: 1,
    });
    await addItem(t, orderId);
    expect(await cachedOrderStatus(db, orderId)).toMatchObject({ itemCount: 2 });
    expect(await cachedCartSummary(db, orderId)).toMatchObject({ items: [{}, {}] });
  });

  it("has a changed order's summary and status ready before they are asked", async () => {
    const { orderId } = await createOrder(t);
    await addItem(t, orderId, { cover: 'softcover' });
    await settled();
    expect(await statementsOf(() => summary(t, orderId, 'country=lv'))).toBe(0);
    expect(await statementsOf(() => status(orderId))).toBe(0);
    expect((await summary(t, orderId, 'country=lv')).items.map((item) => item.format)).toEqual([
      'hardcover',
      'softcover',
    ]);
    expect(await status(orderId)).toEqual({ orderId, placed: false, status: 'cart', itemCount: 2 });
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('on PostgreSQL, after a write', () => {
  it('has the summary computed, so the next read is at most one version check and the one after asks nothing', async () => {
    const { orderId } = await createOrder(t);
    await addItem(t, orderId, { cover: 'softcover' });
    await settled();
    expect(await statementsOf(() => summary(t, orderId, 'country=lv'))).toBeLessThanOrEqual(1);
    expect(await statementsOf(() => summary(t, orderId, 'country=lv'))).toBe(0);
    expect((await summary(t, orderId, 'country=lv')).items.map((item) => item.format)).toEqual([
      'hardcover',
      'softcover',
    ]);
  });
});

describe('the cache itself', () => {
  it('keeps at most its bound, dropping the least recently used', () => {
    const cache = new AnswerCache<number>(2);
    cache.set('a', 1);
    cache.set('b', 2);
    expect(cache.get('a')).toBe(1);
    cache.set('c', 3);
    expect(cache.get('b')).toBeUndefined();
    expect([cache.get('a'), cache.get('c'), cache.size]).toEqual([1, 3, 2]);
  });

  it('counts every statement but a plain SELECT as a write', () => {
    expect(isPlainRead('select 1')).toBe(true);
    expect(isPlainRead('  SELECT * from orders')).toBe(true);
    for (const text of [
      'update orders set status = 1',
      'with x as (delete from a returning *) select * from x',
      'insert into a values (1)',
      'begin',
    ]) {
      expect(isPlainRead(text)).toBe(false);
    }
  });

  it.runIf(!process.env.TEST_DATABASE_URL)(
    'moves the PGlite generation with each write and not with a read',
    async () => {
      const db = t.database.db;
      const before = writeGeneration(db) ?? Number.NaN;
      const { orderId } = await createOrder(t);
      const written = writeGeneration(db) ?? Number.NaN;
      expect(written).toBeGreaterThan(before);
      await summary(t, orderId);
      await status(orderId);
      expect(writeGeneration(db)).toBe(written);
      // A write that changes no row (a job poll that found no job) keeps every answer current.
      const first = await cachedCartSummary(db, orderId);
      await db.update(orders).set({ couponCode: 'MULTI25' }).where(eq(orders.id, 'no-such-order'));
      expect(writeGeneration(db)).toBe(written);
      expect(await cachedCartSummary(db, orderId)).toBe(first);
      await db.update(orders).set({ couponCode: 'MULTI25' }).where(eq(orders.id, orderId));
      expect(writeGeneration(db)).toBeGreaterThan(written);
    },
  );
});
