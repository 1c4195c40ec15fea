import { ofetch, FetchError } from 'ofetch';

/** On the server (rendering a page), the API is answered in the process: see setServerFetch. */
let serverFetch: typeof fetch | undefined;

/** The shop's own API. Errors carry the server's `{ error, fields }` body in `error.data`. */
export const api = ofetch.create(
  { baseURL: '/api', retry: 0 },
  { fetch: (input, init) => (serverFetch ?? globalThis.fetch)(input, init) },
);

/** The server's renderer: loaders that call the API get the server's own answers (no network, no relative URL in Node). */
export function setServerFetch(fetchImpl: typeof fetch): void {
  serverFetch = fetchImpl;
}

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
