import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminClient, adminApp, signedIn, type AdminApp } from './admin-helpers.ts';
import { createTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
let app: AdminApp;

/** What only owners may call (the expectation; the server keeps its own list). */
const OWNER_ONLY = [
  'GET /api/admin/staff',
  'POST /api/admin/staff',
  'DELETE /api/admin/staff/:staffId',
  'GET /api/admin/audit',
  'GET /api/admin/subscribers',
  'GET /api/admin/subscribers/confirmed.csv',
  'GET /api/admin/survey',
  'POST /api/admin/personal-data/export',
  'POST /api/admin/personal-data/erase',
  'POST /api/admin/orders/:orderId/refunds',
  'POST /api/admin/orders/:orderId/refunds/preview',
  'GET /api/admin/reviews',
  'PATCH /api/admin/reviews/:id',
  'GET /api/admin/reviews/:id/photo.webp',
  'POST /api/admin/payment-alerts/:id',
  'POST /api/admin/orders/:orderId/print-partner/retry',
  'POST /api/admin/orders/:orderId/print-partner/cancel',
];

/** Every admin route the app has, read from the app itself (middleware is method ALL). */
function adminRoutes(): { method: string; path: string }[] {
  const seen = new Set<string>();
  return app.routes
    .filter(
      (route) =>
        route.path.startsWith('/api/admin/') && route.method !== 'ALL' && !route.path.includes('*'),
    )
    .filter(
      (route) =>
        !seen.has(`${route.method} ${route.path}`) && seen.add(`${route.method} ${route.path}`),
    );
}

/** A concrete URL for a route pattern: ids that look real, a file name that matches. */
function urlOf(path: string): string {
  return path
    .replace(/:file\{[^}]*\}/, 'interior.pdf')
    .replace(/:staffId|:messageId/g, '1')
    .replace(/:\w+/g, 'AAAAAAAAAAAAAAAAAAAAAAAA');
}

const ORIGIN = { Origin: 'http://localhost:3000' };

beforeAll(async () => {
  t = await createTestApp();
  app = adminApp(t.database);
});
afterAll(async () => {
  await t.close();
});

describe('every /api/admin route', () => {
  it('has routes to walk (the walk would pass on an empty list)', () => {
    const keys = adminRoutes().map((r) => `${r.method} ${r.path}`);
    expect(keys.length).toBeGreaterThanOrEqual(18);
    for (const key of OWNER_ONLY) expect(keys).toContain(key);
    expect(keys).toContain('POST /api/admin/orders/:orderId/status');
  });

  it('answers 401 and no data without a session (sign-in excepted)', async () => {
    for (const route of adminRoutes()) {
      if (route.method === 'POST' && route.path === '/api/admin/session') continue;
      const res = await app.request(urlOf(route.path), {
        method: route.method,
        headers: { 'Content-Type': 'application/json', ...ORIGIN },
        ...(route.method === 'GET' ? {} : { body: '{}' }),
      });
      expect(res.status, `${route.method} ${route.path}`).toBe(401);
      expect(await res.json(), `${route.method} ${route.path}`).toEqual({
        error: 'Please sign in.',
        requestId: expect.any(String),
      });
    }
  });

  it('answers 401 to a made-up session cookie too', async () => {
    for (const route of adminRoutes().filter((r) => r.method === 'GET')) {
      const res = await app.request(urlOf(route.path), {
        headers: { Cookie: 'sm_admin_session=forged-token-forged-token-forged-token-00' },
      });
      expect(res.status, route.path).toBe(401);
    }
  });

  it('answers 403 to staff on the owner-only routes, and not on the others', async () => {
    const staff = await signedIn(app, t.database, 'walker@example.com', 'staff');
    for (const route of adminRoutes()) {
      const key = `${route.method} ${route.path}`;
      if (key === 'DELETE /api/admin/session' || key === 'POST /api/admin/session') continue;
      const res = await staff.send(urlOf(route.path), {
        method: route.method,
        ...(route.method === 'GET' ? {} : { json: {} }),
      });
      if (OWNER_ONLY.includes(key)) {
        expect(res.status, key).toBe(403);
        expect(Object.keys((await res.json()) as object).sort(), key).toEqual([
          'code',
          'error',
          'requestId',
        ]);
      } else {
        expect([200, 400, 404], key).toContain(res.status);
      }
    }
  });

  it('lets the owner through the owner-only routes', async () => {
    const owner = await signedIn(app, t.database, 'walk-owner@example.com', 'owner');
    for (const key of OWNER_ONLY) {
      const [method, path] = key.split(' ') as [string, string];
      const res = await owner.send(urlOf(path), {
        method,
        ...(method === 'GET' ? {} : { json: {} }),
      });
      expect(res.status, key).not.toBe(403);
      expect(res.status, key).not.toBe(401);
    }
    expect((await new AdminClient(app).send('/api/admin/unknown')).status).toBe(401);
  });
});
