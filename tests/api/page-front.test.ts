import http, { type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { getRequestListener } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, withPageFront } from '#server/app.ts';
import type { Database } from '#server/db/client.ts';
import { metricsRegistry } from '#server/platform/metrics.ts';
import { reviewsChanged } from '#server/services/reviews/reviews.ts';
import { standInClient } from './stand-in-client.ts';
import { createPageCache, type PageCache } from '#server/web/page-cache.ts';
import type { SsrEntry } from '#server/web/ssr.ts';
import { openMigratedPglite } from './pglite-template.ts';

// The page front (server/web/page-front.ts): a kept page the app has sent is answered before the
// app, over real HTTP as server/index.ts serves it, with exactly what the app sent, and only while
// the app would send the same.

const client = standInClient();

/** The app's server entry stood in: it reads the cart cookie, as the header's cart count does, and numbers its renders. */
let renders = 0;
const entry: SsrEntry = {
  render({ request, language, onCookieRead }) {
    renders += 1;
    onCookieRead?.('sm_cart');
    const cart = /sm_cart=([^;]*)/.exec(request.headers.get('cookie') ?? '')?.[1];
    const words = 'A story where your child is the hero. '.repeat(40);
    return Promise.resolve(
      new Response(
        `<p>${language} ${new URL(request.url).pathname} ${cart ? `cart ${cart}` : 'no cart'} render ${renders}</p><p>${words}</p><script>self.$_TSR={}</script>`,
      ),
    );
  },
};

let database: Database;
let pages: PageCache;
let clock = Date.now();
let base = '';
let server: http.Server;
/** Requests that reached the app (not answered by the front). */
let reachedApp = 0;

beforeAll(async () => {
  database = await openMigratedPglite();
  pages = createPageCache({ ttlMs: 60_000, now: () => clock });
  const app = createApp({
    database,
    client,
    publicUrl: 'http://localhost',
    ssr: () => Promise.resolve(entry),
    pageCache: pages,
  });
  const appListener = getRequestListener(app.fetch);
  const counted: RequestListener = (request, response) => {
    reachedApp += 1;
    void appListener(request, response);
  };
  server = http.createServer(withPageFront(app, counted));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await database.close();
});

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  /** Whether the app answered it (else the front did). */
  app: boolean;
}

/** One request as a browser sends it (Brotli accepted, English), with `headers` on top. */
function get(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  const before = reachedApp;
  return new Promise((resolve, reject) => {
    const request = http.request(
      base + path,
      {
        method,
        agent: false,
        headers: {
          'Accept-Encoding': 'gzip, deflate, br',
          'Accept-Language': 'en-GB,en;q=0.9',
          ...headers,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode!,
            headers: Object.fromEntries(
              Object.entries(response.headers).map(([name, value]) => [name, String(value)]),
            ),
            body: Buffer.concat(chunks),
            app: reachedApp > before,
          }),
        );
      },
    );
    request.on('error', reject);
    request.end();
  });
}

