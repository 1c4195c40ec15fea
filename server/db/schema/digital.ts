import {
  customType,
  index,
  integer,
  pgTable,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAtNow, serialId, timestamptz } from '#server/db/columns.ts';
import { orders } from './shop.ts';

/**
 * The digital edition (issue #36 item 2, migration 0017): one screen PDF per book bought as a
 * digital PDF or printed + PDF, made by the print-files job, stored in the database (shared by every
 * instance), its downloads counted. The download link is signed and expiring
 * (server/services/fulfilment/digital/download-links.ts), so nothing here grants access.
 */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

export const digitalEditions = pgTable(
  'digital_editions',
  {
    id: serialId(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The snapshot item's id (the order item it was made from). */
    itemId: text('item_id').notNull(),
    bytes: bytea('bytes').notNull(),
    byteSize: integer('byte_size').notNull(),
    sha256: text('sha256').notNull(),
    /** PDF pages: the cover, the dedication, the spreads (one page each), the closing page. */
    pageCount: smallint('page_count').notNull(),
    downloadCount: integer('download_count').notNull().default(0),
    lastDownloadedAt: timestamptz('last_downloaded_at'),
    /** When a link was last mailed (the status page's 'send a new link' is rate-limited on it too). */
    linkMailedAt: timestamptz('link_mailed_at'),
    createdAt: createdAtNow(),
  },
  (t) => [
    uniqueIndex('digital_editions_item_idx').on(t.itemId),
    index('digital_editions_order_idx').on(t.orderId),
  ],
);
