import type { Context, MiddlewareHandler } from 'hono';
import type { ApiError } from '#contract/errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Sec-Fetch-Site values a browser sends for our own pages (and for a request typed by the user). */
const OWN_SITES = new Set(['same-origin', 'none']);

interface SameOriginOptions {
  /** The shop's public address (PUBLIC_URL): its host is ours whatever Host a proxy sends. */
  publicUrl: string;
  /** Behind a proxy we trust (TRUST_PROXY=1), X-Forwarded-Host names the host the browser used. */
  trustProxy: boolean;
  /**
   * Paths (under /api) another server posts to as a form: the payment provider's callback, which
   * is verified by asking the provider, never trusted by its body. Nothing else.
   */
  formPaths?: readonly string[];
}

function hostOf(url: string): string | null {
  try {
    return new URL(url).host.toLowerCase();
  } catch {
    return null;
  }
}

function hasBody(c: Context): boolean {
  const length = c.req.header('content-length');
  return (
    (length !== undefined && length !== '0') || c.req.header('transfer-encoding') !== undefined
  );
}

/** `application/json`, with or without parameters such as `; charset=utf-8`. */
function isJsonContentType(value: string | undefined): boolean {
  return value !== undefined && /^application\/json\s*(;|$)/i.test(value.trim());
}

/**
 * The browser says another site sent this request (`Sec-Fetch-Site: cross-site` or `same-site`, or
 * an `Origin` that is not ours or is `null`). Requests without those headers pass (not a browser).
 * Also used by our own form pages (the sandbox's test page), which take a form from our pages only.
 */
export function isCrossSite(
  c: Context,
  options: Omit<SameOriginOptions, 'formPaths'>,
  publicHost = hostOf(options.publicUrl),
): boolean {
  const site = c.req.header('sec-fetch-site')?.toLowerCase();
  const origin = c.req.header('origin');
  if (site !== undefined && !OWN_SITES.has(site)) return true;
  if (origin === undefined) return false;
  const originHost = hostOf(origin);
  const forwarded = options.trustProxy
    ? c.req.header('x-forwarded-host')?.split(',')[0]?.trim()
    : undefined;
  const requestHost = (forwarded ?? c.req.header('host') ?? hostOf(c.req.url) ?? '').toLowerCase();
  return originHost === null || (originHost !== requestHost && originHost !== publicHost);
}

/**
 * Every state-changing API request (POST, PUT, PATCH, DELETE) of every route, now and later:
 * - its body, if any, is JSON: 415 otherwise. A form, `text/plain` or multipart body, which another
 *   site's page can send without asking (no CORS preflight), is never read;
 * - it comes from our own pages: 403 when the browser says another site sent it
 *   (`Sec-Fetch-Site: cross-site` or `same-site`, or an `Origin` that is not ours or is `null`).
 * Requests without those headers (curl, server to server, the tests) are not browsers acting for
 * a visitor and pass.
 */
export function sameOriginJson(options: SameOriginOptions): MiddlewareHandler {
  const publicHost = hostOf(options.publicUrl);
  const formPaths = new Set(options.formPaths ?? []);
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method) || formPaths.has(c.req.path)) return next();
    if (isCrossSite(c, options, publicHost)) {
      return c.json(
        { error: 'This request must come from the shop’s own pages.' } satisfies ApiError,
        403,
      );
    }
    const type = c.req.header('content-type');
    if ((type !== undefined || hasBody(c)) && !isJsonContentType(type)) {
      return c.json(
        {
          error: 'Send the request body as JSON (Content-Type: application/json).',
        } satisfies ApiError,
        415,
      );
    }
    return next();
  };
}
