// "Change the book" in the print hold (issue #47 item 2), in the browser: the status page of a
// paid order offers the change, the builder's own dedication step and preview open on the paid
// book, the change is saved from the preview and the status page says so; axe on each screen.
// Screenshots at 1366 px (this project) and 390 px (the viewport set for a second look).
import type { APIRequestContext } from '@playwright/test';
import type { CreateOrderResponse } from '#contract/orders.ts';
import { bookPayload, payInSandbox, rememberCartKey } from './cart-orders.ts';
import { expectNoAxeViolations, screenshot } from './checkout-helpers.ts';
import { expect, hydrated, test } from './fixtures.ts';
import { texts } from './locales.ts';

const enGbBuilder = texts<{
  dedication: { label: string; continue: string };
  change: { save: string };
}>('en-GB', 'builder');
const enGbStatus = texts<{
  change: { title: string; dedication: string; left_other: string; saved: string };
}>('en-GB', 'order-status');

/** An en-GB book for Ilze with her grown-ups named (the builder asks for their names), paid. */
async function paidOrder(request: APIRequestContext): Promise<string> {
  const book = bookPayload('en-GB', { name: 'Ilze', gender: 'Girl' }, null);
  const created = await request.post('/api/order', {
    data: {
      ...book,
      maleParent: { ...book.maleParent!, name: 'Jānis' },
      femaleParent: { ...book.femaleParent!, name: 'Anna' },
    },
  });
  expect(created.status()).toBe(201);
  const { orderId } = (await created.json()) as CreateOrderResponse;
  rememberCartKey(orderId, created);
  const delivery = await request.post(`/api/order/${orderId}/delivery-address`, {
    data: {
      contactInfo: { email: 'change@example.com', phone: '+371 2000 0000', subscribe: false },
      shippingAddress: {
        firstName: 'Anna',
        lastName: 'Bērziņa',
        address1: 'Brīvības iela 1',
        city: 'Rīga',
        zip: 'LV-1010',
        countryId: 19,
      },
      isShippingDetailsEqualBilling: true,
    },
  });
  expect(delivery.status()).toBe(200);
  await payInSandbox(request, orderId);
  return orderId;
}

const NEW_DEDICATION = 'Dear Ilze,\nrun, kick and laugh!';

test('a parent changes the dedication from the status page during the print hold', async ({
  page,
  request,
}) => {
  // ~30 s alone on two busy cores (a paid order, four screens with axe, a save that re-renders).
  test.setTimeout(90_000);
  const orderId = await paidOrder(request);
  await page.goto(`/order-status/${orderId}`);
  await hydrated(page);
  await page.getByRole('button', { name: 'Accept Essential', exact: true }).click();
  const changes = page.getByRole('region', { name: enGbStatus.change.title });
  await expect(changes).toBeVisible();
  await expect(
    changes.getByText(enGbStatus.change.left_other.replace('{{count}}', '10')),
  ).toBeVisible();
  await expectNoAxeViolations(page, 'the status page with the change offer');
  await screenshot(page, 'book-change-status');
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'book-change-status-390');
  await page.setViewportSize({ width: 1366, height: 820 });

  await changes.getByRole('link', { name: `${enGbStatus.change.dedication}: Ilze` }).click();
  await expect(page).toHaveURL(new RegExp(`/order-status/${orderId}/change/1/dedication$`));
  const text = page.getByLabel(enGbBuilder.dedication.label);
  await expect(text).toHaveValue('Dear Ilze,\nwe are proud of you.');
  await text.fill(NEW_DEDICATION);
  await expectNoAxeViolations(page, 'the dedication step of the change');
  await screenshot(page, 'book-change-dedication');
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'book-change-dedication-390');
  await page.setViewportSize({ width: 1366, height: 820 });
  await page.getByRole('button', { name: enGbBuilder.dedication.continue }).click();

  await expect(page).toHaveURL(new RegExp(`/order-status/${orderId}/change/1/preview$`));
  const save = page.getByRole('button', { name: enGbBuilder.change.save });
  await expect(save).toBeVisible();
  await expectNoAxeViolations(page, 'the preview of the change');
  await save.click();

  await expect(page).toHaveURL(new RegExp(`/order-status/${orderId}\\?changed=1$`));
  await expect(page.getByRole('status').filter({ hasText: enGbStatus.change.saved })).toBeVisible();
  await expect(
    changes.getByText(enGbStatus.change.left_other.replace('{{count}}', '9')),
  ).toBeVisible();
  await expectNoAxeViolations(page, 'the status page after the change');
  await screenshot(page, 'book-change-saved');
  // The server has the new dedication.
  const book = await request.get(`/api/order/${orderId}/books/1`);
  expect(
    ((await book.json()) as { customization: { dedication: string } }).customization.dedication,
  ).toBe(NEW_DEDICATION);
});
