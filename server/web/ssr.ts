import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Context } from 'hono';
import type { Language } from '#contract/markets.ts';
import { log, logPath, scrub } from '#server/runtime/log.ts';
import { PRIVATE_NO_STORE } from '#server/middleware/security-headers.ts';
import {
  headerCookieNames,
  KEPT_ANSWER,
  scriptHashes,
  type CachedPage,
  type KeptAnswer,
  type PageCache,
} from './page-cache.ts';

/**
 * The server entry of the app (src/entry-server.tsx). server/ never imports src/: production
 * loads the built file by path at run time, development goes through Vite's ssrLoadModule.
 */
export interface SsrEntry {
  render(options: {
    request: Request;
    language: Language;
    nonce?: string;
    apiFetch?: typeof fetch;
    onCookieRead?: (name: string) => void;
  }): Promise<Response>;
}

/** Gives the entry, loaded once (or, in development, Vite's current module). */
export type LoadSsrEntry = () => Promise<SsrEntry>;

/** dist/server/entry-server.js, written by `vite build --ssr`; null when it has not been built. */
export function builtSsrEntry(dir: string): LoadSsrEntry | null {
  const file = path.join(dir, 'entry-server.js');
  if (!existsSync(file)) return null;
  let entry: Promise<SsrEntry> | undefined;
  return () => (entry ??= import(pathToFileURL(file).href) as Promise<SsrEntry>);
}

/**
 * Loads the entry and renders the home page once, so the first visitor after a start does not
 * wait for the modules to load and compile.
 */
export async function warmUpSsr(load: LoadSsrEntry): Promise<void> {
  const entry = await load();
  const response = await entry.render({
    request: new Request('http://localhost/'),
    language: 'en-GB',
  });
  await response.text();
}

const ROOT = '<div id="root"></div>';
const ROOT_OPEN = '<div id="root">';

/** `html` (index.html with its head tags) with `body` streamed into its root element; null when it has none. */
export function pageStream(
  html: string,
  body: ReadableStream<Uint8Array>,
): ReadableStream<Uint8Array> | null {
  const at = html.indexOf(ROOT);
  if (at < 0) return null;
  const encoder = new TextEncoder();
  const before = encoder.encode(html.slice(0, at + ROOT_OPEN.length));
  const after = encoder.encode(html.slice(at + ROOT_OPEN.length));
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      start: (controller) => controller.enqueue(before),
      transform: (chunk, controller) => controller.enqueue(chunk),
      flush: (controller) => controller.enqueue(after),
    }),
  );
}

/** Cookies the page cache's key already stands for (the language), not the visitor's own state. */
const KEY_COOKIES = new Set(['LANGUAGE_CODE']);

export interface RenderPageOptions {
  html: string;
  status: number;
  language: Language;
  load: LoadSsrEntry;
  apiFetch?: typeof fetch;
  /**
   * Pages that are the same for every visitor, rendered once (page-cache.ts), and the
   * Content-Security-Policy of such a page: the one of every page with `scriptHashes` allowing
   * its inline scripts instead of a nonce.
   */
  cache?:
    | {
        pages: PageCache;
        csp: (scriptHashes: string[]) => string;
        /** What else the kept page depends on (the approved reviews): part of the cache's key. */
        variant?: string | undefined;
        /** Told each lookup's result (the metrics). */
        onLookup?: (result: 'hit' | 'miss' | 'personal') => void;
      }
    | undefined;
}

/**
 * The page: `html` (index.html with this page's head tags) with the route rendered into its root
 * element. The status is the route's (404 for an unknown path or a missing item), at least
 * `status`. With a cache, a page that depends on nothing of the visitor's is rendered once and
 * sent as the same bytes each time; otherwise it is streamed as React renders it, its inline
 * scripts with this response's nonce. When rendering fails before anything was sent, the page
 * goes out without a body and the browser renders it.
 */
export async function renderPage(c: Context, options: RenderPageOptions): Promise<Response> {
  try {
    if (!options.html.includes(ROOT)) throw new Error(`index.html has no ${ROOT}`);
    if (options.cache) return await cachedPage(c, options, options.cache);
    const nonce = c.get('secureHeadersNonce' as never) as string | undefined;
    const entry = await options.load();
    const body = await entry.render({
      request: c.req.raw,
      language: options.language,
      ...(nonce ? { nonce } : {}),
      ...(options.apiFetch ? { apiFetch: options.apiFetch } : {}),
    });
    if (!body.body || (body.status >= 300 && body.status < 400)) return body;
    const stream = pageStream(options.html, body.body)!;
    return c.body(stream, Math.max(options.status, body.status) as 200, {
      'Content-Type': 'text/html; charset=UTF-8',
    });
  } catch (error) {
    // A visitor who left mid-page (the request aborted) is no failure of ours.
    const aborted = c.req.raw.signal.aborted;
    log()[aborted ? 'debug' : 'error'](
      { path: logPath(c.req.path), reason: scrub(String(error)) },
      aborted ? 'Server rendering stopped: the request was aborted' : 'Server rendering failed',
    );
    return c.html(options.html, options.status as 200);
  }
}

/** Renders in progress per cache key: visitors asking for the same page at once wait for one render. */
const rendering = new WeakMap<PageCache, Map<string, Promise<unknown>>>();

