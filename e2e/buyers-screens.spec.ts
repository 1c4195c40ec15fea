import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import type { AdminReview, PublicReview, ReviewList } from '#contract/reviews.ts';
import { E2E_OWNER } from '../playwright.config.ts';
import { createOrder, setOrderCookie } from './cart-orders.ts';
import {
  axeViolations,
  expect,
  LANGUAGES,
  screenLanguages,
  setLanguage,
  test,
  type Language,
} from './fixtures.ts';
import { texts } from './locales.ts';

// The screens of the digital edition and reviews (#36.2, #36.3) on a 390 px phone and a 1366 px
// laptop (in en-US under `npm test`, every language with SCREENS=all: fixtures.ts), saved under
// .tmp/screens/buyers to look at: the cover choice
// with the PDF alone and with 'printed + PDF', the review form (empty, with errors, thanks), the
// product and home pages with 0, 1 and 3 approved reviews, and /admin/reviews. The review lists
// are the API's answers given to the browser (a client-side visit asks /api/reviews), so the
// counts do not depend on what other tests approved; the whole real path is reviews-path.spec.ts.

test.describe.configure({ timeout: 180_000 });

const DIR = '.tmp/screens/buyers';
const WIDTHS = [390, 1366] as const;

async function shoot(page: Page, name: string, widths: readonly number[] = WIDTHS) {
  mkdirSync(DIR, { recursive: true });
  for (const width of widths) {
    await page.setViewportSize({ width, height: width < 800 ? 844 : 820 });
    await page.screenshot({ path: `${DIR}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1366, height: 820 });
}

async function acceptEssential(page: Page) {
  const button = page.getByRole('button', {
    name: /Accept Essential|Tikai nepieciešamās|Only essential|Essential only/,
  });
  if (await button.count()) await button.first().click();
}

const WORDS: Record<Language, [string, string, string]> = {
  lv: [
    'Meita katru vakaru lūdz lasīt šo grāmatu. Viņa ir tik lepna, ka grāmatā ir viņas vārds!',
    'Skaisti zīmējumi un labs stāsts par to, ka nav jāpadodas. Dāvinājām vecmāmiņai arī.',
    'Piegāde ātra, grāmata kvalitatīva.',
  ],
  'en-GB': [
    'Our daughter asks for it every single night. She is so proud that the book has her name in it!',
    'Lovely pictures and a good story about not giving up. We ordered a second one for Grandma.',
    'Quick delivery, lovely quality.',
  ],
  'en-US': [
    'Our son asks for it every night. He was thrilled to see his name and his soccer jersey!',
    'Beautiful illustrations and a sweet story about trying again. Already ordered one for a friend.',
    'Fast shipping, great quality.',
  ],
};
const PEOPLE: [string | null, string | null][] = [
  ['Laura', 'Rīga'],
  ['Maximiliāna Aleksandra', 'Jūrmala'],
  [null, null],
];

function reviewList(language: Language, count: number): ReviewList {
  const reviews: PublicReview[] = WORDS[language].slice(0, count).map((text, i) => ({
    id: 100 + i,
    rating: [5, 4, 5][i]!,
    text,
    firstName: PEOPLE[i]![0],
    city: PEOPLE[i]![1],
    photoUrl: i === 0 ? '/api/reviews/100/photo.webp' : null,
    date: '2026-11-20T10:00:00.000Z',
  }));
  const value = count
    ? Math.round((reviews.reduce((s, r) => s + r.rating, 0) / count) * 10) / 10
    : 0;
  return { reviews, rating: count ? { value, count } : null };
}

let photo: Buffer;
test.beforeAll(async () => {
  photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#e9c46a' } })
    .composite([
      {
        input: Buffer.from(
          '<svg width="800" height="600"><rect x="220" y="90" width="360" height="420" rx="12" fill="#2a6f97"/><circle cx="400" cy="260" r="80" fill="#f4a261"/></svg>',
        ),
      },
    ])
    .webp()
    .toBuffer();
});

/** The browser's /api/reviews answers: `count` reviews in `language`, and their photo. */
async function giveReviews(page: Page, language: Language, count: number) {
  await page.unroute('**/api/reviews?*');
  await page.route('**/api/reviews?*', (route) =>
    route.fulfill({ json: reviewList(language, count) }),
  );
  await page.route('**/api/reviews/100/photo.webp', (route) =>
    route.fulfill({ body: photo, contentType: 'image/webp' }),
  );
}

for (const language of screenLanguages('en-US')) {
  test(`cover choice, review form, product and home reviews in ${language}`, async ({
    page,
    request,
  }) => {
    const cover = texts<{
      title: string;
      formats: { digital: { name: string }; hardcover: { name: string } };
      withPdf: { label: string };
    }>(language, 'cover');
    const reviews = texts<{ list: { title: string; verified: string } }>(language, 'reviews');
    await setLanguage(page, language);

    // The cover choice of a book in the cart: the PDF alone, then hardcover + PDF.
    const { orderId, itemIds } = await createOrder(request, language, [
      { name: language === 'lv' ? 'Elīza' : 'Oliver', gender: 'Girl' },
    ]);
    await setOrderCookie(page, language, orderId);
    await page.goto(`/coverChoice/edit/${itemIds[0]}`);
    await acceptEssential(page);
    // The builder opens the book's steps in order: through them to the cover.
    const title = page.getByRole('heading', { name: cover.title, level: 1 });
    const onwards = page.getByRole('button', {
      name: /^(Next|Tālāk|Continue|Turpināt)( \(.*\))?$/,
    });
    for (let step = 0; step < 8; step += 1) {
      await expect(title.or(onwards.last())).toBeVisible({ timeout: 60_000 });
      if (await title.isVisible()) break;
      const before = page.url();
      // A grown-up's name left empty by the saved book: the step asks for one.
      for (const box of await page.getByRole('main').getByRole('textbox').all())
        if ((await box.isVisible()) && (await box.inputValue()) === '') await box.fill('Anna');
      await onwards.last().click();
      await page.waitForURL((url) => url.href !== before, { timeout: 30_000 }).catch(() => {});
    }
    await expect(title).toBeVisible();
    const digital = page.getByRole('radio', { name: new RegExp(cover.formats.digital.name) });
    await page.locator('label').filter({ has: digital }).click();
    await expect(digital).toBeChecked();
    expect(await axeViolations(page)).toEqual([]);
    await shoot(page, `${language}-cover-pdf-alone`);
    const hardcover = page.getByRole('radio', { name: new RegExp(cover.formats.hardcover.name) });
    await page.locator('label').filter({ has: hardcover }).click();
    const withPdf = page.getByRole('checkbox', { name: new RegExp(cover.withPdf.label) });
    await withPdf.check();
    await expect(withPdf).toBeChecked();
    expect(await axeViolations(page)).toEqual([]);
    await shoot(page, `${language}-cover-printed-and-pdf`);

    // The review form: empty, with its errors, thanked (the link's answers given).
    const token = `${'o'.repeat(24)}.${'s'.repeat(32)}`;
    await page.route(`**/api/reviews/form/${token}`, (route) =>
      route.request().method() === 'GET'
        ? route.fulfill({ json: { state: 'open', language } })
        : route.fulfill({ status: 201, json: { id: 1 } }),
    );
    await page.goto(`/review/${token}`);
    await expect(page.getByRole('radio').first()).toBeAttached();
    await shoot(page, `${language}-review-form-empty`);
    await page.getByRole('button', { name: /Nosūtīt atsauksmi|Send review/ }).click();
    await expect(page.locator('.field-error').first()).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await shoot(page, `${language}-review-form-errors`);
    await page.getByRole('radio').nth(4).check({ force: true });
    await page.getByRole('textbox').first().fill(WORDS[language][0]);
    await page.getByRole('checkbox').last().check();
    await page.getByRole('button', { name: /Nosūtīt atsauksmi|Send review/ }).click();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: /Nosūtīt atsauksmi|Send review/ })).toHaveCount(
      0,
    );
    await shoot(page, `${language}-review-form-thanks`);

    // The product and home pages with 0, 1 and 3 approved reviews (client-side visits).
    for (const count of [0, 1, 3]) {
      await page.goto('/about-us');
      await giveReviews(page, language, count);
      await page.locator('header nav a[href="/YouCanDoIt"]').first().click();
      await expect(page).toHaveURL(/\/YouCanDoIt$/);
      const list = page.getByRole('region', { name: reviews.list.title });
      if (count === 0) await expect(list).toHaveCount(0);
      else {
        await expect(list.getByRole('listitem')).toHaveCount(count);
        await expect(list.getByText(reviews.list.verified)).toHaveCount(count);
        await list.scrollIntoViewIfNeeded();
      }
      expect(await axeViolations(page)).toEqual([]);
      await shoot(page, `${language}-product-${count}-reviews`);
      await page.locator('header').getByRole('link').first().click();
      await expect(page).toHaveURL(/\/$/);
      if (count > 0)
        await expect(page.getByRole('region', { name: reviews.list.title })).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
      await shoot(page, `${language}-home-${count}-reviews`);
    }
  });
}

test('the owner’s /admin/reviews with three waiting reviews, on a laptop', async ({ page }) => {
  const waiting: AdminReview[] = LANGUAGES.map((language, i) => ({
    id: 200 + i,
    orderId: `order-${i}`,
    orderNumber: `SM-2026-0000${i + 1}`,
    language,
    rating: [5, 4, 3][i]!,
    text: WORDS[language][i]!,
    firstName: PEOPLE[i]![0],
    city: PEOPLE[i]![1],
    hasPhoto: i === 0,
    status: 'pending',
    createdAt: '2026-11-25T09:30:00.000Z',
    decidedAt: null,
    orderStatus: 'delivered',
    partlyRefunded: false,
    consentWithdrawn: false,
    verifiedPurchase: true,
  }));
  await page.route('**/api/admin/reviews?*', (route) => route.fulfill({ json: { rows: waiting } }));
  await page.route('**/api/admin/reviews/200/photo.webp', (route) =>
    route.fulfill({ body: photo, contentType: 'image/webp' }),
  );
  await setLanguage(page, 'en-GB');
  await page.goto('/admin/sign-in');
  await page.getByLabel('E-mail address').fill(E2E_OWNER.email);
  await page.getByLabel('Password').fill(E2E_OWNER.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await page.getByRole('link', { name: 'Reviews', exact: true }).click();
  await expect(page.getByRole('article')).toHaveCount(3);
  expect(await axeViolations(page)).toEqual([]);
  await shoot(page, 'admin-reviews', [1366]);
});
