import type { ReviewConsent } from '#contract/reviews.ts';
import { api } from '#src/lib/api.ts';

/** GET /api/order/{orderId}/review-consent (the unpaid cart's browser only). */
export function fetchReviewConsent(orderId: string): Promise<ReviewConsent> {
  return api<ReviewConsent>(`/order/${encodeURIComponent(orderId)}/review-consent`);
}

/** PUT /api/order/{orderId}/review-consent: the box at checkout, stored on the order. */
export function saveReviewConsent(orderId: string, consent: boolean): Promise<ReviewConsent> {
  return api<ReviewConsent>(`/order/${encodeURIComponent(orderId)}/review-consent`, {
    method: 'PUT',
    body: { consent },
  });
}
