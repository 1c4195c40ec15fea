import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Context } from 'hono';
import type { Language } from '#contract/markets.ts';
import { log, logPath, scrub } from '../log.ts';

/**
 * The server entry of the app (src/entry-server.tsx). server/ never imports src/: production
 * loads the built file by path at run time, development goes through Vite's ssrLoadModule.
 */
export interface SsrEntry {
  render(options: { request: Request; language: Language; nonce?: string; apiFetch?: typeof fetch }): Promise<Response>;
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

/**
 * The page: `html` (index.html with this page's head tags) with the route rendered into its root
 * element, streamed as React renders it. The status is the route's (404 for an unknown path or a
 * missing item), at least `status`. When rendering fails before anything was sent, the page goes
 * out without a body and the browser renders it (as before server rendering).
 */
export async function renderPage(
  c: Context,
  options: { html: string; status: number; language: Language; load: LoadSsrEntry; apiFetch?: typeof fetch },
): Promise<Response> {
  const nonce = c.get('secureHeadersNonce' as never) as string | undefined;
  try {
    if (!options.html.includes(ROOT)) throw new Error(`index.html has no ${ROOT}`);
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
