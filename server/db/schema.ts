import {
  boolean,
  index,
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

/**
 * Every mail the shop sends, stored before it leaves. `transport` 'outbox' keeps it here only
 * (default, read at /dev/outbox in development); 'smtp' hands it to the relay in SMTP_URL and sets
 * `sent_at` once the relay accepted it. A failed attempt leaves `sent_at` empty with `last_error`.
 */
export const outboxMail = pgTable(
  'outbox_mail',
  {
    id: serial('id').primaryKey(),
    to: text('to').notNull(),
    replyTo: text('reply_to'),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    transport: text('transport').notNull(),
    attempts: smallint('attempts').notNull().default(0),
    lastError: text('last_error'),
  },
  (t) => [index('outbox_mail_unsent_idx').on(t.transport, t.sentAt)],
);

/**
 * Newsletter subscribers ('adventure community'). `id` (handed to the browser as SubscriberId) and
 * both tokens are random 144-bit base64url strings. One row per e-mail address (`email_key` is the
 * trimmed, lower-cased address). Pending until `confirmed_at`; `unsubscribed_at` ends it.
 */
export const subscribers = pgTable('subscribers', {
  id: text('id').primaryKey(),
  email: text('email').notNull(),
  emailKey: text('email_key').notNull().unique(),
  preferredLanguage: text('preferred_language').notNull(),
  confirmToken: text('confirm_token').notNull().unique(),
  unsubscribeToken: text('unsubscribe_token').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
  /** When the last confirmation mail was queued; it is sent again at most once per 10 minutes. */
  confirmationMailAt: timestamp('confirmation_mail_at', { withTimezone: true }),
});

/** Survey answers of a subscriber; a new submission replaces all answers of that questionnaire. */
export const questionnaireResponses = pgTable(
  'questionnaire_responses',
  {
    subscriberId: text('subscriber_id')
      .notNull()
      .references(() => subscribers.id, { onDelete: 'cascade' }),
    questionnaireId: smallint('questionnaire_id').notNull(),
    questionId: smallint('question_id').notNull(),
    responseText: text('response_text').notNull(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.subscriberId, t.questionnaireId, t.questionId] })],
);

/** Messages sent with the contact form; each is also mailed to the shop (SHOP_EMAIL). */
export const contactMessages = pgTable('contact_messages', {
  id: serial('id').primaryKey(),
  fromName: text('from_name').notNull(),
  email: text('email').notNull(),
  message: text('message').notNull(),
  /** The interface language the visitor wrote from, when the client told us. */
  language: text('language'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});
