import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAtNow, serialId, timestamptz } from '#server/db/columns.ts';
import { payments, type StoredAddress } from './checkout.ts';
import { countries, orders } from './shop.ts';

/**
 * Money after payment (issue 30, items 4 and 5, migration 0011): refunds, invoices and credit
 * notes, the gapless counters that number them, VAT rates per delivery country.
 */

/** A refunded book whose print files had left the shop: its item id and when they left (ISO time). */
export interface HandedOnBook {
  itemId: string;
  at: string;
}

/**
 * One refund asked for in the back office: the books it returns (snapshot item ids), whether the
 * delivery is returned too, the amount the server computed from the paid snapshot. `request_key`
 * is the form's own key, so a double submit finds the refund it already made. Status: pending (the
 * provider is being asked), succeeded, failed (the provider refused or could not be reached:
 * nothing else changed). `cancel`: the order is cancelled with it.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: serialId(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    requestKey: text('request_key').notNull().unique(),
    paymentReference: text('payment_reference')
      .notNull()
      .references(() => payments.reference),
    itemIds: jsonb('item_ids').$type<string[]>().notNull(),
    delivery: boolean('delivery').notNull(),
    amountMinor: integer('amount_minor').notNull(),
    currencyCode: text('currency_code').notNull(),
    reason: text('reason').notNull(),
    cancel: boolean('cancel').notNull().default(false),
    status: text('status').notNull().default('pending'),
    providerState: text('provider_state'),
    error: text('error'),
    staffId: integer('staff_id'),
    staffEmail: text('staff_email').notNull(),
    /**
     * The books of this refund whose print files had been handed to the printer when it
     * succeeded (the print zip, a download, the order in production), with when: the owner was
     * alerted (migration 0020; server/services/refunds/refund-books.ts).
     */
    handedOn: jsonb('handed_on').$type<HandedOnBook[]>().notNull().default([]),
    createdAt: createdAtNow(),
    completedAt: timestamptz('completed_at'),
  },
  (t) => [index('refunds_order_idx').on(t.orderId, t.id)],
);

/** The last number given in each series ('invoice', 'credit_note'); raised in the paying (or refunding) transaction. */
export const invoiceCounters = pgTable('invoice_counters', {
  series: text('series').primaryKey(),
  lastNumber: integer('last_number').notNull().default(0),
});

/** The buyer as the invoice names them, frozen when it is issued. */
export interface InvoiceBuyer {
  name: string;
  email: string;
  address: StoredAddress;
  countryName: string;
  /** ISO 3166 code, so the PDF names the country in the invoice's language. */
  countryCode?: string;
}

/** One line of an invoice or credit note, frozen when it is issued. Money in minor units; rate in basis points. */
export interface InvoiceLine {
  kind: 'book' | 'delivery';
  /** The snapshot item (books). */
  itemId?: string;
  title: string;
  childName?: string;
  coverType?: string;
  /** What was paid for the line, VAT included (a book: its price less its share of the discount). */
  grossMinor: number;
  netMinor: number;
  vatMinor: number;
  vatRateBp: number;
}

/**
 * Invoices (one per paid order) and credit notes (one per refund), each numbered from its own
 * gapless series. Kept apart from the order (no foreign key): an order's personal data may be
 * erased, its accounting documents stay, with the buyer as issued.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: serialId(),
    orderId: text('order_id').notNull(),
    kind: text('kind').$type<'invoice' | 'credit_note'>().notNull(),
    series: text('series').notNull(),
    number: integer('number').notNull(),
    displayNumber: text('display_number').notNull().unique(),
    refundId: integer('refund_id').unique(),
    orderNumber: text('order_number').notNull(),
    paymentReference: text('payment_reference').notNull(),
    language: text('language').notNull(),
    currencyCode: text('currency_code').notNull(),
    buyer: jsonb('buyer').$type<InvoiceBuyer>().notNull(),
    lines: jsonb('lines').$type<InvoiceLine[]>().notNull(),
    netMinor: integer('net_minor').notNull(),
    vatMinor: integer('vat_minor').notNull(),
    totalMinor: integer('total_minor').notNull(),
    issuedAt: timestamptz('issued_at').notNull(),
  },
  (t) => [
    unique('invoices_series_number_unique').on(t.series, t.number),
    uniqueIndex('invoices_one_per_order_idx')
      .on(t.orderId)
      .where(sql`kind = 'invoice'`),
    index('invoices_order_idx').on(t.orderId, t.id),
  ],
);

/** VAT rates per delivery country in basis points (500 = 5 %), from the reference data. */
export const vatRates = pgTable('vat_rates', {
  countryId: integer('country_id')
    .primaryKey()
    .references(() => countries.id, { onDelete: 'cascade' }),
  booksBp: integer('books_bp').notNull(),
  deliveryBp: integer('delivery_bp').notNull(),
  note: text('note').notNull(),
});
