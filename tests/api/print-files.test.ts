import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlacedOrderStatus } from '#contract/order-status.ts';
import { printFileBytes, printFilesOf } from '#server/services/print-files.ts';
import { countRows, initiate, readyOrder, sandboxPress, verify } from './checkout-helpers.ts';
import { createTestApp, type TestApp } from './helpers.ts';

// The real print renderer (the book's print PDF in a worker thread), once.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 120_000);
afterAll(async () => {
  await t.close();
});

describe('print files after payment', () => {
  it('renders the paid book once with its first-edition number and stores both PDFs in the database', { timeout: 240_000 }, async () => {
    const orderId = await readyOrder(t);
    const { reference } = await initiate(t, orderId);
    await sandboxPress(t, reference, 'paid', 'confirm');
    expect((await verify(t, reference)).status).toBe(200);
    await t.checkout.jobs.runUntilIdle();
    await t.checkout.jobs.runUntilIdle();

    const status = (await (await t.request(`/api/order/${orderId}/status`)).json()) as PlacedOrderStatus;
    const files = await printFilesOf(t.database.db, orderId);
    expect(files.map((file) => file.kind).sort()).toEqual(['cover', 'interior']);
    expect(files.every((file) => file.editionNumber === status.items[0]!.editionNumber)).toBe(true);
    const interior = await printFileBytes(t.database.db, files.find((file) => file.kind === 'interior')!.id);
    expect(interior!.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(interior!.byteSize).toBeGreaterThan(10_000);
    expect(await countRows(t, sql`select count(*) as n from jobs where status <> 'done'`)).toBe(0);
  });
});
