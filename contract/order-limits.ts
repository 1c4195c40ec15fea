// Plain constants, no valibot: the browser's first load uses them (the cart cookie, the cart).

/** The most books one order holds; the cart says so and the API refuses one more (400 `too_many_books`). */
export const MAX_BOOKS_PER_ORDER = 10;

/** The cookie of the visitor's open order in one interface language (`ORDER_ID_lv`; src/lib/order-cookie.ts). */
export const ORDER_COOKIE_PREFIX = 'ORDER_ID_';

/**
 * The cart key's cookie: a random 256-bit key the server gives the browser that makes an order
 * (httpOnly, SameSite=Lax; over https Secure and named `__Host-sm_cart`, so no other host can set
 * it; server/routes/cart-access.ts). Every read and write of an unpaid order needs it; the order
 * id alone opens only a paid order's status page.
 */
export const CART_KEY_COOKIE = 'sm_cart';
