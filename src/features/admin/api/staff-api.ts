import { queryOptions } from '@tanstack/react-query';
import type {
  AuditEntry,
  NewStaffRequest,
  NewStaffResponse,
  Paged,
  StaffMember,
} from '#contract/admin.ts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '#src/lib/query-client.ts';
import { adminFetch } from './admin-fetch.ts';

const staffQueryOptions = queryOptions({
  queryKey: ['admin', 'staff'],
  queryFn: () => adminFetch<StaffMember[]>('/staff'),
});
export const useStaff = () => useQuery(staffQueryOptions);

export function useAddStaff() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: NewStaffRequest) =>
      adminFetch<NewStaffResponse>('/staff', { method: 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin', 'staff'] }),
  });
}

export function useRemoveStaff() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => adminFetch(`/staff/${id}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin', 'staff'] }),
  });
}

const auditQueryOptions = (page: number) =>
  queryOptions({
    queryKey: ['admin', 'audit', page],
    queryFn: () => adminFetch<Paged<AuditEntry>>('/audit', { query: { page } }),
    placeholderData: keepPreviousData,
  });
export const useAudit = (page: number) => useQuery(auditQueryOptions(page));
