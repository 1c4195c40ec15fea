// The purchase machine at work in the browser: one actor per draft (the book name for a new book,
// the order item id when editing), kept while the parent moves between the step routes, with the
// machine's effects provided here: session storage, the orders API and the router.

import { parseDraft } from '#machines/draft-storage.ts';
import { createActor, type ActorRefFrom } from 'xstate';
import type { BookLanguage } from '#book/types.ts';
import type { BookName } from '#contract/catalogue.ts';
import { purchaseMachine, type Destination, type SaveRequest } from '#machines/purchase.ts';
import {
  bookLanguageOf,
  defaultDraft,
  type PersonalizationDraft,
} from '#machines/purchase-draft.ts';
import { isFetchError } from '#src/lib/api.ts';
import { readBookLanguage } from '#src/lib/book-language.ts';
import type { Language } from '#src/lib/languages.ts';
import { session } from '#src/lib/storage.ts';
import type { PaidBookKey, savePaidBook as savePaidBookNow } from './api/paid-book.ts';
import { isOrderItemId } from './flow-params.ts';
import { startInspector } from './inspector.ts';

export type PurchaseActor = ActorRefFrom<typeof purchaseMachine>;

export interface FlowKey {
  bookName: BookName;
  orderItemId: string | null;
  /** A paid book changed in its print hold (the status page's "Change the book", issue #47). */
  change?: PaidBookKey | null;
}

/** The session-storage key (and actor key) of a paid book's change. */
function changeKeyOf(key: PaidBookKey): string {
  return `change:${key.orderId}:${key.place}`;
}

/** The path segment of each step, in the URLs of both a new book and a paid book's change. */
export const STEP_SEGMENTS = {
  child: 'personalize',
  dad: 'personalizeDad',
  mum: 'personalizeMum',
  dedication: 'dedication',
  preview: 'preview',
  cover: 'coverChoice',
} as const;

/** The path of a step for a new book or an edited item. */
function pathOf(step: Destination, key: FlowKey): string {
  const { change } = key;
  if (change) {
    const order = `/order-status/${encodeURIComponent(change.orderId)}`;
    // Saved: back to the status page, which says so.
    if (step === 'cart') return `${order}?changed=${encodeURIComponent(change.place)}`;
    return `${order}/change/${encodeURIComponent(change.place)}/${STEP_SEGMENTS[step]}`;
  }
  if (step === 'cart') return '/cart';
  const segment = STEP_SEGMENTS[step];
  return key.orderItemId
    ? `/${segment}/edit/${encodeURIComponent(key.orderItemId)}`
    : `/${segment}/${encodeURIComponent(key.bookName)}`;
}

// The orders API's calls (with its schemas) load when they are made: reading an edited book, and
// the save at the last step (the later steps preload it, later-steps.ts), not with the first step.
const fetchOrderItem = (orderItemId: string) =>
  import('./api/order-item.ts').then((api) => api.fetchOrderItem(orderItemId));
const saveOrder = (request: SaveRequest) =>
  import('./api/save-book.ts').then((api) => api.saveOrder(request));
// A paid book's change (its own routes) likewise: its calls load when the change is opened.
/**
 * The module that makes a draft of a book read from the server (and the save's payload), which a
 * new book's first step does not use: fetched alongside the read.
 */
function loadPayloadModule() {
  const payload = import('#machines/purchase-payload.ts');
  payload.catch(() => undefined); // met when awaited
  return payload;
}
const fetchPaidBook = (key: PaidBookKey) =>
  import('./api/paid-book.ts').then((api) => api.fetchPaidBook(key));
const savePaidBook = (...args: Parameters<typeof savePaidBookNow>) =>
  import('./api/paid-book.ts').then((api) => api.savePaidBook(...args));

type Navigator = (href: string, replace: boolean) => void;
let navigator: Navigator = (href, replace) => {
  if (replace) window.location.replace(href);
  else window.location.assign(href);
};

/** The router hands its navigate function over once it is mounted. */
export function setFlowNavigator(navigate: Navigator): void {
  navigator = navigate;
}

/** The draft in session storage; in private mode or a full storage it lives in the machine for this visit. */
function writeDraft(key: string, draft: PersonalizationDraft): void {
  session.set(key, JSON.stringify(draft));
}

/**
 * Stores a sibling's draft (the grown-ups of a book in the cart, a blank child) for the book and
 * drops its actor: the builder then starts from that family (issue #33).
 */
export function startSiblingBook(bookName: BookName, draft: PersonalizationDraft): void {
  writeDraft(bookName, draft);
  const actor = actors.get(bookName);
  actor?.stop();
  actors.delete(bookName);
}

/**
 * Stores a fresh default draft for the book in the book language chosen on the product page (the
 * /personalizeTest entry) and drops its actor.
 */
export function startNewBook(bookName: BookName, bookLanguage: BookLanguage): void {
  writeDraft(bookName, defaultDraft(null, bookLanguage));
  const actor = actors.get(bookName);
  actor?.stop();
  actors.delete(bookName);
}

/**
 * The draft of an item being edited: session storage first (a refresh mid-edit), else the server.
 * A stored draft from before drafts kept the book language takes the item's from the server.
 */
async function loadEditedDraft(orderItemId: string): Promise<PersonalizationDraft | null> {
  const stored = session.get(orderItemId);
  if (stored) {
    const draft = parseDraft(stored, orderItemId);
    if (draft.bookLanguage) return draft;
    try {
      return {
        ...draft,
        bookLanguage: bookLanguageOf((await fetchOrderItem(orderItemId)).language),
      };
    } catch {
      return draft;
    }
  }
  const payload = loadPayloadModule();
  const item = await fetchOrderItem(orderItemId);
  return (await payload).draftFromOrderItem(item);
}

