import { sql } from 'drizzle-orm';
import { check, customType, index, integer, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import { createdAtNow, serialId, timestamptz } from '#server/db/columns.ts';
import { orders } from './shop.ts';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * Reviews from real buyers (migration 0018): one per order (the unique order id), written through
 * the signed link of the review request mail, shown once the owner approved it. `language` is the
 * order's shop language: a review shows on the site of the language it was written in. `photo` is
 * the re-encoded WebP (server/services/reviews/review-photo.ts), never the upload as sent.
 */
export const reviews = pgTable(
  'reviews',
  {
    id: serialId(),
    orderId: text('order_id')
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: 'cascade' }),
    language: text('language').notNull(),
    rating: smallint('rating').notNull(),
    text: text('text').notNull(),
    firstName: text('first_name'),
    city: text('city'),
    photo: bytea('photo'),
    /** pending, approved, rejected */
    status: text('status').notNull().default('pending'),
    createdAt: createdAtNow(),
    decidedAt: timestamptz('decided_at'),
    /** The staff member who approved or rejected it (the audit log has the rest). */
    decidedBy: integer('decided_by'),
  },
  (t) => [
    check('reviews_rating_check', sql`${t.rating} BETWEEN 1 AND 5`),
    check('reviews_status_check', sql`${t.status} IN ('pending', 'approved', 'rejected')`),
    index('reviews_status_language_idx').on(
      t.status,
      t.language,
      t.decidedAt.desc().nullsLast(),
      t.id.desc().nullsLast(),
    ),
  ],
);
