import { ofetch } from 'ofetch';
import { apiTransport, isFetchError } from '#src/lib/api.ts';
import { CSRF_HEADER } from '#contract/admin.ts';
import { queryClient } from '#src/lib/query-client.ts';

export const SESSION_KEY = ['admin', 'session'] as const;

let csrfToken: string | null = null;

/** The session's CSRF token, sent with every state-changing call (set when the session is read). */
export function setCsrfToken(token: string | null): void {
  csrfToken = token;
}

/**
 * The back office API. A 401 anywhere means the session ended: the session query is set to
 * signed out, and the layout sends the user to the sign-in page.
 */
export const adminFetch = ofetch.create(
  {
    baseURL: '/api/admin',
    retry: 0,
    onRequest({ options }) {
      const method = (options.method ?? 'GET').toUpperCase();
      if (method !== 'GET' && method !== 'HEAD' && csrfToken) {
        const headers = new Headers(options.headers);
        headers.set(CSRF_HEADER, csrfToken);
        options.headers = headers;
      }
    },
    onResponseError({ response, request }) {
      if (response.status === 401 && !String(request).endsWith('/session')) {
        setCsrfToken(null);
        queryClient.setQueryData(SESSION_KEY, null);
      }
    },
  },
  { fetch: apiTransport },
);

/** The server's `{ error, fields }` of a failed call. */
export function errorBody(error: unknown): {
  status: number;
  error?: string;
  code?: string;
  fields?: Record<string, string[]>;
} {
  if (isFetchError(error)) {
    const data = (error.data ?? {}) as {
      error?: string;
      code?: string;
      fields?: Record<string, string[]>;
    };
    return { status: error.status ?? 0, ...data };
  }
  return { status: 0 };
}
