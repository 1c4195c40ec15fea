import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '#server/app.ts';
import type { PreviewService } from '#server/services/rendering/preview-service.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { captureLogs } from './log-capture.ts';
import { mailsTo, ROOMY_LIMITS, tokenFrom } from './mail-helpers.ts';
import { savePayload } from './orders-helpers.ts';

// Structured logs (server/runtime/log.ts): JSON lines, a request id in each and in every error answer, and
// no personal data or access-granting id in any of them.

let lines: string[];
let restore: () => void;
let t: TestApp;
let app: ReturnType<typeof createApp>;

/** A preview service whose renders fail as a bug would: the app answers 500. */
const broken = {
  keyOf: () => 'f'.repeat(64),
  render: () => Promise.reject(new Error('renderer exploded for Anna <anna.private@example.lv>')),
  cached: () => Promise.resolve(null),
  drawnOrDrawing: () => Promise.resolve(false),
  warmUp: () => Promise.resolve(),
  stats: () => ({ renders: 0, readAheads: 0, inFlight: 0, cache: { entries: 0, bytes: 0 } }),
  close: () => Promise.resolve(),
} as unknown as PreviewService;

beforeAll(async () => {
  ({ lines, restore } = captureLogs());
  t = await createTestApp();
  app = createApp({
    database: t.database,
    client: null,
    publicUrl: 'http://localhost:3000',
    logRequests: true,
    previews: broken,
    messaging: { rateLimits: ROOMY_LIMITS },
  });
});
afterAll(async () => {
  restore();
  await t.close();
});

const post = (path: string, json: unknown, headers: Record<string, string> = {}) =>
  app.request(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(json),
  });

describe('the logs', () => {
  it('carry a request id in every line and no personal data or access-granting id', async () => {
    const secrets: string[] = [
      'anna.private@example.lv',
      'Annija Privāta',
      'My very private message',
    ];
    expect(
      (
        await post('/api/contact', {
          from_name: secrets[1],
          email: secrets[0],
          message: secrets[2],
        })
      ).status,
    ).toBe(200);
    const signup = await post('/api/Subscriptions', {
      email: 'anna.private@example.lv',
      preferredLanguage: 'lv',
    });
    secrets.push((await signup.json()) as string);
    const [mail] = await mailsTo(t.database, 'anna.private@example.lv');
    const token = tokenFrom(mail!.text, 'confirm-subscription');
    secrets.push(token);
    expect(
      (await app.request(`/api/subscriptions/confirm/${token}`, { method: 'POST' })).status,
    ).toBe(200);
    const created = await post(
      '/api/order',
      savePayload({ child: { ...savePayload().child, name: 'Ziedonis' } }),
    );
    const { orderId, orderItemId } = (await created.json()) as {
      orderId: string;
      orderItemId: string;
    };
    // The cart's key (its cookie) is a secret too: sent back as the browser does, never logged.
    const cartKey = created.headers.getSetCookie()[0]!.split(';')[0]!;
    secrets.push(orderId, orderItemId, 'Ziedonis', cartKey.split('=')[1]!);
    expect(
      (
        await app.request(`/api/order/summary/${orderId}?country=lv`, {
          headers: { Cookie: cartKey },
        })
      ).status,
    ).toBe(200);
    // A bug (500) whose error message quotes a visitor.
    const failed = await post('/api/preview/generateImage', {
      childName: 'Anna',
      page: 'cover',
      language: 'lv',
      gender: 'girl',
    });
    expect(failed.status).toBe(500);

    expect(lines.length).toBeGreaterThanOrEqual(7);
    const parsed = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const requestLines = parsed.filter((line) => line.msg === 'request');
    expect(requestLines.length).toBeGreaterThanOrEqual(6);
    for (const line of parsed)
      expect(line.requestId, JSON.stringify(line)).toEqual(expect.any(String));
    expect(requestLines.map((line) => line.path)).toContain('/api/order/summary/:id');
    const error = parsed.find((line) => line.msg === 'unhandled error');
    expect(error?.requestId).toBe(failed.headers.get('x-request-id'));
    for (const secret of secrets) {
      expect(lines.join('\n'), secret).not.toContain(secret);
    }
  });

  it('name the request in every error answer (header and body) and keep a proxy’s plain request id', async () => {
    const bad = await post('/api/contact', { email: 'nope' });
    expect(bad.status).toBe(400);
    const id = bad.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(((await bad.json()) as { requestId?: string }).requestId).toBe(id);
    const missing = await app.request('/api/nothing-here', {
      headers: { 'X-Request-Id': 'edge-42' },
    });
    expect(missing.status).toBe(404);
    expect(missing.headers.get('x-request-id')).toBe('edge-42');
    expect(await missing.json()).toMatchObject({ requestId: 'edge-42' });
    const forged = await app.request('/api/health', { headers: { 'X-Request-Id': 'a b<script>' } });
    expect(forged.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('leave no id, token or e-mail of a mistyped or hostile path in the log (issue 31, finding 5)', async () => {
    const created = await post('/api/order', savePayload());
    const { orderId, orderItemId } = (await created.json()) as {
      orderId: string;
      orderItemId: string;
    };
    const token = 'Zx9_' + 'q'.repeat(16) + '-T0k3n';
    const email = 'parent.private@example.lv';
    const paths = [
      `/order-status/${orderId}.`,
      `/order-status/${orderId})`,
      `/order-status/${orderId}%20`,
      `/order-status/${orderId}%2E`,
      `/order-status/(${orderId})`,
      `/order-status/${orderId},extra`,
      `/order-status/${orderId}/more`,
      `/api/order/summary/${orderId}.?country=lv`,
      `/api/order/${orderId}%20/status`,
      `/api/orderItems/${orderItemId})`,
      `/api/delivery/${orderId}.json`,
      `/api/admin/orders/${orderId}.`,
      `/api/subscriptions/confirm/${token}.`,
      `/unsubscribe/${token}>`,
      `/api/x/${email}`,
      `/api/x/${encodeURIComponent(email)}`,
      `/contact/${email.replace('@', '%40')}.`,
    ];
    const before = lines.length;
    for (const path of paths) {
      const res = await app.request(path);
      expect(res.status, path).toBeLessThan(500);
    }
    const written = lines.slice(before);
    const requestLines = written
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((line) => line.msg === 'request');
    expect(requestLines).toHaveLength(paths.length);
    const log = written.join('\n');
    for (const secret of [
      orderId,
      orderItemId,
      token,
      email,
      'parent.private',
      orderId.slice(0, 16),
      encodeURIComponent(email),
    ]) {
      expect(log, secret).not.toContain(secret);
    }
    expect(requestLines.map((line) => line.path)).toEqual(
      expect.arrayContaining([
        '/order-status/:id',
        '/api/order/:id/status',
        '/api/orderItems/:id',
        '/api/x/[email]',
        '/api/order/summary/:id',
      ]),
    );
  });
});
