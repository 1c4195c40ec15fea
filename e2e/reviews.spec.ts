import { E2E_OWNER } from '../playwright.config.ts';
import { axeViolations, expect, setLanguage, test } from './fixtures.ts';

// The request mail -> form -> approval -> product page path runs against the real server in
// tests/api/reviews.test.ts (its clock can move five days on; this server's cannot). Here: the
// screens in a real Chromium, axe, and a look at a phone and a laptop.

const TOKEN = `${'o'.repeat(24)}.${'s'.repeat(32)}`;

test('the review form: radio stars, field errors, terms; axe-clean on a laptop and a phone', async ({
  page,
}) => {
  await setLanguage(page, 'lv');
  // The form's state comes from a signed link of a delivered order; here the answer is given.
  await page.route(`**/api/reviews/form/${TOKEN}`, (route) =>
    route.request().method() === 'GET'
      ? route.fulfill({ json: { state: 'open', language: 'lv' } })
      : route.fulfill({ status: 201, json: { id: 1 } }),
  );
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/review/${TOKEN}`);
    await expect(page.getByRole('heading', { name: 'Jūsu atsauksme', level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Nosūtīt atsauksmi' }).click();
    await expect(page.getByText('Lūdzu, izvēlieties no 1 līdz 5 zvaigznītēm.')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: `.tmp/reviews/form-errors-${width}.png`, fullPage: true });
    await page.getByRole('radio', { name: '5 zvaigznītes' }).check({ force: true });
    await page.getByLabel('Jūsu atsauksme *').fill('Meita katru vakaru lūdz lasīt šo grāmatu!');
    await page.getByLabel('Vārds (nav obligāts)').fill('Laura');
    await page.getByLabel('Pilsēta (nav obligāta)').fill('Rīga');
    await page.getByRole('checkbox', { name: /Piekrītu atsauksmju noteikumiem/ }).check();
    await page.screenshot({ path: `.tmp/reviews/form-filled-${width}.png`, fullPage: true });
    await page.getByRole('button', { name: 'Nosūtīt atsauksmi' }).click();
    await expect(page.getByText(/Paldies! Jūsu atsauksme ir nosūtīta/)).toBeVisible();
  }
});

test('a review link that is not ours says so', async ({ page }) => {
  await setLanguage(page, 'en-GB');
  await page.goto(`/review/${TOKEN}`);
  await expect(page.getByRole('alert')).toHaveText(
    'This review link is not valid. Please use the link in our mail.',
  );
});

test('the owner’s reviews list is axe-clean; the product page has no rating without reviews', async ({
  page,
}) => {
  await setLanguage(page, 'en-GB');
  await page.goto('/YouCanDoIt');
  const jsonLd = await page.locator('script[type="application/ld+json"]').first().textContent();
  expect(JSON.parse(jsonLd ?? '{}')).not.toHaveProperty('aggregateRating');
  await expect(page.getByText(/out of 5/)).toHaveCount(0);
  expect(await axeViolations(page)).toEqual([]);

  await page.goto('/admin/sign-in');
  await page.getByLabel('E-mail address').fill(E2E_OWNER.email);
  await page.getByLabel('Password').fill(E2E_OWNER.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await page.getByRole('link', { name: 'Reviews', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Reviews', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Waiting' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  expect(await axeViolations(page)).toEqual([]);
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `.tmp/reviews/admin-${width}.png`, fullPage: true });
  }
});
