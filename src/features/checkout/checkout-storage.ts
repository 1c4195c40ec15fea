import { BOOK_NAMES } from '#contract/catalogue.ts';
import { parseStoredForm, type CheckoutForm } from '#machines/checkout-form.ts';
import type { Language } from '../../lib/languages.ts';
import { clearOrderId } from '../../lib/order-cookie.ts';

/** Session storage keys of the checkout (SPEC section 3); the cart clears the same keys with its order. */
export const CHECKOUT_FORM_KEY = 'checkoutFormData';
export const SHIPPING_DETAILS_KEY = 'shippingDetails';

/** An edited book's draft is kept under its item id (a random 24-character id). */
const ITEM_ID = /^[A-Za-z0-9_-]{22,64}$/;

function session(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

export function readForm(language: Language): CheckoutForm {
  return parseStoredForm(session()?.getItem(CHECKOUT_FORM_KEY) ?? null, language);
}

export function writeForm(form: CheckoutForm): void {
  try {
    session()?.setItem(CHECKOUT_FORM_KEY, JSON.stringify(form));
  } catch {
    // A full or unavailable storage: the form still lives in the machine for this visit.
  }
}

export function markShippingDetails(): void {
  try {
    session()?.setItem(SHIPPING_DETAILS_KEY, 'true');
  } catch {
    // nothing to keep then
  }
}

/**
 * After a payment: the order is placed, so the books' drafts, the stored order id of the language
 * and the checkout data go; the next book starts a new cart.
 */
export function forgetPaidOrder(language: Language): void {
  clearOrderId(language);
  const storage = session();
  if (!storage) return;
  const keys = Array.from({ length: storage.length }, (_, i) => storage.key(i)).filter((key): key is string => key !== null);
  for (const key of keys) {
    const isDraft = (BOOK_NAMES as readonly string[]).includes(key) || ITEM_ID.test(key);
    if (isDraft || key === CHECKOUT_FORM_KEY || key === SHIPPING_DETAILS_KEY) storage.removeItem(key);
  }
}
