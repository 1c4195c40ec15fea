import type { PlacedOrderStatus } from '#contract/order-status.ts';
import { createOrder, setOrderCookie } from './cart-orders.ts';
import {
  expectNoAxeViolations,
  fill,
  fillAddress,
  fillContact,
  mailTo,
  payOnSandbox,
  screenshot,
  type CheckoutTexts,
  type OrderStatusTexts,
} from './checkout-helpers.ts';
import { LANGUAGES, expect, setLanguage, test, type Language } from './fixtures.ts';
import { texts } from './locales.ts';

// Issue 10's "Done when", in each language on a phone against the production server with the
// sandbox provider: two books in the cart (built through the API here; e2e/journey.spec.ts builds
// them through the builder), MULTI25, approval, the delivery form on a phone, the sandbox page,
// 'Payment Successful', the confirmation mail in the outbox with the paid total, and the order at
// /order-status/{orderId}. axe on every screen, no console errors, nothing wider than the phone.

type ConsentTexts = { banner: { acceptEssential: string } };
type CartTexts = {
  coupon: { label: string; apply: string; applied: string };
  approval: { label: string };
  checkout: string;
};

const PEOPLE: Record<
  Language,
  {
    books: { name: string; gender: 'Boy' | 'Girl' }[];
    email: string;
    phone: string;
    address: {
      firstName: string;
      lastName: string;
      address1: string;
      city: string;
      zip: string;
      province?: string;
    };
  }
> = {
  lv: {
    books: [
      { name: 'Elīza', gender: 'Girl' },
      { name: 'Mārtiņš', gender: 'Boy' },
    ],
    email: 'liga.berzina@example.lv',
    phone: '+37120000000',
    address: {
      firstName: 'Līga',
      lastName: 'Bērziņa',
      address1: 'Brīvības iela 1',
      city: 'Rīga',
      zip: 'LV-1010',
    },
  },
  'en-GB': {
    books: [
      { name: 'Zoë', gender: 'Girl' },
      { name: 'Oliver', gender: 'Boy' },
    ],
    email: 'sarah.jones@example.co.uk',
    phone: '+447911123456',
    address: {
      firstName: 'Sarah',
      lastName: 'Jones',
      address1: '1 High Street',
      city: 'Bristol',
      zip: 'BS1 4DJ',
    },
  },
  'en-US': {
    books: [
      { name: 'Renée', gender: 'Girl' },
      { name: 'Mason', gender: 'Boy' },
    ],
    email: 'emily.clark@example.com',
    phone: '+12025550123',
    address: {
      firstName: 'Emily',
      lastName: 'Clark',
      address1: '1600 Pennsylvania Ave',
      city: 'Washington',
      zip: '20500',
      province: 'DC',
    },
  },
};

/** Mail text with its non-breaking spaces as plain ones. */
const plain = (text: string) => text.replace(/&nbsp;|&#160;|\u00a0|\u202f/g, ' ');

for (const language of LANGUAGES) {
  test(`${language}: MULTI25, the delivery form on a phone, the sandbox page, Payment Successful, the mail and the order`, async ({
    page,
    request,
    consoleErrors,
  }) => {
    test.setTimeout(300_000);
    const t = texts<CheckoutTexts>(language, 'checkout');
    const s = texts<OrderStatusTexts>(language, 'order-status');
    const cart = texts<CartTexts>(language, 'cart');
    const people = PEOPLE[language];
    const { orderId } = await createOrder(request, language, people.books);
    await setLanguage(page, language);
    await setOrderCookie(page, language, orderId);
    const fits = async (where: string) => {
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width, `${where} fits the phone`).toBeLessThanOrEqual(page.viewportSize()!.width);
      await expectNoAxeViolations(page, where);
    };

    // The cart: MULTI25 and the approval.
    await page.goto('/cart');
    await page
      .getByRole('button', {
        name: texts<ConsentTexts>(language, 'consent').banner.acceptEssential,
      })
      .click();
    await page.getByRole('textbox', { name: cart.coupon.label }).fill('MULTI25');
    await page.getByRole('button', { name: cart.coupon.apply, exact: true }).click();
    await expect(
      page.getByText(fill(cart.coupon.applied, { code: 'MULTI25', percent: 25 })),
    ).toBeVisible();
    await page.getByRole('checkbox', { name: cart.approval.label }).check();
    await page.getByRole('button', { name: cart.checkout, exact: true }).click();

    // The delivery form on a phone, in the shop's language and its market's country.
    await expect(page).toHaveURL(/\/checkout\/delivery$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.title.shipping);
    const summary = page.getByRole('region', { name: t.summary.title! });
    await expect(summary.locator('.totals-list__discount')).toBeVisible();
    await fits('the delivery form');
    await screenshot(page, `journey-delivery-${language}`);
    await fillAddress(page, t, t.sections.shipping, people.address);
    await fillContact(page, t, people.email, people.phone);
    const shownTotal = await summary.locator('.totals-list__total dd').textContent();
    await page.getByRole('button', { name: t.payNow }).click();

    // The provider's page (our sandbox), then back.
    await payOnSandbox(page, 'paid', language, consoleErrors);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.status.paid.title);
    await expect(page.getByText(t.status.paid.text)).toBeVisible();
    await fits('Payment Successful');
    await screenshot(page, `journey-paid-${language}`);

    // What was paid is what the delivery step showed, with 25% off the books.
    const order = (await (
      await request.get(`/api/order/${orderId}/status`)
    ).json()) as PlacedOrderStatus;
    // The API answers amounts in the currency (34.99); in cents they add up exactly.
    const cents = (amount: number) => Math.round(amount * 100);
    expect(cents(order.discount)).toBe(Math.round(cents(order.subtotal) / 4));
    expect(cents(order.total)).toBe(
      cents(order.subtotal) + cents(order.deliveryCost) - cents(order.discount),
    );
    expect(plain(shownTotal ?? '')).toBe(
      plain(
        new Intl.NumberFormat(language, {
          style: 'currency',
          currency: order.currencyCode,
          currencyDisplay: 'narrowSymbol',
        }).format(order.total),
      ),
    );
    await expect(
      page.getByText(fill(t.status.paid.orderNumber, { number: order.orderNumber })),
    ).toBeVisible();

    // The confirmation mail, in the outbox, with the total paid and the link to follow the order.
    const mail = plain(await mailTo(page, people.email, new RegExp(order.orderNumber)));
    expect(mail).toContain(
      plain(
        new Intl.NumberFormat(language, { style: 'currency', currency: order.currencyCode }).format(
          order.total,
        ),
      ),
    );
    expect(mail).toContain(`/order-status/${orderId}`);

    // Following the order.
    await page.getByRole('link', { name: t.status.paid.follow }).click();
    await expect(page).toHaveURL(new RegExp(`/order-status/${orderId}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      fill(s.title, { number: order.orderNumber }),
    );
    await expect(page.getByRole('listitem').filter({ hasText: s.steps.paid!.title })).toContainText(
      s.steps.paid!.subtext,
    );
    await expect(page.locator('.order-status__items > li')).toHaveCount(2);
    await fits('the order status');
    await screenshot(page, `journey-order-${language}`);
    expect(consoleErrors).toEqual([]);
  });
}
