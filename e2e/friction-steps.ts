import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { createOrder, setOrderCookie } from './cart-orders.ts';
import { expectNoAxeViolations, payOnSandbox, type CheckoutTexts } from './checkout-helpers.ts';
import { expect, setLanguage, test, type Language } from './fixtures.ts';
import { text, texts } from './locales.ts';

// The friction fixes of issue 30 as a parent meets them, on a 390 px phone (friction.phone.spec.ts)
// and a 1366 px laptop (friction.spec.ts): the same steps, a screenshot of each under .tmp/screens.

type CartTexts = {
  empty: Record<'title' | 'text' | 'book', string>;
  approval: { label: string };
  checkout: string;
  bar: Record<'approveFirst' | 'label' | 'checkout', string>;
};

/** What the window shows now (fixed bars included), under .tmp/screens. */
export async function look(page: Page, name: string) {
  mkdirSync(path.resolve('.tmp/screens'), { recursive: true });
  await page.screenshot({
    path: path.resolve('.tmp/screens', `${name}-${test.info().project.name}.png`),
    timeout: 30_000,
  });
}

async function acceptEssential(page: Page, language: Language) {
  await page
    .getByRole('button', {
      name: texts<{ banner: { acceptEssential: string } }>(language, 'consent').banner
        .acceptEssential,
    })
    .click();
}

/** An empty /cart says so, with the way to the book, and stays on /cart. */
export async function emptyCart(page: Page, language: Language) {
  const cart = texts<CartTexts>(language, 'cart');
  await setLanguage(page, language);
  await page.goto('/cart');
  await acceptEssential(page, language);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(cart.empty.title);
  await expect(page.getByText(cart.empty.text)).toBeVisible();
  await expect(page).toHaveURL(/\/cart$/);
  await expectNoAxeViolations(page, 'the empty cart');
  await look(page, 'cart-empty');
  await page.getByRole('main').getByRole('link', { name: cart.empty.book }).click();
  await expect(page).toHaveURL(/\/YouCanDoIt$/);
}

