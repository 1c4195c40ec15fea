import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readEnv } from '#server/env.ts';
import { printFiles } from '#server/db/schema/checkout.ts';
import {
  createLuluPartner,
  DEFAULT_POD_PACKAGES,
  luluFileProblems,
} from '#server/services/fulfilment/partner/lulu.ts';
import type {
  PartnerBook,
  PrintSubmission,
} from '#server/services/fulfilment/partner/print-partner.ts';
import { printFileLink } from '#server/services/fulfilment/partner/print-links.ts';
import { countRows, fakePrinter, mailsAbout, paidInRiga } from './checkout-helpers.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { LULU_KEY, LULU_SECRET, startFakeLulu, type FakeLulu } from './lulu-fake.ts';
import { signedIn, type AdminClient } from './admin-helpers.ts';

/**
 * Lulu's Print API adapter against a fake Lulu built from Lulu's documentation (lulu-fake.ts):
 * the files it is sent, its idempotency (a lost answer never makes a second job), the webhook's
 * signature, cancelling, the statuses; and what the shop does with our own book, whose files Lulu
 * cannot print as they are (the owner is told, nothing is handed on).
 */
let t: TestApp;
let lulu: FakeLulu;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  lulu = await startFakeLulu({
    // The fake fetches the files from the shop (here, the app in this process).
    fetchFile: async (url) => t.app.request(new URL(url).pathname),
  });
  t = await createTestApp({
    checkout: {
      printRenderer: fakePrinter().render,
      print: { holdMs: 0, partner: partnerOf() },
    },
  });
});
afterAll(async () => {
  await t?.close();
  await lulu?.close();
});

function partnerOf(fetchImpl?: typeof fetch) {
  return createLuluPartner({
    apiUrl: lulu.url,
    clientKey: LULU_KEY,
    clientSecret: LULU_SECRET,
    contactEmail: 'shop@storymade.example',
    shippingLevel: 'MAIL',
    podPackages: DEFAULT_POD_PACKAGES,
    productionDelayMinutes: 60,
    ...(fetchImpl ? { fetch: fetchImpl } : {}),
  });
}

/** A book Lulu can print: 8.5 x 11 in, 0.125 in bleed, a softcover. */
function printableBook(urls: { interior: string; cover: string }): PartnerBook {
  return {
    itemId: 'item-1',
    title: 'SM-2026-00042 Anna',
    binding: 'softcover',
    pageCount: 46,
    quantity: 1,
    trimMm: { width: 215.9, height: 279.4 },
    bleedMm: 3.175,
    colour: 'full',
    interiorUrl: urls.interior,
    coverUrl: urls.cover,
  };
}

/** Two stored files of a paid order, and links to them as the shop sends them. */
async function storedFileLinks() {
  const [interior, cover] = await t.database.db
    .select({ id: printFiles.id, bytes: printFiles.bytes })
    .from(printFiles)
    .where(sql`${printFiles.kind} in ('interior', 'cover')`)
    .orderBy(printFiles.kind)
    .limit(2);
  // kind order: cover < interior.
  const link = (id: number) =>
    printFileLink('http://localhost:3000', linkSecret(), { id, name: 'x.pdf' }, new Date());
  return { cover: interior!, interior: cover!, link };
}

function linkSecret() {
  return t.checkout.print.secret;
}

function submission(key: string, book: PartnerBook): PrintSubmission {
  return {
    reference: 'SM-2026-00042',
    idempotencyKey: key,
    books: [book],
    shipping: {
      name: 'Jane Smith',
      street1: '10 Downing Street',
      city: 'London',
      postcode: 'SW1A 2AA',
      countryCode: 'GB',
      phone: '+447911123456',
      email: 'parent@example.com',
    },
    shippingLevel: 'MAIL',
  };
}

const paidOrder = (email: string) => paidInRiga(t, email);

