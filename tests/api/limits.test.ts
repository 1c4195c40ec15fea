import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { characterSetToAssetNames, defaultCharacters } from '#book/character-set.ts';
import { CART_KEY_COOKIE } from '#contract/orders.ts';
import { createApp } from '#server/app.ts';
import { readEnv } from '#server/env.ts';
import {
  createPreviewService,
  type PreviewService,
} from '#server/services/rendering/preview-service.ts';
import {
  DEFAULT_RATE_LIMITS,
  resolveRateLimits,
  type RateLimits,
} from '#server/platform/rate-limits.ts';
import { forgetProxyWarning } from '#server/routes/rate-limit.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { captureLogs } from './log-capture.ts';
import { manualClock } from './mail-helpers.ts';
import { savePayload } from './orders-helpers.ts';

// Per-client limits on the order writes and on new preview renders, as a client behind the shop's
// proxy (TRUST_PROXY=1) meets them: 429 with Retry-After, each client counted on its own.

let t: TestApp;
let previews: PreviewService;
beforeAll(async () => {
  t = await createTestApp();
  // One worker and no read-ahead: every new page is one render, asked for by the test alone.
  previews = createPreviewService({ workers: 1, readAhead: 0 });
});
afterAll(async () => {
  await previews.close();
  await t.close();
});

const HOUR = 3_600_000;

