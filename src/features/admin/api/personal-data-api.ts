import type {
  PersonalDataErasure,
  PersonalDataExport,
  PersonalDataRequest,
} from '#contract/personal-data.ts';
import { useMutation } from '#src/lib/query-client.ts';
import { adminFetch } from './admin-fetch.ts';

/** POST /api/admin/personal-data/export (owners): everything the shop holds for one address. */
export function useExportPersonalData() {
  return useMutation({
    mutationFn: (body: PersonalDataRequest) =>
      adminFetch<PersonalDataExport>('/personal-data/export', { method: 'POST', body }),
  });
}

/** POST /api/admin/personal-data/erase (owners): erases what may be erased for one address. */
export function useErasePersonalData() {
  return useMutation({
    mutationFn: (body: PersonalDataRequest) =>
      adminFetch<PersonalDataErasure>('/personal-data/erase', { method: 'POST', body }),
  });
}
