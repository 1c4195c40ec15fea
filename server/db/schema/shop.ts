import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAtNow, serialId, timestamptz, updatedAtNow } from '#server/db/columns.ts';

/** Books the shop sells. Product 1 is 'You can do it' (football_story). */
export const products = pgTable('products', {
  id: integer('id').primaryKey(),
  bookName: text('book_name').notNull().unique(),
  title: text('title').notNull(),
  pageCount: smallint('page_count').notNull(),
  createdAt: createdAtNow(),
});

/**
 * Price of each cover format in each market currency, in minor units.
 * `onSale` false keeps a format listed for information only (layflat by contact).
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
  id: serialId(),
  version: integer('version').notNull(),
  loadedAt: timestamptz('loaded_at').notNull().defaultNow(),
});

/**
 * Every mail the shop sends, stored before it leaves. `transport` 'outbox' keeps it here only
 * (default, read at /dev/outbox in development); 'smtp' hands it to the relay in SMTP_URL and sets
 * `sent_at` once the relay accepted it. A failed attempt leaves `sent_at` empty with `last_error`.
 */
export const outboxMail = pgTable(
  'outbox_mail',
  {
    id: serialId(),
    to: text('to').notNull(),
    replyTo: text('reply_to'),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    createdAt: createdAtNow(),
    sentAt: timestamptz('sent_at'),
    transport: text('transport').notNull(),
    attempts: smallint('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** When a server claimed the mail to send it (a lease: another server leaves it alone meanwhile). */
    claimedAt: timestamptz('claimed_at'),
    /**
     * The order a mail is about (its confirmation, status, refund, documents, links, review
     * request), null for others: an erasure deletes the mails of the orders it erases, and keeps
     * only the unsent mails of the orders it keeps to deliver (migration 0020).
     */
    orderId: text('order_id'),
  },
  (t) => [index('outbox_mail_unsent_idx').on(t.transport, t.sentAt)],
);

/**
 * Newsletter subscribers ('adventure community'). One row per e-mail address (`email_key` is the
 * trimmed, lower-cased address); `id` and the unsubscribe token are random 144-bit base64url
 * strings, and `id` never leaves the server. Pending until `confirmed_at`; `unsubscribed_at` ends it.
 * Only a confirmation link changes a subscriber's language or state: a sign-up by someone who
 * merely knows the address changes nothing here.
 */
export const subscribers = pgTable('subscribers', {
  id: text('id').primaryKey(),
  email: text('email').notNull(),
  emailKey: text('email_key').notNull().unique(),
  preferredLanguage: text('preferred_language').notNull(),
  unsubscribeToken: text('unsubscribe_token').notNull().unique(),
  createdAt: timestamptz('created_at').notNull(),
  confirmedAt: timestamptz('confirmed_at'),
  unsubscribedAt: timestamptz('unsubscribed_at'),
  /** When the last confirmation mail was queued; it is sent again at most once per 10 minutes. */
  confirmationMailAt: timestamptz('confirmation_mail_at'),
});

/**
 * Every sign-up request (POST /api/Subscriptions): `id` is what the browser keeps as SubscriberId
 * (a fresh random 144-bit id per request, so knowing an address never yields it) and the only key
 * the survey accepts; `confirm_token` is the confirmation link of the mail this request sent,
 * which confirms the subscriber in this request's language.
 */
export const signups = pgTable(
  'signups',
  {
    id: text('id').primaryKey(),
    subscriberId: text('subscriber_id')
      .notNull()
      .references(() => subscribers.id, { onDelete: 'cascade' }),
    preferredLanguage: text('preferred_language').notNull(),
    confirmToken: text('confirm_token').notNull().unique(),
    createdAt: timestamptz('created_at').notNull(),
  },
  (t) => [index('signups_subscriber_idx').on(t.subscriberId)],
);

/**
 * Survey answers of one sign-up (`subscriber_id` holds the sign-up's id, the browser's
 * SubscriberId); a new submission replaces all answers of that questionnaire.
 */
export const questionnaireResponses = pgTable(
  'questionnaire_responses',
  {
    subscriberId: text('subscriber_id')
      .notNull()
      .references(() => signups.id, { onDelete: 'cascade' }),
    questionnaireId: smallint('questionnaire_id').notNull(),
    questionId: smallint('question_id').notNull(),
    responseText: text('response_text').notNull(),
    submittedAt: timestamptz('submitted_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.subscriberId, t.questionnaireId, t.questionId] })],
);

/** Messages sent with the contact form; each is also mailed to the shop (SHOP_EMAIL). */
export const contactMessages = pgTable('contact_messages', {
  id: serialId(),
  fromName: text('from_name').notNull(),
  email: text('email').notNull(),
  message: text('message').notNull(),
  /** The interface language the visitor wrote from, when the client told us. */
  language: text('language'),
  createdAt: timestamptz('created_at').notNull(),
  /** When staff marked it handled in the back office's inbox (null: open), and who. */
  handledAt: timestamptz('handled_at'),
  /** The staff member (schema-admin.ts staff.id) who marked it handled. */
  handledBy: integer('handled_by'),
});

/**
 * Orders: a visitor's cart until checkout. `id` is a random 144-bit base64url string (the browser
 * keeps it in a cookie per language), so it cannot be guessed. `create_request_id` is the client's
 * requestId of the save that created the order: repeating that POST /api/order answers this order.
 * `coupon_code` is the coupon the visitor applied; whether it still applies is decided on every read.
 */
export const orders = pgTable('orders', {
  id: text('id').primaryKey(),
  /** The shop language the order was made in (lv, en-GB, en-US). */
  language: text('language').notNull(),
  /** The order's currency (EUR, GBP, USD), fixed when it is created from its language: never re-priced in another. */
  currencyCode: text('currency_code').notNull(),
  status: text('status').notNull().default('cart'),
  couponCode: text('coupon_code').references(() => coupons.code),
  createRequestId: text('create_request_id').notNull().unique(),
  createdAt: createdAtNow(),
  /**
   * When the order's contact details, names and dedications were anonymised (retention job or an
   * erasure request, server/services/retention); null while they are kept.
   */
  anonymisedAt: timestamptz('anonymised_at'),
  /** The buyer ticked 'Ask me for a review after delivery' at checkout (migration 0018); unticked by the stop link. */
  reviewConsent: boolean('review_consent').notNull().default(false),
  /** When the book reached the buyer other than by the 'delivered' status (a digital PDF downloaded): server/services/reviews. */
  reviewableAt: timestamptz('reviewable_at'),
  /** When the one review request mail was queued; null until then. */
  reviewRequestSentAt: timestamptz('review_request_sent_at'),
  /**
   * SHA-256 (base64url) of the cart key of the browser that made the order (its httpOnly
   * `sm_cart` cookie, server/routes/cart-access.ts): proof that a request comes from the browser
   * holding the unpaid cart. The order id alone opens only the status page of a paid order.
   * Null for an order made before the key (migration 0020): the first browser naming it in its
   * `ORDER_ID_<language>` cookie is given it.
   */
  cartKeyHash: text('cart_key_hash'),
});

/**
 * One personalised book in an order. Prices are never stored here: they come from cover_prices at
 * read time, in the order's currency. Personalizations are JSON of asset names
 * (contract/orders.ts ChildPersonalization / ParentPersonalization), already checked with book/.
 * `request_id` (the client's requestId) is unique per order, so a repeated save adds one book only.
 */
export const orderItems = pgTable(
  'order_items',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    requestId: text('request_id').notNull(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    /** The book's language (lv, en-GB, en-US). */
    language: text('language').notNull(),
    childName: text('child_name').notNull(),
    childGender: text('child_gender').notNull(),
    childPersonalization: text('child_personalization').notNull(),
    dadName: text('dad_name'),
    dadPersonalization: text('dad_personalization').notNull(),
    mumName: text('mum_name'),
    mumPersonalization: text('mum_personalization').notNull(),
    dedication: text('dedication').notNull(),
    coverType: text('cover_type').notNull(),
    /** A printed book with its digital PDF too ('printed + PDF', migration 0017); false for 'digital'. */
    withPdf: boolean('with_pdf').notNull().default(false),
    /**
     * Who is in the book (JSON of server/services/catalogue/family-check.ts CheckedFamily), null for a book
     * saved without a family: today's mum and dad, in the dad and mum columns (migration 0015).
     */
    family: text('family'),
    createdAt: createdAtNow(),
    updatedAt: updatedAtNow(),
  },
  (t) => [
    uniqueIndex('order_items_order_request_idx').on(t.orderId, t.requestId),
    index('order_items_order_position_idx').on(t.orderId, t.position),
  ],
);

/**
 * Per-client rate-limit windows, shared by every server on the database: `key` is the rule, its
 * limit and window, and the client (`contact:3:60000:203.0.113.7`); one upsert per counted request.
 */
export const rateLimitCounters = pgTable('rate_limit_counters', {
  key: text('key').primaryKey(),
  /** Start of the current window, in ms since the epoch. */
  windowStart: bigint('window_start', { mode: 'number' }).notNull(),
  count: integer('count').notNull(),
  /** windowStart + the rule's window: rows past it are deleted now and then. */
  expiresAt: bigint('expires_at', { mode: 'number' }).notNull(),
});
