import type { Page } from '@playwright/test';
import {
  LANGUAGES,
  axeViolations,
  expect,
  holdBack,
  hydrated,
  setLanguage,
  test,
  type Language,
} from './fixtures.ts';
import { text, texts } from './locales.ts';

type ConsentTexts = {
  banner: Record<'title' | 'acceptAll' | 'acceptEssential' | 'customize' | 'privacy', string>;
  dialog: { title: string; save: string; cancel: string } & Record<
    'analytics' | 'ads' | 'personalization',
    { label: string }
  >;
};
const consent = (language: Language) => texts<ConsentTexts>(language, 'consent');
const en = consent('en-GB');

const ESSENTIAL = {
  analytics: 'denied',
  ads: 'denied',
  personalization: 'denied',
  user_data: 'denied',
  ad_personalization: 'denied',
  functionality: 'granted',
  security: 'granted',
};

const ALL = Object.fromEntries(Object.keys(ESSENTIAL).map((key) => [key, 'granted']));

const banner = (page: Page, language: Language = 'en-GB') =>
  page.getByRole('region', { name: consent(language).banner.title });
const storedConsent = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('cookie_consent') ?? 'null') as unknown);
/** The gtag calls in the data layer, as plain arrays. */
const gtagCalls = (page: Page) =>
  page.evaluate(() =>
    (window.dataLayer ?? []).map((entry) => Array.from(entry as ArrayLike<unknown>)),
  );

