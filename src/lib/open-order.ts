// The visitor's open order as the browser keeps it: the order id cookie (order-cookie.ts), the
// checkout data typed for it in session storage, and the key of every cart query.

import { isBookName } from '#contract/books.ts';
import { isRandomId } from '#contract/ids.ts';
import type { Language } from './languages.ts';
import { clearOrderId } from './order-cookie.ts';
import { session } from './storage.ts';

/** Every cart query starts with this key; invalidate it after an item is saved or removed (invalidateCart). */
export const CART_QUERY_KEY = ['cart'] as const;

const cartListeners = new Set<() => void>();

/** Told when the cart changed (a book saved or removed, the order paid): the header's count is loaded again. */
export function onCartChange(listener: () => void): () => void {
  cartListeners.add(listener);
  return () => cartListeners.delete(listener);
}

export function cartChanged(): void {
  for (const listener of cartListeners) listener();
}

/** Session storage keys of the checkout step (SPEC section 3) that belong to an order and go with it. */
export const SHIPPING_DETAILS_KEY = 'shippingDetails';
export const CHECKOUT_FORM_KEY = 'checkoutFormData';
/** The cart's approval: which books of which order the parent approved (kept over Back from checkout). */
export const CART_APPROVAL_KEY = 'cartApproval';

/** A book's draft is kept under its book name (a new book) or its order item id (an edited one). */
const isDraftKey = (key: string) => isBookName(key) || isRandomId(key);

/**
 * Forgets the order of a language: its id and the delivery details typed for it, so the next book
 * starts a new order with a clean form. Two reasons: the order is gone on the server (a 404 for its
 * summary or for a book added to it), or it was paid; then its books are bought, and their drafts
 * go too (`drafts`), so the next book starts from a fresh one. A gone order keeps the drafts: a
 * book being made in another tab is not lost.
 */
export function forgetOrder(
  language: Language,
  { drafts = false }: { drafts?: boolean } = {},
): void {
  clearOrderId(language);
  for (const key of session.keys()) {
    if (
      key === SHIPPING_DETAILS_KEY ||
      key === CHECKOUT_FORM_KEY ||
      key === CART_APPROVAL_KEY ||
      (drafts && isDraftKey(key))
    )
      session.remove(key);
  }
}
