import { waitFor } from '@testing-library/react';
import Cookies from 'js-cookie';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultDraft } from '#machines/purchase-draft.ts';
import { createApp } from '#server/app.ts';
import { MAX_BOOKS_PER_ORDER } from '#contract/order-limits.ts';
import { createTestApp, type TestApp } from '../api/helpers.ts';
import { addItem, createOrder } from '../api/orders-helpers.ts';

// A save the server refuses for now (429: too many new orders from this client) is told apart
// from a save that did not get through: the cover step then asks the parent to wait a few minutes
// instead of checking their connection. The refusal comes from the real server app.

let t: TestApp;
let limited: ReturnType<typeof createApp>;

beforeAll(async () => {
  t = await createTestApp();
  limited = createApp({
    database: t.database,
    client: null,
    publicUrl: 'http://localhost:3000',
    messaging: { rateLimits: { newOrders: { limit: 0, windowMs: 3_600_000 } } },
  });
}, 60_000);

afterAll(async () => {
  await t.close();
});

beforeEach(() => {
  sessionStorage.clear();
  for (const name of Object.keys(Cookies.get())) Cookies.remove(name, { path: '/' });
  const draft = defaultDraft(null, 'en-gb');
  draft.child.name = 'Ella';
  draft.family.grownUps[0].name = 'Tom';
  draft.family.grownUps[1].name = 'Anna';
  draft.dedication = 'For Ella,\nwho never gives up.';
  draft.bookCover = 'hardcover';
  sessionStorage.setItem('football_story', JSON.stringify(draft));
});

afterEach(() => {
  vi.unstubAllGlobals();
});

/** A fresh builder (its actors live in module scope), on the cover step, Save pressed. */
async function saveOnCover() {
  vi.resetModules();
  const { flowActorFor } = await import('#src/features/builder/purchase-flow.ts');
  const actor = flowActorFor({ bookName: 'football_story', orderItemId: null }, 'en-GB');
  await waitFor(() => expect(actor.getSnapshot().value).not.toBe('loading'));
  actor.send({ type: 'route.enter', step: 'cover' });
  await waitFor(() => expect(actor.getSnapshot().value).toBe('cover'));
  actor.send({ type: 'cover.save', requestId: '6f1c2b9e-1d2a-4c3b-8e4f-0a1b2c3d4e5f' });
  await waitFor(() => expect(actor.getSnapshot().context.saveError).toBe(true));
  return actor.getSnapshot();
}

describe('a save the server refuses for now', () => {
  it('is marked as limited (the server answered 429), the book stays on the cover step', async () => {
    const statuses: number[] = [];
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const request =
        input instanceof Request
          ? input
          : new Request(new URL(String(input), 'http://localhost:3000'), init);
      const response = await limited.request(request);
      statuses.push(response.status);
      return response;
    });
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const snapshot = await saveOnCover();
    expect(statuses).toEqual([429]);
    expect(snapshot.value).toBe('cover');
    expect(snapshot.context.saveLimited).toBe(true);
  });

  it('a save that does not get through is not', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('fetch failed')));
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const snapshot = await saveOnCover();
    expect(snapshot.value).toBe('cover');
    expect(snapshot.context.saveLimited).toBe(false);
  });
});

describe('a new book for an order that holds 10 books already', () => {
  it('is marked as full (the server answered 400 too_many_books), not as a failed connection', async () => {
    const { orderId } = await createOrder(t);
    for (let n = 2; n <= MAX_BOOKS_PER_ORDER; n += 1) await addItem(t, orderId);
    Cookies.set('ORDER_ID_en-GB', orderId);
    const answers: { status: number; code?: string }[] = [];
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const request =
        input instanceof Request
          ? input
          : new Request(new URL(String(input), 'http://localhost:3000'), init);
      // The browser that made the order: it sends its cart key.
      const response = await t.request(request);
      answers.push({
        status: response.status,
        code: (
          (await response
            .clone()
            .json()
            .catch(() => ({}))) as { code?: string }
        ).code,
      });
      return response;
    });
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const snapshot = await saveOnCover();
    expect(answers).toEqual([{ status: 400, code: 'too_many_books' }]);
    expect(snapshot.value).toBe('cover');
    expect(snapshot.context).toMatchObject({ saveFull: true, saveLimited: false });
  });
});