/** An app on the test database with its own limits and clock; requests come from `ip`. */
function shopWith(rateLimits: Partial<RateLimits>) {
  const clock = manualClock();
  const app = createApp({
    database: t.database,
    client: null,
    publicUrl: 'http://localhost:3000',
    previews,
    previewDiagnostics: true,
    messaging: { trustProxy: true, now: clock.now, rateLimits },
  });
  // The browser's cart key (the cookie POST /api/order sets), sent back as a browser does.
  let cartKey: string | undefined;
  const send = async (
    ip: string,
    path: string,
    init: { method?: string; json?: unknown; cookie?: string } = {},
  ) => {
    const cookies = [init.cookie, cartKey].filter(Boolean).join('; ');
    const res = await app.request(path, {
      method: init.method ?? (init.json === undefined ? 'GET' : 'POST'),
      headers: {
        'X-Forwarded-For': ip,
        ...(init.json === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...(cookies ? { Cookie: cookies } : {}),
      },
      ...(init.json === undefined ? {} : { body: JSON.stringify(init.json) }),
    });
    const set = res.headers.getSetCookie().find((c) => c.startsWith(`${CART_KEY_COOKIE}=`));
    if (set) cartKey = set.split(';')[0];
    return res;
  };
  return { send, clock };
}

async function expectTooMany(res: Response, retryAfter: number) {
  expect(res.status).toBe(429);
  expect(res.headers.get('retry-after')).toBe(String(retryAfter));
  expect(((await res.json()) as { error: string }).error).toBe(
    `Too many requests. Please try again in ${retryAfter} seconds.`,
  );
}

describe('new orders', () => {
  it('are limited per client per window; a retry of the same save counts too', async () => {
    const { send, clock } = shopWith({ newOrders: { limit: 2, windowMs: HOUR } });
    const a = '198.51.100.10';
    expect((await send(a, '/api/order', { json: savePayload() })).status).toBe(201);
    expect((await send(a, '/api/order', { json: savePayload() })).status).toBe(201);
    await expectTooMany(await send(a, '/api/order', { json: savePayload() }), 3600);
    // Another parent is not affected.
    expect((await send('198.51.100.11', '/api/order', { json: savePayload() })).status).toBe(201);
    clock.advance(HOUR);
    expect((await send(a, '/api/order', { json: savePayload() })).status).toBe(201);
  });
});

describe('writes to an order', () => {
  it('share one count across adding, changing and removing books and coupons; reading is not limited', async () => {
    const { send } = shopWith({ orderWrites: { limit: 4, windowMs: HOUR } });
    const ip = '198.51.100.20';
    const created = await send(ip, '/api/order', { json: savePayload() });
    const { orderId, orderItemId } = (await created.json()) as {
      orderId: string;
      orderItemId: string;
    };

    const added = await send(ip, '/api/orderItems', { json: savePayload({ orderId }) });
    expect(added.status).toBe(201);
    const { id: second } = (await added.json()) as { id: string };
    expect(
      (
        await send(ip, `/api/orderItems/${orderItemId}`, {
          method: 'PUT',
          json: savePayload({ orderId }),
        })
      ).status,
    ).toBe(200);
    expect(
      (await send(ip, `/api/order/${orderId}/discount`, { json: { code: 'MULTI25' } })).status,
    ).toBe(200);
    expect((await send(ip, `/api/orderItems/${second}`, { method: 'DELETE' })).status).toBe(204);
    await expectTooMany(
      await send(ip, '/api/orderItems', { json: savePayload({ orderId }) }),
      3600,
    );
    await expectTooMany(
      await send(ip, `/api/orderItems/${orderItemId}`, { method: 'DELETE' }),
      3600,
    );

    // What the parent saved is still there, and can still be read.
    for (let i = 0; i < 10; i += 1) {
      expect((await send(ip, `/api/order/summary/${orderId}?country=en-GB`)).status).toBe(200);
    }
    expect(
      (await send(ip, `/api/orderItems/${orderItemId}`, { cookie: `ORDER_ID_en-GB=${orderId}` }))
        .status,
    ).toBe(200);
    expect((await send(ip, `/api/order/${orderId}/status`)).status).toBe(200);
    // A different client writes as usual.
    expect(
      (await send('198.51.100.21', '/api/orderItems', { json: savePayload({ orderId }) })).status,
    ).toBe(201);
  });
});

describe('preview renders', () => {
  const page = (childName: string, pageId: string) => ({
    json: {
      childName,
      page: pageId,
      personalizationDetails: characterSetToAssetNames(defaultCharacters('girl')),
      language: 'en-GB',
      gender: 'girl',
    },
  });

  it('count only images that need drawing: pages already drawn stay free, and each client has its own budget', async () => {
    const { send, clock } = shopWith({ previewRenders: { limit: 2, windowMs: 600_000 } });
    const ip = '198.51.100.30';
    const first = await send(ip, '/api/preview/generateImage', page('Līga', 'cover'));
    expect(first.status).toBe(200);
    expect(first.headers.get('x-preview-cache')).toBe('render');
    expect((await send(ip, '/api/preview/generateImage', page('Līga', 'page_1-2'))).status).toBe(
      200,
    );
    await expectTooMany(
      await send(ip, '/api/preview/generateImage', page('Līga', 'page_3-4')),
      600,
    );

    // Turning back to pages already drawn costs nothing, however often.
    for (let i = 0; i < 3; i += 1) {
      const again = await send(ip, '/api/preview/generateImage', page('Līga', 'cover'));
      expect(again.status).toBe(200);
      expect(again.headers.get('x-preview-cache')).toBe('memory');
    }
    // Another client's new page is drawn; the first client's next window opens later.
    expect(
      (await send('198.51.100.31', '/api/preview/generateImage', page('Jānis', 'cover'))).status,
    ).toBe(200);
    clock.advance(600_000);
    expect((await send(ip, '/api/preview/generateImage', page('Līga', 'page_3-4'))).status).toBe(
      200,
    );
  });
});

describe('behind a proxy without TRUST_PROXY', () => {
  it('tells the operator once that every visitor would share one limit', async () => {
    // The API files share a process: another file's request may have given the warning already.
    forgetProxyWarning();
    const logs = captureLogs();
    try {
      const app = createApp({
        database: t.database,
        client: null,
        publicUrl: 'http://localhost:3000',
        previews,
      });
      for (const ip of ['203.0.113.1', '203.0.113.2']) {
        await app.request('/api/order', {
          method: 'POST',
          headers: { 'X-Forwarded-For': ip, 'Content-Type': 'application/json' },
          body: '{}',
        });
      }
      const lines = logs.lines
        .map((line) => (JSON.parse(line) as { msg: string }).msg)
        .filter((msg) => msg.includes('TRUST_PROXY'));
      expect(lines).toEqual([
        expect.stringMatching(/X-Forwarded-For but TRUST_PROXY is not set.*Set TRUST_PROXY=1/),
      ]);
    } finally {
      logs.restore();
    }
  });
});

describe('the defaults and RATE_LIMIT_SCALE', () => {
  it('leave a parent room: several previews, books and saves', () => {
    expect(DEFAULT_RATE_LIMITS.previewRenders.limit).toBeGreaterThanOrEqual(10 * 24);
    expect(DEFAULT_RATE_LIMITS.newOrders.limit).toBeGreaterThanOrEqual(3);
    expect(DEFAULT_RATE_LIMITS.orderWrites.limit).toBeGreaterThanOrEqual(100);
  });

  it('scale every limit, and refuse a scale that is not a positive number', () => {
    const scaled = resolveRateLimits({ contact: { limit: 3, windowMs: 60_000 } }, 10);
    expect(scaled.contact).toEqual({ name: 'contact', limit: 30, windowMs: 60_000 });
    expect(scaled.newOrders.limit).toBe(DEFAULT_RATE_LIMITS.newOrders.limit * 10);
    expect(readEnv({}).rateLimitScale).toBe(1);
    expect(readEnv({ RATE_LIMIT_SCALE: '50' }).rateLimitScale).toBe(50);
    expect(() => readEnv({ RATE_LIMIT_SCALE: '0' })).toThrow(/RATE_LIMIT_SCALE/);
    expect(() => readEnv({ RATE_LIMIT_SCALE: 'lots' })).toThrow(/RATE_LIMIT_SCALE/);
  });
});
