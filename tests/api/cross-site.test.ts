import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages, orders, subscribers } from '#server/db/schema/shop.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { savePayload } from './orders-helpers.ts';

// Cross-site requests are refused (server/middleware/same-origin.ts): a body that is not JSON is a
// 415 and a request another site sent is a 403, on every state-changing route; our own pages pass.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const ID = 'A'.repeat(24);
/** Every state-changing call of the API, with a body the route would accept as JSON. */
const CALLS: [method: string, path: string, body: unknown][] = [
  ['POST', '/api/order', savePayload()],
  ['POST', '/api/orderItems', savePayload({ orderId: ID })],
  ['PUT', `/api/orderItems/${ID}`, savePayload()],
  ['DELETE', `/api/orderItems/${ID}`, undefined],
  ['POST', `/api/order/${ID}/discount`, { code: 'MULTI25' }],
  ['POST', '/api/Subscriptions', { email: 'a@example.lv', preferredLanguage: 'lv' }],
  ['POST', `/api/subscriptions/confirm/${ID}`, undefined],
  ['POST', `/api/subscriptions/unsubscribe/${ID}`, undefined],
  ['POST', '/api/QuestionnaireResponses', { QuestionnaireId: 1, SubscriberId: ID, Responses: [] }],
  ['POST', '/api/contact', { from_name: 'Anna', email: 'a@example.lv', message: 'Hi' }],
  [
    'POST',
    '/api/preview/generateImage',
    { childName: 'Anna', page: 'cover', language: 'lv', gender: 'girl' },
  ],
  [
    'POST',
    '/api/preview/generateDedicationImage',
    { childName: 'Anna', language: 'lv', gender: 'girl', dedication: 'Hi' },
  ],
  ['POST', '/api/a-route-added-later', {}],
];

const FORMS: [string, string][] = [
  ['text/plain', '{"email":"a@example.lv","preferredLanguage":"lv"}'],
  ['application/x-www-form-urlencoded', 'email=a%40example.lv&preferredLanguage=lv'],
  [
    'multipart/form-data; boundary=x',
    '--x\r\nContent-Disposition: form-data; name="email"\r\n\r\na@example.lv\r\n--x--\r\n',
  ],
];

async function stored() {
  const db = t.database.db;
  return [
    (await db.select().from(orders)).length,
    (await db.select().from(subscribers)).length,
    (await db.select().from(contactMessages)).length,
  ];
}

describe('state-changing calls', () => {
  it.each(CALLS)('%s %s answers 415 to a form, text or multipart body', async (method, path) => {
    for (const [type, body] of FORMS) {
      const res = await t.request(path, { method, headers: { 'Content-Type': type }, body });
      expect(res.status, type).toBe(415);
      expect(((await res.json()) as { error: string }).error).toMatch(/JSON/);
    }
    // A body with no type at all is not read either.
    expect((await t.request(path, { method, body: '{}' })).status).toBe(415);
    expect(await stored()).toEqual([0, 0, 0]);
  });

  it.each(CALLS)('%s %s answers 403 when another site sends it', async (method, path, body) => {
    const json = body === undefined ? {} : { json: body };
    const cases: Record<string, string>[] = [
      { Origin: 'https://evil.example' },
      { Origin: 'null' },
      { 'Sec-Fetch-Site': 'cross-site' },
      { 'Sec-Fetch-Site': 'same-site', Origin: 'https://shop.localhost' },
      { Origin: 'http://localhost.evil.example' },
    ];
    for (const headers of cases) {
      const res = await t.request(path, { method, headers, ...json });
      expect(res.status, JSON.stringify(headers)).toBe(403);
    }
    expect(await stored()).toEqual([0, 0, 0]);
  });
});

describe('our own pages', () => {
  it('pass with their Origin (the request host or PUBLIC_URL) and Sec-Fetch-Site', async () => {
    const own = { Origin: 'http://localhost', 'Sec-Fetch-Site': 'same-origin' };
    const created = await t.request('/api/order', {
      method: 'POST',
      headers: own,
      json: savePayload(),
    });
    expect(created.status).toBe(201);
    const { orderItemId } = (await created.json()) as { orderItemId: string };
    const viaPublicUrl = { Origin: 'http://localhost:3000', 'Sec-Fetch-Site': 'same-origin' };
    expect(
      (
        await t.request('/api/contact', {
          method: 'POST',
          headers: viaPublicUrl,
          json: CALLS[9]![2],
        })
      ).status,
    ).toBe(200);
    // JSON with a charset, a bodyless DELETE, and reads from anywhere.
    expect(
      (
        await t.request('/api/order', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json; charset=utf-8' },
          body: JSON.stringify(savePayload()),
        })
      ).status,
    ).toBe(201);
    expect(
      (await t.request(`/api/orderItems/${orderItemId}`, { method: 'DELETE', headers: own }))
        .status,
    ).toBe(204);
    expect(
      (
        await t.request('/api/health', {
          headers: { Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' },
        })
      ).status,
    ).toBe(200);
  });
});
