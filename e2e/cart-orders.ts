import { randomUUID } from 'node:crypto';
import type { APIRequestContext, APIResponse, Page } from '@playwright/test';
import { defaultCharacters } from '#book/character-set.ts';
import { CART_KEY_COOKIE, type CreateOrderResponse, type SavePayload } from '#contract/orders.ts';
import { setLanguage, test, type Language } from './fixtures.ts';

/** A valid save payload (contract/orders.ts) for one book. */
export function bookPayload(
  language: Language,
  child: { name: string; gender: 'Boy' | 'Girl' },
  orderId: string | null,
  cover: 'hardcover' | 'softcover' | 'digital' = 'hardcover',
): SavePayload {
  const set = defaultCharacters(child.gender === 'Girl' ? 'girl' : 'boy');
  const { gender: _gender, ...childLook } = set.child;
  return {
    country: language,
    language,
    orderId,
    productId: 1,
    dedication: `Dear ${child.name},\nwe are proud of you.`,
    cover,
    child: { ...child, personalization: childLook },
    maleParent: {
      grownUpRole: 'dad',
      name: null,
      personalization: { ...set.dad, accessories: ['dad_acc_beard'] },
    },
    femaleParent: { grownUpRole: 'mum', name: null, personalization: set.mum },
    requestId: randomUUID(),
  };
}

/**
 * The cart key of each order made here (its browser's httpOnly cookie, server/routes/cart-access.ts):
 * the request context keeps it for its own calls; a page opened on the order is given it too.
 */
const cartKeys = new Map<string, string>();

/** The `Cookie` pair of the key holding this order's cart, for a request that sets its own Cookie header. */
export function cartCookie(orderId: string): string {
  const key = cartKeys.get(orderId);
  if (!key) throw new Error(`no cart key for ${orderId}: make the order with createOrder`);
  return `${CART_KEY_COOKIE}=${key}`;
}

/** Remembers the cart key a POST /api/order answer set. */
export function rememberCartKey(orderId: string, response: APIResponse): void {
  const set = response
    .headersArray()
    .filter((header) => header.name.toLowerCase() === 'set-cookie')
    .map((header) => header.value)
    .find((value) => value.startsWith(`${CART_KEY_COOKIE}=`));
  const key = set?.split(';')[0]?.split('=')[1];
  if (key) cartKeys.set(orderId, key);
}

/** Creates an order through the real API with the given books; answers its id and item ids. */
export async function createOrder(
  request: APIRequestContext,
  language: Language,
  books: { name: string; gender: 'Boy' | 'Girl'; cover?: 'hardcover' | 'softcover' | 'digital' }[],
) {
  const [first, ...rest] = books;
  if (!first) throw new Error('at least one book');
  const created = await request.post('/api/order', {
    data: bookPayload(language, first, null, first.cover),
  });
  if (created.status() !== 201)
    throw new Error(`POST /api/order: ${created.status()} ${await created.text()}`);
  const { orderId, orderItemId } = (await created.json()) as CreateOrderResponse;
  rememberCartKey(orderId, created);
  const itemIds = [orderItemId];
  for (const book of rest) {
    const added = await request.post('/api/orderItems', {
      data: bookPayload(language, book, orderId, book.cover),
    });
    if (added.status() !== 201)
      throw new Error(`POST /api/orderItems: ${added.status()} ${await added.text()}`);
    itemIds.push(((await added.json()) as { id: string }).id);
  }
  return { orderId, itemIds };
}

/**
 * An en-GB order of one book paid through the sandbox (payInSandbox) after its delivery details.
 * Throws on a refusal.
 */
export async function paidOrder(request: APIRequestContext, child: string): Promise<string> {
  const { orderId } = await createOrder(request, 'en-GB', [{ name: child, gender: 'Girl' }]);
  const delivery = await request.post(`/api/order/${orderId}/delivery-address`, {
    data: {
      contactInfo: { email: 'parent@example.com', phone: '+371 2000 0000', subscribe: false },
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
  if (delivery.status() !== 200)
    throw new Error(`delivery details: ${delivery.status()} ${await delivery.text()}`);
  await payInSandbox(request, orderId);
  return orderId;
}

/**
 * Pays an order with saved delivery details through the sandbox: initiate, the test page's 'paid'
 * and 'confirm' buttons, then the verification the return page makes. Throws on a refusal.
 */
export async function payInSandbox(request: APIRequestContext, orderId: string): Promise<void> {
  const initiated = await request.post('/api/payment/initiate', { data: { orderId } });
  if (initiated.status() !== 200)
    throw new Error(`initiate: ${initiated.status()} ${await initiated.text()}`);
  const link = new URL(
    ((await initiated.json()) as { payment_link: string }).payment_link,
    'http://localhost',
  );
  for (const action of ['paid', 'confirm'])
    await request.post(link.pathname, { form: { action }, maxRedirects: 0 });
  const verified = await request.post('/api/payment/verify', {
    data: { paymentReference: link.pathname.split('/').at(-1) },
  });
  if (verified.status() !== 200)
    throw new Error(`verify: ${verified.status()} ${await verified.text()}`);
}

/**
 * The order cookie the app reads for this language, and the cart's key (the browser that made the
 * order through the API holds it), as the browser that made the order would have them.
 */
export async function setOrderCookie(page: Page, language: Language, orderId: string) {
  const url = new URL(test.info().project.use.baseURL ?? 'http://127.0.0.1');
  const key = cartKeys.get(orderId);
  await page.context().addCookies([
    {
      name: `ORDER_ID_${language}`,
      value: orderId,
      domain: url.hostname,
      path: '/',
      sameSite: 'Lax',
    },
    ...(key
      ? [
          {
            name: CART_KEY_COOKIE,
            value: key,
            domain: url.hostname,
            path: '/',
            httpOnly: true,
            sameSite: 'Lax' as const,
          },
        ]
      : []),
  ]);
}

/** The checkout's delivery page of this order, in this language, the cookie banner answered. */
export async function openDelivery(page: Page, language: Language, orderId: string) {
  await setLanguage(page, language);
  await setOrderCookie(page, language, orderId);
  await page.goto('/checkout/delivery');
  await page
    .getByRole('button', { name: /Accept Essential|Pieņemt/ })
    .first()
    .click();
}
