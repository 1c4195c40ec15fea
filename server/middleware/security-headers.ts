import { randomBytes } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { compress } from 'hono/compress';

/**
 * Where a page's own inline scripts are allowed in `scriptSrc`: this response's nonce on a page
 * rendered for it, the scripts' hashes on a kept page (web/page-cache.ts), nothing on API answers.
 */
export const PAGE_SCRIPTS = '{page-scripts}';

/**
 * The Cache-Control of every page and answer that carries an order, a cart, a payment or the back
 * office: stored by no cache, shared (a proxy, a CDN) or the browser's.
 */
export const PRIVATE_NO_STORE = 'private, no-store';

/** Content-Security-Policy directives by camelCase name (`defaultSrc`), each with its sources. */
export type CspDirectives = Record<string, readonly string[]>;

export interface SecurityHeadersOptions {
  contentSecurityPolicy: CspDirectives;
  /** The Strict-Transport-Security header (https only), or false. */
  strictTransportSecurity: string | false;
  referrerPolicy: string;
  permissionsPolicy: string;
  /** Paths whose answers are never run as pages (the API): their policy has no nonce. */
  isApi: (path: string) => boolean;
}

export interface SecurityHeaders {
  middleware: MiddlewareHandler;
  /** The page policy with these sources for the page's inline scripts (`'sha256-…'`). */
  pagePolicy(scriptSources: readonly string[]): string;
}

function directiveName(name: string): string {
  return name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
}

function policyText(directives: CspDirectives, scriptSources: readonly string[]): string {
  return Object.entries(directives)
    .map(([name, sources]) =>
      [
        directiveName(name),
        ...sources.flatMap((source) => (source === PAGE_SCRIPTS ? scriptSources : [source])),
      ].join(' '),
    )
    .join('; ');
}

/** 16 random bytes in base64, cut from a pool filled 4 KB at a time (one system call per 256 nonces). */
let pool = Buffer.alloc(0);
let used = 0;
function nonce(): string {
  if (used + 16 > pool.length) {
    pool = randomBytes(4096);
    used = 0;
  }
  used += 16;
  return pool.toString('base64', used - 16, used);
}

/**
 * The security headers of every answer (what hono's secureHeaders sets, with this shop's policy),
 * and on pages a fresh CSP nonce (the context's `secureHeadersNonce`). They are set on the context
 * before the handler runs, so the handler's answer is made with them at once: nothing reads or
 * rewrites an answer's headers afterwards, which would turn @hono/node-server's light answer into
 * a whole fetch Response (streamed out instead of written at once). A header the handler sets
 * itself wins (a kept page's hash policy). Only an answer the handler made without the context
 * (a Response of its own) gets them afterwards.
 */
export function securityHeaders(options: SecurityHeadersOptions): SecurityHeaders {
  const fixed: [string, string][] = [
    ['Cross-Origin-Opener-Policy', 'same-origin'],
    ['Cross-Origin-Resource-Policy', 'same-origin'],
    ['Origin-Agent-Cluster', '?1'],
    ['Referrer-Policy', options.referrerPolicy],
    ...(options.strictTransportSecurity
      ? [['Strict-Transport-Security', options.strictTransportSecurity] as [string, string]]
      : []),
    ['X-Content-Type-Options', 'nosniff'],
    ['X-DNS-Prefetch-Control', 'off'],
    ['X-Download-Options', 'noopen'],
    ['X-Frame-Options', 'SAMEORIGIN'],
    ['X-Permitted-Cross-Domain-Policies', 'none'],
    ['X-XSS-Protection', '0'],
    ['Permissions-Policy', options.permissionsPolicy],
  ];
  const directives = options.contentSecurityPolicy;
  const apiPolicy = policyText(directives, []);
  const [beforeNonce, afterNonce] = policyText(directives, ['\0']).split('\0') as [string, string];
  const middleware: MiddlewareHandler = async (c, next) => {
    for (const [name, value] of fixed) c.header(name, value);
    let policy = apiPolicy;
    if (!options.isApi(c.req.path)) {
      const value = nonce();
      c.set('secureHeadersNonce' as never, value as never);
      policy = `${beforeNonce}'nonce-${value}'${afterNonce}`;
    }
    c.header('Content-Security-Policy', policy);
    await next();
    if (!c.res.headers.has('X-Content-Type-Options'))
      setHeaders(c, [...fixed, ['Content-Security-Policy', policy]]);
  };
  return { middleware, pagePolicy: (scriptSources) => policyText(directives, scriptSources) };
}

/** Sets headers on the context's answer (made again when its headers cannot be changed, e.g. fetch's). */
export function setHeaders(c: Context, headers: Iterable<[string, string]>): void {
  try {
    for (const [name, value] of headers) c.res.headers.set(name, value);
  } catch {
    c.res = new Response(c.res.body, c.res);
    for (const [name, value] of headers) c.res.headers.set(name, value);
  }
}

/**
 * hono's compress, for requests that accept gzip or deflate only: a request that accepts neither
 * (curl, a load test, a server) gets its answer untouched. `skip`: paths whose answers are sent as
 * they are (small JSON answers, where a compression stream per answer costs the server more than
 * the bytes it saves: ~1 ms of CPU for a cart summary of 2 KB).
 */
export function compressWhenAccepted(
  skip: (path: string) => boolean = () => false,
): MiddlewareHandler {
  const compression = compress();
  return (c, next) =>
    /gzip|deflate|\*/i.test(c.req.header('accept-encoding') ?? '') && !skip(c.req.path)
      ? compression(c, next)
      : next();
}
