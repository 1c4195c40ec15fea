import type { APIRequestContext, Browser, Page } from '@playwright/test';
import sharp from 'sharp';
import { E2E_OWNER } from '../playwright.config.ts';
import { createOrder, payInSandbox } from './cart-orders.ts';
import { mailTo } from './checkout-helpers.ts';
import { axeViolations, expect, setLanguage, test } from './fixtures.ts';
import { texts } from './locales.ts';

// The review's whole path against the production server (#36.3), in Latvian: a buyer who agreed
// at checkout gets the request mail once the order is delivered (the e2e server runs with
// REVIEW_REQUEST_SECONDS=2 instead of five days), opens the mailed link, sends stars, words,
// name, town and a photo (with GPS in its EXIF, which must not survive), the owner approves it in
// /admin/reviews, and the product page shows it with the verified-purchase mark and the rating in
// its structured data (none before). The mail's one-click stop link too. axe on every screen.

test.describe.configure({ timeout: 240_000 });

type ReviewTexts = {
  list: { verified: string; stars: string; photo: string };
  stop: { done: string };
};
type MailTexts = { request: { subject: string } };

/** A paid lv order of one hardcover book whose buyer ticked 'ask me for a review'. */
async function paidOrderWithConsent(request: APIRequestContext, email: string): Promise<string> {
  const { orderId } = await createOrder(request, 'lv', [{ name: 'Marta', gender: 'Girl' }]);
  const delivery = await request.post(`/api/order/${orderId}/delivery-address`, {
    data: {
      contactInfo: { email, phone: '+371 2000 0000', subscribe: false },
      shippingAddress: {
        firstName: 'Laura',
        lastName: 'Kalniņa',
        address1: 'Brīvības iela 1',
        city: 'Rīga',
        zip: 'LV-1010',
        countryId: 19,
      },
      isShippingDetailsEqualBilling: true,
    },
  });
  expect(delivery.status(), await delivery.text()).toBe(200);
  // What the checkout's 'Ask me for a review after delivery' box sends.
  const consent = await request.put(`/api/order/${orderId}/review-consent`, {
    data: { consent: true },
    // The cart's browser: the request context keeps the cart key the shop set for it.
  });
  expect(consent.status(), await consent.text()).toBe(200);
  await payInSandbox(request, orderId);
  return orderId;
}

/** The owner, signed in to the back office in a browser context of their own. */
async function ownerPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 820 } });
  const page = await context.newPage();
  await setLanguage(page, 'en-GB');
  await page.goto('/admin/sign-in');
  await page.getByLabel('E-mail address').fill(E2E_OWNER.email);
  await page.getByLabel('Password').fill(E2E_OWNER.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  return page;
}

/** The product page's structured data (the Product object). */
async function productJsonLd(page: Page): Promise<Record<string, unknown>> {
  for (const script of await page.locator('script[type="application/ld+json"]').all()) {
    const data = JSON.parse((await script.textContent()) ?? '{}') as Record<string, unknown>;
    if (data['@type'] === 'Product') return data;
  }
  throw new Error('no Product structured data');
}

/** A photo of the book as a phone takes it: a JPEG with the camera and GPS in its EXIF. */
async function phonePhoto(): Promise<Buffer> {
  return sharp({
    create: { width: 900, height: 600, channels: 3, background: { r: 236, g: 180, b: 60 } },
  })
    .composite([
      {
        input: Buffer.from(
          '<svg width="900" height="600"><rect x="250" y="100" width="400" height="400" fill="#2a6f97"/></svg>',
        ),
      },
    ])
    .jpeg({ quality: 85 })
    .withExif({
      IFD0: { Make: 'Apple', Model: 'iPhone 15' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '56/1 57/1 0/1' },
    })
    .toBuffer();
}

