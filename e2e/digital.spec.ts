import type { Page } from '@playwright/test';
import { createOrder, openDelivery } from './cart-orders.ts';
import {
  expectNoAxeViolations,
  fillAddress,
  fillContact,
  payOnSandbox,
  type Address,
  type CheckoutTexts,
} from './checkout-helpers.ts';
import { expect, LANGUAGES, test, type Language } from './fixtures.ts';
import { texts } from './locales.ts';

// The digital edition (#36 item 2) in Chromium against the production server with the sandbox
// payment, in each language: a digital-only cart checks out with billing details only (no
// shipping, no delivery estimate), the PDF link arrives by mail (read from /dev/outbox), the PDF
// downloads with the child's name in its Title, and the status page shows the PDF with its
// downloads counted. axe on every screen; screenshots at 1366 and 390 px under .tmp/screens.

test.describe.configure({ timeout: 300_000 });

const ADDRESSES: Record<Language, Address> = {
  lv: {
    firstName: 'Anna',
    lastName: 'Bērziņa',
    address1: 'Brīvības iela 1',
    city: 'Rīga',
    zip: 'LV-1010',
  },
  'en-GB': {
    firstName: 'Anna',
    lastName: 'Smith',
    address1: '1 High Street',
    city: 'Bristol',
    zip: 'BS1 4DJ',
  },
  'en-US': {
    firstName: 'Anna',
    lastName: 'Smith',
    address1: '1 Main Street',
    city: 'Boston',
    zip: '02108',
    province: 'MA',
  },
};
const CHILD: Record<Language, string> = { lv: 'Līga', 'en-GB': 'Oliver', 'en-US': 'Ava' };

async function shot(page: Page, name: string) {
  for (const [width, height] of [
    [1366, 820],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: `.tmp/screens/digital-${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1366, height: 820 });
}

function pdfTitle(pdf: Buffer): string {
  const text = pdf.toString('latin1');
  const ref = /\/Title (\d+) 0 R/.exec(text)?.[1];
  const raw =
    (ref && new RegExp(`\\b${ref} 0 obj\\s*\\((.*?)\\)\\s*endobj`, 's').exec(text)?.[1]) || '';
  const bytes = Buffer.from(raw.replace(/\\([()\\])/g, '$1'), 'latin1');
  if (bytes[0] === 0xfe && bytes[1] === 0xff)
    return Buffer.from(bytes.subarray(2)).swap16().toString('utf16le');
  return bytes.toString('latin1');
}

for (const language of LANGUAGES) {
  test(`buys a digital-only book in ${language}, downloads it by the mailed link`, async ({
    page,
    request,
    consoleErrors,
  }) => {
    const t = texts<CheckoutTexts>(language, 'checkout');
    const status = texts<{ digital: Record<string, string> }>(language, 'order-status');
    const mail = texts<{ ready: { subject: string } }>(language, 'mail-digital');
    const child = CHILD[language];
    const email = `pdf-${language.toLowerCase()}-${Date.now()}@example.com`;
    const { orderId } = await createOrder(request, language, [
      { name: child, gender: 'Girl', cover: 'digital' },
    ]);
    await openDelivery(page, language, orderId);

    // SPEC 'Checkout delivery': billing details only; no 'use shipping as billing', no estimate.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.title.billing);
    await expect(page.getByRole('checkbox', { name: t.sameBilling })).toHaveCount(0);
    await expect(page.getByRole('group', { name: t.sections.shipping })).toHaveCount(0);
    const summary = page.getByRole('region', { name: t.summary.title! });
    await expect(summary).not.toContainText(/\d+ (working|business) days|darba dien/);
    await fillAddress(page, t, t.sections.billing, ADDRESSES[language]);
    await fillContact(page, t, email, language === 'lv' ? '+371 2000 0000' : '+447911123456');
    await expectNoAxeViolations(page, `the ${language} billing form`);
    if (language === 'en-GB') await shot(page, 'checkout');

    await page.getByRole('button', { name: t.payNow }).click();
    await payOnSandbox(page, 'paid', language, consoleErrors);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.status.paid.title);

    // The mail with the link, once the print-files job has made the PDF.
    let link = '';
    await expect
      .poll(
        async () => {
          const html = await (await page.request.get('/dev/outbox')).text();
          const part = html
            .split('<article>')
            .find((one) => one.includes(email) && one.includes(mail.ready.subject));
          link =
            /(\/api\/digital\/[A-Za-z0-9_-]+\.\d+\.[A-Za-z0-9_-]+)/.exec(part ?? '')?.[1] ?? '';
          return link;
        },
        { timeout: 240_000, intervals: [2_000] },
      )
      .not.toBe('');
    const download = await page.request.get(link);
    expect(download.status()).toBe(200);
    expect(download.headers()['content-type']).toBe('application/pdf');
    const pdf = await download.body();
    expect(pdf.length).toBeGreaterThan(300_000);
    expect(pdfTitle(pdf)).toContain(child);
    // A changed link is refused with a page that says so.
    const forged = await page.request.get(link.replace(/\.(\d)/, '.9'), {
      headers: { Accept: 'text/html' },
    });
    expect(forged.status()).toBe(403);

    await page.goto(`/order-status/${orderId}`);
    const section = page.getByRole('region', { name: status.digital.title });
    await expect(section).toContainText(status.digital.ready!.replace('{{count}}', '1'));
    await expect(section.getByRole('link')).toHaveCount(0);
    await expectNoAxeViolations(page, `the ${language} status page with the PDF`);
    await section.getByRole('button', { name: status.digital.sendAgain }).click();
    await expect(section.getByRole('status')).toHaveText(status.digital.sent!);
    if (language !== 'en-US') await shot(page, `status-${language}`);
  });
}
