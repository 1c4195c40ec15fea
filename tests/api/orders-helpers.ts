import { randomBytes, randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { defaultCharacters } from '#book/character-set.ts';
import { CART_KEY_COOKIE, type CartSummary, type SavePayload } from '#contract/orders.ts';
import type { TestApp } from './helpers.ts';

/** Today's mum-and-dad save payload: the dad and the mum are there. */
export type MumAndDadPayload = SavePayload & {
  maleParent: NonNullable<SavePayload['maleParent']>;
  femaleParent: NonNullable<SavePayload['femaleParent']>;
};

/** A valid save payload for a boy (or a girl) with the default characters; override any part. */
export function savePayload(
  overrides: Partial<SavePayload> = {},
  gender: 'boy' | 'girl' = 'boy',
): MumAndDadPayload {
  const set = defaultCharacters(gender);
  const { gender: _gender, ...child } = set.child;
  return {
    country: 'en-GB',
    language: 'en-GB',
    orderId: null,
    productId: 1,
    dedication: 'For Emma,\nwho never gives up.',
    cover: 'hardcover',
    child: {
      name: gender === 'girl' ? 'Emma' : 'Oliver',
      gender: gender === 'girl' ? 'Girl' : 'Boy',
      personalization: child,
    },
    maleParent: { grownUpRole: 'dad', name: 'Tom', personalization: set.dad },
    femaleParent: { grownUpRole: 'mum', name: 'Anna', personalization: set.mum },
    requestId: randomUUID(),
    ...overrides,
  } as MumAndDadPayload;
}

/**
 * The cookie of a browser's own cart key, for a test that talks to a server over HTTP without a
 * cookie jar: a browser that sends a key with its first POST /api/order keeps it for its carts
 * (server/routes/cart-access.ts).
 */
export function newCartKeyCookie(): string {
  return `${CART_KEY_COOKIE}=${randomBytes(32).toString('base64url')}`;
}

/**
 * The request headers of the browser holding the order's cart: its `ORDER_ID_<language>` cookie
 * (the test's browser, `t.request`, sends the cart's key itself, as the browser that made it).
 */
export function cartHolder(
  orderId: string,
  language = 'en-GB',
): { headers: Record<string, string> } {
  return { headers: { Cookie: `LANGUAGE_CODE=${language}; ORDER_ID_${language}=${orderId}` } };
}

export async function createOrder(t: TestApp, overrides: Partial<SavePayload> = {}) {
  const res = await t.request('/api/order', { method: 'POST', json: savePayload(overrides) });
  expect(res.status).toBe(201);
  return (await res.json()) as { orderId: string; orderItemId: string };
}

export async function addItem(t: TestApp, orderId: string, overrides: Partial<SavePayload> = {}) {
  const res = await t.request('/api/orderItems', {
    method: 'POST',
    json: savePayload({ orderId, ...overrides }),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

export async function summary(t: TestApp, orderId: string, query = 'country=en-GB') {
  const res = await t.request(`/api/order/summary/${orderId}?${query}`);
  expect(res.status).toBe(200);
  return (await res.json()) as CartSummary;
}
