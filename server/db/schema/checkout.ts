import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAtNow, serialId, timestamptz, updatedAtNow } from '#server/db/columns.ts';
import type { Address } from '#contract/checkout.ts';
import type { FamilyAnswer } from '#contract/family.ts';
import { orders } from './shop.ts';

/**
 * Checkout, payment and the order's life after payment (issue #10). Money is in integer minor
 * units; ids that grant access (payment references, snapshot ids) are random 144-bit base64url.
 */

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** The order a row belongs to; deleting the order deletes its rows. */
const orderIdOf = () =>
  text('order_id')
    .notNull()
    .references(() => orders.id, { onDelete: 'cascade' });

/** The order of a one-row-per-order table, as its key; deleting the order deletes the row. */
const orderIdKey = () =>
  text('order_id')
    .primaryKey()
    .references(() => orders.id, { onDelete: 'cascade' });

/** The address as stored: contract/checkout.ts Address, normalised. */
export type StoredAddress = Address;

/** Delivery details of an order (POST /api/order/{orderId}/delivery-address); one row per order. */
export const deliveryDetails = pgTable(
  'delivery_details',
  {
    orderId: orderIdKey(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    subscribe: boolean('subscribe').notNull(),
    shippingAddress: jsonb('shipping_address').$type<StoredAddress>().notNull(),
    /** Equal to shipping_address when same_as_shipping. */
    billingAddress: jsonb('billing_address').$type<StoredAddress>().notNull(),
    sameAsShipping: boolean('same_as_shipping').notNull(),
    /** A gift (contract/gift.ts): shipping_address is the recipient's, billing_address the buyer's. */
    isGift: boolean('is_gift').notNull().default(false),
    /** The gift card's message, cleaned ('' when none, or not a gift). */
    giftMessage: text('gift_message').notNull().default(''),
    /** The day a gift should arrive by ('YYYY-MM-DD', contract/arrival.ts); null: as soon as it can. */
    giftArriveBy: date('gift_arrive_by', { mode: 'string' }),
    updatedAt: updatedAtNow(),
  },
  (t) => [index('delivery_details_email_key_idx').using('btree', sql`lower(${t.email})`)],
);

/** One book as it was paid for: what is printed and mailed. */
export interface SnapshotItem {
  itemId: string;
  productId: number;
  title: string;
  /** The book's language (lv, en-GB, en-US). */
  language: string;
  childName: string;
  childGender: string;
  /** JSON strings of contract/orders.ts personalizations. */
  childPersonalization: string;
  dadPersonalization: string;
  mumPersonalization: string;
  dadName: string | null;
  mumName: string | null;
  /**
   * Who is in the book and what the child calls them (contract/family.ts FamilyAnswer); absent in
   * snapshots taken before families (a mum-and-dad book with the default words).
   */
  family?: FamilyAnswer;
  dedication: string;
  coverType: string;
  /** 'printed + PDF' (#36); absent for a printed book alone and for the PDF alone ('digital'). */
  withPdf?: boolean;
  unitPriceMinor: number;
}

/**
 * What a payment is for, frozen at POST /api/payment/initiate and computed by the server.
 * `fingerprint` is a hash of everything bought (items, coupon, country, addresses, prices): a
 * payment can mark its order paid only while the order's current contents have the same one.
 */
export const orderSnapshots = pgTable(
  'order_snapshots',
  {
    id: text('id').primaryKey(),
    orderId: orderIdOf(),
    fingerprint: text('fingerprint').notNull(),
    /** cart_versions.version when the snapshot was drafted. */
    cartVersion: integer('cart_version').notNull().default(0),
    /** The shop language of the order (mails, payment page). */
    language: text('language').notNull(),
    currencyCode: text('currency_code').notNull(),
    items: jsonb('items').$type<SnapshotItem[]>().notNull(),
    couponCode: text('coupon_code'),
    subtotalMinor: integer('subtotal_minor').notNull(),
    discountMinor: integer('discount_minor').notNull(),
    deliveryMinor: integer('delivery_minor').notNull(),
    totalMinor: integer('total_minor').notNull(),
    countryId: integer('country_id').notNull(),
    /** Working days from payment to delivery; null when nothing is shipped. */
    deliveryDays: smallint('delivery_days'),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    shippingAddress: jsonb('shipping_address').$type<StoredAddress>().notNull(),
    billingAddress: jsonb('billing_address').$type<StoredAddress>().notNull(),
    /** A gift: shipping_address is the recipient's; the packing slip shows no prices. */
    isGift: boolean('is_gift').notNull().default(false),
    /** The gift card's message as paid for ('' when none). */
    giftMessage: text('gift_message').notNull().default(''),
    /** The day a gift should arrive by ('YYYY-MM-DD'); null: as soon as it can. */
    giftArriveBy: date('gift_arrive_by', { mode: 'string' }),
    createdAt: createdAtNow(),
  },
  (t) => [
    index('order_snapshots_order_idx').on(t.orderId),
    index('order_snapshots_email_key_idx').using('btree', sql`lower(${t.email})`),
  ],
);

/**
 * One payment attempt. `reference` is ours (unguessable; EveryPay's order_reference);
 * `provider_reference` is what the provider returns the browser with (EveryPay's
 * payment_reference; the sandbox's is our own reference). Status: initiated, paid, failed,
 * abandoned, voided, superseded (paid for contents the order no longer has: to refund).
 */
export const payments = pgTable(
  'payments',
  {
    reference: text('reference').primaryKey(),
    orderId: orderIdOf(),
    snapshotId: text('snapshot_id')
      .notNull()
      .references(() => orderSnapshots.id),
    provider: text('provider').notNull(),
    providerReference: text('provider_reference').unique(),
    amountMinor: integer('amount_minor').notNull(),
    currencyCode: text('currency_code').notNull(),
    status: text('status').notNull().default('initiated'),
    /** The provider's own word for the state, as last asked (EveryPay's payment_state). */
    providerState: text('provider_state'),
    paymentLink: text('payment_link'),
    createdAt: createdAtNow(),
    updatedAt: updatedAtNow(),
    settledAt: timestamptz('settled_at'),
    /**
     * What makes a repeated initiate answer this attempt: `{cart version}:{client key or ''}`
     * (server/services/payment/initiate.ts).
     */
    attemptKey: text('attempt_key'),
    /**
     * An automatic refund of a second settled payment (status duplicate or superseded): queued,
     * refunded or failed; null when none is owed.
     */
    refundStatus: text('refund_status'),
    /** Minor units refunded, as the provider last said (automatic refunds and later refunds alike). */
    refundedMinor: integer('refunded_minor').notNull().default(0),
    refundError: text('refund_error'),
    refundedAt: timestamptz('refunded_at'),
    /** Why the provider's paid answer was not taken (status mismatch): which of amount, currency, reference. */
    mismatch: text('mismatch'),
    /** A paid payment's later outcome as the provider says (refunded, voided, chargebacked). */
    laterOutcome: text('later_outcome'),
    /** When the reconciliation last asked the provider about it. */
    checkedAt: timestamptz('checked_at'),
    /** How the payer paid, in the provider's word (EveryPay's payment_method: card, paypal, lhv_ob_ee …). */
    method: text('method'),
    /** When the provider accepted our capture (a capture left to its nightly run is not asked twice). */
    captureRequestedAt: timestamptz('capture_requested_at'),
  },
  (t) => [
    index('payments_order_idx').on(t.orderId),
    index('payments_open_idx')
      .on(t.createdAt)
      .where(sql`status = 'initiated'`),
    index('payments_refund_idx')
      .on(t.refundStatus)
      .where(sql`refund_status is not null`),
  ],
);

/**
 * Payment alerts for the owner (server/services/payment/alerts.ts): a PayPal payment to review,
 * a capture refused, the shop's own status read refused (credentials, URL), a refund that
 * reverted, a payment first seen refunded or charged back, a bank transfer to make. One open
 * alert per `subject` (kind and payment, or kind and 'shop'), each mailed once to SHOP_EMAIL.
 * Detail texts hold no personal data.
 */
export const paymentAlerts = pgTable(
  'payment_alerts',
  {
    id: serialId(),
    kind: text('kind').notNull(),
    /** `${kind}:${payment reference or 'shop'}`: one open alert each. */
    subject: text('subject').notNull(),
    paymentReference: text('payment_reference').references(() => payments.reference, {
      onDelete: 'cascade',
    }),
    /** With a bank transfer to make: the owner's refund (refunds.id) it pays back, when not the automatic one. */
    refundId: integer('refund_id'),
    /** The money the alert is about (minor units), and its currency. */
    amountMinor: integer('amount_minor'),
    currencyCode: text('currency_code'),
    detail: text('detail').notNull(),
    createdAt: createdAtNow(),
    resolvedAt: timestamptz('resolved_at'),
    /** Who or what closed it: 'staff:<id>', or 'system' when the provider's answer settled it. */
    resolvedBy: text('resolved_by'),
  },
  (t) => [
    uniqueIndex('payment_alerts_open_idx')
      .on(t.subject)
      .where(sql`resolved_at is null`),
  ],
);

export const orderNumberSequence = pgSequence('order_number_seq', { startWith: 1, increment: 1 });

/**
 * An order once paid: its human number, the snapshot paid for, tracking. One row per order.
 * `status` and `search` are copies for the back office's order list, kept by database triggers
 * (migration 0008), so the list reads one table: the order's status, and the lower-cased order
 * number, e-mail and children's names of the snapshot paid for.
 */
export const placedOrders = pgTable(
  'placed_orders',
  {
    orderId: orderIdKey(),
    /** SM-2026-00042. */
    orderNumber: text('order_number').notNull().unique(),
    snapshotId: text('snapshot_id')
      .notNull()
      .references(() => orderSnapshots.id),
    paymentReference: text('payment_reference')
      .notNull()
      .references(() => payments.reference),
    paidAt: timestamptz('paid_at').notNull(),
    trackingNumber: text('tracking_number'),
    trackingUrl: text('tracking_url'),
    /** orders.status, copied by a trigger on every change. */
    status: text('status').notNull().default('paid'),
    /** Set by a trigger on insert: what the order list's search looks in, lower-cased. */
    search: text('search').notNull().default(''),
  },
  (t) => [
    index('placed_orders_paid_at_idx').on(
      t.paidAt.desc().nullsFirst(),
      t.orderId.desc().nullsFirst(),
    ),
    index('placed_orders_status_paid_at_idx').on(
      t.status,
      t.paidAt.desc().nullsFirst(),
      t.orderId.desc().nullsFirst(),
    ),
  ],
);

/**
 * Every status change of an order, for the tracker and the back office's timeline. `actor` is
 * 'customer', 'provider:<name>', 'system' or 'staff:<id>'.
 */
export const orderStatusHistory = pgTable(
  'order_status_history',
  {
    id: serialId(),
    orderId: orderIdOf(),
    fromStatus: text('from_status').notNull(),
    toStatus: text('to_status').notNull(),
    actor: text('actor').notNull(),
    note: text('note'),
    createdAt: createdAtNow(),
  },
  (t) => [index('order_status_history_order_idx').on(t.orderId, t.id)],
);

/**
 * The first edition: numbers 1-100 (rows made by the migration), each given to one printed book
 * once. A number is claimed with FOR UPDATE SKIP LOCKED, so concurrent payments never share one.
 * A book refunded or cancelled before its files were handed to the printer gives its number back
 * (the row is free again); one refunded after that keeps it, `retired_at` set: a copy with that
 * number may exist, so no other book gets it, and it is not counted as sold
 * (server/services/order/returned-books.ts).
 */
export const firstEditionNumbers = pgTable('first_edition_numbers', {
  number: smallint('number').primaryKey(),
  /** The snapshot item's id (the order item the book was made from). */
  orderItemId: text('order_item_id').unique(),
  orderId: text('order_id').references(() => orders.id, { onDelete: 'restrict' }),
  assignedAt: timestamptz('assigned_at'),
  /** When the book holding it was refunded after its files were handed on (migration 0020). */
  retiredAt: timestamptz('retired_at'),
});

/** Print files of a paid book (the interior and the cover PDF), stored in the database. */
export const printFiles = pgTable(
  'print_files',
  {
    id: serialId(),
    orderId: orderIdOf(),
    /** The snapshot item's id (the order item it was made from). */
    itemId: text('item_id').notNull(),
    kind: text('kind').notNull(),
    bytes: bytea('bytes').notNull(),
    byteSize: integer('byte_size').notNull(),
    sha256: text('sha256').notNull(),
    editionNumber: smallint('edition_number'),
    /**
     * When the file first left the shop for the printer: in the print zip, or downloaded on its
     * own in the back office (migration 0020). A book refunded after that alerts the owner.
     */
    handedOnAt: timestamptz('handed_on_at'),
    createdAt: createdAtNow(),
  },
  (t) => [uniqueIndex('print_files_item_kind_idx').on(t.itemId, t.kind)],
);

/**
 * Background work (print files, mails), claimed once with FOR UPDATE SKIP LOCKED by any
 * instance. `dedupe_key` makes enqueueing repeatable: the same work is queued once.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: serialId(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    dedupeKey: text('dedupe_key').notNull().unique(),
    /** queued, running, done, failed, cancelled (an erasure: services/retention/erasure-fence.ts) */
    status: text('status').notNull().default('queued'),
    attempts: smallint('attempts').notNull().default(0),
    runAfter: timestamptz('run_after').notNull().defaultNow(),
    lockedAt: timestamptz('locked_at'),
    lastError: text('last_error'),
    createdAt: createdAtNow(),
    finishedAt: timestamptz('finished_at'),
  },
  (t) => [
    index('jobs_claim_idx')
      .on(t.status, t.runAfter)
      .where(sql`status = 'queued'`),
  ],
);

/**
 * The sandbox payment provider's own book-keeping (PAYMENT_PROVIDER=sandbox): its test page
 * records the outcome a tester picked. State: initial, waiting_for_3ds, settled, failed, abandoned.
 */
export const sandboxPayments = pgTable('sandbox_payments', {
  reference: text('reference').primaryKey(),
  amountMinor: integer('amount_minor').notNull(),
  currencyCode: text('currency_code').notNull(),
  customerUrl: text('customer_url').notNull(),
  locale: text('locale').notNull(),
  state: text('state').notNull().default('initial'),
  /** Refunded so far (a refund moves the state to refunded). */
  refundedMinor: integer('refunded_minor').notNull().default(0),
  createdAt: createdAtNow(),
  updatedAt: updatedAtNow(),
});

/**
 * A counter per order that database triggers raise on every change of what would be bought: a
 * book added, changed or removed, the coupon changed, the delivery details saved
 * (migration 0005). A payment can mark its order paid only while the version is the one its
 * snapshot was drafted at.
 */
export const cartVersions = pgTable('cart_versions', {
  orderId: orderIdKey(),
  version: integer('version').notNull().default(0),
});
