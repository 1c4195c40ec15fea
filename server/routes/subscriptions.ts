import { Hono } from 'hono';
import type { ApiError } from '#contract/errors.ts';
import {
  QuestionnaireRequestSchema,
  SubscribeRequestSchema,
  SubscriptionTokenParamsSchema,
  type SubscriptionStatus,
} from '#contract/subscriptions.ts';
import {
  confirmSubscription,
  saveQuestionnaire,
  subscribe,
  unsubscribe,
  type SubscriptionDeps,
} from '#server/services/subscriptions/subscriptions.ts';
import { rateLimit, type RouteLimits } from './rate-limit.ts';
import { notFound, parseJson, parseParams } from './validate.ts';
import { routeDocs } from './route-docs.ts';

const UNKNOWN_LINK = 'This subscription link is not valid.';

/** Newsletter (double opt-in, unsubscribe by link) and the survey after subscribing. */
export function subscriptionRoutes(m: SubscriptionDeps, limits: RouteLimits) {
  const links = rateLimit(limits.rateLimits.links, limits);
  return new Hono()
    .post(
      '/Subscriptions',
      routeDocs['POST /Subscriptions'],
      rateLimit(limits.rateLimits.subscriptions, limits),
      async (c) => {
        const body = await parseJson(c, SubscribeRequestSchema);
        if (!body.ok) return body.response;
        const { subscriberId } = await subscribe(m, body.value);
        return c.json(subscriberId);
      },
    )
    .post(
      '/subscriptions/confirm/:token',
      routeDocs['POST /subscriptions/confirm/:token'],
      links,
      async (c) => {
        const params = parseParams(c, SubscriptionTokenParamsSchema, 'notFound');
        if (!params.ok) return notFound(c, UNKNOWN_LINK);
        const result = await confirmSubscription(m, params.value.token);
        if (result === 'not-found') return notFound(c, UNKNOWN_LINK);
        if (result === 'unsubscribed') {
          return c.json(
            {
              error: 'This address has unsubscribed. Subscribe again to receive our news.',
            } satisfies ApiError,
            410,
          );
        }
        return c.json({ status: 'confirmed' } satisfies SubscriptionStatus);
      },
    )
    .post(
      '/subscriptions/unsubscribe/:token',
      routeDocs['POST /subscriptions/unsubscribe/:token'],
      links,
      async (c) => {
        const params = parseParams(c, SubscriptionTokenParamsSchema, 'notFound');
        if (!params.ok) return notFound(c, UNKNOWN_LINK);
        const result = await unsubscribe(m, params.value.token);
        if (result === 'not-found') return notFound(c, UNKNOWN_LINK);
        return c.json({ status: 'unsubscribed' } satisfies SubscriptionStatus);
      },
    )
    .post(
      '/QuestionnaireResponses',
      routeDocs['POST /QuestionnaireResponses'],
      rateLimit(limits.rateLimits.questionnaire, limits),
      async (c) => {
        const body = await parseJson(c, QuestionnaireRequestSchema);
        if (!body.ok) return body.response;
        const result = await saveQuestionnaire(m, {
          subscriberId: body.value.SubscriberId,
          responses: body.value.Responses,
        });
        if (result === 'unknown-subscriber') return notFound(c, 'Unknown subscriber.');
        return c.json({ status: 'saved' as const });
      },
    );
}
