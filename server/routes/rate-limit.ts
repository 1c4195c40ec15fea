import { isIPv4, isIPv6 } from 'node:net';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context, MiddlewareHandler } from 'hono';
import type { ApiError } from '#contract/errors.ts';
import { log } from '#server/runtime/log.ts';
import type { Db } from '#server/db/client.ts';
import { createDbRateCounter, type RateCounter } from '#server/platform/rate-counter.ts';
import type { RateLimitRule, RateLimits } from '#server/platform/rate-limits.ts';

/** The key used when the request carries no client address (tests, in-process requests). */
export const UNKNOWN_CLIENT = 'unknown';

/** IPv6 clients get a whole /64, so they are grouped by that prefix; IPv4-mapped addresses become IPv4. */
export function clientKey(address: string): string {
  const ip = address.trim().replace(/^\[|\]$/g, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (isIPv4(ip)) return ip;
  if (!isIPv6(ip)) return UNKNOWN_CLIENT;
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const headParts = head ? head.split(':') : [];
  const tailParts = ip.includes('::') && tail ? tail.split(':') : [];
  const groups = ip.includes('::')
    ? [
        ...headParts,
        ...Array<string>(8 - headParts.length - tailParts.length).fill('0'),
        ...tailParts,
      ]
    : ip.toLowerCase().split(':');
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

let warnedAboutProxy = false;

/** Lets the next request with X-Forwarded-For warn again (a test of the warning in a shared process). */
export function forgetProxyWarning(): void {
  warnedAboutProxy = false;
}

/**
 * The client's address as sent (an IPv4-mapped IPv6 address as IPv4; `unknown` without one): the
 * socket's, or, behind a proxy we trust (TRUST_PROXY=1), the last X-Forwarded-For entry (the one
 * our proxy added; earlier entries are whatever the client sent). The audit log keeps it whole.
 */
export function clientAddress(c: Context, trustProxy: boolean): string {
  const forwardedFor = c.req.header('x-forwarded-for');
  if (trustProxy) {
    const forwarded = forwardedFor?.split(',').at(-1)?.trim();
    if (forwarded) return plainAddress(forwarded);
  } else if (forwardedFor && !warnedAboutProxy) {
    // Behind a proxy every visitor has the proxy's address: they would all share one limit.
    warnedAboutProxy = true;
    log().warn(
      'Requests carry X-Forwarded-For but TRUST_PROXY is not set: rate limits count every client behind that proxy as one. Set TRUST_PROXY=1 if the shop runs behind a reverse proxy.',
    );
  }
  try {
    const address = getConnInfo(c).remote.address;
    return address ? plainAddress(address) : UNKNOWN_CLIENT;
  } catch {
    return UNKNOWN_CLIENT; // no Node socket (app.request in tests)
  }
}

function plainAddress(address: string): string {
  const ip = address.trim().replace(/^\[|\]$/g, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  return isIPv4(ip) || isIPv6(ip) ? ip.toLowerCase() : UNKNOWN_CLIENT;
}

/** The client's key for the rate limits: its address (IPv6: its /64), see clientAddress. */
export function clientIp(c: Context, trustProxy: boolean): string {
  const address = clientAddress(c, trustProxy);
  return address === UNKNOWN_CLIENT ? address : clientKey(address);
}

export type { RateCounter };

/** The counter of a rule: in the database, shared by every server (see services/rate-counter.ts). */
export function createRateCounter(rule: RateLimitRule, options: RateLimitOptions): RateCounter {
  return createDbRateCounter(options.db, rule.name ?? 'limit', rule, options.now);
}

/** The answer over a limit: 429 `{ error }` with Retry-After (seconds). */
export function tooManyRequests(c: Context, seconds: number): Response {
  c.header('Retry-After', String(seconds));
  return c.json(
    { error: `Too many requests. Please try again in ${seconds} seconds.` } satisfies ApiError,
    429,
  );
}

interface RateLimitOptions {
  trustProxy: boolean;
  now: () => Date;
  /** Where the counters live (shared by every server on the database). */
  db: Db;
}

/** What a route needs to limit its clients: the rules, whose address to trust, and the clock. */
export type RouteLimits = RateLimitOptions & { rateLimits: RateLimits };

/** A middleware that counts every request of a client against `rule`. */
export function rateLimit(rule: RateLimitRule, options: RateLimitOptions): MiddlewareHandler {
  const counter = createRateCounter(rule, options);
  return async (c, next) => {
    const wait = await counter.take(clientIp(c, options.trustProxy));
    if (wait !== null) return tooManyRequests(c, wait);
    await next();
  };
}
