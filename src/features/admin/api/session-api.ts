import { queryOptions } from '@tanstack/react-query';
import type { AdminSession, PasswordChangeRequest, SignInRequest } from '#contract/admin.ts';
import { useMutation, useQuery, useQueryClient } from '#src/lib/query-client.ts';
import { adminFetch, errorBody, SESSION_KEY, setCsrfToken } from './admin-fetch.ts';

/** Who is signed in (null when nobody is). */
const sessionQueryOptions = queryOptions({
  queryKey: SESSION_KEY,
  queryFn: async (): Promise<AdminSession | null> => {
    try {
      const session = await adminFetch<AdminSession>('/session');
      setCsrfToken(session.csrfToken);
      return session;
    } catch (error) {
      if (errorBody(error).status === 401) return null;
      throw error;
    }
  },
  staleTime: 5 * 60_000,
});

export const useSession = () => useQuery(sessionQueryOptions);

function useSessionMutation<T>(call: (input: T) => Promise<AdminSession | null>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (session) => {
      setCsrfToken(session?.csrfToken ?? null);
      client.setQueryData(SESSION_KEY, session);
      if (!session)
        client.removeQueries({
          queryKey: ['admin'],
          predicate: (q) => q.queryKey[1] !== 'session',
        });
    },
  });
}

export const useSignIn = () =>
  useSessionMutation((body: SignInRequest) =>
    adminFetch<AdminSession>('/session', { method: 'POST', body }),
  );
export const useSignOut = () =>
  useSessionMutation(async () => (await adminFetch('/session', { method: 'DELETE' }), null));
export const useChangePassword = () =>
  useSessionMutation((body: PasswordChangeRequest) =>
    adminFetch<AdminSession>('/password', { method: 'POST', body }),
  );
