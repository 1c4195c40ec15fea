import { randomBytes } from 'node:crypto';

/**
 * Server-rendered pages kept in memory, so a page that is the same for every visitor is rendered
 * once and not on every request (a render costs ~20 ms of CPU; a cached page well under one).
 *
 * A page is kept only when its render read none of the visitor's cookies (the renderer reports
 * every cookie it asks for): a visitor with a cart, or anything else the render reads, gets a page
 * of their own. The entry remembers the cookie names the render asked for, and a request that has
 * any of them is rendered anew and not served from here. The key is the path with its query and
 * the language (decided from the LANGUAGE_CODE cookie or Accept-Language before the render).
 *
 * The CSP nonce differs per response: pages are rendered with a placeholder nonce of this process,
 * which each response replaces with its own. Entries live at most `ttlMs` (public content from
 * the database, e.g. prices, can change without a restart; the footer's year) and the cache holds
 * at most `maxBytes` of HTML, least recently used first out. A restart (a deploy) empties it.
 */
export interface CachedPage {
  status: number;
  /** The HTML split at the placeholder nonce: joined with the response's nonce. */
  parts: string[];
  /** The cookies the render asked for (none of them was set): a request with one renders anew. */
  cookiesRead: string[];
  bytes: number;
  expires: number;
}

export interface PageCacheOptions {
  maxBytes?: number;
  ttlMs?: number;
  now?: () => number;
}

export interface PageCache {
  /** The nonce pages are rendered with when they may be kept. */
  readonly placeholder: string;
  /** The kept page for `key`, if there is one this request may get (its cookies are none the render read). */
  get(key: string, cookieHeader: string | null | undefined): CachedPage | undefined;
  /** Keeps a page rendered with the placeholder nonce; `cookiesRead`: the cookies the render asked for. */
  set(key: string, page: { status: number; html: string; cookiesRead: Iterable<string> }): CachedPage;
  /** The page with this response's nonce. */
  html(page: CachedPage, nonce: string): string;
  /** Forgets every page (public content changed). */
  clear(): void;
  readonly size: number;
  readonly bytes: number;
}

export function createPageCache(options: PageCacheOptions = {}): PageCache {
  const maxBytes = options.maxBytes ?? 32 * 1024 * 1024;
  const ttlMs = options.ttlMs ?? 5 * 60_000;
  const now = options.now ?? Date.now;
  // Letters and digits only, like a nonce and unlike anything a page writes by itself.
  const placeholder = `n0nce${randomBytes(18).toString('hex')}`;
  const entries = new Map<string, CachedPage>();
  let bytes = 0;

  const remove = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entry.bytes;
  };

  return {
    placeholder,
    get(key, cookieHeader) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.expires <= now()) {
        remove(key);
        return undefined;
      }
      if (entry.cookiesRead.length > 0) {
        const names = headerCookieNames(cookieHeader);
        if (entry.cookiesRead.some((name) => names.has(name))) return undefined;
      }
      // Most recently used: last in the map's order.
      entries.delete(key);
      entries.set(key, entry);
      return entry;
    },
    set(key, page) {
      remove(key);
      const entry: CachedPage = {
        status: page.status,
        parts: page.html.split(placeholder),
        cookiesRead: [...new Set(page.cookiesRead)],
        // Roughly two bytes a character (V8 keeps non-Latin-1 strings in UTF-16).
        bytes: page.html.length * 2,
        expires: now() + ttlMs,
      };
      if (entry.bytes > maxBytes) return entry;
      entries.set(key, entry);
      bytes += entry.bytes;
      for (const oldest of entries.keys()) {
        if (bytes <= maxBytes) break;
        remove(oldest);
      }
      return entry;
    },
    html: (page, nonce) => page.parts.join(nonce),
    clear() {
      entries.clear();
      bytes = 0;
    },
    get size() {
      return entries.size;
    },
    get bytes() {
      return bytes;
    },
  };
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
