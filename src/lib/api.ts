import { ofetch, FetchError } from 'ofetch';

/** The shop's own API. Errors carry the server's `{ error, fields }` body in `error.data`. */
export const api = ofetch.create({ baseURL: '/api', retry: 0 });

export { FetchError };

/** 'Error: {status} - {statusText}' for a failed request, or the server's own message. */
export function describeError(error: unknown): string {
  if (error instanceof FetchError) {
    const message = (error.data as { error?: unknown } | undefined)?.error;
    if (typeof message === 'string') return message;
    return `Error: ${error.status ?? 0} - ${error.statusText ?? 'Network error'}`;
  }
  return error instanceof Error ? error.message : String(error);
}