describe('the print settings', () => {
  it('reads PRINT_* and LULU_*, and refuses the sandbox printer on a shop that takes real money', () => {
    expect(readEnv({}).print).toEqual({
      partner: 'sandbox',
      holdSeconds: 43200,
      sandboxShipSeconds: 120,
    });
    const live = {
      PUBLIC_URL: 'https://shop.example.com',
      PAYMENT_PROVIDER: 'everypay',
      EVERYPAY_API_URL: 'https://pay.every-pay.eu/api/v4',
      EVERYPAY_API_USERNAME: 'user',
      EVERYPAY_API_SECRET: 'secret',
      EVERYPAY_ACCOUNT_NAME: 'EUR3D1',
    };
    expect(() => readEnv(live)).toThrow(/PRINT_PARTNER=lulu or PRINT_PARTNER=manual/);
    expect(readEnv({ ...live, PRINT_PARTNER: 'manual' }).print.partner).toBe('manual');
    expect(() => readEnv({ ...live, PRINT_PARTNER: 'lulu' })).toThrow(
      'PRINT_PARTNER=lulu needs LULU_CLIENT_KEY, LULU_CLIENT_SECRET',
    );
    expect(
      readEnv({
        ...live,
        PRINT_PARTNER: 'lulu',
        LULU_CLIENT_KEY: 'key',
        LULU_CLIENT_SECRET: 'secret',
        PRINT_HOLD_SECONDS: '25',
      }).print,
    ).toMatchObject({
      partner: 'lulu',
      holdSeconds: 25,
      lulu: {
        apiUrl: 'https://api.sandbox.lulu.com',
        podPackages: DEFAULT_POD_PACKAGES,
        productionDelayMinutes: 60,
        shippingLevel: 'MAIL',
      },
    });
    expect(() => readEnv({ LULU_API_URL: 'http://api.lulu.com' })).toThrow(/https/);
    expect(() => readEnv({ LULU_PRODUCTION_DELAY_MINUTES: '30' })).toThrow(/60 to 2880/);
    expect(() => readEnv({ LULU_POD_PACKAGE_SOFTCOVER: 'A5' })).toThrow(/pod_package_id/);
  });
});

describe("Lulu's file requirements against our print spec", () => {
  it('names what keeps our book from Lulu: the trim, the bleed, the endpapers', () => {
    const ours: PartnerBook = {
      ...printableBook({ interior: 'https://x/i.pdf', cover: 'https://x/c.pdf' }),
      binding: 'hardcover',
      pageCount: 42,
      trimMm: { width: 245, height: 300 },
      bleedMm: 3,
      endpapersUrl: 'https://x/e.pdf',
    };
    const problems = luluFileProblems(ours, DEFAULT_POD_PACKAGES.hardcover);
    expect(problems).toHaveLength(3);
    expect(problems[0]).toContain('245 x 300 mm');
    expect(problems[0]).toContain('215.9 x 279.4 mm');
    expect(problems[1]).toContain('3.2 mm');
    expect(problems[2]).toContain('endpapers');
    // A black-and-white or hard product for a softcover is named too.
    expect(
      luluFileProblems(
        printableBook({ interior: 'https://x/i.pdf', cover: 'https://x/c.pdf' }),
        '0850X1100.BW.STD.CW.060UW444.MXX',
      ),
    ).toEqual([
      '0850X1100.BW.STD.CW.060UW444.MXX is not full colour (FC); the book is.',
      '0850X1100.BW.STD.CW.060UW444.MXX is not a softcover binding (PB).',
    ]);
    expect(
      luluFileProblems(
        printableBook({ interior: 'https://x/i.pdf', cover: 'https://x/c.pdf' }),
        DEFAULT_POD_PACKAGES.softcover,
      ),
    ).toEqual([]);
  });
});

