import { and, desc, eq, sql } from 'drizzle-orm';
import { toLanguage, type Language } from '#contract/markets.ts';
import type { OrderStatusValue } from '#contract/order-status.ts';
import type {
  AdminReview,
  PublicReview,
  RatingSummary,
  ReviewFormInfo,
  ReviewList,
  ReviewStatus,
} from '#contract/reviews.ts';
import type { Db, Tx } from '#server/db/client.ts';
import {
  changesHeard,
  isListening,
  listeningEpoch,
  onListeningChange,
  onNotification,
} from '#server/db/notifications.ts';
import { placedOrders } from '#server/db/schema/checkout.ts';
import { refunds } from '#server/db/schema/money.ts';
import { reviews } from '#server/db/schema/reviews.ts';
import { orders } from '#server/db/schema/shop.ts';
import { recordAudit, type Actor } from '#server/services/audit/audit-log.ts';

/** Approved reviews a page shows at most (newest first). */
export const PUBLIC_REVIEWS_LIMIT = 12;

const languageOf = (value: string): Language => toLanguage(value) ?? 'en-GB';

/**
 * The states of an order whose buyer did not keep what was bought: cancelled (refunded in full
 * before shipping) or refunded in full. Its review is no 'verified purchase': none is taken, and
 * one taken before is never shown (issue #44, item 6).
 */
export const NOT_KEPT_STATUSES: readonly OrderStatusValue[] = ['cancelled', 'refunded'];
const KEPT = sql`${orders.status} not in ('cancelled', 'refunded')`;

/**
 * Whether a paid order's review form takes a review: not once the order has its review, nor when
 * the buyer did not keep the books (cancelled, refunded in full: 'closed'), nor after the buyer
 * pressed 'stop' in the request mail ('stopped': the consent withdrawn, and the form is the same
 * request).
 */
function formState(row: {
  reviewId: number | null;
  status: string;
  consent: boolean;
}): ReviewFormInfo['state'] {
  if (row.reviewId !== null) return 'reviewed';
  if ((NOT_KEPT_STATUSES as readonly string[]).includes(row.status)) return 'closed';
  if (!row.consent) return 'stopped';
  return 'open';
}

/** The form's state for a paid order, or undefined when the order is not a paid one. */
export async function reviewFormInfo(
  db: Db | Tx,
  orderId: string,
  lock = false,
): Promise<ReviewFormInfo | undefined> {
  const query = db
    .select({
      language: orders.language,
      status: orders.status,
      consent: orders.reviewConsent,
      reviewId: reviews.id,
    })
    .from(orders)
    .innerJoin(placedOrders, eq(placedOrders.orderId, orders.id))
    .leftJoin(reviews, eq(reviews.orderId, orders.id))
    .where(eq(orders.id, orderId));
  const [row] = lock ? await query.for('update', { of: orders }) : await query;
  if (!row) return undefined;
  return { state: formState(row), language: languageOf(row.language) };
}

export type SubmitResult =
  { ok: true; id: number } | { ok: false; reason: 'not-found' | 'reviewed' | 'stopped' | 'closed' };

/**
 * Stores a paid order's review, pending moderation, while its form is open (formState): under the
 * order's row lock, so a 'stop' or a refund that lands meanwhile is seen. A second one is refused.
 */
export async function submitReview(
  db: Db,
  orderId: string,
  review: {
    rating: number;
    text: string;
    firstName: string;
    city: string;
    photo: Buffer | null;
  },
): Promise<SubmitResult> {
  return db.transaction(async (tx) => {
    const info = await reviewFormInfo(tx, orderId, true);
    if (!info) return { ok: false, reason: 'not-found' } as const;
    if (info.state !== 'open') return { ok: false, reason: info.state } as const;
    return insertReview(tx, orderId, info.language, review);
  });
}

async function insertReview(
  tx: Tx,
  orderId: string,
  language: Language,
  review: {
    rating: number;
    text: string;
    firstName: string;
    city: string;
    photo: Buffer | null;
  },
): Promise<SubmitResult> {
  const rows = await tx
    .insert(reviews)
    .values({
      orderId,
      language,
      rating: review.rating,
      text: review.text.replace(/\r\n?/g, '\n').replace(/\n{3,}/g, '\n\n'),
      firstName: review.firstName || null,
      city: review.city || null,
      photo: review.photo,
    })
    .onConflictDoNothing({ target: reviews.orderId })
    .returning({ id: reviews.id });
  const id = rows[0]?.id;
  return id === undefined ? { ok: false, reason: 'reviewed' } : { ok: true, id };
}

