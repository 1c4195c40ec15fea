import Cookies from 'js-cookie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultDraft } from '#machines/purchase-draft.ts';
import { saveOrder } from '#src/features/builder/api/save-book.ts';

// Issue #44, item 5: a browser whose order cookie names a cart it no longer holds (its cart key,
// an httpOnly cookie, was cleared) is refused with 403 `not_your_cart` when it adds a book: the
// builder forgets that order and saves the book in a new one, as for an order that is gone.

const OLD_ORDER = 'order_AAAAAAAAAAAAAAAAAAAAA';
const NEW_ORDER = 'order_BBBBBBBBBBBBBBBBBBBBB';
const ITEM_ID = 'item_CCCCCCCCCCCCCCCCCCCCCC';

function stubApi(refusal: { status: number; body: unknown }) {
  const calls: string[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request =
      input instanceof Request
        ? input
        : new Request(new URL(String(input), 'http://localhost'), init);
    const path = new URL(request.url).pathname;
    calls.push(`${request.method} ${path}`);
    const [status, body] =
      path === '/api/orderItems'
        ? [refusal.status, refusal.body]
        : [201, { orderId: NEW_ORDER, orderItemId: ITEM_ID }];
    return new Response(JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  return calls;
}

const save = () =>
  saveOrder({
    draft: defaultDraft(null, 'en-gb'),
    language: 'en-GB',
    requestId: '6f1c2b9e-1d2a-4c3b-8e4f-0a1b2c3d4e5f',
    orderItemId: null,
  });

beforeEach(() => {
  for (const name of Object.keys(Cookies.get())) Cookies.remove(name, { path: '/' });
  Cookies.set('ORDER_ID_en-GB', OLD_ORDER);
});
afterEach(() => vi.unstubAllGlobals());

describe('adding a book to a cart this browser no longer holds', () => {
  it('403 not_your_cart: the book goes into a new order, whose id the cookie now holds', async () => {
    const calls = stubApi({
      status: 403,
      body: {
        error: 'This cart is open only in the browser it was made in.',
        code: 'not_your_cart',
      },
    });
    await expect(save()).resolves.toBe(ITEM_ID);
    expect(calls).toEqual(['POST /api/orderItems', 'POST /api/order']);
    expect(Cookies.get('ORDER_ID_en-GB')).toBe(NEW_ORDER);
  });

  it('another 403 is an error the parent sees, and the order is kept', async () => {
    const calls = stubApi({ status: 403, body: { error: 'Forbidden.' } });
    await expect(save()).rejects.toThrow();
    expect(calls).toEqual(['POST /api/orderItems']);
    expect(Cookies.get('ORDER_ID_en-GB')).toBe(OLD_ORDER);
  });
});
