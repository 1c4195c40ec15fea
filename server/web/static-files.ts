import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { MiddlewareHandler } from 'hono';
import { getMimeType } from 'hono/utils/mime';

/** The build's compressed copies (scripts/vite-precompress.ts), best first. */
const ENCODINGS = [
  ['br', '.br'],
  ['gzip', '.gz'],
] as const;
type Encoding = (typeof ENCODINGS)[number][0];

/** Types a compressed copy can exist for (what the build compresses: scripts, styles, SVG, JSON). */
const COMPRESSIBLE = /^(text\/|application\/(javascript|json)|image\/svg\+xml)/;

interface Representation {
  body: Uint8Array<ArrayBuffer>;
  etag: string;
}

interface CachedFile {
  /** The file's size and modification time when it was read: a changed file is read again. */
  size: number;
  mtimeMs: number;
  type: string;
  lastModified: string;
  identity: Representation;
  encoded: Partial<Record<Encoding, Representation>>;
}

export interface StaticFilesOptions {
  /** The folder the request's path is looked up in. */
  root: string;
  /** Send the build's `.br` or `.gz` copy of a file when the browser accepts it. */
  precompressed?: boolean;
  /** The Cache-Control of a file found. */
  cacheControl: string;
  /** The Content-Type of a path, where the file's extension alone would be wrong. */
  contentType?: (path: string) => string | undefined;
  /** Files larger than this are left to the next handler (default 4 MB). */
  maxFileBytes?: number;
  /** Memory the cache may hold in all (default 64 MB); past it, files are left to the next handler. */
  maxTotalBytes?: number;
}

/**
 * The built client's files, answered from memory. Each file is read once (with the build's
 * compressed copies) and kept with a hash of its content as ETag, so a request costs a lookup and
 * a stat, not a file stream: serveStatic of @hono/node-server opened and streamed the file for each
 * of the ~50 requests of a first visit (about 2 ms of the server's CPU each, on the same two cores
 * as the visitor's browser in the benchmarks), and had no ETag to answer a revalidation with 304.
 *
 * A file is read again when its size or modification time changes. Paths outside the root, files
 * that do not exist, byte-range requests (video seeking) and files over the limits go to `next`
 * (serveStatic behind this handler).
 */
export function staticFiles(options: StaticFilesOptions): MiddlewareHandler {
  const root = path.resolve(options.root);
  const maxFileBytes = options.maxFileBytes ?? 4 * 1024 * 1024;
  const maxTotalBytes = options.maxTotalBytes ?? 64 * 1024 * 1024;
  const cache = new Map<string, CachedFile>();
  let totalBytes = 0;

  const load = (
    requestPath: string,
    file: string,
    size: number,
    mtimeMs: number,
    mtime: Date,
  ): CachedFile | undefined => {
    const type =
      options.contentType?.(requestPath) ?? getMimeType(file) ?? 'application/octet-stream';
    const body = readFileSync(file) as Uint8Array<ArrayBuffer>;
    const hash = createHash('sha256').update(body).digest('base64url').slice(0, 22);
    const encoded: CachedFile['encoded'] = {};
    let bytes = body.length;
    if (options.precompressed && COMPRESSIBLE.test(type)) {
      for (const [encoding, suffix] of ENCODINGS) {
        if (!existsSync(file + suffix)) continue;
        const copy = readFileSync(file + suffix) as Uint8Array<ArrayBuffer>;
        encoded[encoding] = { body: copy, etag: `"${hash}-${encoding}"` };
        bytes += copy.length;
      }
    }
    const previous = cache.get(requestPath);
    const previousBytes = previous ? cachedBytes(previous) : 0;
    if (totalBytes - previousBytes + bytes > maxTotalBytes) return undefined;
    const entry: CachedFile = {
      size,
      mtimeMs,
      type,
      lastModified: mtime.toUTCString(),
      identity: { body, etag: `"${hash}"` },
      encoded,
    };
    cache.set(requestPath, entry);
    totalBytes += bytes - previousBytes;
    return entry;
  };

  return async (c, next) => {
    if ((c.req.method !== 'GET' && c.req.method !== 'HEAD') || c.req.header('range')) return next();
    const file = fileOf(root, c.req.path);
    if (!file) return next();
    const stats = statSync(file, { throwIfNoEntry: false });
    if (!stats?.isFile() || stats.size > maxFileBytes) return next();
    let entry = cache.get(c.req.path);
    if (!entry || entry.size !== stats.size || entry.mtimeMs !== stats.mtimeMs) {
      entry = load(c.req.path, file, stats.size, stats.mtimeMs, stats.mtime);
      if (!entry) return next();
    }
    const encoding = chooseEncoding(c.req.header('accept-encoding'), entry.encoded);
    const representation = (encoding && entry.encoded[encoding]) || entry.identity;
    c.header('Content-Type', entry.type);
    c.header('Cache-Control', options.cacheControl);
    c.header('ETag', representation.etag);
    c.header('Last-Modified', entry.lastModified);
    c.header('Accept-Ranges', 'bytes');
    // Whichever copy is sent, the answer depends on what the browser accepts.
    if (Object.keys(entry.encoded).length) c.header('Vary', 'Accept-Encoding', { append: true });
    if (matchesEtag(c.req.header('if-none-match'), representation.etag)) return c.body(null, 304);
    if (encoding) c.header('Content-Encoding', encoding);
    c.header('Content-Length', String(representation.body.length));
    return c.req.method === 'HEAD' ? c.body(null, 200) : c.body(representation.body, 200);
  };
}

const cachedBytes = (entry: CachedFile) =>
  entry.identity.body.length +
  Object.values(entry.encoded).reduce((sum, r) => sum + r.body.length, 0);

/**
 * The file a request path names under root, or undefined for a path that could leave it (dot
 * segments, doubled or back slashes) or that is percent-encoded (the build names no file so; such
 * paths go to serveStatic, which decodes them).
 */
export function fileOf(root: string, requestPath: string): string | undefined {
  if (
    requestPath.includes('%') ||
    /(?:^|[/\\])\.{1,2}(?:$|[/\\])|[/\\]{2,}|\\|\0/.test(requestPath)
  )
    return undefined;
  const file = path.join(root, requestPath);
  return file.startsWith(root + path.sep) ? file : undefined;
}

/** The best of the encodings the file has that Accept-Encoding allows (a q of 0 refuses one). */
export function chooseEncoding(
  header: string | undefined,
  available: Partial<Record<Encoding, unknown>>,
): Encoding | undefined {
  if (!header) return undefined;
  const accepted = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    accepted.set(name, q === undefined ? 1 : Number(q));
  }
  const wildcard = accepted.get('*');
  for (const [encoding] of ENCODINGS) {
    if (!available[encoding]) continue;
    const q = accepted.get(encoding) ?? wildcard ?? 0;
    if (q > 0) return encoding;
  }
  return undefined;
}

/** Whether If-None-Match names this ETag (weak comparison, as RFC 9110 asks for GET). */
function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}