describe('the Lulu adapter against the documented API', () => {
  it('creates a print job with the files by signed link, the product, the address and the key; once per key', async () => {
    await paidOrder('lulu-files@example.com');
    const files = await storedFileLinks();
    const partner = partnerOf();
    const book = printableBook({
      interior: files.link(files.interior.id),
      cover: files.link(files.cover.id),
    });
    const before = lulu.jobs.length;
    const job = await partner.submit(submission('key-files-1', book));
    expect(job.stage).toBe('accepted');
    expect(job.status).toBe('CREATED');
    expect(lulu.jobs).toHaveLength(before + 1);
    const made = lulu.jobs.at(-1)!;
    expect(String(made.id)).toBe(job.reference);
    expect(made.external_id).toBe('SM-2026-00042-key-files-1');
    expect(made.production_delay).toBe(60);
    expect(made.shipping_level).toBe('MAIL');
    expect(made.contact_email).toBe('shop@storymade.example');
    expect(made.shipping_address).toMatchObject({
      name: 'Jane Smith',
      street1: '10 Downing Street',
      country_code: 'GB',
      phone_number: '+447911123456',
    });
    expect(made.line_items[0]!.printable_normalization.pod_package_id).toBe(
      DEFAULT_POD_PACKAGES.softcover,
    );
    // Lulu fetched both files through the signed links and got the stored bytes.
    expect(made.fetched.map((file) => [file.file, file.status])).toEqual([
      ['cover', 200],
      ['interior', 200],
    ]);
    expect(made.fetched[0]!.bytes.equals(Buffer.from(files.cover.bytes))).toBe(true);
    expect(made.fetched[1]!.bytes.equals(Buffer.from(files.interior.bytes))).toBe(true);
    // The same key again: the job made the first time.
    const again = await partner.submit(submission('key-files-1', book));
    expect(again.reference).toBe(job.reference);
    expect(lulu.jobs).toHaveLength(before + 1);
  });

  it('finds the job a lost answer made, with the same key, and never makes a second', async () => {
    const partner = partnerOf();
    const book = printableBook({
      interior: 'https://files.example/i.pdf',
      cover: 'https://files.example/c.pdf',
    });
    const before = lulu.jobs.length;
    lulu.loseNextCreateAnswer();
    await expect(partner.submit(submission('key-lost-1', book))).rejects.toMatchObject({
      kind: 'unavailable',
    });
    expect(lulu.jobs).toHaveLength(before + 1);
    const retried = await partner.submit(submission('key-lost-1', book));
    expect(retried.reference).toBe(String(lulu.jobs.at(-1)!.id));
    expect(lulu.jobs).toHaveLength(before + 1);
  });

  it("verifies the webhook's Lulu-HMAC-SHA256 signature over the raw body", async () => {
    const partner = partnerOf();
    const book = printableBook({
      interior: 'https://files.example/i.pdf',
      cover: 'https://files.example/c.pdf',
    });
    const job = await partner.submit(submission('key-hook-1', book));
    const received: { body: string; signature: string }[] = [];
    lulu.subscribe(async (body, signature) => {
      received.push({ body, signature });
    });
    await lulu.advance(Number(job.reference), 'UNPAID');
    lulu.subscribe(async () => {});
    const [hook] = received;
    const headers = (signature: string) => new Headers({ 'Lulu-HMAC-SHA256': signature });
    expect(partner.readWebhook(headers(hook!.signature), hook!.body)).toEqual({
      reference: job.reference,
    });
    // A changed body, another secret's signature, or none: not Lulu's.
    expect(
      partner.readWebhook(headers(hook!.signature), hook!.body.replace('UNPAID', 'SHIPPED')),
    ).toBeNull();
    expect(partner.readWebhook(headers('0'.repeat(64)), hook!.body)).toBeNull();
    expect(partner.readWebhook(new Headers(), hook!.body)).toBeNull();
  });

  it('cancels a job not yet printing, and reads one printing as printing', async () => {
    const partner = partnerOf();
    const book = printableBook({
      interior: 'https://files.example/i.pdf',
      cover: 'https://files.example/c.pdf',
    });
    const early = await partner.submit(submission('key-cancel-1', book));
    expect(await partner.cancel(early.reference)).toMatchObject({
      stage: 'cancelled',
      status: 'CANCELED',
    });
    const late = await partner.submit(submission('key-cancel-2', book));
    await lulu.advance(Number(late.reference), 'PRODUCTION_READY');
    await lulu.advance(Number(late.reference), 'IN_PRODUCTION');
    expect(await partner.cancel(late.reference)).toMatchObject({
      stage: 'in_production',
      status: 'IN_PRODUCTION',
    });
  });

  it('reads the stages through to shipped with the tracking number and https link', async () => {
    const partner = partnerOf();
    const book = printableBook({
      interior: 'https://files.example/i.pdf',
      cover: 'https://files.example/c.pdf',
    });
    const job = await partner.submit(submission('key-stages-1', book));
    const id = Number(job.reference);
    const seen: string[] = [];
    for (const to of [
      'UNPAID',
      'PRODUCTION_DELAYED',
      'PRODUCTION_READY',
      'IN_PRODUCTION',
      'SHIPPED',
    ]) {
      await lulu.advance(id, to);
      seen.push((await partner.status(job.reference)).stage);
    }
    expect(seen).toEqual(['accepted', 'accepted', 'accepted', 'in_production', 'shipped']);
    const shipped = await partner.status(job.reference);
    expect(shipped.trackingNumber).toBe(
      lulu.jobs.find((j) => j.id === id)!.line_items[0]!.tracking_id,
    );
    expect(shipped.trackingUrl).toMatch(
      /^https:\/\/api\.sandbox\.lulu\.com\/printer-wannabe-tracking\//,
    );
    await lulu.advance(id, 'DELIVERED');
    expect((await partner.status(job.reference)).stage).toBe('delivered');
    // One token for all of it (asked again only near its expiry).
    expect(lulu.tokensIssued()).toBeLessThanOrEqual(6);
  });

  it('is refused by a wrong client secret, and answers a 400 as a refusal', async () => {
    const wrong = createLuluPartner({
      apiUrl: lulu.url,
      clientKey: LULU_KEY,
      clientSecret: 'not-the-secret',
      contactEmail: 'shop@storymade.example',
      shippingLevel: 'MAIL',
      podPackages: DEFAULT_POD_PACKAGES,
      productionDelayMinutes: 60,
    });
    await expect(wrong.status('42776')).rejects.toThrow('refused the client key and secret');
    const partner = partnerOf();
    const book = printableBook({
      interior: 'https://files.example/i.pdf',
      cover: 'https://files.example/c.pdf',
    });
    const noPhone = submission('key-400', book);
    noPhone.shipping.phone = '';
    await expect(partner.submit(noPhone)).rejects.toMatchObject({ kind: 'refused', status: 400 });
  });
});

