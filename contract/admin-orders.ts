import * as v from 'valibot';
import type { Paged } from './admin.ts';
import type { AdminOrderMoney } from './admin-refunds.ts';
import type { Address } from './checkout.ts';
import type { FamilyShapeName, GrownUpKindName } from './family.ts';
import type { CurrencyCode, Language } from './markets.ts';
import { STAFF_TARGETS, type StaffTarget } from './order-lifecycle.ts';
import {
  ORDER_STATUSES,
  PLACED_STATUSES,
  type OrderStatusValue,
  type ReturnedState,
} from './order-status.ts';

/**
 * The back office's orders API (issue #11), on the checkout's tables and state machine:
 *
 * GET  /api/admin/orders?status=&q=&page=          -> 200 Paged<AdminOrderRow> (paid orders, newest first)
 * GET  /api/admin/orders/{orderId}                 -> 200 AdminOrderDetail | 404
 * POST /api/admin/orders/{orderId}/status          StatusChangeRequest -> 200 AdminOrderDetail | 400 | 409 (not allowed now)
 * GET  /api/admin/orders/{orderId}/items/{itemId}/{interior|endpapers|cover}.pdf -> the print file
 * POST /api/admin/orders/{orderId}/print-files     -> 202 (rendered again in the background)
 * GET  /api/admin/print-files.zip                  -> every print file of the orders in production
 * GET  /api/admin/dashboard                        -> 200 Dashboard
 */

export const ORDER_PAGE_SIZE = 50;

export const OrdersQuerySchema = v.object({
  status: v.optional(
    v.picklist(PLACED_STATUSES, `status must be one of ${PLACED_STATUSES.join(', ')}.`),
  ),
  q: v.optional(
    v.pipe(v.string(), v.trim(), v.maxLength(100, 'The search has at most 100 characters.')),
  ),
  page: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,6}$/, 'page must be a positive number.'),
      v.transform(Number),
      v.minValue(1, 'page must be a positive number.'),
    ),
    '1',
  ),
});

export const AdminOrderParamsSchema = v.object({
  orderId: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{16,64}$/)),
});
export const PrintFileParamsSchema = v.object({
  orderId: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{16,64}$/)),
  itemId: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{16,64}$/)),
  file: v.picklist(['interior.pdf', 'endpapers.pdf', 'cover.pdf']),
});

const trackingNumber = v.pipe(
  v.string('Tracking number is required.'),
  v.trim(),
  v.nonEmpty('Tracking number is required.'),
  v.maxLength(64, 'A tracking number has at most 64 characters.'),
);
const trackingUrl = v.pipe(
  v.string('Tracking link is required.'),
  v.trim(),
  v.nonEmpty('Tracking link is required.'),
  v.maxLength(500, 'A tracking link has at most 500 characters.'),
  v.check(
    (url) => /^https:\/\/[^\s/]+\.[^\s]+$/i.test(url),
    'The tracking link must be an https:// address.',
  ),
);

/**
 * POST /api/admin/orders/{orderId}/status: shipped needs the tracking number and link. `cancelled`
 * is not among them (400): the owner cancels a paid order with a full refund instead.
 */
export const StatusChangeRequestSchema = v.variant(
  'to',
  [
    v.object({
      to: v.picklist(
        STAFF_TARGETS.filter((to): to is Exclude<StaffTarget, 'shipped'> => to !== 'shipped'),
      ),
    }),
    v.object({ to: v.literal('shipped'), trackingNumber, trackingUrl }),
  ],
  `to must be one of ${STAFF_TARGETS.join(', ')}; the owner cancels an order with a refund.`,
);
export type StatusChangeRequest = v.InferInput<typeof StatusChangeRequestSchema>;

export { ORDER_STATUSES, PLACED_STATUSES };

