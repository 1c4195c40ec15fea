// The first edition, defined once for every side (issue #35): the numbers the server gives
// (server/services/order/order-number.ts), the colophon the book prints (book/story/print-text.ts), the
// mails and the pages that say how many there are (the locale texts interpolate {{size}}).
// The migration that made the numbers (0003_checkout.sql) is history and keeps its literal.

/** The first edition is limited to this many numbered books (SPEC). */
export const FIRST_EDITION_SIZE = 100;
