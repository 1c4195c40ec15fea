import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type Document = { openapi: string; paths: Record<string, Record<string, unknown>> };

/** Hono's `/order/:orderId/items/:itemId/:file{cover\.(?:webp|jpg)}` as OpenAPI writes it. */
function openApiPath(path: string): string {
  return path.replace(/:([A-Za-z0-9_]+)(\{(?:[^{}]|\{[^{}]*\})*\})?/g, '{$1}');
}

describe('GET /api/openapi.json', () => {
  it('describes every route of the API', async () => {
    const res = await t.request('/api/openapi.json');
    expect(res.status).toBe(200);
    const document = (await res.json()) as Document;
    expect(document.openapi).toBe('3.1.0');
    const routes = t.app.routes
      .filter((route) => route.path.startsWith('/api/') && route.method !== 'ALL')
      .map((route) => `${route.method} ${openApiPath(route.path)}`);
    const described = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(routes.length).toBeGreaterThan(50);
    expect([...new Set(routes)].filter((route) => !described.includes(route))).toEqual([]);
    console.log(`routes described: ${new Set(described).size}`);
  });
});
