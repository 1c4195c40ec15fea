import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { canTransition } from '#contract/order-lifecycle.ts';
import {
  currentStatus,
  currentStepOf,
  statusHistory,
  transition,
} from '#server/services/order/order-moves.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { createOrder } from './orders-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('order states', () => {
  it('lets exactly one of many concurrent callers make a transition, and writes its history', async () => {
    const { orderId } = await createOrder(t);
    const db = t.database.db;
    const results = await Promise.all(
      Array.from({ length: 12 }, () =>
        transition(db, { orderId, to: 'awaiting_payment', actor: 'customer' }),
      ),
    );
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(await currentStatus(db, orderId)).toBe('awaiting_payment');
    const history = await statusHistory(db, orderId);
    expect(history.map((change) => [change.from, change.to, change.actor])).toEqual([
      ['cart', 'awaiting_payment', 'customer'],
    ]);
  });

  it('refuses a transition the machine does not allow and says where the order is', async () => {
    const { orderId } = await createOrder(t);
    const db = t.database.db;
    expect(await transition(db, { orderId, to: 'shipped', actor: 'staff:1' })).toEqual({
      ok: false,
      current: 'cart',
    });
    expect(
      await transition(db, { orderId: 'unknown-order-id-000000', to: 'paid', actor: 'system' }),
    ).toEqual({
      ok: false,
      current: null,
    });
    expect(await currentStatus(db, orderId)).toBe('cart');
    expect(await statusHistory(db, orderId)).toEqual([]);
  });

  it('keeps the highest step reached when an order is cancelled', async () => {
    const { orderId } = await createOrder(t);
    const db = t.database.db;
    for (const to of ['awaiting_payment', 'paid', 'checked', 'cancelled'] as const) {
      expect((await transition(db, { orderId, to, actor: 'system' })).ok).toBe(true);
    }
    expect(currentStepOf('cancelled', await statusHistory(db, orderId))).toBe(1025);
    expect(canTransition('shipped', 'cancelled')).toBe(false);
  });

  it('has the 100 first-edition numbers ready', async () => {
    const rows = await t.database.db.execute(
      sql`select count(*)::int as n, min(number) as lo, max(number) as hi from first_edition_numbers`,
    );
    const row = (rows as unknown as { rows: { n: number; lo: number; hi: number }[] }).rows[0];
    expect(row).toEqual({ n: 100, lo: 1, hi: 100 });
  });
});
