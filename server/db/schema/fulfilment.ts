import { index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAtNow, serialId, timestamptz, updatedAtNow } from '#server/db/columns.ts';
import { orders } from './shop.ts';

/**
 * The hand-off of a paid order's books to the print partner (issue #47; migration 0024): one row
 * per order, made when the hand-off job first runs (after the hold and the proof). Its
 * `idempotency_key` is written before the partner is called, and every call for the order carries
 * it, so a retry after a lost answer or a stopped server finds the partner's job instead of making
 * a second one. `state` is ours (contract/fulfilment.ts HANDOFF_STATES); `partner_status` the
 * partner's own word, kept for the back office.
 */
export const printHandoffs = pgTable(
  'print_handoffs',
  {
    id: serialId(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** 'sandbox' or 'lulu' (the partner configured when it was handed on). */
    partner: text('partner').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    state: text('state').notNull().default('submitting'),
    /** The partner's id of its job (Lulu's print-job id, the sandbox's SBX-…). */
    partnerReference: text('partner_reference'),
    partnerStatus: text('partner_status'),
    /** What the partner said when it refused or failed (for the owner), never personal data. */
    lastError: text('last_error'),
    trackingNumber: text('tracking_number'),
    trackingUrl: text('tracking_url'),
    /** Submissions made (the first and every retry, each with the same idempotency key). */
    attempts: integer('attempts').notNull().default(0),
    /** When the latest submission began (before the call) and when the partner acknowledged it. */
    submitStartedAt: timestamptz('submit_started_at'),
    acknowledgedAt: timestamptz('acknowledged_at'),
    /** When the reconciliation last read the partner's status. */
    checkedAt: timestamptz('checked_at'),
    /** When the owner was told the hand-off needs them (a refusal, a cancel the partner refused). */
    alertedAt: timestamptz('alerted_at'),
    createdAt: createdAtNow(),
    updatedAt: updatedAtNow(),
  },
  (t) => [
    uniqueIndex('print_handoffs_order_idx').on(t.orderId),
    uniqueIndex('print_handoffs_key_idx').on(t.idempotencyKey),
    index('print_handoffs_state_idx').on(t.state),
  ],
);

/**
 * The built-in sandbox printer's jobs (PRINT_PARTNER=sandbox): what a partner would keep on its
 * side. No personal data beyond the reference and the book count: the address stays in the order.
 */
export const sandboxPrintJobs = pgTable(
  'sandbox_print_jobs',
  {
    id: text('id').primaryKey(),
    idempotencyKey: text('idempotency_key').notNull(),
    reference: text('reference').notNull(),
    /** 'accepted' -> 'in_production' -> 'shipped' -> 'delivered'; or 'cancelled'. */
    status: text('status').notNull(),
    books: jsonb('books').$type<{ product: string; pageCount: number; quantity: number }[]>(),
    trackingNumber: text('tracking_number'),
    trackingUrl: text('tracking_url'),
    /** When it ships (PRINT_SANDBOX_SHIP_SECONDS after it was taken). */
    shipAt: timestamptz('ship_at').notNull(),
    createdAt: createdAtNow(),
    updatedAt: updatedAtNow(),
  },
  (t) => [uniqueIndex('sandbox_print_jobs_key_idx').on(t.idempotencyKey)],
);
