import type { Page } from '@playwright/test';
import { defaultDraft } from '#machines/purchase-draft.ts';
import { createOrder, setOrderCookie } from './cart-orders.ts';
import { type CheckoutTexts } from './checkout-helpers.ts';
import { texts } from './locales.ts';
import { axeViolations, expect, LANGUAGES, setLanguage, test, type Language } from './fixtures.ts';

// The storefront a parent sees before trusting the shop: the way to the product page, every
// amount in the visitor's currency, delivery to the market's country, the delivery page, the way
// out of the builder and the reward page's own video.

const MARKET: Record<
  Language,
  {
    symbol: string;
    country: string;
    delivery: string;
    ukDelivery: string;
    usDelivery: string;
    layflat: string;
  }
> = {
  lv: {
    symbol: '€',
    country: 'Latvija',
    delivery: '3,99 €',
    ukDelivery: '11,99 €',
    usDelivery: '19,99 €',
    layflat: '200,00 €',
  },
  'en-GB': {
    symbol: '£',
    country: 'United Kingdom',
    delivery: '£9.99',
    ukDelivery: '£9.99',
    usDelivery: '£16.99',
    layflat: '£200.00',
  },
  'en-US': {
    symbol: '$',
    country: 'United States',
    delivery: '$19.99',
    ukDelivery: '$12.99',
    usDelivery: '$19.99',
    layflat: '$200.00',
  },
};

const CONSENT = JSON.stringify({
  analytics: 'denied',
  ads: 'denied',
  personalization: 'denied',
  user_data: 'denied',
  ad_personalization: 'denied',
  functionality: 'granted',
  security: 'granted',
});

async function visit(page: Page, language: Language) {
  await setLanguage(page, language);
  await page.addInitScript((consent) => localStorage.setItem('cookie_consent', consent), CONSENT);
}

/** Every amount of money in the page's text (hidden FAQ answers too), with the symbol it carries. */
async function amounts(page: Page): Promise<string[]> {
  const text = await page.locator('body').evaluate((body) => body.textContent ?? '');
  return [...text.matchAll(/[£$€]\s?\d[\d.,]*|\d[\d.,]*\s?(?:€|EUR|GBP|USD)/g)].map((match) =>
    match[0].replace(/\s/g, ' '),
  );
}