test('a delivered order’s review: mail, form with a photo, approval, the product page and its rating', async ({
  page,
  request,
  browser,
  consoleErrors,
}) => {
  const t = texts<ReviewTexts>('lv', 'reviews');
  const mail = texts<MailTexts>('lv', 'mail-review');
  const email = `review-${Date.now()}@example.com`;
  const words = 'Meita katru vakaru lūdz lasīt šo grāmatu par sevi!';
  const orderId = await paidOrderWithConsent(request, email);

  // Before any approved review in Latvian: no rating in the product's structured data.
  await setLanguage(page, 'lv');
  await page.goto('/YouCanDoIt');
  expect(await productJsonLd(page)).not.toHaveProperty('aggregateRating');
  await expect(page.getByText(t.list.verified)).toHaveCount(0);

  // The owner moves the order on to delivered.
  const owner = await ownerPage(browser);
  await owner.goto(`/admin/orders/${orderId}`);
  await owner.getByRole('button', { name: 'Mark as checked' }).click();
  await expect(owner.getByRole('status')).toContainText('Checked');
  await owner.getByRole('button', { name: 'Mark as in production' }).click();
  await expect(owner.getByRole('status')).toContainText('In production');
  await owner.getByLabel('Tracking number').fill('DPD998877');
  await owner.getByLabel('Tracking link').fill('https://tracking.example/DPD998877');
  await owner.getByRole('button', { name: 'Mark as shipped and mail the parent' }).click();
  await expect(owner.getByRole('status')).toContainText('Shipped');
  await owner.getByRole('button', { name: 'Mark as delivered' }).click();
  await expect(owner.getByText('Nothing more to do with this order.')).toBeVisible();

  // The request mail, REVIEW_REQUEST_SECONDS after delivery, with the form and the stop links.
  const message = await mailTo(page, email, new RegExp(mail.request.subject));
  const formPath = /\/review\/([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)/.exec(message)?.[0];
  const stopPath = /\/review-stop\/([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)/.exec(message)?.[0];
  expect(formPath, 'the form link in the mail').toBeTruthy();
  expect(stopPath, 'the stop link in the mail').toBeTruthy();

  // The buyer opens the link and writes the review.
  await page.goto(formPath!);
  await expect(page.getByRole('heading', { name: 'Jūsu atsauksme', level: 1 })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole('radio', { name: '5 zvaigznītes' }).check({ force: true });
  await page.getByLabel('Jūsu atsauksme *').fill(words);
  await page.getByLabel('Vārds (nav obligāts)').fill('Laura');
  await page.getByLabel('Pilsēta (nav obligāta)').fill('Rīga');
  await page.getByLabel('Grāmatas fotoattēls (nav obligāts)').setInputFiles({
    name: 'IMG_0042.jpg',
    mimeType: 'image/jpeg',
    buffer: await phonePhoto(),
  });
  await expect(page.getByRole('button', { name: 'Noņemt fotoattēlu' })).toBeVisible();
  await page.getByRole('checkbox', { name: /Piekrītu atsauksmju noteikumiem/ }).check();
  await page.getByRole('button', { name: 'Nosūtīt atsauksmi' }).click();
  await expect(page.getByText(/Paldies! Jūsu atsauksme ir nosūtīta/)).toBeVisible();
  // One review per order: the link now says so.
  await page.goto(formPath!);
  await expect(page.getByRole('button', { name: 'Nosūtīt atsauksmi' })).toHaveCount(0);

  // Not shown until the owner approves it.
  await page.goto('/YouCanDoIt');
  await expect(page.getByText(words)).toHaveCount(0);

  await owner.goto('/admin/reviews');
  await expect(owner.getByRole('heading', { name: 'Reviews', level: 1 })).toBeVisible();
  const card = owner.getByRole('article').filter({ hasText: words });
  await expect(card).toHaveCount(1);
  await expect(card.getByRole('img')).toBeVisible();
  expect(await axeViolations(owner)).toEqual([]);
  await card.getByRole('button', { name: 'Approve' }).click();
  await expect(owner.getByRole('article').filter({ hasText: words })).toHaveCount(0);
  await owner.getByRole('button', { name: 'Approved' }).click();
  await expect(owner.getByRole('article').filter({ hasText: words })).toHaveCount(1);
  expect(await axeViolations(owner)).toEqual([]);

  // The product page in Latvian: the review, its verified-purchase mark, the photo, the rating.
  await page.goto('/YouCanDoIt');
  const shown = page.getByRole('listitem').filter({ hasText: words });
  await expect(shown).toBeVisible();
  await expect(shown).toContainText('Laura');
  await expect(shown).toContainText('Rīga');
  await expect(shown).toContainText(t.list.verified);
  await expect(
    shown.getByRole('img', { name: t.list.stars.replace('{{count}}', '5') }),
  ).toHaveCount(1);
  const jsonLd = await productJsonLd(page);
  expect(jsonLd.aggregateRating).toMatchObject({
    '@type': 'AggregateRating',
    ratingValue: expect.anything(),
    reviewCount: expect.any(Number),
  });
  expect(await axeViolations(page)).toEqual([]);
  // The photo as the shop serves it: WebP, no EXIF (no camera, no GPS) left.
  const photoSrc = await shown.getByRole('img', { name: t.list.photo }).getAttribute('src');
  const photo = await page.request.get(photoSrc!);
  expect(photo.headers()['content-type']).toBe('image/webp');
  const meta = await sharp(await photo.body()).metadata();
  expect(meta).toMatchObject({ format: 'webp' });
  expect(meta.exif).toBeUndefined();
  // Not on the other languages' pages.
  await setLanguage(page, 'en-GB');
  await page.goto('/YouCanDoIt');
  await expect(page.getByText(words)).toHaveCount(0);

  // The mail's one-click stop link.
  await setLanguage(page, 'lv');
  await page.goto(stopPath!);
  await expect(page.getByRole('status')).toHaveText(t.stop.done);
  expect(await axeViolations(page)).toEqual([]);
  await owner.context().close();
  expect(consoleErrors).toEqual([]);
});
