import Cookies from 'js-cookie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from '@testing-library/react';
import { defaultCharacters } from '#book/character-set.ts';
import { defaultDraft, type PersonalizationDraft } from '#machines/purchase-draft.ts';
import { saveOrder } from '#src/features/builder/api/save-book.ts';
import { flowActorFor, startNewBook } from '#src/features/builder/purchase-flow.ts';

// The builder in the browser: the book language picked on the product page (sessionStorage
// 'bookLanguage') reaches the purchase machine, the stored draft and the save request; an edited
// item keeps the language it was saved in.

const ITEM_ID = 'item_AAAAAAAAAAAAAAAAAAAAAA';
/** A second item: the builder keeps one actor per item for the visit. */
const OLD_ITEM_ID = 'item_BBBBBBBBBBBBBBBBBBBBBB';
const ORDER_ID = 'order_AAAAAAAAAAAAAAAAAAAAA';

function named(draft: PersonalizationDraft): PersonalizationDraft {
  draft.child.name = 'Jānis';
  draft.family.grownUps[0].name = 'Pēteris';
  draft.family.grownUps[1].name = 'Ilze';
  draft.dedication = 'Mīļo Jāni!';
  return draft;
}

/** Records every request to the API and answers it with `reply`. */
function stubApi(reply: (method: string, path: string) => unknown) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request =
      input instanceof Request
        ? input
        : new Request(new URL(String(input), 'http://localhost'), init);
    const text = await request.clone().text();
    const path = new URL(request.url).pathname;
    calls.push({ method: request.method, path, body: text ? JSON.parse(text) : undefined });
    return new Response(JSON.stringify(reply(request.method, path)), {
      status: 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  return calls;
}

function savedItem(language: 'lv' | 'en-GB' | 'en-US', id = ITEM_ID) {
  const set = defaultCharacters('boy');
  const { gender: _gender, ...child } = set.child;
  return {
    id,
    orderId: ORDER_ID,
    language,
    customization: { dedication: 'Mīļo Jāni!', bookCoverType: 'hardcover' },
    children: [{ name: 'Jānis', gender: 'Boy', personalization: JSON.stringify(child) }],
    familyShape: 'mum-dad',
    grownUps: [
      {
        grownUpRole: 'dad',
        kind: 'dad',
        call: 'tētis',
        name: 'Pēteris',
        personalization: JSON.stringify(set.dad),
      },
      {
        grownUpRole: 'mum',
        kind: 'mum',
        call: 'mamma',
        name: 'Ilze',
        personalization: JSON.stringify(set.mum),
      },
    ],
  };
}

beforeEach(() => {
  sessionStorage.clear();
  for (const name of Object.keys(Cookies.get())) Cookies.remove(name, { path: '/' });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the builder and the book language chosen on the product page', () => {
  it('a new book on the English shop starts in the Latvian picked on the product page', () => {
    sessionStorage.setItem('bookLanguage', 'lv');
    startNewBook('football_story', 'lv');
    expect(JSON.parse(sessionStorage.getItem('football_story') ?? '{}')).toMatchObject({
      bookLanguage: 'lv',
    });
    const actor = flowActorFor({ bookName: 'football_story', orderItemId: null }, 'en-GB');
    expect(actor.getSnapshot().context).toMatchObject({ language: 'en-GB', bookLanguage: 'lv' });
    expect(actor.getSnapshot().context.draft.bookLanguage).toBe('lv');
  });

  it('without a choice the book is in the language of the shop', () => {
    startNewBook('football_story', 'en-us');
    sessionStorage.removeItem('football_story');
    const actor = flowActorFor({ bookName: 'football_story', orderItemId: null }, 'en-US');
    expect(actor.getSnapshot().context.bookLanguage).toBe('en-us');
  });

  it('saves the book language as the item language and the shop language as the country', async () => {
    Cookies.set('ORDER_ID_en-GB', ORDER_ID);
    const calls = stubApi(() => ({ id: ITEM_ID }));
    const draft = named(defaultDraft(null, 'lv'));
    await expect(
      saveOrder({
        draft,
        language: 'en-GB',
        requestId: '6f1c2b9e-1d2a-4c3b-8e4f-0a1b2c3d4e5f',
        orderItemId: null,
      }),
    ).resolves.toBe(ITEM_ID);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      method: 'POST',
      path: '/api/orderItems',
      body: { country: 'en-GB', language: 'lv', orderId: ORDER_ID },
    });
  });

  it('an edited item keeps its language, whatever the product page says now', async () => {
    sessionStorage.setItem('bookLanguage', 'en-gb');
    const calls = stubApi(() => savedItem('lv'));
    const actor = flowActorFor({ bookName: 'football_story', orderItemId: ITEM_ID }, 'en-GB');
    await waitFor(() => expect(actor.getSnapshot().value).not.toBe('loading'));
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([`GET /api/orderItems/${ITEM_ID}`]);
    expect(actor.getSnapshot().context.bookLanguage).toBe('lv');
  });

  it('an edit kept in session storage before drafts knew their language asks the server for it', async () => {
    sessionStorage.setItem('bookLanguage', 'en-gb');
    const old: Partial<PersonalizationDraft> = { ...named(defaultDraft(OLD_ITEM_ID)) };
    delete old.bookLanguage;
    old.child!.name = 'Kārlis';
    sessionStorage.setItem(OLD_ITEM_ID, JSON.stringify(old));
    stubApi(() => savedItem('lv', OLD_ITEM_ID));
    const actor = flowActorFor({ bookName: 'football_story', orderItemId: OLD_ITEM_ID }, 'en-GB');
    await waitFor(() => expect(actor.getSnapshot().value).not.toBe('loading'));
    // The parent's unsaved change is kept; the language is the item's.
    expect(actor.getSnapshot().context.draft.child.name).toBe('Kārlis');
    expect(actor.getSnapshot().context.bookLanguage).toBe('lv');
  });
});
