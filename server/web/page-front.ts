import { randomUUID } from 'node:crypto';
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { MiddlewareHandler } from 'hono';
import type { Language } from '#contract/markets.ts';
import { log, scrub } from '#server/runtime/log.ts';
import { countPageCache, observeRequest, ROUTE_LABEL } from '#server/platform/metrics.ts';
import {
  headerCookieNames,
  KEPT_ANSWER,
  type CachedPage,
  type KeptAnswer,
  type PageCache,
} from './page-cache.ts';
import { acceptedEncoding } from './ssr.ts';

/**
 * Kept pages answered before the app: the page cache (page-cache.ts) saves a page's render, but a
 * request for a kept page still went through every middleware and @hono/node-server's Request
 * and Response, about three quarters of its CPU (`scripts/profile-page.ts`). The front learns
 * each kept page the app sent whole, with the exact status and headers it sent, under what decided
 * it (the Host, the raw path without its query, the LANGUAGE_CODE cookie, Accept-Language and the
 * encoding Accept-Encoding allows), and answers the next request with the same inputs itself:
 * the same bytes and headers, a request id of its own, counted in the request metrics and the
 * page cache's hits.
 *
 * It answers only while what the app would do is known to be the same: a GET without
 * If-None-Match (a revalidation goes to the app, which answers 304), the page cache still holding
 * that very page under its key (time to live, a clear on new reference data), the reviews' variant
 * of the page unchanged (known in memory: reviews.ts), and none of the cookies the page's render
 * read. Everything else goes to the app, which teaches the front again.
 */
export interface PageFront {
  /** The app's first middleware: learns each kept page the app sent whole. */
  learn: MiddlewareHandler;
  /** The node:http listener: the front's answer, or else the app's (`listener`). */
  listener(app: RequestListener): RequestListener;
  /** Pages the front knows now (each for one set of inputs). */
  readonly size: number;
}

/** Set by the page handler: what the page's cache key was made from. */
export const PAGE_FACTS = 'pageFacts';
export interface PageFacts {
  page: string | undefined;
  language: Language;
  variant: string | undefined;
}

interface Learned {
  entry: CachedPage;
  cacheKey: string;
  facts: PageFacts;
  route: string;
  status: number;
  /** The headers the app sent, name and value in turn, without X-Request-Id. */
  headers: string[];
  body: Buffer;
}

/** The request-id header's value the app keeps (hono's requestId: a plain token of at most 100). */
const PLAIN_ID = /^[\w\-=]{1,100}$/;

export function createPageFront(options: {
  pages: PageCache;
  /** The reviews' variant of a page now (reviewsVariantNow); null when memory cannot say. */
  variantNow: (page: string | undefined, language: Language) => string | undefined | null;
  /** At most this many pages known (a new one when full forgets them all). */
  maxEntries?: number;
}): PageFront {
  const maxEntries = options.maxEntries ?? 300;
  const learned = new Map<string, Learned>();

  const answer = (request: IncomingMessage, response: ServerResponse): boolean => {
    const key = frontKey(request);
    if (key === null) return false;
    const known = learned.get(key);
    if (!known) return false;
    const started = performance.now();
    if (
      !options.pages.current(known.cacheKey, known.entry) ||
      options.variantNow(known.facts.page, known.facts.language) !== known.facts.variant
    ) {
      learned.delete(key);
      return false;
    }
    if (known.entry.cookiesRead.length > 0) {
      const names = headerCookieNames(request.headers.cookie);
      if (known.entry.cookiesRead.some((name) => names.has(name))) return false;
    }
    const asked = request.headers['x-request-id'];
    const id = typeof asked === 'string' && PLAIN_ID.test(asked) ? asked : randomUUID();
    response.writeHead(known.status, [...known.headers, 'x-request-id', id]);
    response.end(known.body);
    observeRequest('GET', known.route, known.status, started);
    countPageCache('hit');
    return true;
  };

  const learn: MiddlewareHandler = async (c, next) => {
    await next();
    const kept = c.get(KEPT_ANSWER as never) as KeptAnswer | undefined;
    const facts = c.get(PAGE_FACTS as never) as PageFacts | undefined;
    const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
    if (!kept || !facts || !incoming) return;
    // Only what a request with these inputs always gets: the encoding it accepts (not the page
    // sent as it is while its compressed copies were still being made), no cookie set.
    const accepted = acceptedEncoding(incoming.headers['accept-encoding']) ?? 'identity';
    if (kept.sent !== accepted || c.res.headers.has('set-cookie')) return;
    const key = frontKey(incoming);
    if (key === null) return;
    const headers: string[] = [];
    for (const [name, value] of c.res.headers) {
      if (name !== 'x-request-id' && name !== 'content-length') headers.push(name, value);
    }
    headers.push('content-length', String(kept.body.byteLength));
    if (learned.size >= maxEntries) learned.clear();
    learned.set(key, {
      entry: kept.entry,
      cacheKey: kept.cacheKey,
      facts,
      route: (c.get(ROUTE_LABEL as never) as string | undefined) ?? 'unmatched',
      status: c.res.status,
      headers,
      body: kept.body,
    });
  };

  return {
    learn,
    listener: (app) => (request, response) => {
      let answered = false;
      try {
        answered = answer(request, response);
      } catch (error) {
        // Never the visitor's loss: the app answers what the front could not.
        log().error({ reason: scrub(String(error)) }, 'The page front failed');
        if (response.headersSent) {
          response.destroy();
          return;
        }
      }
      if (!answered) void app(request, response);
    },
    get size() {
      return learned.size;
    },
  };
}

/**
 * What decides a kept page's answer, from the request as node:http read it; null for a request
 * the front never answers (not a GET, the API or a built file, a revalidation, two language
 * cookies).
 */
function frontKey(request: IncomingMessage): string | null {
  if (request.method !== 'GET') return null;
  const url = request.url ?? '/';
  // The API and the built files are never pages: they pay nothing for the front.
  if (url.startsWith('/api/') || url.startsWith('/assets/')) return null;
  const headers = request.headers;
  if (headers['if-none-match'] !== undefined) return null;
  const query = url.indexOf('?');
  const path = query < 0 ? url : url.slice(0, query);
  let language = '';
  const cookie = headers.cookie;
  if (cookie !== undefined && cookie.includes('LANGUAGE_CODE')) {
    const found = /(?:^|;\s*)LANGUAGE_CODE=([^;]*)/.exec(cookie);
    if (!found || cookie.indexOf('LANGUAGE_CODE', found.index + 14) >= 0) return null;
    language = found[1]!;
  }
  return `${headers.host ?? ''} ${path} ${language} ${headers['accept-language'] ?? ''} ${acceptedEncoding(headers['accept-encoding']) ?? ''}`;
}