test.describe('the storefront', () => {
  // Several pages and API calls each, on a machine shared with other work.
  test.setTimeout(120_000);
  test("'The book' in the header and footer and the home page's links lead to the product page", async ({
    page,
  }) => {
    await visit(page, 'en-GB');
    await page.goto('/');
    const header = page.getByRole('banner');
    await header.getByRole('link', { name: 'The book', exact: true }).click();
    await expect(page).toHaveURL(/\/YouCanDoIt$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('You can do it');
    await page.goto('/faq');
    await page
      .getByRole('contentinfo')
      .getByRole('link', { name: 'The book', exact: true })
      .click();
    await expect(page).toHaveURL(/\/YouCanDoIt$/);
    await page.goto('/');
    const main = page.getByRole('main');
    await expect(main.getByRole('link', { name: 'See the book' })).toHaveCount(3);
    for (const link of await main.getByRole('link', { name: 'See the book' }).all())
      await expect(link).toHaveAttribute('href', '/YouCanDoIt');
    await main.getByRole('link', { name: 'See the book' }).first().click();
    await expect(page).toHaveURL(/\/YouCanDoIt$/);
    // No waiting list and no launch date: the first edition is on sale.
    await page.goto('/');
    await expect(main).not.toContainText(/waiting list|June 2025|Launching/);
  });

  for (const language of LANGUAGES) {
    test(`${language}: every amount on home, product, FAQ, delivery and cart is in the market's currency`, async ({
      page,
      request,
    }) => {
      await visit(page, language);
      const { orderId } = await createOrder(request, language, [
        { name: 'Mia', gender: 'Girl' },
        { name: 'Leo', gender: 'Boy', cover: 'softcover' },
      ]);
      await setOrderCookie(page, language, orderId);
      const seen: string[] = [];
      for (const path of ['/', '/YouCanDoIt', '/faq', '/delivery', '/cart']) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await page.waitForLoadState('networkidle');
        // The delivery page's countries (with their costs) load in the browser after it has taken
        // the page over: on a busy machine that can come after the network has been quiet.
        await expect
          .poll(async () => (await amounts(page)).length, { message: `${path} shows no amount` })
          .toBeGreaterThan(0);
        const found = await amounts(page);
        for (const amount of found)
          expect(amount, `${path}: ${amount}`).toContain(MARKET[language].symbol);
        seen.push(...found);
      }
      // The FAQ quotes layflat's price from the server, in the market's currency.
      expect(seen).toContain(MARKET[language].layflat);
    });

    test(`${language}: the cart delivers to the market's country by default, another country can be chosen, with the estimate`, async ({
      page,
      request,
    }) => {
      await visit(page, language);
      const { orderId } = await createOrder(request, language, [{ name: 'Mia', gender: 'Girl' }]);
      await setOrderCookie(page, language, orderId);
      await page.goto('/cart');
      const summary = page.locator('.cart-summary');
      const select = summary.getByRole('combobox');
      await expect(select.locator('option:checked')).toHaveText(MARKET[language].country);
      await expect(summary.locator('.cart-summary__lines')).toContainText(
        MARKET[language].delivery,
      );
      await expect(summary.locator('.cart-summary__note')).toHaveText(/\d+/);
      await select.selectOption({
        label: language === 'lv' ? 'Apvienotā Karaliste' : 'United Kingdom',
      });
      await expect(summary.locator('.cart-summary__lines')).toContainText(
        MARKET[language].ukDelivery,
      );
      await select.selectOption({
        label: language === 'lv' ? 'Amerikas Savienotās Valstis' : 'United States',
      });
      await expect(summary.locator('.cart-summary__lines')).toContainText(
        MARKET[language].usDelivery,
      );
      expect(await axeViolations(page)).toEqual([]);
      // The checkout's form starts from the country chosen in the cart (one other than the market's).
      const uk = language === 'lv' ? 'Apvienotā Karaliste' : 'United Kingdom';
      const chosen = language === 'en-GB' ? 'United States' : uk;
      if (language !== 'en-GB') await select.selectOption({ label: uk });
      await page.goto('/checkout/delivery');
      const shipping = page
        .getByRole('combobox', { name: texts<CheckoutTexts>(language, 'checkout').address.country })
        .first();
      await expect(shipping.locator('option:checked')).toHaveText(chosen);
    });

    test(`${language}: the delivery page lists countries, costs and times from the server`, async ({
      page,
    }) => {
      await visit(page, language);
      await page.goto('/delivery');
      const rows = page.getByRole('table').locator('tbody tr');
      await expect(rows).toHaveCount(32);
      const us = rows.filter({
        hasText: language === 'lv' ? 'Amerikas Savienotās Valstis' : 'United States',
      });
      await expect(us).toContainText(MARKET[language].usDelivery);
      await expect(us).toContainText(
        language === 'lv'
          ? '13 darba dienās'
          : language === 'en-US'
            ? '13 business days'
            : '13 working days',
      );
      expect(await axeViolations(page)).toEqual([]);
      // The FAQ's delivery answer links here.
      await page.goto('/faq');
      await expect(page.locator('a[href="/delivery"]').first()).toBeAttached();
    });
  }

  test('every builder step has a way out that asks first only when there are unsaved changes', async ({
    page,
  }) => {
    await visit(page, 'en-GB');
    await page.goto('/YouCanDoIt');
    await page.getByRole('link', { name: 'Personalise My Book' }).last().click();
    await expect(page).toHaveURL(/\/personalize\/football_story$/);
    const close = page.getByRole('button', { name: 'Close the book builder' });
    await close.click();
    await expect(page).toHaveURL(/\/YouCanDoIt$/);

    await page.getByRole('link', { name: 'Personalise My Book' }).last().click();
    await page.getByRole('textbox', { name: "Child's name" }).fill('Anna');
    await close.click();
    const dialog = page.getByRole('dialog', { name: 'Leave your book?' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Keep editing' })).toBeFocused();
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Keep editing' }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/personalize\/football_story$/);
    await expect(close).toBeFocused();
    await close.click();
    await page
      .getByRole('dialog', { name: 'Leave your book?' })
      .getByRole('button', { name: 'Leave' })
      .click();
    await expect(page).toHaveURL(/\/YouCanDoIt$/);

    // The close control is on every step.
    const draft = defaultDraft(null, 'en-gb');
    draft.child.name = 'Anna';
    draft.family.grownUps[0].name = 'Tom';
    draft.family.grownUps[1].name = 'Sarah';
    draft.dedication = 'For Anna';
    await page.evaluate(
      (stored) => sessionStorage.setItem('football_story', stored),
      JSON.stringify(draft),
    );
    for (const step of [
      'personalize',
      'personalizeDad',
      'personalizeMum',
      'dedication',
      'preview',
      'coverChoice',
    ]) {
      await page.goto(`/${step}/football_story`);
      await expect(page).toHaveURL(new RegExp(`/${step}/football_story$`));
      await expect(page.getByRole('button', { name: 'Close the book builder' })).toBeVisible();
    }
  });

  test('the reward page plays our own video with captions in the page language', async ({
    page,
    request,
  }) => {
    await visit(page, 'lv');
    await page.addInitScript(() => localStorage.setItem('surveySubmitted', 'true'));
    await page.goto('/thank-you-reward');
    const video = page.locator('video');
    await expect(video).toHaveAttribute('poster', '/video/thank-you-poster.webp');
    await expect(video.locator('track')).toHaveAttribute('srclang', 'lv');
    const captions = await request.get('/video/thank-you.lv.vtt');
    expect(captions.headers()['content-type']).toContain('text/vtt');
    expect(await captions.text()).toContain('Paldies, ka atbildējāt');
    for (const source of await video.locator('source').all()) {
      expect((await request.get((await source.getAttribute('src'))!)).status()).toBe(200);
    }
    expect(await axeViolations(page)).toEqual([]);
  });
});