/** The stop link: the buyer is not asked (again); true when the order exists. */
export async function withdrawReviewConsent(db: Db, orderId: string): Promise<boolean> {
  const rows = await db
    .update(orders)
    .set({ reviewConsent: false })
    .where(eq(orders.id, orderId))
    .returning({ id: orders.id });
  return rows.length > 0;
}

/** The checkbox at checkout (the unpaid cart only: the route checks). */
export async function setReviewConsent(db: Db, orderId: string, consent: boolean): Promise<void> {
  await db.update(orders).set({ reviewConsent: consent }).where(eq(orders.id, orderId));
}

export async function reviewConsentOf(db: Db, orderId: string): Promise<boolean | undefined> {
  const [row] = await db
    .select({ consent: orders.reviewConsent })
    .from(orders)
    .where(eq(orders.id, orderId));
  return row?.consent;
}

/** The average rating (one decimal) and count of the approved reviews in `language`; null for none. */
export async function ratingSummary(db: Db, language: Language): Promise<RatingSummary | null> {
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      average: sql<string | null>`avg(${reviews.rating})::numeric(3,1)::text`,
    })
    .from(reviews)
    .innerJoin(orders, eq(orders.id, reviews.orderId))
    .where(and(eq(reviews.status, 'approved'), eq(reviews.language, language), KEPT));
  if (!row || row.count === 0 || row.average === null) return null;
  return { value: Number(row.average), count: row.count };
}

/** The approved reviews of `language`, newest approval first, with their rating summary. */
export async function approvedReviews(db: Db, language: Language): Promise<ReviewList> {
  const [rows, rating] = await Promise.all([
    db
      .select({
        id: reviews.id,
        rating: reviews.rating,
        text: reviews.text,
        firstName: reviews.firstName,
        city: reviews.city,
        hasPhoto: sql<boolean>`${reviews.photo} is not null`,
        decidedAt: reviews.decidedAt,
      })
      .from(reviews)
      .innerJoin(orders, eq(orders.id, reviews.orderId))
      // Approved, and still a verified purchase: not of an order cancelled or refunded since.
      .where(and(eq(reviews.status, 'approved'), eq(reviews.language, language), KEPT))
      .orderBy(desc(reviews.decidedAt), desc(reviews.id))
      .limit(PUBLIC_REVIEWS_LIMIT),
    ratingSummary(db, language),
  ]);
  return {
    reviews: rows.map((row): PublicReview => ({
      id: row.id,
      rating: row.rating,
      text: row.text,
      firstName: row.firstName,
      city: row.city,
      photoUrl: row.hasPhoto ? `/api/reviews/${row.id}/photo.webp` : null,
      date: (row.decidedAt ?? new Date(0)).toISOString(),
    })),
    rating,
  };
}

/** A review's photo; only an approved one's unless `anyStatus` (the back office). */
export async function reviewPhoto(
  db: Db,
  id: number,
  anyStatus: boolean,
): Promise<Buffer | undefined> {
  const [row] = await db
    .select({ photo: reviews.photo, status: reviews.status, orderStatus: orders.status })
    .from(reviews)
    .innerJoin(orders, eq(orders.id, reviews.orderId))
    .where(eq(reviews.id, id));
  const shown =
    row?.status === 'approved' &&
    !(NOT_KEPT_STATUSES as readonly string[]).includes(row.orderStatus);
  if (!row?.photo || (!anyStatus && !shown)) return undefined;
  return row.photo;
}

const adminColumns = {
  id: reviews.id,
  orderId: reviews.orderId,
  orderNumber: placedOrders.orderNumber,
  language: reviews.language,
  rating: reviews.rating,
  text: reviews.text,
  firstName: reviews.firstName,
  city: reviews.city,
  hasPhoto: sql<boolean>`${reviews.photo} is not null`,
  status: reviews.status,
  createdAt: reviews.createdAt,
  decidedAt: reviews.decidedAt,
  // The order's state now, for the moderator (issue #44, item 6).
  orderStatus: orders.status,
  reviewConsent: orders.reviewConsent,
  partlyRefunded: sql<boolean>`exists (select 1 from ${refunds} f where f.order_id = ${reviews.orderId} and f.status = 'succeeded')`,
};

