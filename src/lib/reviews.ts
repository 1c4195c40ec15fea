import type { ReviewList } from '#contract/reviews.ts';
import { api } from './api.ts';
import type { Language } from './languages.ts';

/**
 * GET /api/reviews?language=…: the approved reviews written in the shop's language, with their
 * average rating (null when there are none). The product and home pages' loaders call it (on the
 * server too, so the first HTML has them; no TanStack Query on those pages: lib/query-host.ts).
 * A failure shows no reviews rather than no page.
 */
export async function fetchReviewList(language: Language): Promise<ReviewList | null> {
  try {
    return await api<ReviewList>('/reviews', { query: { language } });
  } catch {
    return null;
  }
}
