import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNPRINTABLE_MESSAGE } from '#contract/text.ts';
import { contactMessages, orderItems, questionnaireResponses } from '#server/db/schema.ts';
import { summarizeError } from '#server/middleware/errors.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { appWith, type Send } from './mail-helpers.ts';
import { savePayload } from './orders-helpers.ts';

// One rule for text at the edge (contract/text.ts): control characters in any string of any
// request are a 400 with a field error, and nothing is stored.

let t: TestApp;
let send: Send;
beforeAll(async () => {
  t = await createTestApp();
  send = appWith(t.database);
});
afterAll(async () => {
  await t.close();
});

type ErrorBody = { error: string; fields?: Record<string, string[]> };

async function expectRefused(res: Response, field: string) {
  expect(res.status).toBe(400);
  const body = (await res.json()) as ErrorBody;
  expect(body.fields?.[field]).toEqual([UNPRINTABLE_MESSAGE]);
}

describe('control characters', () => {
  it('are refused in the contact message (NUL, the finding), the name and an extra field; nothing is stored', async () => {
    const valid = { from_name: 'Anna', email: 'anna@example.lv', message: 'Hello' };
    await expectRefused(await send('/api/contact', { json: { ...valid, message: 'Hi\u0000there' } }), 'message');
    await expectRefused(await send('/api/contact', { json: { ...valid, from_name: 'An\u001bna' } }), 'from_name');
    await expectRefused(await send('/api/contact', { json: { ...valid, message: 'x\u009by' } }), 'message');
    await expectRefused(await send('/api/contact', { json: { ...valid, message: 'half \ud800 a pair' } }), 'message');
    expect(await t.database.db.select().from(contactMessages)).toHaveLength(0);
    // Line breaks (every kind a dedication counts) and tabs are text.
    expect((await send('/api/contact', { json: { ...valid, message: 'Line one\r\nline\ttwo\vthree\ffour\u0085five\u2028six' } })).status).toBe(200);
  });

  it('are refused in the survey (SubscriberId and ResponseText with NUL, the finding)', async () => {
    const responses = [1, 2, 3, 4, 5].map((QuestionId) => ({ QuestionId, ResponseText: 'sports' }));
    await expectRefused(
      await send('/api/QuestionnaireResponses', { json: { QuestionnaireId: 1, SubscriberId: 'abc\u0000def', Responses: responses } }),
      'SubscriberId',
    );
    const broken = responses.map((r, i) => (i === 2 ? { ...r, ResponseText: 'a\u0000b' } : r));
    await expectRefused(
      await send('/api/QuestionnaireResponses', { json: { QuestionnaireId: 1, SubscriberId: 'x'.repeat(24), Responses: broken } }),
      'Responses.2.ResponseText',
    );
    expect(await t.database.db.select().from(questionnaireResponses)).toHaveLength(0);
  });

  it('are refused deep in a save payload, in object keys and in query parameters', async () => {
    const payload = savePayload();
    const res = await t.request('/api/order', {
      method: 'POST',
      json: { ...payload, child: { ...payload.child, personalization: { ...payload.child.personalization, accessories: ['a\u0007'] } } },
    });
    await expectRefused(res, 'child.personalization.accessories.0');
    await expectRefused(await t.request('/api/order', { method: 'POST', json: { ...payload, 'k\u0000': 1 } }), 'body');
    await expectRefused(await t.request('/api/product/coverOptions?country=lv%00'), 'query.country');
    expect(await t.database.db.select().from(orderItems)).toHaveLength(0);
  });
});

describe('a database error', () => {
  it('is logged without the values of the query', async () => {
    let caught: unknown;
    try {
      await t.database.db.execute(sql`select ${'anna.secret@example.lv'}::int as n`);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(Error);
    expect(String((caught as Error).message)).toContain('anna.secret'); // what would have been logged
    const summary = summarizeError(caught);
    expect(summary.code).toBe('22P02');
    expect(summary.query).toContain('$1');
    expect(JSON.stringify(summary)).not.toContain('anna.secret');
  });
});
