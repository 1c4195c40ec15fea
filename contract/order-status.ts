import * as v from 'valibot';
import { CURRENCIES, LANGUAGES } from './markets.ts';
import { AmountSchema } from './amounts.ts';
import { BookChangesSchema } from './book-change.ts';

/**
 * An order's life (contract/order-lifecycle.ts holds the moves; server/services/order/order-moves.ts makes them):
 * cart -> awaiting_payment -> paid -> checked -> in_production -> shipped -> delivered,
 * awaiting_payment -> payment_failed -> awaiting_payment (paying again), and cancelled.
 * `refunded`: every book and the delivery paid back (final). A refund of some books leaves the
 * status where it is: the refunded amount and books are told beside it.
 * A cart changed after a payment began goes back to `cart` (the old attempt can no longer pay).
 */
export const ORDER_STATUSES = [
  'cart',
  'awaiting_payment',
  'paid',
  'checked',
  'in_production',
  'shipped',
  'delivered',
  'payment_failed',
  'cancelled',
  'refunded',
] as const;
export type OrderStatusValue = (typeof ORDER_STATUSES)[number];

/** Statuses before payment: the order is still a cart to the parent. */
export const UNPAID_STATUSES = ['cart', 'awaiting_payment', 'payment_failed'] as const;
export const PLACED_STATUSES = [
  'paid',
  'checked',
  'in_production',
  'shipped',
  'delivered',
  'cancelled',
  'refunded',
] as const;

/**
 * The tracker's steps (SPEC section 4: a step is completed when its id <= currentStep; the
 * delivery step 1100 shows the estimated delivery date while not completed).
 * `key` names the step's display text: the answer sends `title: 'steps.<key>.title'` and
 * `subtext: 'steps.<key>.subtext'`, translation keys the client resolves in its own locale files
 * (the server sends no display text).
 */
export const ORDER_STEPS = [
  { id: 1000, key: 'paid', status: 'paid', ongoing: false },
  { id: 1025, key: 'checked', status: 'checked', ongoing: false },
  // Reaching this step means the work has begun, not that it is done: printing is in progress
  // until the parcel is shipped.
  { id: 1050, key: 'printing', status: 'in_production', ongoing: true },
  { id: 1075, key: 'shipped', status: 'shipped', ongoing: false },
  { id: 1100, key: 'delivered', status: 'delivered', ongoing: false },
] as const satisfies readonly {
  id: number;
  key: string;
  status: OrderStatusValue;
  ongoing: boolean;
}[];
export const DELIVERY_STEP_ID = 1100;

/**
 * How the tracker shows a step, and which of its texts (`steps.<key>.<text>`) it shows:
 * - `done` + `past`: a later step has been reached ('Your books have been printed and bound.');
 * - `done` + `subtext`: the step the order is at, finished ('Your parcel is on its way.');
 * - `current` + `subtext`: the step the order is at, still in progress (printing: 'Your books are
 *   being printed and bound.'), not marked done;
 * - `pending`: not reached (no text; the delivery step shows the estimate).
 * An order that stopped (cancelled, refunded) shows the steps it reached as done, in the past.
 */
export type StepView =
  | { state: 'done'; text: 'past' | 'subtext' }
  | { state: 'current'; text: 'subtext' }
  | { state: 'pending'; text: null };

export function stepView(stepId: number, currentStep: number, status: string): StepView {
  if (stepId > currentStep) return { state: 'pending', text: null };
  if (stepId < currentStep) return { state: 'done', text: 'past' };
  const step = ORDER_STEPS.find((candidate) => candidate.id === stepId);
  if (!step || step.status !== status) return { state: 'done', text: 'past' };
  return step.ongoing ? { state: 'current', text: 'subtext' } : { state: 'done', text: 'subtext' };
}

/** The locale key of a step's text (`steps.printing.past`), from the answer's title key's step. */
export function stepTextKey(stepId: number, text: 'past' | 'subtext'): string | undefined {
  const step = ORDER_STEPS.find((candidate) => candidate.id === stepId);
  return step ? `steps.${step.key}.${text}` : undefined;
}

/** What became of a book that was paid back (contract of the status page and the back office). */
export const RETURNED_STATES = ['refunded', 'cancelled'] as const;
export type ReturnedState = (typeof RETURNED_STATES)[number];

const OrderStepSchema = v.object({
  id: v.number(),
  /** Translation key, e.g. 'steps.paid.title'. */
  title: v.string(),
  /** Translation key, e.g. 'steps.paid.subtext'. */
  subtext: v.string(),
});