describe('the shop with Lulu', () => {
  it("does not hand on a book Lulu cannot print: the hand-off fails with Lulu's reasons, the owner is told once, and may retry", async () => {
    const before = lulu.jobs.length;
    const orderId = await paidOrder('lulu-shop@example.com');
    await sleep(50);
    await t.checkout.jobs.runUntilIdle();
    expect(lulu.jobs).toHaveLength(before);
    const [row] = (
      (await t.database.db.execute(
        sql`select state, last_error, attempts from print_handoffs where order_id = ${orderId}`,
      )) as unknown as { rows: { state: string; last_error: string; attempts: number }[] }
    ).rows;
    expect(row!.state).toBe('failed');
    expect(row!.last_error).toContain('245 x 300 mm');
    const alerts = await mailsAbout(t, 'hello@storymade.eu', 'Lulu refused');
    expect(alerts.length).toBeGreaterThanOrEqual(1);
    expect(new Set(alerts.map((m) => m.subject)).size).toBe(alerts.length);
    expect(alerts.at(-1)!.text).toContain('245 x 300 mm');

    // The back office shows it, and the owner may hand it on again (it fails the same way).
    const admin: AdminClient = await signedIn(
      t.app,
      t.database,
      'owner@storymade.example',
      'owner',
      'http://localhost:3000',
    );
    const shown = await admin.send(`/api/admin/orders/${orderId}/print-partner`);
    expect(shown.status).toBe(200);
    expect(await shown.json()).toMatchObject({
      partner: 'lulu',
      handoff: { partner: 'lulu', state: 'failed', canRetry: true, canCancel: false },
    });
    const retried = await admin.send(`/api/admin/orders/${orderId}/print-partner/retry`, {
      method: 'POST',
      json: {},
    });
    expect(retried.status).toBe(202);
    await t.checkout.jobs.runUntilIdle();
    expect(
      await countRows(t, sql`select count(*) as n from print_handoffs where order_id = ${orderId}`),
    ).toBe(1);
    expect(
      (
        (await (await admin.send(`/api/admin/orders/${orderId}/print-partner`)).json()) as {
          handoff: { state: string };
        }
      ).handoff.state,
    ).toBe('failed');
    expect(
      (
        await admin.send(`/api/admin/orders/${orderId}/print-partner/cancel`, {
          method: 'POST',
          json: {},
        })
      ).status,
    ).toBe(409);
  });

  it('serves a print file to a valid signed link only', async () => {
    const [file] = await t.database.db
      .select({ id: printFiles.id, bytes: printFiles.bytes })
      .from(printFiles)
      .where(eq(printFiles.kind, 'interior'))
      .limit(1);
    const good = printFileLink(
      'http://localhost:3000',
      linkSecret(),
      { id: file!.id, name: 'a.pdf' },
      new Date(),
    );
    const path = new URL(good).pathname;
    const res = await t.request(path);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await res.arrayBuffer()).equals(Buffer.from(file!.bytes))).toBe(true);
    const parts = path.split('/');
    // Another file's id under this signature, a changed signature, an expired link: 404.
    const other = [...parts];
    other[3] = String(file!.id + 1);
    expect((await t.request(other.join('/'))).status).toBe(404);
    const forged = [...parts];
    forged[5] = `${forged[5]!.slice(0, -2)}AA`;
    expect((await t.request(forged.join('/'))).status).toBe(404);
    const expired = printFileLink(
      'http://localhost:3000',
      linkSecret(),
      { id: file!.id, name: 'a.pdf' },
      new Date(Date.now() - 8 * 86_400_000),
    );
    expect((await t.request(new URL(expired).pathname)).status).toBe(404);
  });
});
