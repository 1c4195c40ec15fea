import type { Page } from '@playwright/test';
import type { DeliveryDetails } from '#contract/checkout.ts';
import type { PlacedOrderStatus } from '#contract/order-status.ts';
import { createOrder, setOrderCookie } from './cart-orders.ts';
import {
  expectNoAxeViolations,
  fill,
  fillAddress,
  fillContact,
  payOnSandbox,
  screenshot,
  shopErrors,
  type CheckoutTexts,
  type OrderStatusTexts,
} from './checkout-helpers.ts';
import { expect, setLanguage, test } from './fixtures.ts';
import { texts } from './locales.ts';

// The checkout in Chromium against the production server with the sandbox provider (en-GB):
// every field's message, the province for Canada and the US, a billing address of its own, a
// declined and an abandoned payment and paying again, a reload of the success page, a forged
// reference, the order status page and its errors; axe on every screen, no console errors.

// Each test walks several screens and the provider's page on a machine shared with other work.
test.describe.configure({ timeout: 120_000 });

const t = texts<CheckoutTexts>('en-GB', 'checkout');
const s = texts<OrderStatusTexts>('en-GB', 'order-status');
const ANNA = {
  firstName: 'Anna',
  lastName: 'Smith',
  address1: '1 High Street',
  city: 'Bristol',
  zip: 'BS1 4DJ',
};

