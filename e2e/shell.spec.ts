import { defaultDraft } from '#machines/purchase-draft.ts';
import { createOrder, setOrderCookie } from './cart-orders.ts';
import { expect, setLanguage, test } from './fixtures.ts';
import { text } from './locales.ts';

test.describe('the shared chrome', () => {
  test('header links, the language dropdown and the cart icon', async ({ page }) => {
    await setLanguage(page, 'en-GB');
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const name of ['Home', 'The book', 'About', 'Contact', 'FAQ', 'Personalise My Book']) {
      await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await expect(nav.getByRole('link', { name: 'The book', exact: true })).toHaveAttribute(
      'href',
      '/YouCanDoIt',
    );
    const select = page.getByRole('combobox', { name: 'Language' });
    await expect(select.locator('option')).toHaveText(['Latviešu', 'English', 'English US']);
    await expect(page.getByRole('link', { name: 'Cart' })).toBeVisible();
    await nav.getByRole('link', { name: 'FAQ', exact: true }).click();
    await expect(page).toHaveURL(/\/faq$/);
    await expect(nav.getByRole('link', { name: 'FAQ', exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  test('the document always has a title: from the first byte, and while the next page loads', async ({
    page,
  }) => {
    await setLanguage(page, 'en-GB');
    // Every title the document has, from the first script on (a navigation that briefly had none
    // would record '').
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { titles: string[] }).titles = seen;
      const record = () => {
        if (seen.at(-1) !== document.title) seen.push(document.title);
      };
      new MutationObserver(record).observe(document, {
        subtree: true,
        childList: true,
        characterData: true,
      });
      document.addEventListener('DOMContentLoaded', record);
    });
    await page.goto('/');
    await expect(page).toHaveTitle(`${text('en-GB', 'meta.pages.home.title')} - Storymade`);
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const [name, key] of [
      ['FAQ', 'faq'],
      ['About', 'about'],
      ['Contact', 'contact'],
    ] as const) {
      await nav.getByRole('link', { name, exact: true }).click();
      await expect(page).toHaveTitle(`${text('en-GB', `meta.pages.${key}.title`)} - Storymade`);
    }
    const titles = await page.evaluate(() => (window as unknown as { titles: string[] }).titles);
    expect(titles.filter((title) => title.trim() === '')).toEqual([]);
  });

  test('changing the language translates the page, sets <html lang> and remembers it for 7 days', async ({
    page,
    context,
  }) => {
    await setLanguage(page, 'en-GB');
    await page.goto('/');
    await page.getByRole('combobox', { name: 'Language' }).selectOption('lv');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('lv', 'home.hero.title'));
    await expect(page.locator('html')).toHaveAttribute('lang', 'lv');
    await expect(page).toHaveTitle(`${text('lv', 'meta.pages.home.title')} - Storymade`);
    const cookie = (await context.cookies()).find((c) => c.name === 'LANGUAGE_CODE');
    expect(cookie?.value).toBe('lv');
    expect(cookie?.sameSite).toBe('Lax');
    expect(cookie?.path).toBe('/');
    const days = ((cookie?.expires ?? 0) - Date.now() / 1000) / 86400;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7.01);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('lv', 'home.hero.title'));
    await page.getByRole('combobox', { name: 'Valoda' }).selectOption('en-US');
    await expect(page.getByRole('link', { name: 'Personalize My Book' }).first()).toBeVisible();
  });

  test('a first visit without the cookie follows the browser language', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'lv-LV' });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'lv');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('lv', 'home.hero.title'));
    await context.close();
  });

  test('footer: link groups, three social links in a new tab, the offered payment marks, the company, the current year', async ({
    page,
  }) => {
    await setLanguage(page, 'en-GB');
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    for (const [name, href] of [
      ['Home', '/'],
      ['The book', '/YouCanDoIt'],
      ['About us', '/about-us'],
      ['Contact us', '/contact-us'],
      ['FAQ', '/faq'],
      ['Delivery', '/delivery'],
      ['Privacy policy', '/privacy-policy'],
      ['Terms and conditions', '/terms'],
      ['User content terms', '/ugc-terms'],
    ] as const) {
      await expect(footer.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
    }
    const social = footer.locator('.social-links a');
    await expect(social).toHaveCount(3);
    for (const link of await social.all()) {
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
    // The sandbox payment provider takes cards: only Visa and Mastercard (PAYMENT_METHODS unset).
    const marks = footer.getByRole('list', { name: 'Payment methods we accept' }).getByRole('img');
    await expect(marks).toHaveCount(2);
    expect(
      await marks.evaluateAll((svgs) => svgs.map((svg) => svg.getAttribute('aria-label'))),
    ).toEqual(['Visa', 'Mastercard']);
    // The company behind the shop (the development examples, marked as such).
    await expect(footer.locator('address')).toContainText(
      'SIA Storymade · Reg. No. 40000000000 · VAT No. LV40000000000',
    );
    await expect(footer.locator('address')).toContainText('example details');
    await expect(footer).toContainText(`© ${new Date().getFullYear()} Storymade`);
  });

  test('header and footer are hidden on the flow paths, where the progress dots show', async ({
    page,
    request,
  }) => {
    // Nor is their code loaded there (src/site-frame.tsx, issue #48): no script holds the footer.
    const footerCode: string[] = [];
    page.on('response', async (response) => {
      if (response.request().resourceType() !== 'script') return;
      const body = await response.text().catch(() => '');
      if (body.includes('site-footer__inner')) footerCode.push(new URL(response.url()).pathname);
    });
    await setLanguage(page, 'en-GB');
    // A complete book, so no step sends the page back to the child's step (a missing name would).
    const draft = defaultDraft(null, 'en-gb');
    draft.child.name = 'Oliver';
    draft.family.grownUps[0].name = 'Tom';
    draft.family.grownUps[1].name = 'Sarah';
    draft.dedication = 'For Oliver,\nwho never gives up.';
    await page.addInitScript(
      (stored) => sessionStorage.setItem('football_story', stored),
      JSON.stringify(draft),
    );
    for (const [path, current] of [
      ['/personalize/football_story', 'Characters'],
      ['/personalizeDad/football_story', 'Characters'],
      ['/personalizeMum/football_story', 'Characters'],
      ['/dedication/football_story', 'Dedication'],
      ['/preview/football_story', 'Preview'],
      ['/coverChoice/edit/123', 'Cover'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('banner')).toHaveCount(0);
      await expect(page.getByRole('contentinfo')).toHaveCount(0);
      const dots = page.getByRole('navigation', { name: 'Your progress' });
      await expect(dots.locator('[aria-current="step"]')).toHaveText(current);
    }
    // The delivery step needs an order of this language's (without one it sends the parent home).
    const { orderId } = await createOrder(request, 'en-GB', [{ name: 'Oliver', gender: 'Boy' }]);
    await setOrderCookie(page, 'en-GB', orderId);
    await page.goto('/checkout/delivery');
    await expect(page).toHaveURL(/\/checkout\/delivery$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('banner')).toHaveCount(0);
    await expect(page.getByRole('navigation', { name: 'Your progress' })).toHaveCount(0);
    expect(footerCode).toEqual([]);
    // Leaving the builder by its close control: the page it returns to has both.
    await page.goto('/personalize/football_story');
    await page.getByRole('button', { name: text('en-GB', 'flowExit.label') }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
    expect(footerCode).toHaveLength(1);
    await page.goto('/faq');
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Your progress' })).toHaveCount(0);
  });

  test('back-to-top appears after 300 px and every path change starts at the top', async ({
    page,
  }) => {
    await setLanguage(page, 'en-GB');
    await page.setViewportSize({ width: 1366, height: 600 });
    await page.goto('/privacy-policy');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // The cookie banner comes with the page now and sits over the bottom corner until the visitor chooses.
    await page.getByRole('button', { name: 'Accept Essential' }).click();
    const backToTop = page.getByRole('button', { name: 'Back to top' });
    await expect(backToTop).toHaveCount(0);
    await page.evaluate(() => window.scrollTo(0, 250));
    await expect(backToTop).toHaveCount(0);
    await page.evaluate(() => window.scrollTo(0, 900));
    await expect(backToTop).toBeVisible();
    await backToTop.click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.getByRole('contentinfo').getByRole('link', { name: 'Terms and conditions' }).click();
    await expect(page).toHaveURL(/\/terms$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });
});
