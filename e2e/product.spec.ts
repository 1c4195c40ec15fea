import { LANGUAGES, axeViolations, expect, setLanguage, test } from './fixtures.ts';

const ESSENTIAL = /Accept Essential|Tikai nepieciešamās/;
const CURRENCY = { lv: 'EUR', 'en-GB': 'GBP', 'en-US': 'USD' } as const;

for (const language of LANGUAGES) {
  test(`/YouCanDoIt in ${language}: the served HTML has the Product JSON-LD; axe clean, no CSP or console errors`, async ({
    page,
    request,
    consoleErrors,
  }) => {
    const served = await request.get('/YouCanDoIt', {
      headers: { cookie: `LANGUAGE_CODE=${language}` },
    });
    const html = await served.text();
    const block = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html);
    expect(block, 'JSON-LD in the served HTML').not.toBeNull();
    const data = JSON.parse(block![1]!) as {
      '@type': string;
      aggregateRating: unknown;
      offers: unknown;
    };
    expect(data['@type']).toBe('Product');
    // No made-up rating in the structured data (no reviews behind one).
    expect(data).not.toHaveProperty('aggregateRating');
    expect(data.offers).toMatchObject({ lowPrice: '29.99', priceCurrency: CURRENCY[language] });

    await page.addInitScript(() => {
      (window as unknown as { cspViolations: string[] }).cspViolations = [];
      document.addEventListener('securitypolicyviolation', (event) =>
        (window as unknown as { cspViolations: string[] }).cspViolations.push(
          `${event.violatedDirective} ${event.blockedURI}`,
        ),
      );
    });
    await setLanguage(page, language);
    await page.goto('/YouCanDoIt');
    await page.getByRole('button', { name: ESSENTIAL }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      language === 'lv' ? 'Tu to vari' : 'You can do it',
    );
    await expect(page.locator('script[type="application/ld+json"]')).toHaveCount(1);
    await expect(page.getByRole('tablist')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    expect(
      await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations),
    ).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });
}

test('gallery, tabs and book language work by keyboard; the video loops from our own pages', async ({
  page,
  consoleErrors,
}) => {
  await setLanguage(page, 'en-GB');
  await page.goto('/YouCanDoIt');
  await page.getByRole('button', { name: ESSENTIAL }).click();
  const gallery = page.getByRole('region', { name: 'Pictures from the book' });
  await page.getByRole('button', { name: 'Next picture' }).focus();
  await page.keyboard.press('Enter');
  await expect(
    gallery.getByRole('img', { name: /practises football in the garden/ }),
  ).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByText('Picture 3 of 6')).toBeAttached();
  await page.getByRole('button', { name: 'Show picture 6 of 6' }).click();
  const video = gallery.locator('video');
  await expect(video).toHaveAttribute('loop', '');
  await expect
    .poll(
      () => video.evaluate((v: HTMLVideoElement) => !v.paused && v.readyState >= 2 && v.muted),
      { timeout: 10_000 },
    )
    .toBe(true);

  const tabs = page.getByRole('tab');
  await tabs.first().focus();
  await page.keyboard.press('End');
  await expect(page.getByRole('tab', { name: 'Book details' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(page.getByRole('tabpanel')).toContainText('24.5 x 30 cm');
  await expect(page.getByRole('tabpanel')).toContainText('5-10');

  await page.getByLabel('Book language').selectOption('lv');
  expect(await page.evaluate(() => sessionStorage.getItem('bookLanguage'))).toBe('lv');
  await page.locator('.product__buy').getByRole('link', { name: 'Personalise My Book' }).click();
  await expect(page).toHaveURL(/\/personali[sz]e/);
  expect(await page.evaluate(() => sessionStorage.getItem('bookLanguage'))).toBe('lv');
  expect(consoleErrors).toEqual([]);
});