/** Approval, Checkout, Back: the books are still approved and Checkout still open. */
export async function approvalKeptOnBack(
  page: Page,
  request: APIRequestContext,
  language: Language,
) {
  const cart = texts<CartTexts>(language, 'cart');
  const t = texts<CheckoutTexts>(language, 'checkout');
  const { orderId } = await createOrder(request, language, [{ name: 'Mia', gender: 'Girl' }]);
  await setLanguage(page, language);
  await setOrderCookie(page, language, orderId);
  await page.goto('/cart');
  await acceptEssential(page, language);
  const approval = page.getByRole('checkbox', { name: cart.approval.label });
  await approval.check();
  await page.getByRole('button', { name: cart.checkout, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.title.shipping);
  await page.getByRole('link', { name: t.back }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(approval).toBeChecked();
  await expect(page.getByRole('button', { name: cart.checkout, exact: true })).toHaveAttribute(
    'aria-disabled',
    'false',
  );
  // The browser's Back button finds it ticked too.
  await page.getByRole('button', { name: cart.checkout, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.title.shipping);
  await page.goBack();
  await expect(approval).toBeChecked();
  await approval.scrollIntoViewIfNeeded();
  await look(page, 'cart-approval-after-back');
}

/** An order with delivery details, its payment started; answers the sandbox page's path. */
async function startedPayment(request: APIRequestContext, language: Language) {
  const { orderId } = await createOrder(request, language, [
    { name: 'Mia', gender: 'Girl' },
    { name: 'Noah', gender: 'Boy', cover: 'softcover' },
  ]);
  const delivery = await request.post(`/api/order/${orderId}/delivery-address`, {
    data: {
      contactInfo: { email: 'parent@example.com', phone: '+371 2000 0000', subscribe: false },
      shippingAddress: {
        firstName: 'Anna',
        lastName: 'Bērziņa',
        address1: 'Brīvības iela 1',
        city: 'Rīga',
        zip: '1010',
        countryId: 19,
      },
      isShippingDetailsEqualBilling: true,
    },
  });
  expect(delivery.status()).toBe(200);
  const initiated = await request.post('/api/payment/initiate', { data: { orderId } });
  expect(initiated.status()).toBe(200);
  return { orderId, link: ((await initiated.json()) as { payment_link: string }).payment_link };
}

/** A declined card: the page says no money was taken, how to reach the shop, and offers Try Again. */
export async function declinedPayment(
  page: Page,
  request: APIRequestContext,
  language: Language,
  consoleErrors: string[],
) {
  const t = texts<CheckoutTexts>(language, 'checkout');
  const { orderId, link } = await startedPayment(request, language);
  await setLanguage(page, language);
  await setOrderCookie(page, language, orderId);
  await page.goto(link);
  await payOnSandbox(page, 'declined', language, consoleErrors);
  await acceptEssential(page, language);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.status.declined.title);
  await expect(page.getByText(t.status.declined.text)).toBeVisible();
  const shop = (await (await request.get(`/api/shop?country=${language}`)).json()) as {
    company: { email: string; phone: string };
  };
  const contact = page.locator('.payment-status__contact');
  await expect(contact).toContainText(t.status.contact);
  await expect(contact.getByRole('link', { name: shop.company.email })).toHaveAttribute(
    'href',
    `mailto:${shop.company.email}`,
  );
  await expect(contact.getByRole('link', { name: shop.company.phone })).toBeVisible();
  await expectNoAxeViolations(page, 'the declined payment');
  await look(page, 'payment-declined');
  await page.getByRole('button', { name: t.status.failed.retry }).click();
  await expect(page).toHaveURL(/\/checkout\/delivery$/);
}

/** The element's text is on one line: an inline box broken over lines has a rectangle per line. */
async function expectOneLine(page: Page, selector: string) {
  const lines = await page.locator(selector).evaluate((element) => element.getClientRects().length);
  expect(lines, `${selector} on one line`).toBe(1);
  expect(
    await page.locator(selector).evaluate((element) => getComputedStyle(element).whiteSpace),
  ).toBe('nowrap');
}

/** Paid: the order number on the success page and the order's page never breaks at its hyphens. */
export async function orderNumbersUnbroken(
  page: Page,
  request: APIRequestContext,
  language: Language,
  consoleErrors: string[],
) {
  const t = texts<CheckoutTexts>(language, 'checkout');
  const { orderId, link } = await startedPayment(request, language);
  await setLanguage(page, language);
  await page.goto(link);
  await payOnSandbox(page, 'paid', language, consoleErrors);
  await acceptEssential(page, language);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.status.paid.title);
  await expect(page.locator('.payment-status__number .order-number')).toHaveText(
    /^SM-\d{4}-\d{5}$/,
  );
  await expectOneLine(page, '.payment-status__number .order-number');
  await look(page, 'payment-paid');
  await page.goto(`/order-status/${orderId}`);
  await expect(page.locator('h1 .order-number')).toHaveText(/^SM-\d{4}-\d{5}$/);
  await expectOneLine(page, 'h1 .order-number');
  await look(page, 'order-status');
}

/**
 * The phone cart's bar with the total, Checkout and its hint: the back-to-top button floats above
 * it, never over its button or its hint.
 */
export async function backToTopAboveTheBar(
  page: Page,
  request: APIRequestContext,
  language: Language,
) {
  const cart = texts<CartTexts>(language, 'cart');
  const { orderId } = await createOrder(request, language, [
    { name: 'Mia', gender: 'Girl' },
    { name: 'Noah', gender: 'Boy' },
    { name: 'Ella', gender: 'Girl' },
  ]);
  await setLanguage(page, language);
  await setOrderCookie(page, language, orderId);
  await page.goto('/cart');
  await acceptEssential(page, language);
  const bar = page.getByRole('region', { name: cart.bar.label });
  await expect(bar).toBeInViewport({ ratio: 1 });
  await page.evaluate(() => window.scrollTo({ top: 900, behavior: 'instant' }));
  const backToTop = page.getByRole('button', { name: text(language, 'backToTop') });
  await expect(backToTop).toBeVisible();
  const apart = async () => {
    const button = (await backToTop.boundingBox())!;
    const barBox = (await bar.boundingBox())!;
    expect(
      button.y + button.height,
      'the back-to-top button ends above the bar',
    ).toBeLessThanOrEqual(barBox.y);
  };
  await apart();
  // Checkout before the approval: the hint appears in the bar, and the button moves up with it.
  await bar.getByRole('button', { name: cart.bar.checkout }).click();
  await expect(bar).toContainText(cart.bar.approveFirst);
  await page.evaluate(() => window.scrollBy({ top: 200, behavior: 'instant' }));
  await expect(backToTop).toBeVisible();
  await expect
    .poll(async () => (await backToTop.boundingBox())!.y + 48 <= (await bar.boundingBox())!.y)
    .toBe(true);
  await apart();
  // The whole bar is on screen, its hint included.
  await expect(bar).toBeInViewport({ ratio: 1 });
  await look(page, 'cart-bar-back-to-top');
}
