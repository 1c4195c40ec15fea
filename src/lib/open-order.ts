// The visitor's open order as the browser keeps it: the order id cookie (order-cookie.ts), the
// checkout data typed for it in session storage, and the key of every cart query.

import type { Language } from './languages.ts';
import { clearOrderId } from './order-cookie.ts';
import { session } from './storage.ts';

/** Every cart query starts with this key; invalidate it after an item is saved or removed. */
export const CART_QUERY_KEY = ['cart'] as const;

/** Session storage keys of the checkout step that belong to an order and go with it. */
export const SHIPPING_DETAILS_KEY = 'shippingDetails';
export const CHECKOUT_FORM_KEY = 'checkoutFormData';

/**
 * The order is gone on the server (a 404 for its summary or for a book added to it): forget its
 * id and the delivery details typed for it, so the next book starts a new order with a clean form.
 */
export function forgetOrder(language: Language): void {
  clearOrderId(language);
  session.remove(SHIPPING_DETAILS_KEY);
  session.remove(CHECKOUT_FORM_KEY);
}
