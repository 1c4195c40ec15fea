import type { Page } from '@playwright/test';
import { axeViolations, expect, setLanguage, test } from './fixtures.ts';

// The book language chosen on the product page is the book's, whatever language the site is read
// in: a parent on the English (UK) shop who picks a Latvian book gets Latvian dedication
// suggestions, a Latvian preview and a Latvian book in the cart, priced in pounds.

interface SaveBody {
  country: string;
  language: string;
}

async function nameTheFamily(page: Page) {
  await expect(page).toHaveURL(/\/personalize\/football_story$/);
  await page.getByLabel("Child's name").fill('jānis');
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await page.getByLabel("Dad's name").fill('Pēteris');
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await page.getByLabel("Mum's name").fill('Ilze');
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page).toHaveURL(/\/dedication\/football_story$/);
}

test('a Latvian book on the English (UK) shop: Latvian suggestions, preview and book, priced in pounds', async ({
  page,
  consoleErrors,
}) => {
  test.setTimeout(120_000);
  await setLanguage(page, 'en-GB');
  await page.goto('/YouCanDoIt');
  await page.getByRole('button', { name: 'Accept Essential' }).click();
  await page.getByLabel('Book language').selectOption({ label: 'Latvian' });
  await page.locator('.product__buy').getByRole('link', { name: 'Personalise My Book' }).click();
  await nameTheFamily(page);

  // The dedication is printed in the book: Latvian, with the name in the vocative and the dative.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Write a dedication');
  await expect(
    page.getByText(
      'Your book will be printed in Latvian, so the story and these suggestions are in Latvian.',
    ),
  ).toBeVisible();
  await expect(page.getByLabel('Your dedication')).toHaveValue(/^Mīļo Jāni!\n/);
  await expect(page.getByRole('button', { name: /^Suggestion 2/ })).toContainText(
    'Jānim – labākajam spēlētājam',
  );
  expect(await axeViolations(page)).toEqual([]);

  // The preview is drawn in Latvian, in the browser (#34): no page is asked of the server.
  const previewRequests: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/preview/')) previewRequests.push(r.url());
  });
  await page.getByRole('button', { name: 'Continue' }).click();
  const stage = page.locator('.book-preview__stage [data-page-svg]');
  await expect(stage).toContainText(/Tu\s*to\s*vari/);
  await page.getByRole('button', { name: 'Dedication page', exact: true }).click();
  await expect(stage).toContainText('Mīļo Jāni!');
  await expect(page.getByRole('button', { name: 'Next', exact: true })).toBeVisible({
    timeout: 60_000,
  });
  expect(previewRequests).toEqual([]);
  await page.getByRole('button', { name: 'Next', exact: true }).click();

  // Saved as a Latvian book in the en-GB (pounds) order.
  const save = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/api/order'));
  await page.getByRole('button', { name: 'Save and go to cart' }).click();
  expect((await save).postDataJSON() as SaveBody).toMatchObject({
    country: 'en-GB',
    language: 'lv',
  });
  await expect(page).toHaveURL(/\/cart$/);
  const book = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3 }) });
  await expect(book.getByRole('heading', { level: 3 })).toHaveText('‘Tu to vari’ for Jānis');
  await expect(book.getByText('Book language')).toBeVisible();
  await expect(book.getByText('Latvian', { exact: true })).toBeVisible();
  await expect(book.getByText(/^£\d+\.\d\d$/)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Order summary' })).toContainText('£');
  expect(await axeViolations(page)).toEqual([]);

  const href = await book.getByRole('link', { name: 'Edit personalisation' }).getAttribute('href');
  const itemId = /\/personalize\/edit\/(.+)$/.exec(href ?? '')?.[1];
  expect(itemId).toBeTruthy();
  const item = (await (await page.request.get(`/api/orderItems/${itemId}`)).json()) as {
    language: string;
  };
  expect(item.language).toBe('lv');

  // Editing it later keeps it Latvian, even after the product page was switched to English.
  await page.evaluate(() => sessionStorage.setItem('bookLanguage', 'en-gb'));
  await book.getByRole('link', { name: 'Edit personalisation' }).click();
  await expect(page).toHaveURL(new RegExp(`/personalize/edit/${itemId}$`));
  await expect(page.getByLabel("Child's name")).toHaveValue('Jānis');
  for (let step = 0; step < 3; step++)
    await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/dedication/edit/${itemId}$`));
  await expect(
    page.getByText(
      'Your book will be printed in Latvian, so the story and these suggestions are in Latvian.',
    ),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: /^Suggestion 1/ })).toContainText('Mīļo Jāni!');
  expect(consoleErrors).toEqual([]);
});

test('a book in the language of the site says nothing about its language', async ({
  page,
  consoleErrors,
}) => {
  await setLanguage(page, 'en-GB');
  await page.goto('/personalizeTest/football_story');
  await page.getByRole('button', { name: 'Accept Essential' }).click();
  await nameTheFamily(page);
  await expect(page.getByLabel('Your dedication')).toHaveValue(/^Dear Jānis,\n/);
  await expect(page.getByText(/Your book will be printed in/)).toHaveCount(0);
  expect(consoleErrors).toEqual([]);
});