async function openCheckout(page: Page, request: Parameters<typeof createOrder>[0]) {
  const { orderId } = await createOrder(request, 'en-GB', [
    { name: 'Ella', gender: 'Girl' },
    { name: 'Oliver', gender: 'Boy', cover: 'softcover' },
  ]);
  await setLanguage(page, 'en-GB');
  await setOrderCookie(page, 'en-GB', orderId);
  await page.goto('/checkout/delivery');
  await page.getByRole('button', { name: 'Accept Essential' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.title.shipping);
  return orderId;
}

const shipping = (page: Page) => page.getByRole('group', { name: t.sections.shipping });

test('every field says what is missing, the first gets the focus; Canada and the US ask for a province', async ({
  page,
  request,
  consoleErrors,
}) => {
  await openCheckout(page, request);
  // No header or footer on checkout.
  await expect(page.getByRole('banner')).toHaveCount(0);
  await expect(page.getByRole('contentinfo')).toHaveCount(0);
  // The market's country, the summary priced for it by the server, with the estimate.
  await expect(shipping(page).getByRole('combobox', { name: t.address.country })).toHaveValue('31');
  const summary = page.getByRole('region', { name: t.summary.title! });
  await expect(summary).toContainText(fill(t.summary.delivery!, { country: 'the United Kingdom' }));
  await expect(summary).toContainText(/Estimated delivery in 12 working days/);
  await expectNoAxeViolations(page, 'the empty delivery form');
  await screenshot(page, 'delivery');

  await page.getByRole('button', { name: t.payNow }).click();
  const expected: [string, string][] = [
    [t.address.firstName, t.errors.firstName!],
    [t.address.lastName, t.errors.lastName!],
    [t.address.address1, t.errors.address1!],
    [t.address.city, t.errors.city!],
    [t.address.zip, t.errors.zip!],
  ];
  for (const [label, message] of expected) {
    const box = shipping(page).getByRole('textbox', { name: label, exact: true });
    await expect(box).toHaveAttribute('aria-invalid', 'true');
    await expect(box).toHaveAccessibleDescription(message);
  }
  await expect(page.getByRole('textbox', { name: t.contact.email })).toHaveAccessibleDescription(
    t.errors.email!,
  );
  await expect(
    page.getByRole('textbox', { name: t.contact.phone, exact: true }),
  ).toHaveAccessibleDescription(t.errors.phone!);
  await expect(shipping(page).getByRole('textbox', { name: t.address.firstName })).toBeFocused();
  await expect(
    shipping(page).getByRole('textbox', { name: t.address.address2 }),
  ).not.toHaveAttribute('aria-invalid', 'true');
  await expectNoAxeViolations(page, 'the form with its messages');
  await screenshot(page, 'delivery-errors');

  // Typing fixes a message at once; an invalid email and phone keep theirs.
  await fillAddress(page, t, t.sections.shipping, ANNA);
  await fillContact(page, t, 'anna@example', '+4479');
  await expect(
    shipping(page).getByRole('textbox', { name: t.address.firstName }),
  ).not.toHaveAttribute('aria-invalid', 'true');
  await page.getByRole('button', { name: t.payNow }).click();
  await expect(page.getByRole('textbox', { name: t.contact.email })).toBeFocused();
  await expect(page.getByRole('textbox', { name: t.contact.email })).toHaveAccessibleDescription(
    t.errors.email!,
  );
  await expect(
    page.getByRole('textbox', { name: t.contact.phone, exact: true }),
  ).toHaveAccessibleDescription(t.errors.phone!);

  // Province: none for the UK; chosen from a list for Canada (5) and the United States (45), and
  // the postcode in the country's format (BS1 4DJ is a UK postcode only).
  const region = shipping(page).getByRole('combobox', {
    name: new RegExp(`^(${t.address.state}|${t.address.provinceCA})$`),
  });
  await expect(region).toHaveCount(0);
  for (const [countryId, label, zipMessage] of [
    ['5', t.address.provinceCA, t.errors.zipCA!],
    ['45', t.address.state, t.errors.zipUS!],
  ] as const) {
    await shipping(page).getByRole('combobox', { name: t.address.country }).selectOption(countryId);
    const province = shipping(page).getByRole('combobox', { name: label });
    await expect(province).toHaveAccessibleDescription(t.errors.province!);
    await expect(
      shipping(page).getByRole('textbox', { name: t.address.zip, exact: true }),
    ).toHaveAccessibleDescription(zipMessage);
  }
  await expect(summary).toContainText(fill(t.summary.delivery!, { country: 'the United States' }));
  await shipping(page).getByRole('combobox', { name: t.address.country }).selectOption('19');
  await expect(region).toHaveCount(0);
  // Latvia: '12' is refused; '1010' is written LV-1010 once the parent moves on.
  const zip = shipping(page).getByRole('textbox', { name: t.address.zip, exact: true });
  await expect(zip).toHaveAccessibleDescription(t.errors.zipLV!);
  await zip.fill('12');
  await expect(zip).toHaveAccessibleDescription(t.errors.zipLV!);
  await zip.fill('1010');
  await zip.blur();
  await expect(zip).toHaveValue('LV-1010');
  await expect(zip).not.toHaveAttribute('aria-invalid', 'true');
  expect(consoleErrors).toEqual([]);
});

test('a billing address of its own, a declined card, Try Again, then paid; the success page survives a reload', async ({
  page,
  request,
  consoleErrors,
}) => {
  const orderId = await openCheckout(page, request);
  await fillAddress(page, t, t.sections.shipping, {
    ...ANNA,
    countryId: '45',
    province: 'NY',
    city: 'New York',
    zip: '10001',
  });
  await fillContact(page, t, 'anna@example.co.uk', '+447911123456');
  await page.getByRole('checkbox', { name: t.sameBilling }).uncheck();
  await fillAddress(page, t, t.sections.billing, {
    firstName: 'Tom',
    lastName: 'Smith',
    address1: '2 Low Road',
    city: 'Bath',
    zip: 'BA1 1AA',
  });
  await page.getByRole('checkbox', { name: t.subscribe }).uncheck();
  await expectNoAxeViolations(page, 'the form with a billing address');
  await page.getByRole('button', { name: t.payNow }).click();

  await payOnSandbox(page, 'declined', 'en-GB', consoleErrors);
  // The card was declined: no money was taken, and how to reach the shop.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.status.declined.title);
  await expect(page.getByText(t.status.declined.text)).toBeVisible();
  const contact = page.getByRole('main').getByText(t.status.contact);
  await expect(contact).toBeVisible();
  const shop = (await (await request.get('/api/shop?country=en-GB')).json()) as {
    company: { email: string; phone: string };
  };
  await expect(contact.getByRole('link', { name: shop.company.email })).toHaveAttribute(
    'href',
    `mailto:${shop.company.email}`,
  );
  await expect(contact.getByRole('link', { name: shop.company.phone })).toHaveAttribute(
    'href',
    /^tel:\+?\d+$/,
  );
  await expectNoAxeViolations(page, 'Payment declined');
  await screenshot(page, 'payment-failed');
  // What the server keeps: the billing address differs, the phone in international form.
  // (Read as the browser holding the cart: the details answer only its cookie, and only unpaid.)
  const saved = (await (
    await page.request.get(`/api/delivery/${orderId}`)
  ).json()) as DeliveryDetails;
  expect(saved.isShippingDetailsEqualBilling).toBe(false);
  expect(saved.shippingAddress).toMatchObject({ countryId: 45, province: 'NY', city: 'New York' });
  expect(saved.billingAddress).toMatchObject({ firstName: 'Tom', city: 'Bath', countryId: 31 });
  expect(saved.contactInfo).toEqual({
    email: 'anna@example.co.uk',
    phone: '+447911123456',
    subscribe: false,
  });

  // Try Again: back to the delivery step, everything still filled in; pay again.
  await page.getByRole('button', { name: t.status.failed.retry }).click();
  await expect(page).toHaveURL(/\/checkout\/delivery$/);
  await expect(
    page
      .getByRole('group', { name: t.sections.billing })
      .getByRole('textbox', { name: t.address.city }),
  ).toHaveValue('Bath');
  await page.getByRole('button', { name: t.payNow }).click();
  await payOnSandbox(page, 'paid', 'en-GB', consoleErrors);
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toHaveText(t.status.paid.title);
  await expect(page.getByText(t.status.paid.text)).toBeVisible();
  await expect(page.getByText(/^Order number: SM-\d{4}-\d{5}$/)).toBeVisible();
  await expectNoAxeViolations(page, 'Payment Successful');
  await screenshot(page, 'payment-successful');
  // The order is placed: its id and the checkout data are forgotten.
  const cookies = await page.context().cookies();
  expect(cookies.find((cookie) => cookie.name === 'ORDER_ID_en-GB')).toBeUndefined();
  expect(
    await page.evaluate(() => [
      sessionStorage.getItem('checkoutFormData'),
      sessionStorage.getItem('shippingDetails'),
    ]),
  ).toEqual([null, null]);

  // A reload asks the server again, and it still says paid.
  await page.reload();
  await expect(heading).toHaveText(t.status.paid.title);

  // The order page: what was paid for, shipped to New York.
  await page.getByRole('link', { name: t.status.paid.follow }).click();
  await expect(page).toHaveURL(new RegExp(`/order-status/${orderId}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Order SM-\d{4}-\d{5}$/);
  const order = (await (
    await request.get(`/api/order/${orderId}/status`)
  ).json()) as PlacedOrderStatus;
  await expect(page.getByRole('listitem').filter({ hasText: s.steps.paid!.title })).toContainText(
    s.steps.paid!.subtext,
  );
  await expect(
    page.getByRole('listitem').filter({ hasText: s.steps.delivered!.title }),
  ).toContainText(/Estimated delivery: \d{1,2} \w+ \d{4}/);
  await expect(page.getByRole('img', { name: /Ella/ })).toBeVisible();
  await expect(page.locator('.totals-list__total dd')).toHaveText(
    new Intl.NumberFormat('en-GB', { style: 'currency', currency: order.currencyCode }).format(
      order.total,
    ),
  );
  await expectNoAxeViolations(page, 'the order status');
  await screenshot(page, 'order-status');
  // Home from the success page.
  await page.goBack();
  await page.getByRole('link', { name: t.status.paid.home }).click();
  await expect(page).toHaveURL(/\/$/);
  expect(shopErrors(consoleErrors, [402])).toEqual([]);
});

test('an abandoned payment fails, changes nothing, and a second try succeeds', async ({
  page,
  request,
  consoleErrors,
}) => {
  const orderId = await openCheckout(page, request);
  await fillAddress(page, t, t.sections.shipping, ANNA);
  await fillContact(page, t, 'anna@example.co.uk', '+447911123456');
  await page.getByRole('button', { name: t.payNow }).click();
  await payOnSandbox(page, 'abandoned', 'en-GB', consoleErrors);
  // Cancelled on the provider's page: no money was taken either.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.status.declined.title);
  expect(
    ((await (await request.get(`/api/order/${orderId}/status`)).json()) as { placed: boolean })
      .placed,
  ).toBe(false);
  await page.getByRole('button', { name: t.status.failed.retry }).click();
  await page.getByRole('button', { name: t.payNow }).click();
  await payOnSandbox(page, 'paid', 'en-GB', consoleErrors);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.status.paid.title);
  expect(
    ((await (await request.get(`/api/order/${orderId}/status`)).json()) as { placed: boolean })
      .placed,
  ).toBe(true);
  expect(shopErrors(consoleErrors, [402])).toEqual([]);
});

test('a forged or missing reference shows Payment Failed and changes nothing; Try Again without a cart goes home', async ({
  page,
  consoleErrors,
}) => {
  await setLanguage(page, 'en-GB');
  await page.goto('/payment-status?payment_reference=forged_reference_0123456789abcdef');
  await page.getByRole('button', { name: 'Accept Essential' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.status.failed.title);
  await page.getByRole('button', { name: t.status.failed.retry }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/payment-status');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.status.failed.title);
  await expectNoAxeViolations(page, 'Payment Failed without a reference');
  expect(shopErrors(consoleErrors, [404])).toEqual([]);
});

test('no stored order: /checkout/delivery sends the parent home', async ({ page }) => {
  await setLanguage(page, 'en-GB');
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });
  await page.goto('/checkout/delivery');
  await expect(page).toHaveURL(/\/$/);
  expect(warnings).toContain('Order ID not found');
});

test('order status errors: an invalid id and an unknown order, under Error', async ({
  page,
  consoleErrors,
}) => {
  await setLanguage(page, 'en-GB');
  await page.goto('/order-status/not*an*id');
  await page.getByRole('button', { name: 'Accept Essential' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(s.error.title);
  await expect(page.getByRole('alert')).toHaveText(s.error.invalidId);
  await page.goto('/order-status/AAAAAAAAAAAAAAAAAAAAAAAA');
  await expect(page.getByRole('alert')).toHaveText(s.error.notFound);
  await expectNoAxeViolations(page, 'the order status error');
  expect(shopErrors(consoleErrors, [404])).toEqual([]);
});

// The cart shows its wallet button only when PAYMENT_METHODS offers a wallet (the test server offers
// cards only: tests/unit/cart.test.tsx covers the button); the way it leads is the same form.
test('the wallet way (/checkout/delivery?method=wallet) goes through the same form to the provider’s page', async ({
  page,
  request,
  consoleErrors,
}) => {
  const { orderId } = await createOrder(request, 'en-GB', [{ name: 'Mia', gender: 'Girl' }]);
  await setLanguage(page, 'en-GB');
  await setOrderCookie(page, 'en-GB', orderId);
  await page.goto('/checkout/delivery?method=wallet');
  await page.getByRole('button', { name: 'Accept Essential' }).click();
  await fillAddress(page, t, t.sections.shipping, ANNA);
  await fillContact(page, t, 'mia@example.co.uk', '+447911123456');
  await page.getByRole('button', { name: t.payNow }).click();
  await payOnSandbox(page, 'paid', 'en-GB', consoleErrors);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.status.paid.title);
  expect(consoleErrors).toEqual([]);
});
