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
import { draftFromOrderItem } from '#machines/purchase-payload.ts';
import { isFetchError } from '#src/lib/api.ts';
import { readBookLanguage } from '#src/lib/book-language.ts';
import type { Language } from '#src/lib/languages.ts';
import { session } from '#src/lib/storage.ts';
import { isOrderItemId } from './flow-params.ts';
import { startInspector } from './inspector.ts';

export type PurchaseActor = ActorRefFrom<typeof purchaseMachine>;

export interface FlowKey {
  bookName: BookName;
  orderItemId: string | null;
}

/** The path of a step for a new book or an edited item. */
function pathOf(step: Destination, key: FlowKey): string {
  if (step === 'cart') return '/cart';
  const segment = {
    child: 'personalize',
    dad: 'personalizeDad',
    mum: 'personalizeMum',
    dedication: 'dedication',
    preview: 'preview',
    cover: 'coverChoice',
  }[step];
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
  return draftFromOrderItem(await fetchOrderItem(orderItemId));
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
          const cart = import('#src/lib/query-client.ts');
          cart.catch(() => undefined); // a failed load only skips the invalidation below
          saveOrder(request).then(
            (orderItemId) => {
              void cart
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
      },
      ...startInspector(),
    },
  );
  actor.start();
  if (key.orderItemId !== null && !isOrderItemId(key.orderItemId)) {
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
  const id = key.orderItemId ?? key.bookName;
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
