import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import type { ApiError } from '#contract/errors.ts';
import { OrderIdSchema } from '#contract/orders.ts';
import {
  isHeic,
  REVIEW_FIELD_MESSAGES,
  REVIEW_REFUSALS,
  ReviewConsentSchema,
  ReviewIdParamsSchema,
  ReviewListQuerySchema,
  ReviewSubmissionSchema,
  ReviewTokenParamsSchema,
  type ReviewConsent,
  type ReviewFormInfo,
  type ReviewList,
} from '#contract/reviews.ts';
import type { Db } from '#server/db/client.ts';
import { reencodeReviewPhoto } from '#server/services/reviews/review-photo.ts';
import { orderOfReviewToken } from '#server/services/reviews/review-tokens.ts';
import {
  approvedReviews,
  reviewConsentOf,
  reviewFormInfo,
  reviewPhoto,
  setReviewConsent,
  submitReview,
  withdrawReviewConsent,
} from '#server/services/reviews/reviews.ts';
import type { CartAccess } from './cart-access.ts';
import { rateLimit, type RouteLimits } from './rate-limit.ts';
import { answerQuery, badRequest, notFound, parseJson, parseParams } from './validate.ts';
import { routeDocs } from './route-docs.ts';

const UNKNOWN_LINK = 'This review link is not valid.';
const REFUSED = {
  reviewed: 'This order has been reviewed already: one review per order.',
  stopped: 'The buyer asked not to be asked for a review: this link takes none.',
  closed: 'This order was cancelled or refunded: it takes no review.',
} as const;

/**
 * Reviews from real buyers (contract/reviews.ts): the signed form and stop links of the request
 * mail, the public list of approved reviews and their photos, and the checkout's consent box.
 */
export function reviewRoutes(
  db: Db,
  linkSecret: string | Buffer,
  limits: RouteLimits,
  cart: CartAccess,
) {
  const limited = rateLimit(limits.rateLimits.reviews, limits);
  const orderOf = (c: Context, purpose: 'form' | 'stop') => {
    const params = parseParams(c, ReviewTokenParamsSchema, 'notFound');
    return params.ok ? orderOfReviewToken(linkSecret, purpose, params.value.token) : undefined;
  };
  return new Hono()
    .get(
      '/reviews',
      routeDocs['GET /reviews'],
      answerQuery(ReviewListQuerySchema, async (query) => {
        const list: ReviewList = await approvedReviews(db, query.language);
        return list;
      }),
    )
    .get('/reviews/form/:token', routeDocs['GET /reviews/form/:token'], async (c) => {
      const orderId = orderOf(c, 'form');
      const info = orderId ? await reviewFormInfo(db, orderId) : undefined;
      if (!info) return notFound(c, UNKNOWN_LINK);
      return c.json(info satisfies ReviewFormInfo);
    })
    .post('/reviews/form/:token', routeDocs['POST /reviews/form/:token'], limited, async (c) => {
      const orderId = orderOf(c, 'form');
      if (!orderId) return notFound(c, UNKNOWN_LINK);
      const body = await parseJson(c, ReviewSubmissionSchema);
      if (!body.ok) return body.response;
      const { photo: photoBase64, ...review } = body.value;
      let photo: Buffer | null = null;
      if (photoBase64) {
        const upload = Buffer.from(photoBase64, 'base64');
        photo = await reencodeReviewPhoto(upload);
        if (!photo)
          return badRequest(c, 'The request has invalid fields.', {
            photo: [isHeic(upload) ? REVIEW_FIELD_MESSAGES.photoHeic : REVIEW_FIELD_MESSAGES.photo],
          });
      }
      const result = await submitReview(db, orderId, { ...review, photo });
      if (result.ok) return c.json({ id: result.id }, 201);
      if (result.reason === 'not-found') return notFound(c, UNKNOWN_LINK);
      return c.json(
        {
          error: REFUSED[result.reason],
          code: REVIEW_REFUSALS[result.reason],
        } satisfies ApiError & { code: string },
        409,
      );
    })
    .post('/reviews/stop/:token', routeDocs['POST /reviews/stop/:token'], limited, async (c) => {
      const orderId = orderOf(c, 'stop');
      if (!orderId || !(await withdrawReviewConsent(db, orderId))) return notFound(c, UNKNOWN_LINK);
      return c.json({ stopped: true });
    })
    .get('/reviews/:id/photo.webp', routeDocs['GET /reviews/:id/photo.webp'], async (c) => {
      const params = parseParams(c, ReviewIdParamsSchema, 'notFound');
      const photo = params.ok ? await reviewPhoto(db, params.value.id, false) : undefined;
      if (!photo) return notFound(c, 'No such photo.');
      return c.body(new Uint8Array(photo), 200, {
        'Content-Type': 'image/webp',
        'Cache-Control': 'public, max-age=3600',
      });
    })
    .get(
      '/order/:orderId/review-consent',
      routeDocs['GET /order/:orderId/review-consent'],
      async (c) => {
        const orderId = v.safeParse(OrderIdSchema, c.req.param('orderId'));
        if (!orderId.success) return notFound(c, 'Order not found.');
        const refused = await cart.refuseRead(c, orderId.output, 'Order not found.');
        if (refused) return refused;
        const consent = (await reviewConsentOf(db, orderId.output)) ?? false;
        return c.json({ consent } satisfies ReviewConsent);
      },
    )
    .put(
      '/order/:orderId/review-consent',
      routeDocs['PUT /order/:orderId/review-consent'],
      async (c) => {
        const orderId = v.safeParse(OrderIdSchema, c.req.param('orderId'));
        if (!orderId.success) return notFound(c, 'Order not found.');
        const refused = await cart.refuseRead(c, orderId.output, 'Order not found.');
        if (refused) return refused;
        const body = await parseJson(c, ReviewConsentSchema);
        if (!body.ok) return body.response;
        await setReviewConsent(db, orderId.output, body.value.consent);
        return c.json(body.value satisfies ReviewConsent);
      },
    );
}
