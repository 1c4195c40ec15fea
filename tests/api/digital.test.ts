import { eq } from 'drizzle-orm';
import { toMinor } from '#contract/markets.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CoverOption } from '#contract/catalogue.ts';
import type { DigitalStatus } from '#contract/digital.ts';
import type { PlacedOrderStatus } from '#contract/order-status.ts';
import { outboxMail } from '#server/db/schema/shop.ts';
import { digitalEditions } from '#server/db/schema/digital.ts';
import { printFilesOf } from '#server/services/fulfilment/stored-print-files.ts';
import { renderScreenPdf } from '#server/services/fulfilment/print/screen-pdf.ts';
import {
  deliveryPayload,
  fakePrinter,
  initiate,
  sandboxPress,
  saveDelivery,
  verify,
} from './checkout-helpers.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { addItem, createOrder, summary } from './orders-helpers.ts';

// The digital edition (#36 item 2): prices per market, a digital-only checkout without delivery,
// the screen PDF made after payment, the mailed signed link (valid, tampered, expired), counted
// downloads and a new link asked for from the status page. The screen PDF is the real one (made
// in this thread, the same function the worker runs); the print files are a fake printer's.
let t: TestApp;
let clock = new Date();
const printer = fakePrinter();
beforeAll(async () => {
  t = await createTestApp({
    now: () => clock,
    checkout: { printRenderer: printer.render, screenRenderer: renderScreenPdf },
  });
}, 120_000);
afterAll(async () => {
  await t.close();
});

async function coverOptions(country: string): Promise<CoverOption[]> {
  const res = await t.request(`/api/product/coverOptions?country=${country}`);
  expect(res.status).toBe(200);
  return (await res.json()) as CoverOption[];
}

/** The download links of the mails to `to`, newest mail last. */
async function linksMailedTo(to: string): Promise<{ subject: string; links: string[] }[]> {
  const rows = await t.database.db.select().from(outboxMail).where(eq(outboxMail.to, to));
  return rows
    .filter((mail) => mail.text.includes('/api/digital/'))
    .map((mail) => ({
      subject: mail.subject,
      links: [...mail.text.matchAll(/http:\/\/localhost:3000(\/api\/digital\/[^\s)]+)/g)].map(
        (match) => match[1]!,
      ),
    }));
}

async function pay(orderId: string) {
  const { reference } = await initiate(t, orderId);
  await sandboxPress(t, reference, 'paid', 'confirm');
  expect((await verify(t, reference)).status).toBe(200);
  await t.checkout.jobs.runUntilIdle();
  await t.checkout.jobs.runUntilIdle();
}

function pdfInfoTitle(pdf: Buffer): string {
  const text = pdf.toString('latin1');
  const ref = /\/Title (\d+) 0 R/.exec(text)?.[1];
  const raw =
    (ref && new RegExp(`\\b${ref} 0 obj\\s*\\((.*?)\\)\\s*endobj`, 's').exec(text)?.[1]) || '';
  // A PDF text string: PDFDocEncoding, or UTF-16BE after its byte order mark; \ escapes undone.
  const bytes = Buffer.from(
    raw.replace(
      /\\([nrtbf()\\])/g,
      (_, c: string) => ({ n: '\n', r: '\r', t: '\t', b: '\b', f: '\f' })[c] ?? c,
    ),
    'latin1',
  );
  if (bytes[0] === 0xfe && bytes[1] === 0xff)
    return Buffer.from(bytes.subarray(2)).swap16().toString('utf16le');
  return bytes.toString('latin1');
}