export interface AdminOrderRow {
  orderId: string;
  orderNumber: string;
  status: OrderStatusValue;
  paidAt: string;
  email: string;
  childNames: string[];
  books: number;
  totalMinor: number;
  currencyCode: CurrencyCode;
  /**
   * A gift with a chosen arrival day, still to be shipped: the day to hand it to the courier
   * (YYYY-MM-DD, contract/arrival.ts); null otherwise.
   */
  dispatchOn: string | null;
}
export type AdminOrderList = Paged<AdminOrderRow>;

/** A delivery or billing address of an order, with its country's name. */
export interface AdminAddress extends Address {
  countryName: string;
}

/** The PDFs a printer needs for one book: the interior, a hardcover's endpapers and the cover wrap. */
export const PRINT_FILE_KINDS = ['interior', 'endpapers', 'cover'] as const;
export type PrintFileKind = (typeof PRINT_FILE_KINDS)[number];

/**
 * The print files of a book in its binding (docs/print-spec.md): a hardcover has endpaper sheets;
 * a softcover prints its first and last spreads in the interior block and has none.
 */
export function printFileKindsOf(coverType: string): readonly PrintFileKind[] {
  return coverType === 'softcover' ? ['interior', 'cover'] : PRINT_FILE_KINDS;
}

export function isPrintFileKind(kind: string): kind is PrintFileKind {
  return (PRINT_FILE_KINDS as readonly string[]).includes(kind);
}

/**
 * The PDFs of an order's parcel (issue #36): the packing slip of every order (no prices on a
 * gift's) and a gift's card with its message (A6).
 */
export const PARCEL_FILE_KINDS = ['gift-card', 'packing-slip'] as const;
export type ParcelFileKind = (typeof PARCEL_FILE_KINDS)[number];

export function isParcelFileKind(kind: string): kind is ParcelFileKind {
  return (PARCEL_FILE_KINDS as readonly string[]).includes(kind);
}

interface AdminParcelFile {
  kind: ParcelFileKind;
  byteSize: number;
  createdAt: string;
  url: string;
}

interface AdminPrintFile {
  kind: PrintFileKind;
  byteSize: number;
  createdAt: string;
  url: string;
}

export interface AdminOrderItem {
  itemId: string;
  title: string;
  language: Language;
  coverType: string;
  unitPriceMinor: number;
  editionNumber: number | null;
  /** The cover picture as the parent sees it on the order page. */
  coverImageUrl: string;
  child: { name: string; gender: string; personalization: Record<string, unknown> };
  dad: { name: string | null; personalization: Record<string, unknown> };
  mum: { name: string | null; personalization: Record<string, unknown> };
  /**
   * Who is in the book (issue #33): the family's shape and its grown-ups in the shape's order, each
   * with what they are to the child, their name and what the child calls them (a word of the
   * book's language, or 'name' for their first name). A book saved before families: mum and dad.
   */
  family: {
    shape: FamilyShapeName;
    grownUps: {
      kind: GrownUpKindName;
      name: string | null;
      call: string;
      personalization: Record<string, unknown>;
    }[];
  };
  dedication: string;
  files: AdminPrintFile[];
  /** The proof of the book's print files against the preview (issue #43); null before they are made. */
  proof?: AdminProof | null;
  /**
   * The book was paid back (#43 item 4): refunded, or cancelled with its order, when (ISO time;
   * null for an order cancelled before refunds existed), and when its print files had first left
   * the shop for the printer if that was before (the owner was alerted). Null when kept. A
   * returned book has no print files; its edition number was given back, or retired when a copy
   * may exist (`editionRetired`).
   */
  returned: { state: ReturnedState; at: string | null; handedOnAt: string | null } | null;
  /** Its first-edition number is retired: kept by this refunded book, given to no other. */
  editionRetired: boolean;
}

/**
 * A book's print proof (server/services/fulfilment/print/print-proof.ts): its pages compared with the
 * preview and its story's sentences looked for in what is printed. A failed proof stores no
 * print file and holds the order (it cannot go to production).
 */
