import { LANGUAGES, axeViolations, expect, setLanguage, test } from './fixtures.ts';
import { pageTitle, text } from './locales.ts';

const PAGES = [
  { path: '/', page: 'home' },
  { path: '/about-us', page: 'about' },
  { path: '/contact-us', page: 'contact' },
  { path: '/faq', page: 'faq' },
  { path: '/privacy-policy', page: 'privacy' },
  { path: '/terms', page: 'terms' },
  { path: '/terms-and-conditions', page: 'terms' },
  { path: '/ugc-terms', page: 'ugc' },
  { path: '/YouCanDoIt', page: 'product' },
  { path: '/no-such-page', page: 'notFound' },
];

for (const language of LANGUAGES) {
  for (const { path, page } of PAGES) {
    test(`${path} in ${language}: title, heading, language, no console errors or warnings, hydrated without a mismatch, no axe violations`, async ({
      page: tab,
      consoleErrors,
    }) => {
      // Hydration: React logs a mismatch as a warning or an error, and throws the server's elements
      // away to render the page anew; this counts the elements it removes (none, for a match).
      const warnings: string[] = [];
      tab.on('console', (message) => {
        if (message.type() === 'warning') warnings.push(message.text());
      });
      await tab.addInitScript(() => {
        const counter = window as unknown as { removedByHydration: number };
        counter.removedByHydration = 0;
        document.addEventListener('DOMContentLoaded', () => {
          new MutationObserver((records) => {
            for (const record of records)
              for (const node of record.removedNodes)
                if (node instanceof Element && node.tagName !== 'SCRIPT')
                  counter.removedByHydration++;
          }).observe(document.getElementById('root')!, { childList: true, subtree: true });
        });
      });
      await setLanguage(tab, language);
      await tab.goto(path);
      await expect(tab.locator('h1')).toBeVisible();
      await expect(tab.locator('h1')).not.toBeEmpty();
      await expect(tab).toHaveTitle(pageTitle(language, page));
      await expect(tab.locator('html')).toHaveAttribute('lang', language);
      await expect(tab.locator('meta[name="description"]')).toHaveAttribute('content', /\S/);
      expect(
        await tab.evaluate(
          () => (window as unknown as { removedByHydration: number }).removedByHydration,
        ),
      ).toBe(0);
      expect(await axeViolations(tab)).toEqual([]);
      // The 404 page's own document answers 404 (on purpose), which the console reports.
      expect(consoleErrors.filter((e) => !e.includes('404'))).toEqual([]);
      expect(warnings).toEqual([]);
    });
  }
}

test('the 404 page has the spec wording and a link home', async ({ page }) => {
  await setLanguage(page, 'en-GB');
  const response = await page.goto('/this/does/not/exist');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('404 - Page Not Found');
  await expect(page.getByText("Oops! The page you're looking for doesn't exist.")).toBeVisible();
  await page.getByRole('link', { name: 'Go Back to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    text('en-GB', 'home.hero.title'),
  );
});
