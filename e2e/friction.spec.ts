import {
  approvalKeptOnBack,
  declinedPayment,
  emptyCart,
  orderNumbersUnbroken,
} from './friction-steps.ts';
import { expect, test } from './fixtures.ts';
import { shopErrors } from './checkout-helpers.ts';

// Issue 30's friction fixes on a 1366 px laptop, in US English (the phone's are in Latvian).
test.describe.configure({ timeout: 120_000 });

test('an empty cart says so, with the way to the book', async ({ page, consoleErrors }) => {
  await emptyCart(page, 'en-US');
  expect(consoleErrors).toEqual([]);
});

test('the cart keeps its approval when the parent comes back from checkout', async ({
  page,
  request,
  consoleErrors,
}) => {
  await approvalKeptOnBack(page, request, 'en-US');
  expect(consoleErrors).toEqual([]);
});

test('a declined card: no money taken, the shop’s e-mail and phone, Try Again', async ({
  page,
  request,
  consoleErrors,
}) => {
  await declinedPayment(page, request, 'en-US', consoleErrors);
  expect(shopErrors(consoleErrors, [402])).toEqual([]);
});

test('the order number never breaks on the success page and the order’s page', async ({
  page,
  request,
  consoleErrors,
}) => {
  await orderNumbersUnbroken(page, request, 'en-US', consoleErrors);
  // The sandbox page's own favicon may be a 404 reported after the page has left it (the 'pay' fix).
  expect(shopErrors(consoleErrors, [404])).toEqual([]);
});
