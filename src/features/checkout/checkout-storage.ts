import { parseStoredForm, type CheckoutForm } from '#machines/checkout-form.ts';
import { readDeliveryCountry } from '#src/lib/delivery-country-storage.ts';
import type { Language } from '#src/lib/languages.ts';
import { CHECKOUT_FORM_KEY, SHIPPING_DETAILS_KEY } from '#src/lib/open-order.ts';
import { session } from '#src/lib/storage.ts';

// The checkout's data in session storage; lib/open-order.ts forgets it with its order.

/** The form typed earlier in this session, else a new one delivering where the cart said. */
export function readForm(language: Language): CheckoutForm {
  return parseStoredForm(session.get(CHECKOUT_FORM_KEY), language, readDeliveryCountry(language));
}

/** A full or unavailable storage: the form still lives in the machine for this visit. */
export function writeForm(form: CheckoutForm): void {
  session.set(CHECKOUT_FORM_KEY, JSON.stringify(form));
}

export function markShippingDetails(): void {
  session.set(SHIPPING_DETAILS_KEY, 'true');
}