export interface AdminProof {
  ok: boolean;
  /** The page that differs most from the preview, percent of its area. */
  worstPercent: number;
  /** Over this a page fails. */
  thresholdPercent: number;
  /** The pages over the threshold: file, page number, what it shows, percent. */
  failedPages: { file: string; page: number; shows: string; differencePercent: number }[];
  sentences: number;
  /** Sentences of the story not found in the printed text. */
  missingSentences: string[];
  /** Why the files could not be proofed at all (they fail). */
  error: string | null;
  at: string;
}

/** A book held because its print proof failed (the dashboard lists them). */
export interface ProofHold {
  orderId: string;
  orderNumber: string;
  itemId: string;
  childName: string;
  failedPages: number;
  worstPercent: number;
  missingSentences: number;
  error: string | null;
  at: string;
}

interface AdminPayment {
  reference: string;
  provider: string;
  providerReference: string | null;
  status: string;
  providerState: string | null;
  amountMinor: number;
  currencyCode: CurrencyCode;
  createdAt: string;
  settledAt: string | null;
  /** An automatic refund of a second payment: queued, refunded, failed; null when none. */
  refundStatus: string | null;
  refundedMinor: number;
  /** A paid payment's later outcome at the provider: refunded, voided, chargebacked. */
  laterOutcome: string | null;
  /** What did not match in the provider's paid answer (status mismatch). */
  mismatch: string | null;
}

interface AdminStatusChange {
  from: OrderStatusValue;
  to: OrderStatusValue;
  /** 'customer', 'provider:…', 'system', or the staff member's e-mail address. */
  actor: string;
  note: string | null;
  at: string;
}

/** With its refunds, what can still be refunded and its invoice and credit notes (AdminOrderMoney). */
export interface AdminOrderDetail extends AdminOrderMoney {
  orderId: string;
  orderNumber: string;
  status: OrderStatusValue;
  language: Language;
  paidAt: string;
  email: string;
  phone: string;
  shippingAddress: AdminAddress;
  billingAddress: AdminAddress;
  items: AdminOrderItem[];
  /**
   * A gift (#36): the shipping address is the recipient's; the card's message; the day it should
   * arrive by with the days to print from and dispatch on (contract/arrival.ts), all null when the
   * buyer chose none. Null when not a gift.
   */
  gift: {
    message: string;
    arriveBy: string | null;
    printFrom: string | null;
    dispatchOn: string | null;
  } | null;
  /** The parcel's print files: the packing slip, and a gift's card. */
  parcelFiles: AdminParcelFile[];
  couponCode: string | null;
  subtotalMinor: number;
  discountMinor: number;
  deliveryMinor: number;
  totalMinor: number;
  currencyCode: CurrencyCode;
  deliveryDays: number | null;
  trackingNumber: string | null;
  trackingUrl: string | null;
  /** The payment that paid the order first, then every other attempt. */
  payments: AdminPayment[];
  history: AdminStatusChange[];
  /** What staff can do now (the state machine's answer for this order). */
  actions: StaffTarget[];
}

export interface Dashboard {
  byStatus: Partial<Record<OrderStatusValue, number>>;
  booksSold: { week: number; month: number };
  /** Net: paid less refunded, cancelled orders left out. */
  revenue: { currencyCode: CurrencyCode; minor: number }[];
  /** Refunds that succeeded, per currency. */
  refunds: { currencyCode: CurrencyCode; minor: number; count: number }[];
  /**
   * Numbered copies of the printed first edition held by printed books kept (counted as books
   * sold are: net of refunds and cancellations; a PDF has none), numbers retired (their book
   * refunded after its files went to the printer: never given again), and the edition's size.
   */
  firstEdition: { sold: number; retired: number; of: number };
  newsletter: {
    confirmed: number;
    pending: number;
    confirmedLast30Days: number;
    weekly: { weekStart: string; confirmed: number }[];
  };
  /** Paid orders per day, the last 30 days, oldest first. */
  ordersPerDay: { day: string; orders: number }[];
  paymentIssues: PaymentIssues;
  /** Books whose print proof failed, in orders not yet shipped: those orders are held. */
  proofHolds: ProofHold[];
}