const OrderStatusItemSchema = v.object({
  /** The book's place in the order ('1', '2', …), never its item id: the status link opens nothing more. */
  id: v.string(),
  /** The cover picture (a WebP on our server, same origin: `/api/order/{orderId}/items/{id}/cover.webp`). */
  imageUrl: v.string(),
  bookTitle: v.string(),
  childName: v.string(),
  /** The binding bought: 'hardcover', 'softcover', 'layflat' or 'digital'. */
  format: v.string(),
  quantity: v.number(),
  /** In currencyCode, e.g. 34.99. */
  unitPrice: AmountSchema,
  /** 1-100 for the first edition's books, else null (a PDF alone, or a book paid back). */
  editionNumber: v.nullable(v.number()),
  /**
   * The book was paid back: 'refunded', or 'cancelled' with its order. Absent for a book that is
   * kept. A returned book is not printed, sent or downloadable.
   */
  returned: v.optional(v.picklist(RETURNED_STATES)),
});

/**
 * GET /api/order/{orderId}/status once the order is paid (SPEC 'Order (status response)'),
 * exactly what was paid for (the frozen snapshot). Amounts in the currency's major unit. What a
 * courier's tracking page would show: order number, dates, steps, books (title, child's first
 * name, format) and amounts; no address, email, phone, dedication or parents' names, and no id
 * that opens more (anyone holding the link, a forwarded mail or a screenshot, sees this).
 */
const PlacedOrderStatusSchema = v.object({
  orderId: v.string(),
  placed: v.literal(true),
  orderNumber: v.string(),
  status: v.picklist(PLACED_STATUSES),
  language: v.picklist(LANGUAGES),
  /** ISO 8601 time of payment. */
  datePlaced: v.string(),
  /** The highest step reached (1000 once paid); a cancelled order keeps the step it had reached. */
  currentStep: v.number(),
  steps: v.array(OrderStepSchema),
  trackingNumber: v.nullable(v.string()),
  trackingUrl: v.nullable(v.string()),
  /**
   * ISO 8601: when the printed books go to the print partner (the end of the change window after
   * payment, issue #47); absent or null when nothing waits for it (no partner, nothing printed,
   * or the order has moved on).
   */
  printHoldUntil: v.optional(v.nullable(v.string())),
  /**
   * While the change window lasts: until when, the changes left and the books (by place) the
   * parent may still change from this page (contract/book-change.ts); absent or null otherwise.
   */
  bookChanges: v.optional(BookChangesSchema),
  /** ISO date (YYYY-MM-DD): payment + delivery working days; null when nothing is shipped. */
  estimatedDeliveryDate: v.nullable(v.string()),
  currencyCode: v.picklist(CURRENCIES),
  items: v.array(OrderStatusItemSchema),
  /** Amounts in `currencyCode` (contract/amounts.ts). */
  subtotal: AmountSchema,
  discount: AmountSchema,
  deliveryCost: AmountSchema,
  total: AmountSchema,
  /** Refunded so far; 0 when nothing was. */
  refunded: v.optional(AmountSchema),
  /** The books paid back (their ids as in `items`: their places in the order). */
  refundedItemIds: v.optional(v.array(v.string())),
  /** What the parent paid for what was kept: `total` less `refunded`. */
  kept: v.optional(AmountSchema),
  /**
   * The invoice and credit notes, by kind and number only: a PDF carries the buyer's name and
   * address, so its link (with its key) is only in the order's mails; the status page offers
   * POST /api/order/{orderId}/documents/resend to mail them again.
   */
  documents: v.optional(
    v.array(v.object({ kind: v.picklist(['invoice', 'credit_note']), number: v.string() })),
  ),
});
export type PlacedOrderStatus = v.InferOutput<typeof PlacedOrderStatusSchema>;

/**
 * GET /api/order/{orderId}/status before payment: no order has been placed yet, so nothing of it
 * is shown (the status page shows 'Order not found.'); `itemCount` is the cart's book count.
 */
const UnpaidOrderStatusSchema = v.object({
  orderId: v.string(),
  placed: v.literal(false),
  status: v.picklist(UNPAID_STATUSES),
  itemCount: v.number(),
});

/** 200 answer of GET /api/order/{orderId}/status; 404 `{ error: 'Order not found.' }` for an unknown or malformed id. */
export const OrderStatusSchema = v.variant('placed', [
  PlacedOrderStatusSchema,
  UnpaidOrderStatusSchema,
]);
export type OrderStatus = v.InferOutput<typeof OrderStatusSchema>;

/**
 * Whether the order's books and coupon may still change: until it is paid. After that what was
 * paid for is what is printed, and the cart answers 409.
 */
export function isOpenOrder(status: string): boolean {
  return (UNPAID_STATUSES as readonly string[]).includes(status);
}
