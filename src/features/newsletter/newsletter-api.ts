import * as v from 'valibot';
import {
  SubscriberIdSchema,
  SubscriptionStatusSchema,
  type SubscribeRequest,
  type SubscriptionStatus,
} from '#contract/subscriptions.ts';
import { isFetchError, api } from '#src/lib/api.ts';

/** POST /api/Subscriptions: the subscriber id (one try; the newsletter machine decides on retries). */
export async function postSubscription(body: SubscribeRequest): Promise<string> {
  const answer = await api<unknown>('/Subscriptions', { method: 'POST', body });
  return v.parse(SubscriberIdSchema, answer);
}

/** The HTTP status of a failed call; undefined when no answer arrived (network error). */
export function failureStatus(error: unknown): number | undefined {
  if (isFetchError(error)) return error.response?.status ?? error.status;
  if (error instanceof v.ValiError) return 200; // answered, but not with a subscriber id: no retry
  return undefined;
}

/** POST /api/subscriptions/{confirm|unsubscribe}/{token}. */
export async function postSubscriptionLink(
  action: 'confirm' | 'unsubscribe',
  token: string,
): Promise<SubscriptionStatus> {
  const answer = await api<unknown>(`/subscriptions/${action}/${encodeURIComponent(token)}`, {
    method: 'POST',
  });
  return v.parse(SubscriptionStatusSchema, answer);
}
