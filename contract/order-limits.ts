// Plain constants, no valibot: the browser's first load uses them (the cart cookie, the cart).

/** The most books one order holds; the cart says so and the API refuses one more (400 `too_many_books`). */
export const MAX_BOOKS_PER_ORDER = 10;

/** The cookie of the visitor's open order in one interface language (`ORDER_ID_lv`; src/lib/order-cookie.ts). */
export const ORDER_COOKIE_PREFIX = 'ORDER_ID_';
