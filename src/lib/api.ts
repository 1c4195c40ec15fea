import type { $Fetch, FetchError as OfetchError, FetchOptions } from 'ofetch';
import type { GenericSchema } from 'valibot';

/** On the server (rendering a page), the API is answered in the process: see setServerFetch. */
let serverFetch: typeof fetch | undefined;

/** The fetch every client of the API calls through: the server's own while it renders a page. */
export const apiTransport: typeof fetch = (input, init) =>
  (serverFetch ?? globalThis.fetch)(input, init);

/**
 * ofetch, loaded with the first call instead of with the page: a page the server rendered came with
 * its data, so hydrating it calls nothing, and ofetch (with ufo and destr, ~4 KB gzipped) stays out
 * of the JavaScript every first visit waits for.
 */
let client: Promise<$Fetch> | undefined;
const loadClient = () =>
  (client ??= import('ofetch').then(({ ofetch }) =>
    ofetch.create({ baseURL: '/api', retry: 0 }, { fetch: apiTransport }),
  ));

/** The shop's own API. Errors carry the server's `{ error, fields }` body in `error.data`. */
export const api = ((request, options) =>
  loadClient().then((call) => call(request, options))) as $Fetch;

/** The server's renderer: loaders that call the API get the server's own answers (no network, no relative URL in Node). */
export function setServerFetch(fetchImpl: typeof fetch): void {
  serverFetch = fetchImpl;
}

/** An API call's failure: `status` is the HTTP status, `data` the server's `{ error, fields }`. */
export type FetchError<T = unknown> = OfetchError<T>;

/** Whether a call failed at the API (ofetch's FetchError; its class is in the lazily loaded module). */
export function isFetchError(error: unknown): error is FetchError {
  return error instanceof Error && error.name === 'FetchError';
}

/**
 * A call of the API whose answer is checked against its contract schema (valibot). The schema comes
 * from `schema()`, a dynamic import of its contract module, loaded with valibot alongside the call:
 * the loaders of every page (the shop's facts, the cart) call this, and neither valibot nor the
 * contract modules are then part of the JavaScript a first visit waits for.
 */
export async function apiChecked<T>(
  schema: () => Promise<GenericSchema<unknown, T>>,
  request: string,
  options?: FetchOptions<'json'>,
): Promise<T> {
  const [parse, checked, answer] = await Promise.all([
    // Only `parse` taken from the module: the import of the whole namespace kept every export of
    // valibot (77 KB) in the chunk the other modules share, the builder's first step among them.
    import('valibot').then(({ parse }) => parse),
    schema(),
    api(request, options),
  ]);
  return parse(checked, answer);
}
