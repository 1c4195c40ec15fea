import * as v from 'valibot';
import { LANGUAGES, type Language } from './markets.ts';
import type { OrderStatusValue } from './order-status.ts';

/**
 * Reviews from real buyers (issue #36.3).
 *
 * GET  /api/reviews/form/{token}            -> 200 ReviewFormInfo | 404 (a token we did not sign)
 * POST /api/reviews/form/{token}   ReviewSubmission -> 201 { id } | 400 `{ error, fields }`
 *        | 404 | 409 `{ error, code: ReviewRefusal }` (one review per order; none after the
 *        buyer's 'stop', none from a cancelled or fully refunded order) | 429
 * POST /api/reviews/stop/{token}            -> 200 { stopped: true } (withdraws the consent) | 404
 * GET  /api/reviews?language=lv             -> 200 ReviewList (approved reviews of that language)
 * GET  /api/reviews/{id}/photo.webp         -> the approved review's photo
 * GET/PUT /api/order/{orderId}/review-consent  ReviewConsent (the unpaid cart's browser only)
 * Back office: GET /api/admin/reviews?status=pending, PATCH /api/admin/reviews/{id} ReviewDecision,
 * GET /api/admin/reviews/{id}/photo.webp.
 */

/** What the server answers for a field that fails; the form shows its own words for each (by key). */
export const REVIEW_FIELD_MESSAGES = {
  rating: 'Choose from 1 to 5 stars.',
  textShort: 'Please write at least 10 characters.',
  textLong: 'At most 2000 characters.',
  nameLong: 'At most 50 characters.',
  cityLong: 'At most 80 characters.',
  terms: 'Please accept the review terms.',
  photo: 'The photo must be a JPEG, PNG or WebP picture of at most 8 MB.',
  photoHeic:
    "HEIC photos (an iPhone's own format) cannot be read here: please choose the photo as JPEG.",
} as const;

/**
 * A HEIF/HEIC file (an iPhone's photos) by its first bytes: an ISO box `ftyp` with a HEIF brand.
 * The shop's image library reads AVIF but not HEVC-coded HEIC, so such a photo is refused with
 * its own message (REVIEW_FIELD_MESSAGES.photoHeic) rather than the general one.
 */