/** The kinds of payment alert (server/services/payment/alerts.ts explains each). */
export const PAYMENT_ALERT_KINDS = [
  'paypal_review',
  'capture_refused',
  'void_failed',
  'provider_access',
  'refund_reverted',
  'seen_refunded',
  'bank_transfer',
] as const;
export type PaymentAlertKind = (typeof PAYMENT_ALERT_KINDS)[number];

/**
 * The owner's answers to an alert: `accept` / `refuse` a PayPal payment reviewed in PayPal,
 * `transferred` the money of an open-banking refund sent by bank transfer, `dismiss` (dealt with
 * at the provider).
 */
export const PAYMENT_ALERT_ACTIONS = ['accept', 'refuse', 'transferred', 'dismiss'] as const;
export type PaymentAlertAction = (typeof PAYMENT_ALERT_ACTIONS)[number];

/** POST /api/admin/payment-alerts/{id} (the owner): what to do with the alert. */
export const PaymentAlertActionSchema = v.object({
  action: v.picklist(
    PAYMENT_ALERT_ACTIONS,
    `action must be one of ${PAYMENT_ALERT_ACTIONS.join(', ')}.`,
  ),
});

export const PaymentAlertParamsSchema = v.object({
  id: v.pipe(v.string(), v.regex(/^[1-9]\d{0,9}$/), v.transform(Number)),
});

export interface PaymentAlert {
  id: number;
  kind: PaymentAlertKind;
  /** The first 8 characters of the payment reference, or null for the whole shop. */
  reference: string | null;
  orderId: string | null;
  /** Null while the order is not placed. */
  orderNumber: string | null;
  amountMinor: number | null;
  currencyCode: CurrencyCode | null;
  /** The provider's words and states (no personal data). */
  detail: string;
  at: string;
  actions: PaymentAlertAction[];
}

/** Money the shop must keep an eye on (server/services/admin/payment-issues.ts). */
export interface PaymentIssues {
  /** Automatic refunds of second settled payments: a failed one must be refunded by hand. */
  automaticRefunds: { queued: number; refunded: number; failed: number };
  /** Paid answers that did not match their payment (never paid orders). */
  mismatches: number;
  chargebacks: number;
  /**
   * What the owner must do about payments, newest first (server/services/payment/alerts.ts):
   * each with the actions that settle it.
   */
  alerts: PaymentAlert[];
  /** The latest 10, newest first. */
  recent: {
    /** The first 8 characters of the payment reference. */
    reference: string;
    orderId: string;
    /** Null when the order was never placed (a refunded payment for a cart that changed). */
    orderNumber: string | null;
    kind: 'refund_queued' | 'refunded' | 'refund_failed' | 'mismatch' | 'voided' | 'chargebacked';
    amountMinor: number;
    currencyCode: CurrencyCode;
    at: string;
  }[];
}

/**
 * The figures staff see on the dashboard: orders and books (README: staff see orders and messages
 * only). Money (revenue, and any other amount) and the newsletter are the owner's.
 */
export const STAFF_DASHBOARD_FIGURES = [
  'byStatus',
  'booksSold',
  'firstEdition',
  'ordersPerDay',
  'proofHolds',
] as const satisfies readonly (keyof Dashboard)[];
export type StaffDashboard = Pick<Dashboard, (typeof STAFF_DASHBOARD_FIGURES)[number]>;
/** GET /api/admin/dashboard: the whole Dashboard for an owner, StaffDashboard for staff. */
export type DashboardAnswer = Dashboard | StaffDashboard;
export const isOwnerDashboard = (answer: DashboardAnswer): answer is Dashboard =>
  'revenue' in answer;
