import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

export const LANGUAGES = ['lv', 'en-GB', 'en-US'] as const;
export type Language = (typeof LANGUAGES)[number];

/**
 * The languages a screens spec (`*-screens.spec.ts`) walks. Those specs save screenshots to look at
 * and run axe and the width checks on each screen; every flow they walk is also tested in all three
 * languages by its own spec (gift.spec.ts, family-shapes.spec.ts, reviews-path.spec.ts). `npm test`
 * walks each screens spec in the one language it names (the three specs share the three languages),
 * which keeps the suite under 40 minutes; `SCREENS=all` walks every language, as after a change to
 * a screen or its words (the command is in docs/benchmarks.md).
 */
export function screenLanguages(language: Language): readonly Language[] {
  return process.env.SCREENS === 'all' ? LANGUAGES : [language];
}

/**
 * Waits until the app has taken the page over (`<html data-hydrated>`, src/ui/page-hydrated.tsx): the
 * browser paints the server's HTML first and fetches the app after that, so a click or a choice
 * made the moment the page has loaded could come before anything listens to it.
 */
export async function hydrated(page: Page): Promise<void> {
  // A page without the app's root (an API answer, an image) has nothing to wait for.
  await page.waitForFunction(
    () =>
      !document.getElementById('root') || document.documentElement.dataset.hydrated !== undefined,
  );
}

/** A slow phone's late request: the answers to `url` (a glob) arrive `ms` later than the server sends them. */
export async function holdBack(page: Page, url: string, ms: number): Promise<void> {
  await page.route(url, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    await route.continue();
  });
}

/**
 * A page that collects console errors and failed requests (tests assert there are none), and
 * whose goto and reload return once the app has taken the page over.
 */
export const test = base.extend<{ consoleErrors: string[] }>({
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    page.goto = async (...args: Parameters<Page['goto']>) => {
      const response = await goto(...args);
      await hydrated(page);
      return response;
    };
    page.reload = async (...args: Parameters<Page['reload']>) => {
      const response = await reload(...args);
      await hydrated(page);
      return response;
    };
    await use(page);
  },
  consoleErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await use(errors);
  },
});

export { expect };

export async function setLanguage(page: Page, language: Language) {
  const url = new URL(test.info().project.use.baseURL ?? 'http://127.0.0.1');
  await page
    .context()
    .addCookies([
      { name: 'LANGUAGE_CODE', value: language, domain: url.hostname, path: '/', sameSite: 'Lax' },
    ]);
}

/**
 * axe with the WCAG 2.1 AA rules, on the whole page or on the part `include` selects; returns the
 * violations as short readable lines.
 *
 * Legacy mode runs axe in the page itself. The default opens a blank page for each check to merge
 * the frames' results in, which cost ~1.2 s a check here (2.8 s instead of 1.6 s) with the same
 * results: the shop's pages have no frames of their own (the reward video's player is another
 * site's, which neither mode can look into).
 */
export async function axeViolations(page: Page, include?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .setLegacyMode(true);
  const results = await (include ? builder.include(include) : builder).analyze();
  return results.violations.map(
    (v) =>
      `${v.id}: ${v.help} (${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 3)
        .join(', ')})`,
  );
}
