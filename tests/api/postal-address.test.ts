import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeliveryPayloadInput } from '#contract/checkout.ts';
import type { PlacedOrderStatus } from '#contract/order-status.ts';
import { printFiles } from '#server/db/schema/checkout.ts';
import { parcelItemId } from '#server/services/fulfilment/parcel-files.ts';
import {
  deliveryPayload,
  fakePrinter,
  initiate,
  mailsAbout,
  readyOrder,
  sandboxPress,
  verify,
} from './checkout-helpers.ts';
import { createTestApp, type TestApp } from './helpers.ts';

// Issue #43.6: addresses in each country's order, the country named in the document's language,
// on the packing slip, the confirmation mail, the invoice (and so the credit note, drawn by the
// same code) and the status page's gift (tests/api/gift.test.ts). The expected orders are the
// countries' postal formats as Royal Mail, USPS and Latvijas Pasts publish them (and Google's
// address data, libaddressinput, agrees): UK post town and postcode on lines of their own; US
// "CITY, ST ZIP"; Latvia "Rīga, LV-1010" after the street.

let t: TestApp;
const dir = mkdtempSync(path.join(os.tmpdir(), 'postal-address-'));
beforeAll(async () => {
  t = await createTestApp({ checkout: { printRenderer: fakePrinter().render } });
}, 120_000);
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The text of a PDF's first page; `crop` [x, y, width, height] in points reads only that part. */
function pdfText(pdf: Uint8Array, name: string, crop?: [number, number, number, number]): string {
  const file = path.join(dir, `${name}.pdf`);
  writeFileSync(file, pdf);
  const area = crop
    ? [
        '-r',
        '72',
        '-x',
        String(crop[0]),
        '-y',
        String(crop[1]),
        '-W',
        String(crop[2]),
        '-H',
        String(crop[3]),
      ]
    : [];
  return execFileSync('pdftotext', ['-f', '1', '-l', '1', ...area, file, '-'], {
    encoding: 'utf8',
  });
}

/** The lines of `text` from the first of `lines` on, as many as `lines` has (blank lines skipped). */
function block(text: string, lines: string[]): string[] {
  const all = text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  const at = all.indexOf(lines[0]!);
  return at === -1 ? all : all.slice(at, at + lines.length);
}

const CASES = [
  {
    country: 'the United Kingdom',
    language: 'en-GB' as const,
    address: {
      firstName: 'Amelia',
      lastName: 'Hart',
      address1: '12 Pulteney Bridge',
      address2: 'Flat 2',
      city: 'Bath',
      zip: 'BA2 4AT',
      countryId: 31,
    },
    lines: ['Amelia Hart', '12 Pulteney Bridge', 'Flat 2', 'Bath', 'BA2 4AT', 'United Kingdom'],
    mailHeading: 'Delivery address:',
  },
  {
    country: 'the United States',
    language: 'en-US' as const,
    address: {
      firstName: 'Noah',
      lastName: 'Miller',
      address1: '350 Hudson Street',
      address2: 'Apt 4B',
      city: 'New York',
      zip: '10014',
      province: 'NY',
      countryId: 45,
    },
    lines: ['Noah Miller', '350 Hudson Street', 'Apt 4B', 'New York, NY 10014', 'United States'],
    mailHeading: 'Shipping address:',
  },
  {
    country: 'Latvia',
    language: 'lv' as const,
    address: {
      firstName: 'Anna',
      lastName: 'Bērziņa',
      address1: 'Brīvības iela 1-5',
      city: 'Rīga',
      zip: 'LV-1010',
      countryId: 19,
    },
    // Latvian documents say 'Latvija', never 'Latvia'.
    lines: ['Anna Bērziņa', 'Brīvības iela 1-5', 'Rīga, LV-1010', 'Latvija'],
    mailHeading: 'Piegādes adrese:',
  },
];

describe.each(CASES)('an address in $country', ({ language, address, lines, mailHeading }) => {
  let orderId: string;
  let email: string;
  beforeAll(async () => {
    email = `parent-${language.toLowerCase()}@example.com`;
    const delivery: DeliveryPayloadInput = deliveryPayload({
      contactInfo: { email, phone: '+371 2000 0000', subscribe: false },
      shippingAddress: address,
    });
    orderId = await readyOrder(t, {
      overrides: { language, country: language },
      delivery,
    });
    const { reference } = await initiate(t, orderId);
    await sandboxPress(t, reference, 'paid', 'confirm');
    expect((await verify(t, reference)).status).toBe(200);
    await t.checkout.jobs.runUntilIdle();
  }, 60_000);

  it('prints so on the packing slip', async () => {
    const [slip] = await t.database.db
      .select({ bytes: printFiles.bytes })
      .from(printFiles)
      .where(
        and(eq(printFiles.itemId, parcelItemId(orderId)), eq(printFiles.kind, 'packing-slip')),
      );
    const text = pdfText(slip!.bytes, `slip-${language}`);
    expect(block(text, lines)).toEqual(lines);
  });

  it('says so in the confirmation mail', async () => {
    const status = (await (
      await t.request(`/api/order/${orderId}/status`)
    ).json()) as PlacedOrderStatus;
    const [mail] = await mailsAbout(t, email, status.orderNumber);
    expect(mail).toBeDefined();
    const text = mail!.text.split('\n');
    const at = text.indexOf(mailHeading);
    expect(text.slice(at + 1, at + 1 + lines.length)).toEqual(lines);
  });

  it('prints so on the invoice (and its credit notes)', async () => {
    const status = (await (
      await t.request(`/api/order/${orderId}/status`)
    ).json()) as PlacedOrderStatus;
    const [mail] = await mailsAbout(t, email, status.orderNumber);
    const link =
      /http:\/\/localhost:3000(\/api\/order\/[\w-]+\/documents\/INV-\d+\.pdf\?key=[\w-]+)/.exec(
        mail!.text,
      );
    expect(link).not.toBeNull();
    const res = await t.request(link![1]!);
    expect(res.status).toBe(200);
    // The buyer's column: the right half of the A4 page's top.
    const text = pdfText(
      new Uint8Array(await res.arrayBuffer()),
      `invoice-${language}`,
      [298, 0, 297, 420],
    );
    // The buyer's name, then the address without it (the billing address is the delivery one).
    const address = lines.slice(1);
    expect(block(text, address)).toEqual(address);
  });
});
