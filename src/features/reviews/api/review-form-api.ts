import type { ReviewFormInfo, ReviewSubmission } from '#contract/reviews.ts';
import { api } from '#src/lib/api.ts';

/** GET /api/reviews/form/{token}: whether the form is open (404: not a link we signed). */
export function fetchReviewForm(token: string): Promise<ReviewFormInfo> {
  return api<ReviewFormInfo>(`/reviews/form/${encodeURIComponent(token)}`);
}

/** POST /api/reviews/form/{token}: 201, or 400 with field errors, 409 already reviewed, 429. */
export async function sendReview(token: string, review: ReviewSubmission): Promise<void> {
  await api(`/reviews/form/${encodeURIComponent(token)}`, { method: 'POST', body: review });
}

/** POST /api/reviews/stop/{token}: the buyer is not asked for a review. */
export async function stopReviewRequests(token: string): Promise<void> {
  await api(`/reviews/stop/${encodeURIComponent(token)}`, { method: 'POST' });
}
