import { timingSafeEqual } from 'node:crypto';
import { Hono } from 'hono';
import type { ApiError } from '#contract/errors.ts';
import { metricsRegistry } from '#server/platform/metrics.ts';
import { routeDocs } from './route-docs.ts';

function sameToken(sent: string, token: string): boolean {
  const a = Buffer.from(sent);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * GET /metrics: the Prometheus text format (platform/metrics.ts), for a scraper holding the
 * bearer token METRICS_TOKEN (`Authorization: Bearer …`). Without a token configured the route
 * answers 404, as for any unknown path: the public site shows nothing of it.
 */
export function metricsRoutes(token: string | undefined) {
  return new Hono().get('/metrics', routeDocs['GET /metrics'], async (c) => {
    if (!token)
      return c.json({ error: `No API route for GET ${c.req.path}.` } satisfies ApiError, 404);
    const sent = /^Bearer\s+(\S+)$/i.exec(c.req.header('authorization') ?? '')?.[1];
    if (!sent || !sameToken(sent, token)) {
      c.header('WWW-Authenticate', 'Bearer realm="metrics"');
      return c.json({ error: 'The metrics need the bearer token.' } satisfies ApiError, 401);
    }
    const registry = metricsRegistry();
    return c.body(await registry.metrics(), 200, { 'Content-Type': registry.contentType });
  });
}
