import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '#server/app.ts';
import type { Database } from '#server/db/client.ts';
import { enqueueJob } from '#server/platform/jobs/runner.ts';
import { openMigratedPglite } from './pglite-template.ts';

// The numbers a running shop shows (issue #48, item 2): Prometheus' text format behind a bearer
// token, request durations by route pattern, the job queue; and health split into liveness and
// readiness.

const TOKEN = 'a-metrics-token-of-at-least-32-characters';
let database: Database;
let app: ReturnType<typeof createApp>;
beforeAll(async () => {
  database = await openMigratedPglite();
  app = createApp({ database, client: null, publicUrl: 'http://localhost', metricsToken: TOKEN });
});
afterAll(async () => {
  await database.close();
});

const scrape = async (authorization?: string) =>
  app.request('/api/metrics', authorization ? { headers: { Authorization: authorization } } : {});

/** The value of the sample `name{…labels}` in `text`, or undefined. */
function sample(text: string, name: string, labels: Record<string, string>): number | undefined {
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z0-9_:]+)(?:\{([^}]*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const have = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]),
    );
    if (Object.entries(labels).every(([k, v]) => have[k] === v)) return Number(match[3]);
  }
  return undefined;
}

describe('GET /api/metrics', () => {
  it('answers 404 when no token is configured, 401 without the right bearer token', async () => {
    const open = createApp({ database, client: null, publicUrl: 'http://localhost' });
    expect((await open.request('/api/metrics')).status).toBe(404);
    expect((await scrape()).status).toBe(401);
    expect((await scrape(`Bearer ${TOKEN}x`)).status).toBe(401);
    expect((await scrape(`Basic ${TOKEN}`)).status).toBe(401);
  });

  it('counts requests by route pattern and status class, in the Prometheus text format', async () => {
    // The registry is the process's: other API files in this worker count too, so count the change.
    const before = await (await scrape(`Bearer ${TOKEN}`)).text();
    const unknownOrdersBefore =
      sample(before, 'storymade_http_request_duration_seconds_count', {
        route: '/api/order/summary/:orderId',
        status: '4xx',
      }) ?? 0;
    for (let i = 0; i < 3; i++) await app.request('/api/health/live');
    const unknownOrder = await app.request('/api/order/summary/not-an-order-id-at-all');
    expect(unknownOrder.status).toBeGreaterThanOrEqual(400);
    const res = await scrape(`Bearer ${TOKEN}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await res.text();
    expect(text).toContain('# TYPE storymade_http_request_duration_seconds histogram');
    expect(
      sample(text, 'storymade_http_request_duration_seconds_count', {
        method: 'GET',
        route: '/api/health/live',
        status: '2xx',
      }),
    ).toBeGreaterThanOrEqual(3);
    expect(
      sample(text, 'storymade_http_request_duration_seconds_count', {
        route: '/api/order/summary/:orderId',
        status: '4xx',
      }),
    ).toBe(unknownOrdersBefore + 1);
    expect(text).not.toContain('not-an-order-id-at-all');
    expect(sample(text, 'storymade_nodejs_eventloop_lag_p99_seconds', {})).toBeGreaterThanOrEqual(
      0,
    );
  });

  it('shows the job queue per kind: its depth and the oldest due job’s age', async () => {
    await enqueueJob(database.db, {
      kind: 'metrics-test',
      payload: {},
      dedupeKey: 'metrics-test:1',
      runAfter: new Date(Date.now() - 60_000),
    });
    const text = await (await scrape(`Bearer ${TOKEN}`)).text();
    expect(sample(text, 'storymade_jobs_queued', { kind: 'metrics-test' })).toBe(1);
    expect(
      sample(text, 'storymade_jobs_oldest_due_seconds', { kind: 'metrics-test' }),
    ).toBeGreaterThanOrEqual(59);
  });
});

describe('health', () => {
  it('answers liveness without the database and readiness with its parts', async () => {
    expect(await (await app.request('/api/health/live')).json()).toEqual({ status: 'ok' });
    const ready = await app.request('/api/health/ready');
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({
      status: 'ok',
      database: 'up',
      notifications: 'listening',
      jobs: 'manual',
    });
    expect(await (await app.request('/api/health')).json()).toEqual({
      status: 'ok',
      database: 'up',
    });
  });
});
