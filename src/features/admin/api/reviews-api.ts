import { queryOptions } from '@tanstack/react-query';
import type { AdminReview, ReviewStatus } from '#contract/reviews.ts';
import { useMutation, useQuery, useQueryClient } from '#src/lib/query-client.ts';
import { adminFetch } from './admin-fetch.ts';

const reviewsQueryOptions = (status: ReviewStatus) =>
  queryOptions({
    queryKey: ['admin', 'reviews', status],
    queryFn: () => adminFetch<{ rows: AdminReview[] }>('/reviews', { query: { status } }),
  });
export const useAdminReviews = (status: ReviewStatus) => useQuery(reviewsQueryOptions(status));

/** PATCH /api/admin/reviews/{id}: approve or reject (audit-logged by the server). */
export function useDecideReview() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: 'approved' | 'rejected' }) =>
      adminFetch<AdminReview>(`/reviews/${id}`, { method: 'PATCH', body: { status } }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin', 'reviews'] }),
  });
}
