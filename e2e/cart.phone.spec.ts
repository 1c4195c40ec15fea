import { axeViolations, expect, setLanguage, test } from './fixtures.ts';
import { createOrder, setOrderCookie } from './cart-orders.ts';

test('on a phone the cart stacks, has no axe violations, and approval unlocks Checkout', async ({
  page,
  request,
  consoleErrors,
}) => {
  const { orderId } = await createOrder(request, 'en-US', [
    { name: 'Mia', gender: 'Girl' },
    { name: 'Noah', gender: 'Boy' },
  ]);
  await setLanguage(page, 'en-US');
  await setOrderCookie(page, 'en-US', orderId);
  await page.goto('/cart');
  await page.getByRole('button', { name: 'Accept Essential' }).click();
  await expect(page.getByRole('heading', { level: 3 })).toHaveText([
    '“You Can Do It” for Mia',
    '“You Can Do It” for Noah',
  ]);
  await expect(page.getByRole('link', { name: 'Edit personalization' }).first()).toBeVisible();
  await expect(page.locator('.cart-summary__total dd')).toHaveText(/^\$\d+\.\d{2}$/);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(page.viewportSize()!.width);
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('cart-phone.png'), fullPage: true });
  // The total and the way to checkout stay on screen without scrolling past both books.
  await page.evaluate(() => window.scrollTo(0, 0));
  const bar = page.getByRole('region', { name: 'Total and checkout' });
  await expect(bar).toBeInViewport({ ratio: 1 });
  await expect(bar).toContainText(/\$\d+\.\d{2}/);
  const total = await page.locator('.cart-summary__total dd').textContent();
  await expect(bar.locator('strong')).toHaveText(total!);
  // Before approval it takes the parent to the approval box and says why.
  await bar.getByRole('button', { name: 'Go to checkout' }).click();
  await expect(
    page.getByRole('checkbox', {
      name: 'Please confirm all details before proceeding to checkout.',
    }),
  ).toBeFocused();
  await expect(bar).toContainText('Approve your books below, then check out.');
  const checkout = page.getByRole('button', { name: 'Checkout', exact: true });
  await expect(checkout).toHaveAttribute('aria-disabled', 'true');
  await page
    .getByRole('checkbox', { name: 'Please confirm all details before proceeding to checkout.' })
    .check();
  await checkout.click();
  await expect(page).toHaveURL(/\/checkout\/delivery$/);
  expect(consoleErrors).toEqual([]);
});