test.describe('cookie consent', () => {
  test('shows on a first visit, Accept Essential stores the choice, and it is remembered', async ({
    page,
    consoleErrors,
  }) => {
    await setLanguage(page, 'en-GB');
    await page.goto('/');
    await expect(banner(page)).toBeVisible();
    await expect(banner(page).getByRole('link', { name: en.banner.privacy })).toHaveAttribute(
      'href',
      '/privacy-policy',
    );
    expect(await storedConsent(page)).toBeNull();
    await banner(page).getByRole('button', { name: en.banner.acceptEssential }).click();
    await expect(banner(page)).toHaveCount(0);
    expect(await storedConsent(page)).toEqual(ESSENTIAL);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(
      page.getByRole('contentinfo').getByRole('button', { name: 'Cookie settings' }),
    ).toBeVisible();
    await expect(banner(page)).toHaveCount(0);
    expect(consoleErrors).toEqual([]);
  });

  test('customise with the keyboard, then reopen the settings from the footer', async ({
    page,
  }) => {
    await setLanguage(page, 'en-GB');
    await page.goto('/faq');
    const customise = banner(page).getByRole('button', { name: en.banner.customize });
    await expect(page.locator('html[data-hydrated]')).toBeAttached();
    await customise.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: en.dialog.title });
    await expect(dialog).toBeVisible();
    const analytics = dialog.getByRole('switch', { name: en.dialog.analytics.label });
    await expect(analytics).toBeFocused();
    await page.keyboard.press('Space');
    await expect(analytics).toBeChecked();
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('switch', { name: en.dialog.ads.label })).toBeFocused();
    // Escape cancels: back to the banner, focus on Customise, nothing stored.
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(customise).toBeFocused();
    expect(await storedConsent(page)).toBeNull();

    await customise.click();
    await dialog.getByRole('switch', { name: en.dialog.personalization.label }).check();
    await dialog.getByRole('button', { name: en.dialog.save }).click();
    await expect(dialog).toHaveCount(0);
    await expect(banner(page)).toHaveCount(0);
    expect(await storedConsent(page)).toEqual({ ...ESSENTIAL, personalization: 'granted' });

    const footerButton = page
      .getByRole('contentinfo')
      .getByRole('button', { name: 'Cookie settings' });
    await footerButton.click();
    await expect(dialog).toBeVisible();
    await expect(
      dialog.getByRole('switch', { name: en.dialog.personalization.label }),
    ).toBeChecked();
    await expect(dialog.getByRole('switch', { name: en.dialog.analytics.label })).not.toBeChecked();
    await dialog.getByRole('switch', { name: en.dialog.ads.label }).check();
    await dialog.getByRole('button', { name: en.dialog.cancel }).click();
    await expect(dialog).toHaveCount(0);
    await expect(banner(page)).toHaveCount(0);
    await expect(footerButton).toBeFocused();
    expect(await storedConsent(page)).toEqual({ ...ESSENTIAL, personalization: 'granted' });
  });

  test('without a measurement id nothing is requested from any other host, before or after consent', async ({
    page,
    baseURL,
  }) => {
    const shop = new URL(baseURL!).host;
    const foreign: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.protocol !== 'data:' && url.protocol !== 'blob:' && url.host !== shop)
        foreign.push(request.url());
    });
    await setLanguage(page, 'en-GB');
    await page.goto('/');
    await expect(banner(page)).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(foreign).toEqual([]);
    expect((await gtagCalls(page))[0]).toEqual([
      'consent',
      'default',
      {
        analytics_storage: 'denied',
        ad_storage: 'denied',
        ad_user_data: 'denied',
        ad_personalization: 'denied',
        personalization_storage: 'denied',
        functionality_storage: 'denied',
        security_storage: 'granted',
      },
    ]);

    await banner(page).getByRole('button', { name: en.banner.acceptAll }).click();
    await expect(banner(page)).toHaveCount(0);
    const calls = await gtagCalls(page);
    expect(calls.at(-1)).toEqual([
      'consent',
      'update',
      expect.objectContaining({ analytics_storage: 'granted', ad_user_data: 'granted' }),
    ]);
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'FAQ', exact: true })
      .click();
    await expect(page).toHaveURL(/\/faq$/);
    await page.reload();
    await page.waitForLoadState('networkidle');
    expect(foreign).toEqual([]);
    await expect(page.locator('script[src*="googletagmanager"]')).toHaveCount(0);
  });

  test('axe finds nothing with the banner and with the settings dialog open', async ({ page }) => {
    // Two axe runs over the whole home page: ~23 s on a two-core machine, over 30 s when it is busy.
    test.setTimeout(60_000);
    await setLanguage(page, 'en-GB');
    await page.goto('/');
    await expect(banner(page)).toBeVisible();
    // Axe looks at the banner as a visitor uses it: live.
    await expect(page.locator('html[data-hydrated]')).toBeAttached();
    expect(await axeViolations(page)).toEqual([]);
    await banner(page).getByRole('button', { name: en.banner.customize }).click();
    await expect(page.getByRole('dialog', { name: en.dialog.title })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });

  test('also shows on the flow paths, where there is no footer', async ({ page }) => {
    await setLanguage(page, 'en-GB');
    await page.goto('/personalize/football_story');
    await expect(banner(page)).toBeVisible();
    await banner(page).getByRole('button', { name: en.banner.acceptAll }).click();
    await expect(banner(page)).toHaveCount(0);
  });

  for (const [device, viewport] of [
    ['phone', { width: 390, height: 844 }],
    ['laptop', { width: 1366, height: 820 }],
  ] as const) {
    for (const language of LANGUAGES) {
      test(`${device}, ${language}: the banner leaves the home page's main action and the header free`, async ({
        page,
      }) => {
        await page.setViewportSize(viewport);
        await setLanguage(page, language);
        await page.goto('/');
        await expect(banner(page, language)).toBeVisible();
        // Live (hydrated): the banner has published its height, which the page keeps free.
        await expect(page.locator('html[data-hydrated]')).toBeAttached();
        const cta = page
          .getByRole('main')
          .getByRole('link', { name: text(language, 'home.hero.cta') })
          .first();
        await expect(cta).toBeInViewport({ ratio: 1 });
        const [ctaBox, bannerBox, headerBox] = await Promise.all([
          cta.boundingBox(),
          banner(page, language).boundingBox(),
          page.getByRole('banner').boundingBox(),
        ]);
        expect(ctaBox!.y + ctaBox!.height).toBeLessThanOrEqual(bannerBox!.y);
        expect(headerBox!.y + headerBox!.height).toBeLessThanOrEqual(bannerBox!.y);
        expect(bannerBox!.height).toBeLessThanOrEqual(viewport.height * 0.36);
        // The page keeps room for the banner: its last content can be scrolled above it.
        await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
        const copyright = page.getByRole('contentinfo').getByText(/©/);
        const copyrightBox = await copyright.boundingBox();
        const bannerAfter = await banner(page, language).boundingBox();
        expect(copyrightBox!.y + copyrightBox!.height).toBeLessThanOrEqual(bannerAfter!.y);
      });
    }
  }
  test('a choice pressed on the server’s banner before the app has arrived is kept once it listens', async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ baseURL: baseURL! });
    const tab = await context.newPage();
    const errors: string[] = [];
    tab.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') errors.push(message.text());
    });
    // A slow phone: the app arrives 2 s after the page.
    await holdBack(tab, '**/assets/start-app-*.js', 2000);
    await setLanguage(tab, 'lv');
    await tab.goto('/');
    const lv = consent('lv');
    // Pressed at once, on the page as the server sent it.
    await banner(tab, 'lv').getByRole('button', { name: lv.banner.acceptAll }).click();
    expect(await tab.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
    await hydrated(tab);
    await expect(banner(tab, 'lv')).toHaveCount(0);
    expect(await storedConsent(tab)).toEqual(ALL);
    expect(errors).toEqual([]);
    await context.close();
  });

  test('a choice pressed while the banner’s own code is still on its way is kept once the banner is live', async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ baseURL: baseURL! });
    const tab = await context.newPage();
    // The page's content is live first; the banner (a chunk of its own) arrives 3 s later.
    await holdBack(tab, '**/assets/cookie-consent-*.js', 3000);
    await setLanguage(tab, 'en-GB');
    await tab.goto('/faq');
    await expect(tab.getByRole('heading', { level: 1 })).toBeVisible();
    await banner(tab).getByRole('button', { name: en.banner.acceptEssential }).click();
    // The page waits for the banner before it calls itself taken over.
    expect(await tab.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
    await hydrated(tab);
    await expect(banner(tab)).toHaveCount(0);
    expect(await storedConsent(tab)).toEqual(ESSENTIAL);
    await context.close();
  });
  test('when the banner’s code cannot be fetched, the page stays, without a banner', async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ baseURL: baseURL! });
    const tab = await context.newPage();
    // A request lost on a poor connection.
    await tab.route('**/assets/cookie-consent-*.js', (route) => route.abort());
    await setLanguage(tab, 'lv');
    await tab.goto('/YouCanDoIt');
    await hydrated(tab);
    // The product page, not the error page.
    const product = texts<{ title: string; personalise: string }>('lv', 'product');
    await expect(tab.getByRole('heading', { level: 1 })).toHaveText(product.title);
    await expect(
      tab.getByRole('main').getByRole('link', { name: product.personalise }),
    ).toBeVisible();
    await expect(banner(tab, 'lv')).toHaveCount(0);
    expect(await storedConsent(tab)).toBeNull();
    await context.close();
  });
});
