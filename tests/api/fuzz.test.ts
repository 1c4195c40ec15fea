import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages, orderItems, questionnaireResponses } from '#server/db/schema.ts';
import { hasUnprintable } from '#contract/text.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { appWith, ROOMY_LIMITS, type Send } from './mail-helpers.ts';
import { savePayload } from './orders-helpers.ts';

// The attack, kept: hostile requests over every endpoint, built from valid payloads with parts
// replaced by hostile values (control characters, direction controls and zero-width characters,
// huge strings, wrong types, deep nesting). No answer may be a 5xx, and nothing stored may hold
// what a valid request could not store.

let t: TestApp;
let orderId: string;
let itemId: string;
/** The forms with limits out of reach, so every hostile body is read rather than answered 429. */
let forms: Send;
beforeAll(async () => {
  t = await createTestApp();
  forms = appWith(t.database, { rateLimits: ROOMY_LIMITS });
  const res = await t.request('/api/order', { method: 'POST', json: savePayload() });
  ({ orderId, orderItemId: itemId } = (await res.json()) as {
    orderId: string;
    orderItemId: string;
  });
});
afterAll(async () => {
  await t.close();
});

const hostileString = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(
    '\u0000',
    'a\u0000b',
    '\ud800',
    '\u0085',
    '<script>',
    "' or 1=1 --",
    '../../etc/passwd',
    'x'.repeat(5000),
    '%00',
    '{{7*7}}',
  ),
  // Direction controls and invisible characters (issue 31): the subject read 'Contact form: Anna‮gnp.exe'.
  fc.constantFrom(
    'Anna\u202Egnp.exe',
    '\u2066Anna\u2069',
    'An\u200Bna',
    '\uFEFF',
    '\u3164',
    'An\u00ADna',
    '\u200F\u061C',
    'x\u2060y',
    'a\u{E0041}b',
    '\u180E',
  ),
  fc
    .tuple(
      fc.string({ maxLength: 8 }),
      fc.constantFrom(
        '\u202A',
        '\u202B',
        '\u202C',
        '\u202D',
        '\u202E',
        '\u2066',
        '\u2067',
        '\u2068',
        '\u2069',
        '\u200B',
        '\u200E',
        '\u200F',
      ),
      fc.string({ maxLength: 8 }),
    )
    .map((parts) => parts.join('')),
);
const hostileValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    hostileString,
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(hostileString, tie('value'), { maxKeys: 4 }),
  ),
})).value;

/** A valid body with one field (at any depth) replaced by a hostile value. */
function mutated(valid: Record<string, unknown>) {
  const paths: string[][] = [];
  const walk = (node: unknown, path: string[]) => {
    paths.push(path);
    if (node && typeof node === 'object')
      for (const [k, v] of Object.entries(node)) walk(v, [...path, k]);
  };
  walk(valid, []);
  return fc
    .tuple(fc.constantFrom(...paths.filter((p) => p.length > 0)), hostileValue)
    .map(([path, value]) => {
      const copy = structuredClone(valid);
      let node = copy as Record<string, unknown>;
      for (const key of path.slice(0, -1)) node = node[key] as Record<string, unknown>;
      node[path.at(-1)!] = value;
      return copy;
    });
}

const endpoints = (): [string, string, Record<string, unknown> | null][] => [
  ['POST', '/api/order', savePayload()],
  ['POST', '/api/orderItems', savePayload({ orderId })],
  ['PUT', `/api/orderItems/${itemId}`, savePayload({ orderId })],
  ['POST', `/api/order/${orderId}/discount`, { code: 'MULTI25' }],
  ['POST', '/api/Subscriptions', { email: 'fuzz@example.lv', preferredLanguage: 'lv' }],
  [
    'POST',
    '/api/QuestionnaireResponses',
    {
      QuestionnaireId: 1,
      SubscriberId: 'A'.repeat(24),
      Responses: [1, 2, 3, 4, 5].map((QuestionId) => ({ QuestionId, ResponseText: 'x' })),
    },
  ],
  ['POST', '/api/contact', { from_name: 'Fuzz', email: 'fuzz@example.lv', message: 'Hello' }],
  [
    'POST',
    '/api/preview/generateDedicationImage',
    {
      childName: 'Anna',
      language: 'lv',
      gender: 'girl',
      dedication: 'Hi',
      personalizationDetails: [],
    },
  ],
];

describe('hostile requests', () => {
  it('over every endpoint get no 5xx, and nothing stored holds an unprintable character', async () => {
    let sent = 0;
    for (const [method, path, valid] of endpoints()) {
      await fc.assert(
        fc.asyncProperty(fc.oneof(mutated(valid!), hostileValue), async (body) => {
          const send = /Subscriptions|Questionnaire|contact/.test(path) ? forms : t.request;
          const res = await send(path, { method, json: body });
          sent += 1;
          expect(
            res.status,
            `${method} ${path} ${JSON.stringify(body).slice(0, 300)}`,
          ).toBeLessThan(500);
        }),
        { numRuns: 70, seed: 14 },
      );
    }
    // Hostile paths and queries on the reads.
    await fc.assert(
      fc.asyncProperty(hostileString, async (text) => {
        const id = encodeURIComponent(text);
        for (const path of [
          `/api/order/summary/${id}?country=lv`,
          `/api/order/summary/${orderId}?country=${id}&countryId=${id}`,
          `/api/orderItems/${id}`,
          `/api/order/${id}/status`,
          `/api/subscriptions/confirm/${id}`,
          `/api/preview/images/${id}`,
        ]) {
          const res = await t.request(path, path.includes('confirm') ? { method: 'POST' } : {});
          sent += 1;
          expect(res.status, path).toBeLessThan(500);
        }
      }),
      { numRuns: 20, seed: 14 },
    );
    expect(sent).toBeGreaterThanOrEqual(500);
    const stored = [
      ...(await t.database.db.select().from(orderItems)).flatMap((r) => [
        r.childName,
        r.dedication,
        r.dadName ?? '',
        r.mumName ?? '',
      ]),
      ...(await t.database.db.select().from(contactMessages)).flatMap((r) => [
        r.fromName,
        r.email,
        r.message,
      ]),
      ...(await t.database.db.select().from(questionnaireResponses)).map((r) => r.responseText),
    ];
    expect(stored.filter(hasUnprintable)).toEqual([]);
  }, 240_000);
});
