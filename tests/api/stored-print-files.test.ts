import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlacedOrderStatus } from '#contract/order-status.ts';
import { orderSnapshots } from '#server/db/schema/checkout.ts';
import { printFileBytes, printFilesOf } from '#server/services/fulfilment/stored-print-files.ts';
import {
  countRows,
  initiate,
  mailsAbout,
  readyOrder,
  sandboxPress,
  verify,
} from './checkout-helpers.ts';
import { createTestApp, type TestApp } from './helpers.ts';

// The real print renderer (the book's print PDF in a worker thread), once.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 120_000);
afterAll(async () => {
  await t.close();
});

/** A page box of the PDF's one page (pdfkit writes plain dictionaries), in mm. */
function boxMm(
  pdf: Buffer,
  name: 'MediaBox' | 'TrimBox',
): { x: number; y: number; width: number; height: number } {
  const pages = pdf.toString('latin1').match(/<<[^<>]*\/Type \/Page\b(?!s)[^<>]*>>/g) ?? [];
  expect(pages).toHaveLength(1);
  const match = new RegExp(`/${name} \\[([^\\]]*)\\]`).exec(pages[0]!);
  const [x0, y0, x1, y1] = match![1]!
    .trim()
    .split(/\s+/)
    .map((pt) => (Number(pt) / 72) * 25.4);
  return { x: x0!, y: y0!, width: x1! - x0!, height: y1! - y0! };
}

/** The document title the printer's job list shows (pdfkit writes it as an object of its own). */
function pdfTitle(pdf: Buffer): string {
  const text = pdf.toString('latin1');
  const ref = /\/Title (\d+) 0 R/.exec(text)?.[1];
  return (ref && new RegExp(`\\b${ref} 0 obj\\s*\\(([^)]*)\\)`).exec(text)?.[1]) || '';
}

describe('print files after payment', () => {
  it(
    'renders each paid book of one order (a hardcover and a softcover) once, with its edition number, and its cover in the binding ordered',
    { timeout: 300_000 },
    async () => {
      // readyOrder's first book is a hardcover, the second a softcover.
      const orderId = await readyOrder(t, { books: 2 });
      const { reference } = await initiate(t, orderId);
      await sandboxPress(t, reference, 'paid', 'confirm');
      expect((await verify(t, reference)).status).toBe(200);
      await t.checkout.jobs.runUntilIdle();
      await t.checkout.jobs.runUntilIdle();

      const status = (await (
        await t.request(`/api/order/${orderId}/status`)
      ).json()) as PlacedOrderStatus;
      const [snapshot] = await t.database.db
        .select()
        .from(orderSnapshots)
        .where(eq(orderSnapshots.orderId, orderId));
      const bindingOf = new Map(snapshot!.items.map((item) => [item.itemId, item.coverType]));
      expect([...bindingOf.values()].sort()).toEqual(['hardcover', 'softcover']);

      const files = await printFilesOf(t.database.db, orderId);
      // The hardcover's three, the softcover's two (its first and last spreads are in its block:
      // no endpapers), and the order's packing slip (no gift card: not a gift).
      expect(files).toHaveLength(6);
      expect(files.filter((file) => file.itemId === `order:${orderId}`).map((f) => f.kind)).toEqual(
        ['packing-slip'],
      );
      const covers = new Map<string, Buffer>();
      for (const itemId of bindingOf.keys()) {
        const own = files.filter((file) => file.itemId === itemId);
        expect(own.map((file) => file.kind).sort()).toEqual(
          bindingOf.get(itemId) === 'softcover'
            ? ['cover', 'interior']
            : ['cover', 'endpapers', 'interior'],
        );
        // The status answer names each book by its place in the order (no item ids in it).
        const place = String(snapshot!.items.findIndex((item) => item.itemId === itemId) + 1);
        const edition = status.items.find((item) => item.id === place)?.editionNumber;
        expect(own.every((file) => file.editionNumber === (edition ?? null))).toBe(true);
        for (const file of own) {
          const stored = await printFileBytes(t.database.db, file.id);
          expect(stored!.bytes.subarray(0, 5).toString()).toBe('%PDF-');
          expect(stored!.byteSize).toBeGreaterThan(10_000);
          if (file.kind === 'cover') covers.set(bindingOf.get(itemId)!, stored!.bytes);
        }
      }

      // A hardcover's 42 interior pages: 21 leaves of 0.14 mm paper; a softcover's 46: 23 leaves.
      const block = 21 * 0.14;
      const softBlock = 23 * 0.14;
      // Softcover: back and front pages of 245 x 300 mm with the spine between, 3 mm bleed around; no boards.
      const soft = covers.get('softcover')!;
      expect(pdfTitle(soft)).toContain('cover wrap, softcover');
      const softTrim = boxMm(soft, 'TrimBox');
      const softMedia = boxMm(soft, 'MediaBox');
      expect(softTrim.width).toBeCloseTo(2 * 245 + softBlock, 1);
      expect(softTrim.height).toBeCloseTo(300, 1);
      expect(softTrim.x).toBeCloseTo(3, 1);
      expect(softMedia.width).toBeCloseTo(2 * 245 + softBlock + 2 * 3, 1);
      expect(softMedia.height).toBeCloseTo(300 + 2 * 3, 1);

      // Hardcover: boards 248 x 306 mm, two 8 mm hinges, a spine over the block and both boards,
      // and 15 mm of cover material turned in all round.
      const hard = covers.get('hardcover')!;
      expect(pdfTitle(hard)).toContain('cover wrap, hardcover');
      const hardTrim = boxMm(hard, 'TrimBox');
      const hardMedia = boxMm(hard, 'MediaBox');
      const caseWidth = 2 * 248 + 2 * 8 + (block + 2 * 2.5 + 1);
      expect(hardTrim.width).toBeCloseTo(caseWidth, 0);
      expect(hardTrim.height).toBeCloseTo(306, 1);
      expect(hardTrim.x).toBeCloseTo(15, 1);
      expect(hardMedia.width).toBeCloseTo(caseWidth + 2 * 15, 0);
      expect(hardMedia.height).toBeCloseTo(306 + 2 * 15, 1);

      // Every job done, but the hand-off to the printer, which waits for the change window's end.
      expect(
        await countRows(
          t,
          sql`select count(*) as n from jobs where status <> 'done' and kind <> 'print-handoff'`,
        ),
      ).toBe(0);
      // Each book passed its proof against the preview (issue #43): no alert was queued.
      expect(
        await countRows(t, sql`select count(*) as n from jobs where kind = 'print-proof-alert'`),
      ).toBe(0);

      // The confirmation mail's HTML keeps the order number on one line (a phone never breaks it at
      // its hyphens).
      const [mail] = await mailsAbout(t, 'parent@example.com', status.orderNumber);
      expect(mail!.html).toContain(
        `<strong style="white-space:nowrap">${status.orderNumber}</strong>`,
      );
    },
  );
});
