import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Context } from 'hono';
import type { Language } from '#contract/markets.ts';
import { log, logPath, scrub } from '../log.ts';
import { headerCookieNames, type PageCache } from './page-cache.ts';

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
  const response = await entry.render({ request: new Request('http://localhost/'), language: 'en-GB' });
  await response.text();
}

const ROOT = '<div id="root"></div>';
const ROOT_OPEN = '<div id="root">';

/** `html` (index.html with its head tags) with `body` streamed into its root element; null when it has none. */
export function pageStream(html: string, body: ReadableStream<Uint8Array>): ReadableStream<Uint8Array> | null {
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
  /** Pages that are the same for every visitor, rendered once (page-cache.ts). */
  cache?: PageCache | undefined;
}

/**
 * The page: `html` (index.html with this page's head tags) with the route rendered into its root
 * element. The status is the route's (404 for an unknown path or a missing item), at least
 * `status`. With a cache, a page that depends on nothing of the visitor's is rendered once and
 * sent with each response's nonce; otherwise it is streamed as React renders it. When rendering
 * fails before anything was sent, the page goes out without a body and the browser renders it.
 */
export async function renderPage(c: Context, options: RenderPageOptions): Promise<Response> {
  const nonce = c.get('secureHeadersNonce' as never) as string | undefined;
  try {
    if (!options.html.includes(ROOT)) throw new Error(`index.html has no ${ROOT}`);
    if (options.cache && nonce) return await cachedPage(c, options, options.cache, nonce);
    const entry = await options.load();
    const body = await entry.render({
      request: c.req.raw,
      language: options.language,
      ...(nonce ? { nonce } : {}),
      ...(options.apiFetch ? { apiFetch: options.apiFetch } : {}),
    });
    if (!body.body || (body.status >= 300 && body.status < 400)) return body;
    const stream = pageStream(options.html, body.body)!;
    return c.body(stream, Math.max(options.status, body.status) as 200, { 'Content-Type': 'text/html; charset=UTF-8' });
  } catch (error) {
    // A visitor who left mid-page (the request aborted) is no failure of ours.
    const aborted = c.req.raw.signal.aborted;
    log()[aborted ? 'debug' : 'error']({ path: logPath(c.req.path), reason: scrub(String(error)) }, aborted ? 'Server rendering stopped: the request was aborted' : 'Server rendering failed');
    return c.html(options.html, options.status as 200);
  }
}

/** Renders in progress per cache key: visitors asking for the same page at once wait for one render. */
const rendering = new WeakMap<PageCache, Map<string, Promise<unknown>>>();

async function cachedPage(c: Context, options: RenderPageOptions, cache: PageCache, nonce: string): Promise<Response> {
  const key = `${options.language} ${c.req.url}`;
  const cookieHeader = c.req.header('cookie');
  const send = (status: number, html: string) => c.html(html, status as 200);
  const hit = cache.get(key, cookieHeader);
  if (hit) return send(hit.status, cache.html(hit, nonce));
  let pending = rendering.get(cache);
  if (!pending) rendering.set(cache, (pending = new Map()));
  const other = pending.get(key);
  if (other) {
    await other.catch(() => undefined);
    const shared = cache.get(key, cookieHeader);
    if (shared) return send(shared.status, cache.html(shared, nonce));
  }
  const render = renderWhole(c, options, cache.placeholder);
  if (!other) {
    pending.set(key, render);
    void render.finally(() => pending.delete(key)).catch(() => undefined);
  }
  const page = await render;
  if (page instanceof Response) return page;
  // Kept only when the render read none of this visitor's cookies (besides the language, in the key).
  const visitorCookies = headerCookieNames(cookieHeader);
  const personal = [...page.cookiesRead].some((name) => visitorCookies.has(name));
  if (!personal) cache.set(key, page);
  return send(page.status, page.html.split(cache.placeholder).join(nonce));
}

/** The whole page rendered with the placeholder nonce, and the cookies the render asked for; a redirect as it is. */
async function renderWhole(c: Context, options: RenderPageOptions, placeholder: string) {
  const cookiesRead = new Set<string>();
  const entry = await options.load();
  const body = await entry.render({
    request: c.req.raw,
    language: options.language,
    nonce: placeholder,
    ...(options.apiFetch ? { apiFetch: options.apiFetch } : {}),
    onCookieRead: (name) => {
      if (!KEY_COOKIES.has(name)) cookiesRead.add(name);
    },
  });
  if (!body.body || (body.status >= 300 && body.status < 400)) return body;
  const html = await new Response(pageStream(options.html, body.body)).text();
  return { status: Math.max(options.status, body.status), html, cookiesRead };
}
