import { and, desc, eq, sql } from 'drizzle-orm';
import { toLanguage, type Language } from '#contract/markets.ts';
import type {
  AdminReview,
  PublicReview,
  RatingSummary,
  ReviewFormInfo,
  ReviewList,
  ReviewStatus,
} from '#contract/reviews.ts';
import type { Db } from '../../db/client.ts';
import { placedOrders } from '../../db/schema-checkout.ts';
import { reviews } from '../../db/schema-reviews.ts';
import { orders } from '../../db/schema.ts';
import { recordAudit, type Actor } from '../audit/audit-log.ts';

/** Approved reviews a page shows at most (newest first). */
export const PUBLIC_REVIEWS_LIMIT = 12;

const languageOf = (value: string): Language => toLanguage(value) ?? 'en-GB';

/** The form's state for a paid order, or undefined when the order is not a paid one. */
export async function reviewFormInfo(db: Db, orderId: string): Promise<ReviewFormInfo | undefined> {
  const [row] = await db
    .select({ language: orders.language, reviewId: reviews.id })
    .from(orders)
    .innerJoin(placedOrders, eq(placedOrders.orderId, orders.id))
    .leftJoin(reviews, eq(reviews.orderId, orders.id))
    .where(eq(orders.id, orderId));
  if (!row) return undefined;
  return { state: row.reviewId === null ? 'open' : 'reviewed', language: languageOf(row.language) };
}

export type SubmitResult =
  { ok: true; id: number } | { ok: false; reason: 'not-found' | 'reviewed' };

/** Stores a paid order's review, pending moderation; a second one for the order is refused. */
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
  const info = await reviewFormInfo(db, orderId);
  if (!info) return { ok: false, reason: 'not-found' };
  if (info.state === 'reviewed') return { ok: false, reason: 'reviewed' };
  const rows = await db
    .insert(reviews)
    .values({
      orderId,
      language: info.language,
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
    .where(and(eq(reviews.status, 'approved'), eq(reviews.language, language)));
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
      .where(and(eq(reviews.status, 'approved'), eq(reviews.language, language)))
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
    .select({ photo: reviews.photo, status: reviews.status })
    .from(reviews)
    .where(eq(reviews.id, id));
  if (!row?.photo || (!anyStatus && row.status !== 'approved')) return undefined;
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
}

function adminReview(row: AdminRow): AdminReview {
  return {
    ...row,
    language: languageOf(row.language),
    status: row.status as ReviewStatus,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
  };
}

/** The back office's list of one status (pending: oldest first, the queue; else newest first). */
export async function adminReviews(db: Db, status: ReviewStatus): Promise<AdminReview[]> {
  const rows = await db
    .select(adminColumns)
    .from(reviews)
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
  return db.transaction(async (tx) => {
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
      .leftJoin(placedOrders, eq(placedOrders.orderId, reviews.orderId))
      .where(eq(reviews.id, id));
    return row ? adminReview(row) : undefined;
  });
}

/**
 * What the shown reviews of `language` depend on, as a short key (the page cache keeps the
 * product and home pages per key): how many are approved and the last decision's time.
 */
export async function reviewsVersion(db: Db, language: Language): Promise<string> {
  const [row] = await db
    .select({
      count: sql<number>`count(*) filter (where ${reviews.status} = 'approved')::int`,
      last: sql<string | null>`max(${reviews.decidedAt})::text`,
    })
    .from(reviews)
    .where(eq(reviews.language, language));
  return `reviews:${row?.count ?? 0}:${row?.last ?? '-'}`;
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
  const [rating, version] = await Promise.all([
    page === 'product' ? ratingSummary(db, language) : null,
    reviewsVersion(db, language),
  ]);
  return {
    rating,
    headKey: rating ? ` rating:${rating.count}:${rating.value}` : '',
    cacheVariant: version,
  };
}