interface AdminRow {
  id: number;
  orderId: string;
  orderNumber: string | null;
  language: string;
  rating: number;
  text: string;
  firstName: string | null;
  city: string | null;
  hasPhoto: boolean;
  status: string;
  createdAt: Date;
  decidedAt: Date | null;
  orderStatus: string;
  reviewConsent: boolean;
  partlyRefunded: boolean;
}

function adminReview({ reviewConsent, partlyRefunded, ...row }: AdminRow): AdminReview {
  const kept = !(NOT_KEPT_STATUSES as readonly string[]).includes(row.orderStatus);
  return {
    ...row,
    language: languageOf(row.language),
    status: row.status as ReviewStatus,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    orderStatus: row.orderStatus as OrderStatusValue,
    partlyRefunded: kept && partlyRefunded,
    consentWithdrawn: !reviewConsent,
    verifiedPurchase: kept,
  };
}

/** The back office's list of one status (pending: oldest first, the queue; else newest first). */
export async function adminReviews(db: Db, status: ReviewStatus): Promise<AdminReview[]> {
  const rows = await db
    .select(adminColumns)
    .from(reviews)
    .innerJoin(orders, eq(orders.id, reviews.orderId))
    .leftJoin(placedOrders, eq(placedOrders.orderId, reviews.orderId))
    .where(eq(reviews.status, status))
    .orderBy(
      status === 'pending' ? reviews.createdAt : desc(reviews.decidedAt),
      status === 'pending' ? reviews.id : desc(reviews.id),
    )
    .limit(200);
  return rows.map(adminReview);
}

/**
 * Approves or rejects a review (again, when the owner changes their mind), with its audit entry
 * in the same transaction. Undefined for an unknown review.
 */
export async function decideReview(
  db: Db,
  actor: Actor,
  id: number,
  status: 'approved' | 'rejected',
  at: Date,
): Promise<AdminReview | undefined> {
  const decided = await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ status: reviews.status })
      .from(reviews)
      .where(eq(reviews.id, id))
      .for('update');
    if (!before) return undefined;
    await tx
      .update(reviews)
      .set({ status, decidedAt: at, decidedBy: actor.staffId })
      .where(eq(reviews.id, id));
    await recordAudit(
      tx,
      actor,
      {
        action: status === 'approved' ? 'review.approve' : 'review.reject',
        targetType: 'review',
        targetId: id,
        before: { status: before.status },
        after: { status },
      },
      at,
    );
    const [row] = await tx
      .select(adminColumns)
      .from(reviews)
      .innerJoin(orders, eq(orders.id, reviews.orderId))
      .leftJoin(placedOrders, eq(placedOrders.orderId, reviews.orderId))
      .where(eq(reviews.id, id));
    return row ? adminReview(row) : undefined;
  });
  // Committed: this server's pages show it from the next request (others when they hear it).
  if (decided) reviewsChanged(db, decided.language);
  return decided;
}

/**
 * The reviews' versions of a database, known in memory: bumped by every change announced on
 * content_changed ('reviews:<language>', migration 0023: a decision, an erasure, an order whose
 * review shows cancelled or refunded) and by this server's own decisions as they commit. Read only
 * while the announcements are heard (db/notifications.ts); the epoch in the key makes a gap in
 * hearing them a change of every version.
 */
interface ReviewVersions {
  versions: Map<string, number>;
  /** The rating summaries of the product page, by `${language} ${version key}`. */
  ratings: Map<string, Promise<RatingSummary | null>>;
}
const versionsByDb = new WeakMap<Db, ReviewVersions>();

function versionsOf(db: Db): ReviewVersions {
  let state = versionsByDb.get(db);
  if (!state) {
    const created: ReviewVersions = { versions: new Map(), ratings: new Map() };
    versionsByDb.set(db, created);
    onNotification(db, 'content_changed', (payload) => {
      if (payload.startsWith('reviews:')) bump(created, payload.slice('reviews:'.length));
    });
    onListeningChange(db, () => created.ratings.clear());
    state = created;
  }
  return state;
}

