// A book for another family shape, bought through the API: its paid snapshot keeps the family and
// the printer's interior PDF calls the grown-ups what the parent chose (issue #33), read back from
// the PDF's text with poppler's pdftotext.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultLook } from '#book/family.ts';
import { orderSnapshots } from '#server/db/schema/checkout.ts';
import { printFileBytes, printFilesOf } from '#server/services/fulfilment/stored-print-files.ts';
import { initiate, readyOrder, sandboxPress, verify } from './checkout-helpers.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { pdfText } from './pdf-text.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 120_000);
afterAll(async () => {
  await t.close();
});

describe('a grandma-and-grandpa book, paid and printed', () => {
  it(
    'keeps the family in the paid snapshot and prints the chosen words, never Mum or Dad',
    { timeout: 300_000 },
    async () => {
      const orderId = await readyOrder(t, {
        overrides: {
          family: {
            shape: 'grandma-grandpa',
            grownUps: [
              {
                kind: 'grandpa',
                name: 'Robert',
                call: 'Grandad',
                personalization: defaultLook('grandpa'),
              },
              {
                kind: 'grandma',
                name: 'Mary',
                call: 'Nana',
                personalization: defaultLook('grandma'),
              },
            ],
          },
        },
      });
      const { reference } = await initiate(t, orderId);
      await sandboxPress(t, reference, 'paid', 'confirm');
      expect((await verify(t, reference)).status).toBe(200);
      await t.checkout.jobs.runUntilIdle();
      await t.checkout.jobs.runUntilIdle();

      const [snapshot] = await t.database.db
        .select()
        .from(orderSnapshots)
        .where(eq(orderSnapshots.orderId, orderId));
      expect(snapshot!.items[0]!.family).toMatchObject({
        shape: 'grandma-grandpa',
        grownUps: [
          { kind: 'grandpa', call: 'Grandad' },
          { kind: 'grandma', call: 'Nana' },
        ],
      });

      const interior = (await printFilesOf(t.database.db, orderId)).find(
        (file) => file.kind === 'interior',
      );
      expect(interior).toBeDefined();
      const text = pdfText(Buffer.from((await printFileBytes(t.database.db, interior!.id))!.bytes));
      expect(text).toContain('Grandad');
      expect(text).toContain('Nana');
      expect(text).not.toMatch(/\b(Mum|Dad|Mummy|Daddy)\b/);
    },
  );
});
