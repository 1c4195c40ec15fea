import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { LRUCache } from 'lru-cache';

/**
 * Server-rendered pages kept in memory, so a page that is the same for every visitor is rendered
 * once and not on every request (a render costs ~20 ms of CPU; a cached page well under one).
 *
 * A page is kept only when its render read none of the visitor's cookies (the renderer reports
 * every cookie it asks for): a visitor with a cart, or anything else the render reads, gets a page
 * of their own. The entry remembers the cookie names the render asked for, and a request that has
 * any of them is rendered anew and not served from here. The key is the path (without its query:
 * no public page reads one, and links from ads carry a new one for every click) and the language
 * (decided from the LANGUAGE_CODE cookie or Accept-Language before the render).
 *
 * A kept page is the same bytes for every response: it is rendered without a CSP nonce, and its
 * policy allows its inline scripts by their SHA-256 hashes (`scriptHashes`). So it is encoded
 * once, kept as UTF-8 bytes and, compressed on the thread pool when it is kept, as gzip and
 * Brotli, with an ETag for each. Entries live at most `ttlMs` (public content from the database,
 * e.g. prices, can change without a restart; the footer's year) and the cache holds at most
 * `maxBytes`, least recently used first out (lru-cache). A restart (a deploy) empties it.
 */
export interface CachedPage {
  status: number;
  /** The page as UTF-8 bytes. */
  identity: Buffer;
  /** The page compressed, once the thread pool has done it. */
  gzip?: Buffer;
  br?: Buffer;
  /** The sources the page's inline scripts need in script-src: `'sha256-…'` each. */
  scriptHashes: string[];
  /** The Content-Security-Policy of the page's responses, made by the first response that sends it. */
  csp?: string;
  /** Strong ETags of the page as it is (`identity`) and as it is sent compressed. */
  etag: { identity: string; gzip: string; br: string };
  /** The cookies the render asked for (none of them was set): a request with one renders anew. */
  cookiesRead: string[];
  bytes: number;
  /** Settles when the compressed bodies are there (or could not be made). */
  compressed: Promise<void>;
}

/** The context variable the page handler sets when it sends a kept page whole (web/page-front.ts learns it). */
export const KEPT_ANSWER = 'keptAnswer';
export interface KeptAnswer {
  entry: CachedPage;
  /** The page cache's key it was found or kept under. */
  cacheKey: string;
  /** The body sent, and as which encoding. */
  body: Buffer;
  sent: 'br' | 'gzip' | 'identity';
}

export interface PageCacheOptions {
  maxBytes?: number;
  ttlMs?: number;
  now?: () => number;
}

export interface PageCache {
  /** The kept page for `key`, if there is one this request may get (its cookies are none the render read). */
  get(key: string, cookieHeader: string | null | undefined): CachedPage | undefined;
  /** Keeps a page rendered without a nonce; `cookiesRead`: the cookies the render asked for. */
  set(
    key: string,
    page: { status: number; html: string; cookiesRead: Iterable<string> },
  ): CachedPage;
  /** Whether `entry` is still the page kept under `key` (not out of time, replaced or cleared); a hit. */
  current(key: string, entry: CachedPage): boolean;
  /** Forgets every page (public content changed). */
  clear(): void;
  readonly size: number;
  readonly bytes: number;
}

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/** A page as kept, before it is in a cache (bytes, hashes, ETags; compressed in the background). */
export function cachedPage(page: {
  status: number;
  html: string;
  cookiesRead: Iterable<string>;
}): CachedPage {
  const identity = Buffer.from(page.html, 'utf8');
  const tag = createHash('sha256').update(identity).digest('base64url').slice(0, 27);
  const entry: CachedPage = {
    status: page.status,
    identity,
    scriptHashes: scriptHashes(page.html),
    etag: { identity: `"${tag}"`, gzip: `"${tag}-gz"`, br: `"${tag}-br"` },
    cookiesRead: [...new Set(page.cookiesRead)],
    bytes: identity.byteLength,
    compressed: Promise.resolve(),
  };
  entry.compressed = Promise.all([
    gzipAsync(identity, { level: 9 }),
    brotliAsync(identity, {
      params: {
        [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
        // Quality 6 is within ~10% of the smallest (11) at a few percent of its CPU.
        [zlib.BROTLI_PARAM_QUALITY]: 6,
        [zlib.BROTLI_PARAM_SIZE_HINT]: identity.byteLength,
      },
    }),
  ]).then(
    ([gzipped, brotli]) => {
      entry.gzip = gzipped;
      entry.br = brotli;
    },
    () => undefined,
  );
  return entry;
}

export function createPageCache(options: PageCacheOptions = {}): PageCache {
  const maxBytes = options.maxBytes ?? 32 * 1024 * 1024;
  const ttlMs = options.ttlMs ?? 5 * 60_000;
  const now = options.now ?? Date.now;
  // lru-cache: at most maxBytes (a page over it is not kept), least recently used first out, each
  // page for ttlMs. The clock is read on every look-up (ttlResolution 0): a test's clock moves at once.
  const entries = new LRUCache<string, CachedPage>({
    maxSize: maxBytes,
    sizeCalculation: (entry) => Math.max(1, entry.bytes),
    ttl: ttlMs,
    ttlResolution: 0,
    perf: { now },
  });

  return {
    get(key, cookieHeader) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.cookiesRead.length > 0) {
        const names = headerCookieNames(cookieHeader);
        if (entry.cookiesRead.some((name) => names.has(name))) return undefined;
      }
      return entry;
    },
    set(key, page) {
      const entry = cachedPage(page);
      entries.set(key, entry);
      void entry.compressed.then(() => {
        // Counted only while the page is still this entry of the cache (its time left as it was).
        if (entries.peek(key) !== entry) return;
        entry.bytes += (entry.gzip?.byteLength ?? 0) + (entry.br?.byteLength ?? 0);
        entries.set(key, entry, { noUpdateTTL: true });
      });
      return entry;
    },
    current(key, entry) {
      return entries.get(key) === entry;
    },
    clear() {
      entries.clear();
    },
    get size() {
      return entries.size;
    },
    get bytes() {
      return entries.calculatedSize;
    },
  };
}

/** JavaScript types a `<script type>` may have and still run (none: classic script). */
const SCRIPT_TYPES = /^(?:module|(?:text|application)\/(?:x-)?(?:java|ecma)script)$/i;

/**
 * The CSP sources (`'sha256-…'`) of every inline script in `html` that a browser would run: the
 * hash of its text exactly as written (a script's text has no character references and ends at
 * the first `</script`). Scripts with `src` and data blocks (`type="application/json"`) need none.
 */
export function scriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script/gi)) {
    const attributes = match[1]!;
    if (/(?:^|\s)src\s*=/i.test(attributes)) continue;
    const type = /(?:^|\s)type\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/i.exec(attributes);
    const typeValue = (type?.[1] ?? type?.[2] ?? type?.[3] ?? '').trim();
    if (typeValue !== '' && !SCRIPT_TYPES.test(typeValue)) continue;
    hashes.add(`'sha256-${createHash('sha256').update(match[2]!, 'utf8').digest('base64')}'`);
  }
  return [...hashes];
}

/** The names of the cookies in a `Cookie:` request header. */
export function headerCookieNames(header: string | null | undefined): Set<string> {
  const names = new Set<string>();
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=');
    const name = (at < 0 ? part : part.slice(0, at)).trim();
    if (name) names.add(name);
  }
  return names;
}
