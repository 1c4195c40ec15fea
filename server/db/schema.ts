import {
  boolean,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/** Books the shop sells. Product 1 is 'You can do it' (football_story). */
export const products = pgTable('products', {
  id: integer('id').primaryKey(),
  bookName: text('book_name').notNull().unique(),
  title: text('title').notNull(),
  pageCount: smallint('page_count').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Price of each cover format in each market currency, in minor units.
 * `onSale` false keeps a format listed for information only (layflat by contact, digital soon).
 */
export const coverPrices = pgTable(
  'cover_prices',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    coverType: text('cover_type').notNull(),
    currencyCode: text('currency_code').notNull(),
    priceMinor: integer('price_minor').notNull(),
    onSale: boolean('on_sale').notNull(),
    sortOrder: smallint('sort_order').notNull(),
  },
  (t) => [primaryKey({ columns: [t.productId, t.coverType, t.currencyCode] })],
);

/** Countries we deliver to. Ids are stable: the client keeps them (Latvia 19 is the default). */
export const countries = pgTable('countries', {
  id: integer('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  deliveryTimeDays: smallint('delivery_time_days').notNull(),
  needsProvince: boolean('needs_province').notNull().default(false),
});

/** Delivery cost of a country in each market currency, in minor units. */
export const deliveryCosts = pgTable(
  'delivery_costs',
  {
    countryId: integer('country_id')
      .notNull()
      .references(() => countries.id),
    currencyCode: text('currency_code').notNull(),
    costMinor: integer('cost_minor').notNull(),
  },
  (t) => [primaryKey({ columns: [t.countryId, t.currencyCode] })],
);

export const coupons = pgTable('coupons', {
  code: text('code').primaryKey(),
  percentOff: smallint('percent_off').notNull(),
  minBooks: smallint('min_books').notNull(),
  active: boolean('active').notNull().default(true),
});

/** Every reference-data load, so a start can tell which version is in the database. */
export const referenceDataLoads = pgTable('reference_data_loads', {
  id: serial('id').primaryKey(),
  version: integer('version').notNull(),
  loadedAt: timestamp('loaded_at', { withTimezone: true }).notNull().defaultNow(),
});
