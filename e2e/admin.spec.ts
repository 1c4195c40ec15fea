import { E2E_OWNER } from '../playwright.config.ts';
import { createOrder, paidOrder, payInSandbox } from './cart-orders.ts';
import { axeViolations, expect, setLanguage, test } from './fixtures.ts';

test('the owner signs in, finds a paid order, moves it to shipped with tracking, and sees it in the audit log', async ({
  page,
  request,
  consoleErrors,
}) => {
  test.setTimeout(120_000);
  // A child of its own on each attempt, so a retry against the same server finds one order.
  const child = ['Elza', 'Ilze', 'Anete'][test.info().retry] ?? 'Elza';
  const orderId = await paidOrder(request, child);
  await setLanguage(page, 'en-GB');

  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin\/sign-in/);
  await expect(page.getByRole('heading', { name: 'Sign in to the back office' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.getByLabel('E-mail address').fill(E2E_OWNER.email);
  await page.getByLabel('Password').fill('not the password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText('The e-mail address or password is not right.');
  await page.getByLabel('Password').fill(E2E_OWNER.password);
  await page.getByRole('button', { name: 'Sign in' }).click();

  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole('link', { name: 'Orders', exact: true }).click();
  await page.getByLabel('Search', { exact: true }).fill(child);
  await page.getByRole('button', { name: 'Search' }).click();
  const row = page.getByRole('row').filter({ hasText: child });
  await expect(row).toHaveCount(1);
  expect(await axeViolations(page)).toEqual([]);
  await row.getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/admin/orders/${orderId}$`));
  await expect(
    page.getByRole('heading', { name: new RegExp(`You Can Do It for ${child}`) }),
  ).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'Mark as checked' }).click();
  await expect(page.getByRole('status')).toContainText('Checked');
  await page.getByRole('button', { name: 'Mark as in production' }).click();
  await expect(page.getByRole('status')).toContainText('In production');
  await page.getByLabel('Tracking number').fill('DPD123456');
  await page.getByLabel('Tracking link').fill('https://tracking.example/DPD123456');
  await page.getByRole('button', { name: 'Mark as shipped and mail the parent' }).click();
  await expect(page.getByRole('status')).toContainText('Shipped');
  await expect(page.getByRole('link', { name: 'DPD123456' })).toHaveAttribute(
    'href',
    'https://tracking.example/DPD123456',
  );

  await page.getByRole('link', { name: 'Audit log' }).click();
  await expect(page.getByRole('row').filter({ hasText: "Changed an order's status" })).toHaveCount(
    3,
  );
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/admin\/sign-in/);
  expect(consoleErrors.filter((e) => !/401/.test(e))).toEqual([]);
});

test('the owner confirms a refund in a dialog that says what and how much before any money moves', async ({
  page,
  request,
  consoleErrors,
}) => {
  test.setTimeout(90_000);
  const child = ['Rūta', 'Maija', 'Paula'][test.info().retry] ?? 'Rūta';
  const { orderId } = await createOrder(request, 'en-GB', [
    { name: child, gender: 'Girl' },
    { name: 'Leo', gender: 'Boy', cover: 'softcover' },
  ]);
  const delivery = await request.post(`/api/order/${orderId}/delivery-address`, {
    data: {
      contactInfo: { email: 'refund@example.com', phone: '+371 2000 0000', subscribe: false },
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
  await setLanguage(page, 'en-GB');
  await page.goto('/admin/sign-in');
  await page.getByLabel('E-mail address').fill(E2E_OWNER.email);
  await page.getByLabel('Password').fill(E2E_OWNER.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await page.goto(`/admin/orders/${orderId}`);

  await page.getByRole('checkbox', { name: /^Leo, Softcover/ }).check();
  await page.getByLabel('Reason (kept in the audit log)').fill('Misprinted name');
  await page.getByRole('button', { name: /^Refund £/ }).click();
  const dialog = page.getByRole('dialog', { name: /^Refund £\d+\.\d\d\?$/ });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('listitem').first()).toContainText('The book for Leo (Softcover)');
  // The safe answer has the focus; the page behind is inert.
  await expect(dialog.getByRole('button', { name: 'Go back, refund nothing' })).toBeFocused();
  expect(await axeViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Refunded so far: £0.00')).toBeVisible();

  await page.getByRole('button', { name: /^Refund £/ }).click();
  await dialog.getByRole('button', { name: /^Refund £/ }).click();
  await expect(page.getByRole('status')).toContainText(
    'The parent gets a mail with the credit note.',
  );
  await expect(
    page.getByText(/^Refunded on .*\. Its print files and PDF are deleted\.$/),
  ).toBeVisible();
  // The session check before signing in answers 401, as in the test above.
  expect(consoleErrors.filter((e) => !/401/.test(e))).toEqual([]);
});