/** Until the page cache has compressed the page, the app sends it as it is (the front learns nothing then). */
async function keptAndCompressed(path: string, headers: Record<string, string> = {}) {
  for (let i = 0; i < 100; i++) {
    const answer = await get(path, headers);
    if (answer.headers['content-encoding'] === 'br') return answer;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('never compressed');
}

/** The page's text, as its Content-Encoding says. */
const text = (answer: Answer) =>
  (answer.headers['content-encoding'] === 'br'
    ? brotliDecompressSync(answer.body)
    : answer.headers['content-encoding'] === 'gzip'
      ? gunzipSync(answer.body)
      : answer.body
  ).toString();

/** Every header but the two that differ by nature: the date and the request id. */
const lasting = (headers: Record<string, string>) => {
  const { date: _date, 'x-request-id': _id, ...rest } = headers;
  return rest;
};

const frontHits = async () => {
  const metric = await metricsRegistry()
    .getSingleMetric('storymade_http_request_duration_seconds')!
    .get();
  return (
    metric.values as { value: number; labels: Record<string, unknown>; metricName?: string }[]
  )
    .filter(
      (value) =>
        value.metricName === 'storymade_http_request_duration_seconds_count' &&
        value.labels.route === 'page home' &&
        value.labels.status === '2xx',
    )
    .reduce((sum, value) => sum + value.value, 0);
};

describe('the page front', () => {
  it('answers a kept page the app has sent with the same status, headers and bytes, counted as the app counts', async () => {
    const fromApp = await keptAndCompressed('/');
    expect(fromApp.app).toBe(true);
    const rendered = renders;
    const counted = await frontHits();

    const fromFront = await get('/');
    expect(fromFront.app).toBe(false);
    expect(fromFront.status).toBe(200);
    expect(lasting(fromFront.headers)).toEqual(lasting(fromApp.headers));
    expect(fromFront.body.equals(fromApp.body)).toBe(true);
    expect(text(fromFront)).toContain('en-GB / no cart');
    expect(fromFront.headers['content-security-policy']).toContain("'sha256-");
    expect(fromFront.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(fromFront.headers['x-request-id']).not.toBe(fromApp.headers['x-request-id']);
    expect(renders).toBe(rendered);
    // In the request metrics as the app's own answers are.
    expect(await frontHits()).toBe(counted + 1);

    // A query of ads' and shared links' is the same page, as in the page cache; a proxy's request id is kept.
    const linked = await get('/?utm_source=news', { 'X-Request-Id': 'proxy-abc123' });
    expect(linked.app).toBe(false);
    expect(linked.body.equals(fromApp.body)).toBe(true);
    expect(linked.headers['x-request-id']).toBe('proxy-abc123');
  });

  it('leaves to the app what it does not know the same: a revalidation, another language or encoding, a visitor with a cart, HEAD', async () => {
    const kept = await keptAndCompressed('/');
    await get('/');
    expect((await get('/')).app).toBe(false);

    const revalidated = await get('/', { 'If-None-Match': kept.headers.etag! });
    expect(revalidated).toMatchObject({ app: true, status: 304 });

    const latvian = await get('/', { Cookie: 'LANGUAGE_CODE=lv' });
    expect(latvian.app).toBe(true);
    const latvianAgain = await keptAndCompressed('/', { Cookie: 'LANGUAGE_CODE=lv' });
    expect(text(latvianAgain)).toContain('lv / no cart');
    expect((await get('/', { Cookie: 'LANGUAGE_CODE=lv' })).app).toBe(false);
    // The browser's languages decide without the cookie: learned apart.
    expect((await get('/', { 'Accept-Language': 'lv' })).app).toBe(true);

    const gzip = await get('/', { 'Accept-Encoding': 'gzip' });
    expect(gzip).toMatchObject({ app: true });
    expect(gzip.headers['content-encoding']).toBe('gzip');

    // The render read the cart cookie: a visitor with a cart gets a page of their own.
    await keptAndCompressed('/', { Cookie: 'LANGUAGE_CODE=en-GB' });
    expect((await get('/', { Cookie: 'LANGUAGE_CODE=en-GB' })).app).toBe(false);
    const withCart = await get('/', { Cookie: 'LANGUAGE_CODE=en-GB; sm_cart=abc' });
    expect(withCart.app).toBe(true);
    expect(text(withCart)).toContain('cart abc');
    expect(withCart.headers['cache-control']).toContain('no-store');

    expect((await get('/', {}, 'HEAD')).app).toBe(true);
    expect((await get('/', { Cookie: 'LANGUAGE_CODE=lv; LANGUAGE_CODE=en-GB' })).app).toBe(true);
  });

  it('stops answering a page once the app would render it anew: a review decided, new reference data, its time over', async () => {
    await keptAndCompressed('/');
    await get('/');
    expect((await get('/')).app).toBe(false);

    // A review decided for this language: the home page's variant changed.
    reviewsChanged(database.db, 'en-GB');
    const rendered = renders;
    const afterReview = await get('/');
    expect(afterReview.app).toBe(true);
    expect(renders).toBe(rendered + 1);
    // Another language's reviews are not this page's.
    await keptAndCompressed('/');
    await get('/');
    reviewsChanged(database.db, 'lv');
    expect((await get('/')).app).toBe(false);

    // New prices (reference data): every kept page goes.
    pages.clear();
    expect((await get('/')).app).toBe(true);

    // The page cache's time to live.
    await keptAndCompressed('/');
    await get('/');
    expect((await get('/')).app).toBe(false);
    clock += 61_000;
    expect((await get('/')).app).toBe(true);
  });
});
