import { Hono, type Context } from 'hono';
import {
  AdminReviewsQuerySchema,
  ReviewDecisionSchema,
  ReviewIdParamsSchema,
} from '#contract/reviews.ts';
import type { Db } from '#server/db/client.ts';
import { adminReviews, decideReview, reviewPhoto } from '#server/services/reviews/reviews.ts';
import { answerQuery, notFound, parseJson, parseParams } from '#server/routes/validate.ts';
import { actorOf, type AdminEnv } from './admin-auth.ts';
import { adminDocs } from '#server/routes/route-docs.ts';

/** Moderation of the buyers' reviews: the list by status, approve or reject (audit-logged), photos. */
export function reviewModerationRoutes(db: Db, now: () => Date) {
  return new Hono<AdminEnv>()
    .get(
      '/reviews',
      adminDocs['GET /reviews'],
      answerQuery(AdminReviewsQuerySchema, async (query) => ({
        rows: await adminReviews(db, query.status),
      })),
    )
    .patch('/reviews/:id', adminDocs['PATCH /reviews/:id'], async (c: Context<AdminEnv>) => {
      const params = parseParams(c, ReviewIdParamsSchema, 'notFound');
      if (!params.ok) return params.response;
      const body = await parseJson(c, ReviewDecisionSchema);
      if (!body.ok) return body.response;
      const review = await decideReview(db, actorOf(c), params.value.id, body.value.status, now());
      if (!review) return notFound(c, 'No such review.');
      return c.json(review);
    })
    .get('/reviews/:id/photo.webp', adminDocs['GET /reviews/:id/photo.webp'], async (c) => {
      const params = parseParams(c, ReviewIdParamsSchema, 'notFound');
      const photo = params.ok ? await reviewPhoto(db, params.value.id, true) : undefined;
      if (!photo) return notFound(c, 'No such photo.');
      return c.body(new Uint8Array(photo), 200, {
        'Content-Type': 'image/webp',
        'Cache-Control': 'private, no-store',
      });
    });
}