describe('the digital edition', () => {
  it('is priced per market, alone and beside a printed book, and listed on the cover choice', async () => {
    const expected = { lv: [14.99, 46.98], 'en-GB': [12.99, 40.98], 'en-US': [14.99, 46.98] };
    for (const [country, [alone, hardcoverWithPdf]] of Object.entries(expected)) {
      const options = await coverOptions(country);
      expect(options.map((option) => option.type)).toEqual([
        'hardcover',
        'softcover',
        'digital',
        'layflat',
      ]);
      const digital = options.find((option) => option.type === 'digital')!;
      expect(digital).toMatchObject({ price: alone, byContact: false });
      expect(digital.withPdfPrice).toBeUndefined();
      expect(options.find((option) => option.type === 'hardcover')!.withPdfPrice).toBe(
        hardcoverWithPdf,
      );
      expect(options.find((option) => option.type === 'layflat')!.withPdfPrice).toBeUndefined();
    }
  });

  it('prices a digital-only cart without delivery, and a mixed cart with it', async () => {
    const { orderId } = await createOrder(t, { cover: 'digital' });
    const digitalOnly = await summary(t, orderId);
    expect(digitalOnly.items[0]).toMatchObject({ format: 'digital', price: 12.99 });
    expect(digitalOnly).toMatchObject({
      subtotal: 12.99,
      deliveryCost: 0,
      total: 12.99,
    });

    // withPdf on the PDF alone means nothing: it is never charged twice.
    await addItem(t, orderId, { cover: 'digital', withPdf: true });
    expect((await summary(t, orderId)).total).toBe(25.98);

    await addItem(t, orderId, { cover: 'softcover', withPdf: true });
    const mixed = await summary(t, orderId);
    expect(mixed.items[2]).toMatchObject({ format: 'softcover', withPdf: true, price: 35.98 });
    expect(mixed.deliveryCost).toBeGreaterThan(0);
    expect(toMinor(mixed.total)).toBe(1299 * 2 + 3598 + toMinor(mixed.deliveryCost));
  });

  it('refuses a save whose withPdf is not a yes or no (400 with the field)', async () => {
    const res = await t.request('/api/order', {
      method: 'POST',
      json: { ...(await import('./orders-helpers.ts')).savePayload(), withPdf: 'yes' },
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { fields: Record<string, string[]> };
    expect(body.fields.withPdf).toEqual(['withPdf must be true or false.']);
  });

  it(
    'sells a digital-only book: billing details only, no delivery, the PDF mailed by a signed link that expires, downloads counted, a new link on request',
    { timeout: 240_000 },
    async () => {
      clock = new Date();
      const email = 'pdf-parent@example.com';
      const { orderId } = await createOrder(t, { cover: 'digital', country: 'lv', language: 'lv' });
      // The billing address goes where a printed order's shipping address goes (SPEC 'Checkout
      // delivery': 'use shipping as billing' is forced on for a digital cart).
      await saveDelivery(
        t,
        orderId,
        deliveryPayload({
          contactInfo: { email, phone: '+371 2000 0000', subscribe: false },
        }),
      );
      await pay(orderId);

      const status = (await (
        await t.request(`/api/order/${orderId}/status`)
      ).json()) as PlacedOrderStatus;
      // Nothing is shipped: no delivery cost, no estimate, and the order is done once mailed.
      expect(status).toMatchObject({ deliveryCost: 0, estimatedDeliveryDate: null });
      expect(status.status).toBe('delivered');
      expect(await printFilesOf(t.database.db, orderId)).toHaveLength(0);

      const view = (await (
        await t.request(`/api/order/${orderId}/digital`)
      ).json()) as DigitalStatus;
      expect(view.items).toEqual([
        { id: '1', childName: 'Oliver', ready: true, downloads: 0, byteSize: expect.any(Number) },
      ]);

      const mails = await linksMailedTo(email);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.subject).toContain('Jūsu grāmata ir gatava lejupielādei');
      const link = mails[0]!.links[0]!;

      const pdf = await t.request(link);
      expect(pdf.status).toBe(200);
      expect(pdf.headers.get('content-type')).toBe('application/pdf');
      expect(pdf.headers.get('content-disposition')).toBe(
        'attachment; filename="Tu-to-vari-Oliver.pdf"',
      );
      const bytes = Buffer.from(await pdf.arrayBuffer());
      expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
      expect(pdfInfoTitle(bytes)).toBe('Tu to vari – Oliver');
      expect(bytes.length).toBeGreaterThan(200_000);
      expect(bytes.length).toBeLessThan(8_000_000);
      await t.request(link);
      const [row] = await t.database.db
        .select({ count: digitalEditions.downloadCount })
        .from(digitalEditions)
        .where(eq(digitalEditions.orderId, orderId));
      expect(row?.count).toBe(2);

      // A changed link is not ours: 403, the book unknown.
      const [itemId, expires, signature] = link.split('/').pop()!.split('.');
      const longer = `/api/digital/${itemId}.${Number(expires) + 86_400}.${signature}`;
      const forged = await t.request(longer);
      expect(forged.status).toBe(403);
      expect(((await forged.json()) as { error: string }).error).toBe(
        'This download link is not valid.',
      );
      expect((await t.request(`/api/digital/nonsense`)).status).toBe(403);

      // A new link, asked for on the status page, goes to the order's address; three an hour.
      for (let n = 0; n < 3; n += 1) {
        const again = await t.request(`/api/order/${orderId}/digital/links`, {
          method: 'POST',
          json: {},
        });
        expect(again.status).toBe(202);
      }
      await t.checkout.jobs.runUntilIdle();
      const fresh = await linksMailedTo(email);
      expect(fresh).toHaveLength(4);
      expect(fresh[3]!.subject).toContain('Jauna lejupielādes saite');
      const tooMany = await t.request(`/api/order/${orderId}/digital/links`, {
        method: 'POST',
        json: {},
      });
      expect(tooMany.status).toBe(429);

      // Eight days later the first link has expired: 410 with a clear message, a page for a browser.
      clock = new Date(clock.getTime() + 8 * 24 * 60 * 60 * 1000);
      const expired = await t.request(link);
      expect(expired.status).toBe(410);
      expect(((await expired.json()) as { error: string }).error).toMatch(/has expired/);
      const page = await t.request(link, { headers: { Accept: 'text/html' } });
      expect(page.status).toBe(410);
      expect(await page.text()).toContain('Šīs lejupielādes saites derīguma termiņš ir beidzies');
      const counted = await t.database.db
        .select({ count: digitalEditions.downloadCount })
        .from(digitalEditions)
        .where(eq(digitalEditions.orderId, orderId));
      expect(counted[0]?.count).toBe(2);
      clock = new Date();
    },
  );

  it(
    'ships the printed part of a mixed order and mails the PDF of its printed + PDF book',
    { timeout: 240_000 },
    async () => {
      const email = 'mixed-parent@example.com';
      const { orderId } = await createOrder(t, { cover: 'hardcover', withPdf: true });
      await addItem(t, orderId, { cover: 'softcover' });
      await saveDelivery(
        t,
        orderId,
        deliveryPayload({ contactInfo: { email, phone: '+371 2000 0000', subscribe: false } }),
      );
      await pay(orderId);
      const status = (await (
        await t.request(`/api/order/${orderId}/status`)
      ).json()) as PlacedOrderStatus;
      expect(status.status).toBe('paid');
      expect(status.deliveryCost).toBeGreaterThan(0);
      expect(status.estimatedDeliveryDate).not.toBeNull();
      // Both printed books have their print files (a hardcover's three, a softcover's two), and
      // the parcel its packing slip; only the first book has a PDF.
      expect(await printFilesOf(t.database.db, orderId)).toHaveLength(6);
      const view = (await (
        await t.request(`/api/order/${orderId}/digital`)
      ).json()) as DigitalStatus;
      expect(view.items.map((item) => [item.id, item.ready])).toEqual([['1', true]]);
      const mails = await linksMailedTo(email);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.links).toHaveLength(1);
      expect((await t.request(mails[0]!.links[0]!)).status).toBe(200);
    },
  );

  it('answers 404 for the PDF view of an unknown order', async () => {
    expect((await t.request('/api/order/AAAAAAAAAAAAAAAAAAAAAAAA/digital')).status).toBe(404);
  });
});
