import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxMail } from '#server/db/schema/shop.ts';
import { digitalEditions } from '#server/db/schema/digital.ts';
import { renderScreenPdf } from '#server/services/fulfilment/print/screen-pdf.ts';
import {
  DEFAULT_RETENTION,
  monthsBefore,
  runRetention,
} from '#server/services/retention/retention.ts';
import {
  deliveryPayload,
  fakePrinter,
  initiate,
  readyOrder,
  sandboxPress,
  verify,
} from './checkout-helpers.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { cartHolder, savePayload } from './orders-helpers.ts';
import { rows } from './retention-helpers.ts';

// The retention job (server/services/retention) and the digital edition (#36): when an order's
// personal data is due to go (24 months after its last step), its screen PDFs (the child's name
// in every page and in the PDF's Title) go with it, with their download records, and so does its
// review with the buyer's photo. The PDFs are real ones (made by the same function the worker
// runs) and the photo a real JPEG sent through the review form's API. An order not yet due keeps
// both.

const DAY = 86_400_000;
let clock = new Date();
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    now: () => clock,
    checkout: { printRenderer: fakePrinter().render, screenRenderer: renderScreenPdf },
  });
}, 120_000);
afterAll(async () => {
  await t.close();
});

/** A paid order of one PDF for `child`, the review box ticked; its PDF made and mailed. */
async function paidPdfOrder(email: string, child: string): Promise<string> {
  const orderId = await readyOrder(t, {
    overrides: { cover: 'digital', child: { ...savePayload().child, name: child } },
    delivery: deliveryPayload({
      contactInfo: { email, phone: '+371 2000 0000', subscribe: false },
    }),
  });
  const consent = await t.request(`/api/order/${orderId}/review-consent`, {
    method: 'PUT',
    json: { consent: true },
    ...cartHolder(orderId),
  });
  expect(consent.status).toBe(200);
  const { reference } = await initiate(t, orderId);
  await sandboxPress(t, reference, 'paid', 'confirm');
  expect((await verify(t, reference)).status).toBe(200);
  await t.checkout.jobs.runUntilIdle();
  await t.checkout.jobs.runUntilIdle();
  return orderId;
}

async function mailsTo(email: string) {
  return t.database.db.select().from(outboxMail).where(eq(outboxMail.to, email));
}

/** The order's download link and review form token, from the mails it was sent. */
async function linksOf(email: string) {
  const texts = (await mailsTo(email)).map((mail) => mail.text).join('\n');
  const download = /\/api\/digital\/[A-Za-z0-9_-]+\.\d+\.[A-Za-z0-9_-]+/.exec(texts)?.[0];
  const form = /\/review\/([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)/.exec(texts)?.[1];
  return { download, form };
}

/** The review's scan as the hourly job runs it, at the test's clock. */
async function runScan() {
  await t.database.db.execute(
    sql`insert into jobs (kind, dedupe_key, payload) values ('review-requests', ${`review-requests:test:${Math.random()}`}, '{}')`,
  );
  await t.checkout.jobs.runUntilIdle();
}

/** The order's 'delivered' step (and every step before it) moved to `at`. */
async function deliveredAt(orderId: string, at: Date) {
  await t.database.db.execute(
    sql`update order_status_history set created_at = ${at} where order_id = ${orderId}`,
  );
  await t.database.db.execute(
    sql`update placed_orders set paid_at = ${at} where order_id = ${orderId}`,
  );
}

async function photo(): Promise<string> {
  const jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#3a7' } })
    .jpeg()
    .toBuffer();
  return jpeg.toString('base64');
}

describe('retention and the digital edition', () => {
  it(
    'deletes an old order’s screen PDFs, their download records and its review with the photo; keeps a recent order’s',
    { timeout: 300_000 },
    async () => {
      clock = new Date();
      const old = await paidPdfOrder('old-pdf@example.com', 'Oskars');
      const recent = await paidPdfOrder('recent-pdf@example.com', 'Rasma');
      const oldLinks = await linksOf('old-pdf@example.com');
      const recentLinks = await linksOf('recent-pdf@example.com');
      expect(oldLinks.download).toBeTruthy();
      expect(recentLinks.download).toBeTruthy();

      // Each PDF is real and downloaded once (a counted download).
      for (const link of [oldLinks.download!, recentLinks.download!]) {
        const pdf = await t.request(link);
        expect(pdf.status).toBe(200);
        const bytes = Buffer.from(await pdf.arrayBuffer());
        expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
        expect(bytes.length).toBeGreaterThan(100_000);
      }
      const stored = await t.database.db
        .select({ orderId: digitalEditions.orderId, downloads: digitalEditions.downloadCount })
        .from(digitalEditions);
      expect(stored).toEqual(
        expect.arrayContaining([
          { orderId: old, downloads: 1 },
          { orderId: recent, downloads: 1 },
        ]),
      );

      // Both delivered (a PDF order is delivered once its PDF is mailed); the old one 25 months
      // ago, the recent one 23. Both buyers are asked for a review, and answer with a photo.
      await deliveredAt(old, monthsBefore(clock, 25));
      await deliveredAt(recent, monthsBefore(clock, 23));
      await runScan();
      for (const email of ['old-pdf@example.com', 'recent-pdf@example.com']) {
        const { form } = await linksOf(email);
        expect(form, `the review link mailed to ${email}`).toBeTruthy();
        const sent = await t.request(`/api/reviews/form/${form}`, {
          method: 'POST',
          json: {
            rating: 5,
            text: 'Our daughter reads it every evening.',
            firstName: 'Anna',
            city: 'Rīga',
            photo: await photo(),
            acceptTerms: true,
          },
        });
        expect(sent.status, await sent.clone().text()).toBe(201);
      }
      const photosOf = (orderId: string) =>
        rows<{ has_photo: boolean }>(
          t,
          sql`select photo is not null as has_photo from reviews where order_id = ${orderId}`,
        );
      expect(await photosOf(old)).toEqual([{ has_photo: true }]);

      clock = new Date(clock.getTime() + DAY);
      const result = await runRetention(t.database.db, DEFAULT_RETENTION, clock);
      expect(result.ordersAnonymised).toBe(1);

      // The old order: no PDF, no download record, no review or photo; its link finds nothing.
      expect(await rows(t, sql`select 1 from digital_editions where order_id = ${old}`)).toEqual(
        [],
      );
      expect(await photosOf(old)).toEqual([]);
      const gone = await t.request(oldLinks.download!);
      expect(gone.status).toBe(404);
      expect(gone.headers.get('content-type')).not.toBe('application/pdf');
      // The status page lists no PDF, and no new link can be asked for.
      const status = await t.request(`/api/order/${old}/digital`);
      expect(((await status.json()) as { items: unknown[] }).items).toEqual([]);
      const again = await t.request(`/api/order/${old}/digital/links`, { method: 'POST' });
      expect(again.status).toBe(404);

      // The recent order keeps its PDF (still downloadable), its count and its review.
      expect(
        await rows<{ download_count: number }>(
          t,
          sql`select download_count from digital_editions where order_id = ${recent}`,
        ),
      ).toEqual([{ download_count: 1 }]);
      expect(await photosOf(recent)).toEqual([{ has_photo: true }]);
    },
  );
});
