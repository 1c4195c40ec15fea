import * as v from 'valibot';
import { LANGUAGES } from './markets.ts';
import { OrderItemDetailSchema } from './orders.ts';

/**
 * "Change the book" (issue #47 item 2): during the change window after payment (the print hold)
 * the parent corrects a paid book through the builder's own steps, from the status page. The
 * access is the status page's own unguessable order id; the book is named by its place in the
 * order (the status answer's item `id`: 1, 2, …), never by an id that opens more.
 */

/** How many changes one order takes (all its books together). */
export const MAX_BOOK_CHANGES = 10;

/**
 * Why a change is refused (409). The words are in the locale files (order-status.json
 * `change.refused.{code}` for the page, mail-change.json for the API's message).
 */
export const BOOK_CHANGE_REFUSALS = [
  /** The change window is over: the book is with the printer (or about to be). */
  'hold_over',
  /** The hand-off to the printer has begun. */
  'handed_on',
  /** The order was refunded or cancelled, or has moved on. */
  'order_closed',
  /** This book was refunded or cancelled. */
  'book_returned',
  /** A book that is not printed (the digital edition alone is mailed at once), or no print hold. */
  'not_changeable',
  /** MAX_BOOK_CHANGES reached. */
  'too_many_changes',
] as const;
export type BookChangeRefusal = (typeof BOOK_CHANGE_REFUSALS)[number];

export const BookChangeErrorSchema = v.object({
  error: v.string(),
  code: v.picklist(BOOK_CHANGE_REFUSALS),
});
export type BookChangeError = v.InferOutput<typeof BookChangeErrorSchema>;

/** The save payload's fields a change cannot touch: each changes the price or the product bought. */
export const FIXED_AFTER_PAYMENT = ['cover', 'withPdf', 'language', 'country'] as const;

/** A 400 for a field the change may not touch: its field errors, and this code. */
export const FIXED_FIELD_CODE = 'fixed_after_payment';

/** Path parameter: a book's place in the paid order (1-based, as the status answer's item id). */
export const BookPlaceSchema = v.pipe(
  v.string(),
  v.regex(/^[1-9]\d{0,2}$/, 'The book is named by its place in the order (1, 2, …).'),
);

/**
 * GET /api/order/{orderId}/books/{place}: the paid book as the builder loads it (the cart item's
 * shape, its `id` the place), while it may be changed; with the window's end and the changes left.
 */
export const PaidBookSchema = v.object({
  ...OrderItemDetailSchema.entries,
  /** ISO 8601: the end of the change window. */
  changeUntil: v.string(),
  /** Changes the order still takes. */
  changesLeft: v.number(),
  /** The order's shop language (a change is saved with it as the payload's `country`). */
  orderLanguage: v.picklist(LANGUAGES),
});
export type PaidBook = v.InferOutput<typeof PaidBookSchema>;

/** PUT /api/order/{orderId}/books/{place}: what changed (field names only) and what is left. */
export const BookChangeResponseSchema = v.object({
  /** The parts of the book that changed: 'childName', 'dedication', 'family', … (empty: none). */
  changed: v.array(v.string()),
  changesLeft: v.number(),
  changeUntil: v.string(),
});
export type BookChangeResponse = v.InferOutput<typeof BookChangeResponseSchema>;

/**
 * The status answer's view of the window: until when, how many changes are left, and which books
 * (by place) may be changed; absent or null when nothing can be.
 */
export const BookChangesSchema = v.nullable(
  v.object({
    until: v.string(),
    left: v.number(),
    books: v.array(v.string()),
  }),
);
export type BookChanges = v.InferOutput<typeof BookChangesSchema>;