/**
 * The draft of a paid book's change: session storage first (a refresh mid-change), else the
 * server's paid book; either way the server is asked, so a window that closed shows at once.
 */
async function loadChangeDraft(key: PaidBookKey): Promise<PersonalizationDraft | null> {
  const payload = loadPayloadModule();
  const book = await fetchPaidBook(key);
  orderLanguages.set(changeKeyOf(key), book.orderLanguage);
  const stored = session.get(changeKeyOf(key));
  if (stored) {
    const draft = parseDraft(stored, book.id);
    if (draft.bookLanguage) return draft;
  }
  return (await payload).draftFromOrderItem(book);
}

/** The order language of each paid book being changed (the change is saved in it). */
const orderLanguages = new Map<string, Language>();

/** A refused change's reason: the server's 409 code, 'fixed_after_payment' or 'invalid' for a 400. */
function refusalOf(error: unknown): string | undefined {
  if (!isFetchError(error)) return undefined;
  const code = (error.data as { code?: unknown } | undefined)?.code;
  if (error.status === 409 && typeof code === 'string') return code;
  if (error.status === 400) return typeof code === 'string' ? code : 'invalid';
  if (error.status === 404) return 'not_found';
  return undefined;
}

const actors = new Map<string, PurchaseActor>();

function createFlowActor(key: FlowKey, language: Language): PurchaseActor {
  const actor: PurchaseActor = createActor(
    purchaseMachine.provide({
      actions: {
        persistDraft: (_, { key: storageKey, draft }) => writeDraft(storageKey, draft),
        clearDraft: (_, { key: storageKey }) => session.remove(storageKey),
        navigate: (_, { step, replace }) => {
          // After the machine's transition has settled, so the new route finds it in place.
          queueMicrotask(() => navigator(pathOf(step, key), replace));
        },
        saveOrder: (_, request) => {
          // TanStack Query (the cart's cache, invalidated after a save) loads alongside the save:
          // the steps before use none of it, so it is not in the builder's first load.
          const cache = import('#src/lib/query-client.ts');
          cache.catch(() => undefined); // a failed load only skips the invalidation below
          const { change } = key;
          if (change) {
            const language = orderLanguages.get(changeKeyOf(change)) ?? request.language;
            savePaidBook(change, request.draft, language, crypto.randomUUID()).then(
              () => {
                // The status page shows the book as it is now (its answer is cached in the browser).
                void cache
                  .then(
                    ({ queryClient }) =>
                      void queryClient.invalidateQueries({
                        queryKey: ['order-status', change.orderId],
                      }),
                  )
                  .catch(() => undefined)
                  .finally(() => actor.send({ type: 'save.done', orderItemId: change.place }));
              },
              (error: unknown) => {
                console.warn('Saving the change failed', error);
                const refusal = refusalOf(error);
                actor.send({
                  type: 'save.failed',
                  limited: isFetchError(error) && error.status === 429,
                  ...(refusal ? { refusal } : {}),
                });
              },
            );
            return;
          }
          saveOrder(request).then(
            (orderItemId) => {
              void cache
                .then(({ invalidateCart, queryClient }) => void invalidateCart(queryClient))
                .catch(() => undefined)
                .finally(() => actor.send({ type: 'save.done', orderItemId }));
            },
            (error: unknown) => {
              console.warn('Saving the book failed', error);
              const full =
                isFetchError(error) &&
                error.status === 400 &&
                (error.data as { code?: unknown } | undefined)?.code === 'too_many_books';
              actor.send({
                type: 'save.failed',
                limited: isFetchError(error) && error.status === 429,
                full,
              });
            },
          );
        },
      },
    }),
    {
      // The book language picked on the product page; a loaded draft (an edited item, a refresh) keeps its own.
      input: {
        bookName: key.bookName,
        orderItemId: key.orderItemId,
        language,
        bookLanguage: readBookLanguage(language),
        ...(key.change ? { changeKey: changeKeyOf(key.change) } : {}),
      },
      ...startInspector(),
    },
  );
  actor.start();
  if (key.change) {
    loadChangeDraft(key.change).then(
      (draft) => actor.send(draft ? { type: 'draft.loaded', draft } : { type: 'draft.failed' }),
      (error: unknown) => {
        console.warn('Loading the paid book to change failed', error);
        actor.send({ type: 'draft.failed' });
      },
    );
  } else if (key.orderItemId !== null && !isOrderItemId(key.orderItemId)) {
    actor.send({ type: 'draft.failed' });
  } else if (key.orderItemId) {
    const id = key.orderItemId;
    loadEditedDraft(id).then(
      (draft) => actor.send(draft ? { type: 'draft.loaded', draft } : { type: 'draft.failed' }),
      (error: unknown) => {
        console.warn('Loading the book to edit failed', error);
        actor.send({ type: 'draft.failed' });
      },
    );
  } else {
    actor.send({ type: 'draft.loaded', draft: parseDraft(session.get(key.bookName)) });
  }
  return actor;
}

/**
 * The actor of this draft. A flow that already ended in the cart starts over (a new book from the
 * stored draft, or the edited item loaded again).
 */
export function flowActorFor(key: FlowKey, language: Language): PurchaseActor {
  const id = key.change ? changeKeyOf(key.change) : (key.orderItemId ?? key.bookName);
  const existing = actors.get(id);
  if (
    existing &&
    !existing.getSnapshot().matches('cart') &&
    !existing.getSnapshot().matches('unavailable')
  ) {
    return existing;
  }
  existing?.stop();
  const actor = createFlowActor(key, language);
  actors.set(id, actor);
  return actor;
}
