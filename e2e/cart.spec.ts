import { axeViolations, expect, setLanguage, test } from './fixtures.ts';
import { createOrder, setOrderCookie } from './cart-orders.ts';

test.describe('the cart against the real server', () => {
  test('two books: MULTI25 gives the server’s 25% off, approval unlocks Checkout, which leads to delivery', async ({
    page,
    request,
    consoleErrors,
  }) => {
    const { orderId } = await createOrder(request, 'en-GB', [
      { name: 'Anna', gender: 'Girl' },
      { name: 'Oliver', gender: 'Boy', cover: 'softcover' },
    ]);
    await setLanguage(page, 'en-GB');
    await setOrderCookie(page, 'en-GB', orderId);
    await page.goto('/cart');
    await page.getByRole('button', { name: 'Accept Essential' }).click();

    await expect(page.getByRole('heading', { level: 1, name: 'Your cart' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Cart, 2 books' })).toBeVisible();
    const books = page
      .getByRole('list')
      .filter({ has: page.getByRole('heading', { level: 3 }) })
      .getByRole('listitem');
    await expect(books).toHaveCount(2);
    await expect(books.getByRole('heading', { level: 3 })).toHaveText([
      '‘You Can Do It’ for Anna',
      '‘You Can Do It’ for Oliver',
    ]);
    await expect(
      books.first().getByRole('img', { name: 'Anna, Dad and Mum as they look in the book' }),
    ).toBeVisible();
    await expect(books.first().getByText('Hardcover')).toBeVisible();
    await expect(books.nth(1).getByText('Softcover')).toBeVisible();

    const summaryBox = page.getByRole('region', { name: 'Order summary' });
    const server = await (await request.get(`/api/order/summary/${orderId}?country=en-GB`)).json();
    const pounds = (amount: number) => `£${amount.toFixed(2)}`;
    await expect(summaryBox.locator('dd').first()).toHaveText(pounds(server.subtotal));
    await expect(summaryBox.getByText('Discount')).toHaveCount(0);
    expect(await axeViolations(page)).toEqual([]);

    await page.getByLabel('Coupon code').fill('MULTI25');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByText('Coupon MULTI25 applied: 25% off.')).toBeVisible();
    const discounted = await (
      await request.get(`/api/order/summary/${orderId}?country=en-GB`)
    ).json();
    expect(Math.round(discounted.discount * 100)).toBe(Math.round((server.subtotal * 100) / 4));
    const discountLine = summaryBox.locator('div', { hasText: 'Discount (MULTI25, 25%)' });
    await expect(discountLine.locator('dd')).toHaveText(`-${pounds(discounted.discount)}`);
    await expect(summaryBox.locator('.cart-summary__total dd')).toHaveText(
      pounds(discounted.total),
    );

    // Checkout is disabled, still reachable by keyboard, and says why.
    const checkout = page.getByRole('button', { name: 'Checkout' });
    await expect(checkout).toHaveAttribute('aria-disabled', 'true');
    await expect(checkout).toHaveAccessibleDescription('Approve book details to proceed');
    await checkout.focus();
    await expect(
      page.getByRole('tooltip').filter({ hasText: 'Approve book details to proceed' }).first(),
    ).toBeVisible();
    await checkout.click({ force: true });
    await expect(page).toHaveURL(/\/cart$/);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: test.info().outputPath('cart-laptop.png'), fullPage: true });

    await page
      .getByRole('checkbox', { name: 'Please confirm all details before proceeding to checkout.' })
      .check();
    await expect(books.getByText('Approved', { exact: true })).toHaveCount(2);
    await expect(checkout).toHaveAttribute('aria-disabled', 'false');
    await checkout.click();
    await expect(page).toHaveURL(/\/checkout\/delivery$/);
    expect(consoleErrors).toEqual([]);
  });

  test('removing a book asks first, and the server re-checks the coupon', async ({
    page,
    request,
    consoleErrors,
  }) => {
    const { orderId } = await createOrder(request, 'en-GB', [
      { name: 'Anna', gender: 'Girl' },
      { name: 'Oliver', gender: 'Boy' },
    ]);
    expect(
      (
        await request.post(`/api/order/${orderId}/discount`, { data: { code: 'MULTI25' } })
      ).status(),
    ).toBe(200);
    await setLanguage(page, 'en-GB');
    await setOrderCookie(page, 'en-GB', orderId);
    await page.goto('/cart');
    await page.getByRole('button', { name: 'Accept Essential' }).click();
    await expect(page.getByText('Discount (MULTI25, 25%)')).toBeVisible();

    const oliver = page.getByRole('listitem').filter({ hasText: 'for Oliver' });
    await oliver.getByRole('button', { name: 'Remove' }).click();
    await expect(
      oliver.getByText('Remove ‘You Can Do It’ for Oliver from your cart?'),
    ).toBeFocused();
    await oliver.getByRole('button', { name: 'Yes, remove' }).click();
    await expect(page.getByRole('heading', { level: 3 })).toHaveText(['‘You Can Do It’ for Anna']);
    await expect(page.getByRole('link', { name: 'Cart, 1 book' })).toBeVisible();
    await expect(page.getByText('Discount (MULTI25, 25%)')).toHaveCount(0);
    await expect(
      page.getByText('Coupon MULTI25 is on your order but does not apply to this cart.'),
    ).toBeVisible();

    await page.getByLabel('Coupon code').fill('MULTI25');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByText('This coupon needs 2 or more books in the cart.')).toBeVisible();
    await page.getByLabel('Coupon code').fill('NOPE');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByText('This coupon code is not valid.')).toBeVisible();

    // The last book goes: the cart says it is empty, with the way to the book.
    const anna = page.getByRole('listitem').filter({ hasText: 'for Anna' });
    await anna.getByRole('button', { name: 'Remove' }).click();
    await anna.getByRole('button', { name: 'Yes, remove' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your cart is empty');
    await expect(page).toHaveURL(/\/cart$/);
    // The two refused coupons are 400 answers, which the browser itself logs; nothing else is.
    expect(consoleErrors).toEqual(
      Array(2).fill(
        'Failed to load resource: the server responded with a status of 400 (Bad Request)',
      ),
    );
  });

  test('in Latvian: euros, the child in the dative, and a language change asks first', async ({
    page,
    request,
    consoleErrors,
  }) => {
    const { orderId } = await createOrder(request, 'lv', [{ name: 'Anna', gender: 'Girl' }]);
    await setLanguage(page, 'lv');
    await setOrderCookie(page, 'lv', orderId);
    await page.goto('/cart');
    await page.getByRole('button', { name: /Tikai nepieciešamās/ }).click();
    await expect(page.getByRole('heading', { level: 3 })).toHaveText('Grāmata „Tu to vari” Annai');
    await expect(page.locator('.cart-summary__total dd')).toHaveText(/^\d+,\d{2}\s€$/);
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('combobox', { name: 'Valoda' }).focus();
    await page.getByRole('combobox', { name: 'Valoda' }).selectOption('en-GB');
    const dialog = page.getByRole('dialog', { name: 'Mainīt valodu?' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Nemainīt valodu' })).toBeFocused();
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('combobox', { name: 'Valoda' })).toHaveValue('lv');
    await expect(page.getByRole('combobox', { name: 'Valoda' })).toBeFocused();

    await page.getByRole('combobox', { name: 'Valoda' }).selectOption('en-GB');
    await dialog.getByRole('button', { name: 'Pārslēgt uz „English”' }).click();
    // The English cart has no order: it says it is empty, the Latvian order waits in its cookie.
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your cart is empty');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-GB');
    await expect(page.getByRole('link', { name: 'Cart', exact: true })).toBeVisible();
    const cookies = await page.context().cookies();
    expect(cookies.find((c) => c.name === 'ORDER_ID_lv')?.value).toBe(orderId);
    expect(consoleErrors).toEqual([]);
  });

  test('an order the server does not know is forgotten', async ({ page, consoleErrors }) => {
    await setLanguage(page, 'en-GB');
    await setOrderCookie(page, 'en-GB', 'AAAAAAAAAAAAAAAAAAAAAAAA');
    await page.goto('/cart');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your cart is empty');
    await expect(page).toHaveURL(/\/cart$/);
    // The browser forgets the order when its summary call is answered 404.
    await expect
      .poll(async () => (await page.context().cookies()).find((c) => c.name === 'ORDER_ID_en-GB'))
      .toBeUndefined();
    // The 404 of the summary call is the browser's own console line; nothing else is logged.
    expect(consoleErrors.filter((e) => !/404/.test(e))).toEqual([]);
  });
});