async function cachedPage(
  c: Context,
  options: RenderPageOptions,
  cache: NonNullable<RenderPageOptions['cache']>,
): Promise<Response> {
  const { pages } = cache;
  // A kept page does not depend on the query (no public page reads one): visitors from ads and
  // shared links (?utm_source=…&gclid=…, a new value for every click) get the same page, rendered
  // once for the path instead of once per link.
  const url = new URL(c.req.url);
  const key = `${options.language} ${url.origin}${url.pathname}${cache.variant ? ` ${cache.variant}` : ''}`;
  const cookieHeader = c.req.header('cookie');
  const hit = pages.get(key, cookieHeader);
  if (hit) {
    cache.onLookup?.('hit');
    return sendKept(c, hit, cache.csp, key);
  }
  let pending = rendering.get(pages);
  if (!pending) rendering.set(pages, (pending = new Map()));
  const other = pending.get(key);
  if (other) {
    await other.catch(() => undefined);
    const shared = pages.get(key, cookieHeader);
    if (shared) {
      cache.onLookup?.('hit');
      return sendKept(c, shared, cache.csp, key);
    }
  }
  const render = renderWhole(c, options, `${url.origin}${url.pathname}`);
  if (!other) {
    pending.set(key, render);
    void render.finally(() => pending.delete(key)).catch(() => undefined);
  }
  const page = await render;
  if (page instanceof Response) return page;
  // Kept only when the render read none of this visitor's cookies (besides the language, in the key).
  const visitorCookies = headerCookieNames(cookieHeader);
  const personal = [...page.cookiesRead].some((name) => visitorCookies.has(name));
  cache.onLookup?.(personal ? 'personal' : 'miss');
  if (!personal) return sendKept(c, pages.set(key, page), cache.csp, key);
  // Rendered with the visitor's own state (the cart in the header): as private as the cart.
  return c.html(page.html, page.status as 200, {
    'Content-Security-Policy': cache.csp(scriptHashes(page.html)),
    'Cache-Control': PRIVATE_NO_STORE,
  });
}

/**
 * A kept page: compressed as the request accepts (once the thread pool has compressed it), or
 * 304 when the browser has it already (If-None-Match). A page sent whole is told to the context
 * (KEPT_ANSWER), from which the page front learns it (web/page-front.ts).
 */
function sendKept(
  c: Context,
  page: CachedPage,
  csp: (scriptHashes: string[]) => string,
  cacheKey: string,
): Response {
  page.csp ??= csp(page.scriptHashes);
  const encoding = acceptedEncoding(c.req.header('accept-encoding'));
  const body = encoding === 'br' ? page.br : encoding === 'gzip' ? page.gzip : undefined;
  const sent = body ? encoding! : 'identity';
  const headers: Record<string, string> = {
    'Content-Security-Policy': page.csp,
    ETag: page.etag[sent],
  };
  const ifNoneMatch = c.req.header('if-none-match');
  if (ifNoneMatch !== undefined && page.status === 200 && etagMatches(ifNoneMatch, page))
    return c.body(null, 304, headers);
  headers['Content-Type'] = 'text/html; charset=UTF-8';
  if (body) headers['Content-Encoding'] = sent;
  c.set(
    KEPT_ANSWER as never,
    {
      entry: page,
      cacheKey,
      body: body ?? page.identity,
      sent,
    } satisfies KeptAnswer as never,
  );
  return c.body((body ?? page.identity) as Uint8Array<ArrayBuffer>, page.status as 200, headers);
}

function etagMatches(header: string, page: CachedPage): boolean {
  if (header.trim() === '*') return true;
  const tags = new Set(Object.values(page.etag));
  return header.split(',').some((tag) => tags.has(tag.trim().replace(/^W\//, '')));
}

/** The best of br and gzip an Accept-Encoding header allows (q > 0), remembered per header value. */
const encodings = new Map<string, 'br' | 'gzip' | null>();
export function acceptedEncoding(header: string | undefined): 'br' | 'gzip' | null {
  if (!header) return null;
  let known = encodings.get(header);
  if (known !== undefined) return known;
  const q = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.split(';').map((item) => item.trim().toLowerCase());
    const weight = params.find((param) => param.startsWith('q='));
    if (name) q.set(name, weight ? Number(weight.slice(2)) || 0 : 1);
  }
  const allows = (name: string) => (q.get(name) ?? q.get('*') ?? 0) > 0;
  known = allows('br') ? 'br' : allows('gzip') ? 'gzip' : null;
  if (encodings.size >= 200) encodings.clear();
  encodings.set(header, known);
  return known;
}

/**
 * The whole page rendered without a nonce, and the cookies the render asked for; a redirect as it
 * is. Rendered for `url`, the path alone: a page kept for everyone carries no visitor's query.
 */
async function renderWhole(c: Context, options: RenderPageOptions, url: string) {
  const cookiesRead = new Set<string>();
  const entry = await options.load();
  const body = await entry.render({
    request: new Request(url, {
      method: c.req.raw.method,
      headers: c.req.raw.headers,
      signal: c.req.raw.signal,
    }),
    language: options.language,
    ...(options.apiFetch ? { apiFetch: options.apiFetch } : {}),
    onCookieRead: (name) => {
      if (!KEY_COOKIES.has(name)) cookiesRead.add(name);
    },
  });
  if (!body.body || (body.status >= 300 && body.status < 400)) return body;
  const html = await new Response(pageStream(options.html, body.body)).text();
  return { status: Math.max(options.status, body.status), html, cookiesRead };
}