export function isHeic(bytes: Uint8Array): boolean {
  if (bytes.length < 12) return false;
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (ascii(4, 8) !== 'ftyp') return false;
  const boxSize = Math.min(
    bytes.length,
    (bytes[0]! << 24) | (bytes[1]! << 16) | (bytes[2]! << 8) | bytes[3]!,
    64,
  );
  const brands = [ascii(8, 12)];
  for (let at = 16; at + 4 <= boxSize; at += 4) brands.push(ascii(at, at + 4));
  return brands.some((brand) => HEIC_BRANDS.includes(brand));
}
const HEIC_BRANDS = ['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'hevm', 'hevs'];

export const REVIEW_TEXT_LENGTH = { min: 10, max: 2000 } as const;
export const REVIEW_NAME_MAX = 50;
export const REVIEW_CITY_MAX = 80;
/**
 * The photo as base64, at most this many characters (about 650 KB: the API takes bodies of up to
 * 1 MB). The form makes a phone's photo smaller before it sends it; the server re-encodes it anyway.
 */
export const REVIEW_PHOTO_MAX_BASE64 = 900_000;

/** A signed review link's token: the order's id, a dot, its signature. */
export const ReviewTokenSchema = v.pipe(
  v.string('The link is not valid.'),
  v.regex(/^[A-Za-z0-9_-]{22,64}\.[A-Za-z0-9_-]{22,64}$/, 'The link is not valid.'),
);
export const ReviewTokenParamsSchema = v.object({ token: ReviewTokenSchema });

const optionalShortText = (max: number, message: string) =>
  v.pipe(
    v.optional(v.nullable(v.string()), ''),
    v.transform((text) => (text ?? '').trim().replace(/\s+/g, ' ')),
    v.maxLength(max, message),
  );

export const ReviewSubmissionSchema = v.object({
  rating: v.pipe(
    v.number(REVIEW_FIELD_MESSAGES.rating),
    v.integer(REVIEW_FIELD_MESSAGES.rating),
    v.minValue(1, REVIEW_FIELD_MESSAGES.rating),
    v.maxValue(5, REVIEW_FIELD_MESSAGES.rating),
  ),
  text: v.pipe(
    v.string(REVIEW_FIELD_MESSAGES.textShort),
    v.trim(),
    v.minLength(REVIEW_TEXT_LENGTH.min, REVIEW_FIELD_MESSAGES.textShort),
    v.maxLength(REVIEW_TEXT_LENGTH.max, REVIEW_FIELD_MESSAGES.textLong),
  ),
  firstName: optionalShortText(REVIEW_NAME_MAX, REVIEW_FIELD_MESSAGES.nameLong),
  city: optionalShortText(REVIEW_CITY_MAX, REVIEW_FIELD_MESSAGES.cityLong),
  /** base64 (no data: prefix) of a JPEG, PNG or WebP picture; absent or null for none. */
  photo: v.optional(
    v.nullable(
      v.pipe(
        v.string(REVIEW_FIELD_MESSAGES.photo),
        v.maxLength(REVIEW_PHOTO_MAX_BASE64, REVIEW_FIELD_MESSAGES.photo),
        v.regex(/^[A-Za-z0-9+/]+={0,2}$/, REVIEW_FIELD_MESSAGES.photo),
      ),
    ),
    null,
  ),
  acceptTerms: v.literal(true, REVIEW_FIELD_MESSAGES.terms),
});
export type ReviewSubmission = v.InferInput<typeof ReviewSubmissionSchema>;

export interface ReviewFormInfo {
  /**
   * open: the form may be sent; reviewed: this order's review was sent already; stopped: the
   * buyer pressed 'stop' in the request mail (no review is taken after it); closed: the order was
   * cancelled or refunded in full (no verified purchase to review).
   */
  state: 'open' | 'reviewed' | 'stopped' | 'closed';
  /** The order's language: the form is shown in it. */
  language: Language;
}

/** Why a review was not taken (409): the form's state other than open. */
export const REVIEW_REFUSALS = {
  reviewed: 'already_reviewed',
  stopped: 'review_stopped',
  closed: 'order_not_kept',
} as const;
export type ReviewRefusal = (typeof REVIEW_REFUSALS)[keyof typeof REVIEW_REFUSALS];

export const REVIEW_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

export interface PublicReview {
  id: number;
  rating: number;
  text: string;
  firstName: string | null;
  city: string | null;
  /** '/api/reviews/12/photo.webp', or null without a photo. */
  photoUrl: string | null;
  /** When it was approved (ISO). */
  date: string;
}

/** The average of the approved reviews (one decimal) and how many there are; null when there are none. */
export interface RatingSummary {
  value: number;
  count: number;
}

export interface ReviewList {
  reviews: PublicReview[];
  rating: RatingSummary | null;
}

export const ReviewListQuerySchema = v.object({
  language: v.picklist(LANGUAGES, 'language must be lv, en-GB or en-US.'),
});

export interface AdminReview {
  id: number;
  orderId: string;
  orderNumber: string | null;
  language: Language;
  rating: number;
  text: string;
  firstName: string | null;
  city: string | null;
  hasPhoto: boolean;
  status: ReviewStatus;
  createdAt: string;
  decidedAt: string | null;
  /** The order's state now (issue #44, item 6): what the moderator sees beside the review. */
  orderStatus: OrderStatusValue;
  /** Some books of the order were refunded; it goes on with the others. */
  partlyRefunded: boolean;
  /** The buyer has pressed 'stop' in the request mail since (or never agreed). */
  consentWithdrawn: boolean;
  /** false once the order is cancelled or refunded in full: never shown on the shop then. */
  verifiedPurchase: boolean;
}

export const AdminReviewsQuerySchema = v.object({
  status: v.optional(v.picklist(REVIEW_STATUSES, 'status is not valid.'), 'pending'),
});

export const ReviewIdParamsSchema = v.object({
  id: v.pipe(v.string(), v.regex(/^[1-9]\d{0,9}$/, 'id is not valid.'), v.transform(Number)),
});

export const ReviewDecisionSchema = v.object({
  status: v.picklist(['approved', 'rejected'] as const, 'status must be approved or rejected.'),
});
export type ReviewDecision = v.InferInput<typeof ReviewDecisionSchema>;

export const ReviewConsentSchema = v.object({
  consent: v.boolean('consent must be true or false.'),
});
export type ReviewConsent = v.InferOutput<typeof ReviewConsentSchema>;