function bump(state: ReviewVersions, language: string): void {
  state.versions.set(language, (state.versions.get(language) ?? 0) + 1);
  state.ratings.clear();
}

/**
 * Subscribes `db` to the reviews' announcements (the app does it when it starts, so no change
 * committed after the start is missed by a version read later).
 */
export function watchReviews(db: Db): void {
  versionsOf(db);
}

/** A change to the shown reviews of `language` this server made (called once it committed). */
export function reviewsChanged(db: Db, language: string): void {
  bump(versionsOf(db), language);
}

/**
 * What the shown reviews of `language` depend on, as a short key (the page cache keeps the
 * product and home pages per key): from memory while the database's announcements are heard;
 * otherwise asked (how many are approved and the last decision's time).
 */
export async function reviewsVersion(db: Db, language: Language): Promise<string> {
  const memory = reviewsVersionInMemory(db, language);
  if (memory !== undefined) return memory;
  const [row] = await db
    .select({
      count: sql<number>`count(*) filter (where ${reviews.status} = 'approved' and ${KEPT})::int`,
      last: sql<string | null>`max(${reviews.decidedAt})::text`,
    })
    .from(reviews)
    .innerJoin(orders, eq(orders.id, reviews.orderId))
    .where(eq(reviews.language, language));
  return `reviews:${row?.count ?? 0}:${row?.last ?? '-'}`;
}

/** The version key from memory, or undefined while the announcements are not heard. */
function reviewsVersionInMemory(db: Db, language: Language): string | undefined {
  const state = versionsOf(db);
  if (!isListening(db)) return undefined;
  return `reviews@${listeningEpoch(db)}.${state.versions.get(language) ?? 0}`;
}

/**
 * The page cache's variant of `page` in `language` as reviewsOfPage gives it now, from memory
 * alone (no promise, no query): undefined for a page that shows no reviews; null when memory
 * cannot say (the announcements are not heard, or this server's own last change is not heard
 * yet), and then only reviewsOfPage knows.
 */
export function reviewsVariantNow(
  db: Db,
  page: string | undefined,
  language: Language,
): string | undefined | null {
  if (page !== 'product' && page !== 'home') return undefined;
  if (changesHeard(db)) return null;
  return reviewsVersionInMemory(db, language) ?? null;
}

/** ratingSummary from memory while the reviews' version is the one it was read at. */
function cachedRatingSummary(
  db: Db,
  language: Language,
  version: string,
): Promise<RatingSummary | null> {
  const state = versionsOf(db);
  const key = `${language} ${version}`;
  let rating = state.ratings.get(key);
  if (!rating) {
    rating = ratingSummary(db, language);
    state.ratings.set(key, rating);
    // A failed read is not kept.
    rating.catch(() => {
      if (state.ratings.get(key) === rating) state.ratings.delete(key);
    });
  }
  return rating;
}

/**
 * What a server-rendered page needs of the reviews: the product page's rating for its structured
 * data (and the head cache's key), and for the product and home pages, which show the approved
 * reviews, the page cache's variant (a new decision renders them anew).
 */
export async function reviewsOfPage(
  db: Db,
  page: string | undefined,
  language: Language,
): Promise<{ rating: RatingSummary | null; headKey: string; cacheVariant: string | undefined }> {
  if (page !== 'product' && page !== 'home')
    return { rating: null, headKey: '', cacheVariant: undefined };
  // This server's own last change (a refund, an erasure) is heard first (PostgreSQL).
  const heard = changesHeard(db);
  if (heard) await heard;
  const memory = reviewsVersionInMemory(db, language);
  // Known in memory: no query (a new version's rating is read once).
  const [rating, version] =
    memory !== undefined
      ? [page === 'product' ? await cachedRatingSummary(db, language, memory) : null, memory]
      : await Promise.all([
          page === 'product' ? ratingSummary(db, language) : null,
          reviewsVersion(db, language),
        ]);
  return {
    rating,
    headKey: rating ? ` rating:${rating.count}:${rating.value}` : '',
    cacheVariant: version,
  };
}
