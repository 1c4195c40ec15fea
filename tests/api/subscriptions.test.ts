import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatRanking, SURVEY_QUESTIONS } from '#contract/subscriptions.ts';
import { questionnaireResponses, signups, subscribers } from '#server/db/schema/shop.ts';
import { clientKey } from '#server/routes/rate-limit.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import {
  appWith,
  mailsTo,
  manualClock,
  outbox,
  PUBLIC_URL,
  tokenFrom,
  type Send,
} from './mail-helpers.ts';

let t: TestApp;
let send: Send;
const clock = manualClock();

beforeAll(async () => {
  t = await createTestApp();
  send = appWith(t.database, { now: clock.now });
});
afterAll(async () => {
  await t.close();
});

type ErrorBody = { error: string; fields?: Record<string, string[]> };

async function subscribe(email: string, preferredLanguage = 'en-GB') {
  const res = await send('/api/Subscriptions', { json: { email, preferredLanguage } });
  expect(res.status).toBe(200);
  return (await res.json()) as string;
}

/** The subscriber a sign-up (by the id it answered) belongs to. */
async function subscriberRow(signupId: string) {
  const [row] = await t.database.db
    .select({ subscriber: subscribers })
    .from(signups)
    .innerJoin(subscribers, eq(subscribers.id, signups.subscriberId))
    .where(eq(signups.id, signupId));
  return row?.subscriber;
}

describe('POST /api/Subscriptions', () => {
  it('answers the subscriber id as a JSON string and mails the confirm and unsubscribe links', async () => {
    const res = await send('/api/Subscriptions', {
      json: { email: 'anna@example.lv', preferredLanguage: 'en-GB' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    const id = (await res.json()) as unknown;
    expect(typeof id).toBe('string');
    expect(id).toMatch(/^[A-Za-z0-9_-]{24}$/);

    const [mail, ...more] = await mailsTo(t.database, 'anna@example.lv');
    expect(more).toHaveLength(0);
    expect(mail).toMatchObject({
      subject: 'Please confirm your subscription to Storymade',
      transport: 'outbox',
    });
    const confirm = tokenFrom(mail!.text, 'confirm-subscription');
    const unsubscribe = tokenFrom(mail!.text, 'unsubscribe');
    expect(confirm).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(unsubscribe).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(new Set([id, confirm, unsubscribe]).size).toBe(3);
    expect(mail!.html).toContain(`href="${PUBLIC_URL}/confirm-subscription/${confirm}"`);
    expect(mail!.html).toContain(`href="${PUBLIC_URL}/unsubscribe/${unsubscribe}"`);
    expect(mail!.html).toContain('<html lang="en-GB">');
    expect(mail!.text).toContain('e-mail');

    const row = await subscriberRow(id as string);
    expect(row).toMatchObject({
      email: 'anna@example.lv',
      preferredLanguage: 'en-GB',
      confirmedAt: null,
      unsubscribedAt: null,
    });
  });

  it('writes the mail in the language asked for (matched case-insensitively)', async () => {
    const lvId = await subscribe('  Liga@Example.LV ', 'LV');
    const [lv] = await mailsTo(t.database, 'Liga@Example.LV');
    expect(lv!.subject).toBe('Apstipriniet pieteikšanos Storymade jaunumiem');
    expect(lv!.text).toContain('Paldies, ka pievienojāties Storymade piedzīvojumu kopienai.');
    expect(lv!.text).toContain(
      `Pārdomājāt? Jūs jebkurā brīdī varat atteikties no jaunumiem: ${PUBLIC_URL}/unsubscribe/`,
    );
    expect(lv!.html).toContain('<html lang="lv">');
    expect(lv!.html).toContain('Apstiprināt pieteikšanos');
    expect((await subscriberRow(lvId))?.preferredLanguage).toBe('lv');

    await subscribe('sam@example.com', 'en-us');
    const [us] = await mailsTo(t.database, 'sam@example.com');
    expect(us!.html).toContain('<html lang="en-US">');
    expect(us!.text).toContain('personalized books');
    expect(us!.text).not.toContain('e-mail');
  });

  it('keeps one subscriber per address, a fresh id per sign-up, and sends the mail again at most once in 10 minutes', async () => {
    const ids = [await subscribe('Repeat@Example.com', 'en-GB')];
    ids.push(await subscribe('repeat@example.COM', 'lv'));
    ids.push(await subscribe(' repeat@example.com ', 'lv'));
    expect(new Set(ids).size).toBe(3);
    expect(await mailsTo(t.database, 'Repeat@Example.com')).toHaveLength(1);
    const rows = await t.database.db
      .select()
      .from(subscribers)
      .where(eq(subscribers.emailKey, 'repeat@example.com'));
    expect(rows).toHaveLength(1);

    clock.advance(9 * 60_000);
    await subscribe('repeat@example.com', 'lv');
    expect(await mailsTo(t.database, 'Repeat@Example.com')).toHaveLength(1);

    clock.advance(60_000);
    const last = await subscribe('repeat@example.com', 'lv');
    const mails = await mailsTo(t.database, 'Repeat@Example.com');
    expect(mails).toHaveLength(2);
    // The mail is in this request's language with this request's link; the pending subscriber
    // keeps its language until a link is used, and the link confirms in its sign-up's language.
    expect(mails[1]!.subject).toBe('Apstipriniet pieteikšanos Storymade jaunumiem');
    expect(tokenFrom(mails[1]!.text, 'confirm-subscription')).not.toBe(
      tokenFrom(mails[0]!.text, 'confirm-subscription'),
    );
    expect(tokenFrom(mails[1]!.text, 'unsubscribe')).toBe(tokenFrom(mails[0]!.text, 'unsubscribe'));
    expect((await subscriberRow(last))?.preferredLanguage).toBe('en-GB');
    expect(
      (
        await send(
          `/api/subscriptions/confirm/${tokenFrom(mails[1]!.text, 'confirm-subscription')}`,
        )
      ).status,
    ).toBe(200);
    expect(await subscriberRow(last)).toMatchObject({
      preferredLanguage: 'lv',
      confirmedAt: expect.any(Date) as Date,
    });
  });

  it('gives concurrent requests for one address one subscriber and one mail', async () => {
    const ids = await Promise.all(
      ['same@example.lv', 'SAME@example.lv', 'same@EXAMPLE.lv', 'same@example.lv'].map((email) =>
        subscribe(email, 'lv'),
      ),
    );
    expect(new Set(ids).size).toBe(4);
    expect(
      await t.database.db
        .select()
        .from(subscribers)
        .where(eq(subscribers.emailKey, 'same@example.lv')),
    ).toHaveLength(1);
    const mails = (await outbox(t.database)).filter(
      (mail) => mail.to.toLowerCase() === 'same@example.lv',
    );
    expect(mails).toHaveLength(1);
  });

  it.each([
    ['a missing email', { preferredLanguage: 'lv' }, 'email'],
    ['an email without a dot', { email: 'anna@example', preferredLanguage: 'lv' }, 'email'],
    ['an email without an at-sign', { email: 'anna.example.lv', preferredLanguage: 'lv' }, 'email'],
    ['an email with a space', { email: 'an na@example.lv', preferredLanguage: 'lv' }, 'email'],
    [
      'two addresses in one',
      { email: 'a@example.lv,b@example.lv', preferredLanguage: 'lv' },
      'email',
    ],
    ['a name and address', { email: 'Anna <a@example.lv>', preferredLanguage: 'lv' }, 'email'],
    [
      'an overlong email',
      { email: `${'a'.repeat(250)}@example.lv`, preferredLanguage: 'lv' },
      'email',
    ],
    ['an email that is a number', { email: 42, preferredLanguage: 'lv' }, 'email'],
    [
      'an unknown language',
      { email: 'anna@example.lv', preferredLanguage: 'de' },
      'preferredLanguage',
    ],
    ['a missing language', { email: 'anna@example.lv' }, 'preferredLanguage'],
  ])('answers 400 with a field error for %s', async (_what, body, field) => {
    const res = await send('/api/Subscriptions', { json: body });
    expect(res.status).toBe(400);
    const error = (await res.json()) as ErrorBody;
    expect(error.error).toMatch(/invalid/i);
    expect(Object.keys(error.fields ?? {})).toContain(field);
  });

  it.each([
    ['broken JSON', '{"email": "anna@example.lv",'],
    ['an empty body', ''],
    ['null', 'null'],
    ['a list', '[{"email":"anna@example.lv","preferredLanguage":"lv"}]'],
    ['a string', '"anna@example.lv"'],
  ])('answers 400 for %s and stores nothing', async (_what, body) => {
    const before = (await t.database.db.select().from(subscribers)).length;
    const res = await send('/api/Subscriptions', {
      body,
      headers: { 'Content-Type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorBody).error).toBeTruthy();
    expect(await t.database.db.select().from(subscribers)).toHaveLength(before);
  });
});

describe('confirm and unsubscribe links', () => {
  it('confirms with the link from the mail, idempotently', async () => {
    const id = await subscribe('confirm@example.lv', 'lv');
    const [mail] = await mailsTo(t.database, 'confirm@example.lv');
    const token = tokenFrom(mail!.text, 'confirm-subscription');

    const res = await send(`/api/subscriptions/confirm/${token}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'confirmed' });
    const confirmedAt = (await subscriberRow(id))?.confirmedAt;
    expect(confirmedAt).toBeInstanceOf(Date);

    clock.advance(1000);
    const again = await send(`/api/subscriptions/confirm/${token}`);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ status: 'confirmed' });
    expect((await subscriberRow(id))?.confirmedAt).toEqual(confirmedAt);

    // A confirmed subscriber who subscribes again gets no new mail and stays as it was.
    clock.advance(60 * 60_000);
    const again2 = await subscribe('confirm@example.lv', 'en-US');
    expect(again2).not.toBe(id);
    expect(await mailsTo(t.database, 'confirm@example.lv')).toHaveLength(1);
    expect(await subscriberRow(again2)).toMatchObject({ confirmedAt, preferredLanguage: 'lv' });
  });

  it('unsubscribes with the link from the mail, idempotently; confirming then no longer works', async () => {
    const id = await subscribe('leave@example.lv', 'en-GB');
    const [mail] = await mailsTo(t.database, 'leave@example.lv');
    const confirm = tokenFrom(mail!.text, 'confirm-subscription');
    const token = tokenFrom(mail!.text, 'unsubscribe');
    expect((await send(`/api/subscriptions/confirm/${confirm}`)).status).toBe(200);

    for (let i = 0; i < 2; i += 1) {
      const res = await send(`/api/subscriptions/unsubscribe/${token}`);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ status: 'unsubscribed' });
    }
    expect((await subscriberRow(id))?.unsubscribedAt).toBeInstanceOf(Date);

    const stale = await send(`/api/subscriptions/confirm/${confirm}`);
    expect(stale.status).toBe(410);
    expect(((await stale.json()) as ErrorBody).error).toMatch(/unsubscribed/i);

    // Subscribing again asks for a new confirmation; the address stays unsubscribed until the new
    // link is used (the old link stays refused).
    clock.advance(11 * 60_000);
    const again = await subscribe('leave@example.lv', 'en-GB');
    expect(await subscriberRow(again)).toMatchObject({ unsubscribedAt: expect.any(Date) as Date });
    const mails = await mailsTo(t.database, 'leave@example.lv');
    expect(mails).toHaveLength(2);
    expect((await send(`/api/subscriptions/confirm/${confirm}`)).status).toBe(410);
    expect(
      (
        await send(
          `/api/subscriptions/confirm/${tokenFrom(mails[1]!.text, 'confirm-subscription')}`,
        )
      ).status,
    ).toBe(200);
    expect(await subscriberRow(again)).toMatchObject({
      unsubscribedAt: null,
      confirmedAt: expect.any(Date) as Date,
    });
  });

  it.each(['confirm', 'unsubscribe'])(
    'answers 404 for an unknown or malformed %s token',
    async (action) => {
      for (const token of [
        'AAAAAAAAAAAAAAAAAAAAAAAA',
        'short',
        'x'.repeat(200),
        '..%2F..%2Fetc',
        '%00',
      ]) {
        const res = await send(`/api/subscriptions/${action}/${token}`);
        expect(res.status, token).toBe(404);
        expect(((await res.json()) as ErrorBody).error).toBeTruthy();
      }
    },
  );

  it('does not let the confirm token unsubscribe or the reverse', async () => {
    await subscribe('cross@example.lv');
    const [mail] = await mailsTo(t.database, 'cross@example.lv');
    expect(
      (
        await send(
          `/api/subscriptions/unsubscribe/${tokenFrom(mail!.text, 'confirm-subscription')}`,
        )
      ).status,
    ).toBe(404);
    expect(
      (await send(`/api/subscriptions/confirm/${tokenFrom(mail!.text, 'unsubscribe')}`)).status,
    ).toBe(404);
  });
});

describe('POST /api/QuestionnaireResponses', () => {
  const ranking = formatRanking(SURVEY_QUESTIONS[5].options);
  const answers = (subscriberId: string, overrides: Record<number, string> = {}) => ({
    QuestionnaireId: 1,
    SubscriberId: subscriberId,
    Responses: [
      { QuestionId: 1, ResponseText: 'sports' },
      { QuestionId: 2, ResponseText: 'up to 10' },
      { QuestionId: 3, ResponseText: 'personalization' },
      { QuestionId: 4, ResponseText: 'mix' },
      { QuestionId: 5, ResponseText: 'very important' },
      { QuestionId: 6, ResponseText: ranking },
    ].map((r) => ({ ...r, ResponseText: overrides[r.QuestionId] ?? r.ResponseText })),
  });
  const stored = async (subscriberId: string) =>
    (
      await t.database.db
        .select()
        .from(questionnaireResponses)
        .where(eq(questionnaireResponses.subscriberId, subscriberId))
    )
      .sort((a, b) => a.questionId - b.questionId)
      .map((r) => [r.questionId, r.responseText]);

  it('stores the answers of a known subscriber; a second submission replaces the first', async () => {
    const id = await subscribe('survey@example.lv', 'lv');
    const res = await send('/api/QuestionnaireResponses', { json: answers(id) });
    expect(res.status).toBe(200);
    expect(ranking).toBe('1: recognizing, 2: feeling in the body, 3: conversations, 4: managing');
    expect(await stored(id)).toEqual([
      [1, 'sports'],
      [2, 'up to 10'],
      [3, 'personalization'],
      [4, 'mix'],
      [5, 'very important'],
      [6, ranking],
    ]);

    const reranked = formatRanking([
      'managing',
      'conversations',
      'recognizing',
      'feeling in the body',
    ]);
    const second = await send('/api/QuestionnaireResponses', {
      json: answers(id, { 1: 'arts', 6: reranked }),
    });
    expect(second.status).toBe(200);
    const after = await stored(id);
    expect(after).toHaveLength(6);
    expect(after[0]).toEqual([1, 'arts']);
    expect(after[5]).toEqual([6, reranked]);
  });

  it('belong to whoever signed up: a sign-up with the same address gets another id and cannot touch them (finding 2)', async () => {
    const owner = await subscribe('owner@example.lv', 'lv');
    expect((await send('/api/QuestionnaireResponses', { json: answers(owner) })).status).toBe(200);
    const before = await stored(owner);

    const other = await subscribe('OWNER@example.lv ', 'en-US');
    expect(other).not.toBe(owner);
    expect(
      (await send('/api/QuestionnaireResponses', { json: answers(other, { 1: 'stem' }) })).status,
    ).toBe(200);
    expect(await stored(owner)).toEqual(before);
    expect((await stored(other))[0]).toEqual([1, 'stem']);
    // The pending subscriber's data is unchanged by the second sign-up.
    expect(await subscriberRow(owner)).toMatchObject({
      preferredLanguage: 'lv',
      confirmedAt: null,
    });
    // The subscriber's own (internal) id is not a survey key.
    const internal = (await subscriberRow(owner))!.id;
    expect((await send('/api/QuestionnaireResponses', { json: answers(internal) })).status).toBe(
      404,
    );
  });

  it('keeps one complete set of answers when two submissions race', async () => {
    const id = await subscribe('survey-race@example.lv');
    const results = await Promise.all([
      send('/api/QuestionnaireResponses', { json: answers(id, { 1: 'arts' }) }),
      send('/api/QuestionnaireResponses', { json: answers(id, { 1: 'outdoor' }) }),
    ]);
    expect(results.map((r) => r.status)).toEqual([200, 200]);
    const after = await stored(id);
    expect(after).toHaveLength(6);
    expect(['arts', 'outdoor']).toContain(after[0]![1]);
  });

  it('accepts question 6 left blank', async () => {
    const id = await subscribe('survey-blank@example.lv');
    const res = await send('/api/QuestionnaireResponses', { json: answers(id, { 6: '  ' }) });
    expect(res.status).toBe(200);
    expect((await stored(id)).map(([q]) => q)).toEqual([1, 2, 3, 4, 5]);
  });

  it('answers 404 for an unknown subscriber and stores nothing', async () => {
    for (const subscriberId of ['AAAAAAAAAAAAAAAAAAAAAAAA', 'no-such-subscriber']) {
      const res = await send('/api/QuestionnaireResponses', { json: answers(subscriberId) });
      expect(res.status).toBe(404);
    }
    expect(
      await t.database.db
        .select()
        .from(questionnaireResponses)
        .where(eq(questionnaireResponses.subscriberId, 'AAAAAAAAAAAAAAAAAAAAAAAA')),
    ).toHaveLength(0);
  });

  it('answers 400 for unanswered questions, bad ids, a broken ranking and weird bodies', async () => {
    const id = await subscribe('survey-bad@example.lv');
    const valid = answers(id);
    const cases: [string, unknown, string][] = [
      ['question 3 blank', answers(id, { 3: '   ' }), 'Responses'],
      [
        'question 5 missing',
        { ...valid, Responses: valid.Responses.filter((r) => r.QuestionId !== 5) },
        'Responses',
      ],
      ['no answers', { ...valid, Responses: [] }, 'Responses'],
      [
        'a question twice',
        { ...valid, Responses: [...valid.Responses, { QuestionId: 1, ResponseText: 'arts' }] },
        'Responses',
      ],
      [
        'question 7',
        {
          ...valid,
          Responses: [...valid.Responses.slice(0, 5), { QuestionId: 7, ResponseText: 'x' }],
        },
        'Responses.5.QuestionId',
      ],
      [
        'a text id',
        {
          ...valid,
          Responses: [{ QuestionId: '1', ResponseText: 'x' }, ...valid.Responses.slice(1)],
        },
        'Responses.0.QuestionId',
      ],
      ['a broken ranking', answers(id, { 6: 'managing > conversations' }), 'Responses'],
      ['a ranking out of order', answers(id, { 6: '2: managing, 1: conversations' }), 'Responses'],
      ['an overlong answer', answers(id, { 2: 'x'.repeat(1001) }), 'Responses.1.ResponseText'],
      ['another questionnaire', { ...valid, QuestionnaireId: 2 }, 'QuestionnaireId'],
      ['no subscriber id', { ...valid, SubscriberId: null }, 'SubscriberId'],
      ['responses not a list', { ...valid, Responses: 'sports' }, 'Responses'],
    ];
    for (const [what, body, field] of cases) {
      const res = await send('/api/QuestionnaireResponses', { json: body });
      expect(res.status, what).toBe(400);
      expect(Object.keys(((await res.json()) as ErrorBody).fields ?? {}), what).toContain(field);
    }
    const broken = await send('/api/QuestionnaireResponses', {
      body: '{"QuestionnaireId": 1',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(broken.status).toBe(400);
    expect(await stored(id)).toEqual([]);
  });
});

describe('rate limits', () => {
  it('answers 429 with Retry-After once a client floods the subscribe call (5 a minute by default)', async () => {
    const statuses: number[] = [];
    let last: Response | undefined;
    for (let i = 0; i < 7; i += 1) {
      last = await t.request('/api/Subscriptions', {
        method: 'POST',
        json: { email: `flood${i}@example.lv`, preferredLanguage: 'lv' },
      });
      statuses.push(last.status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
    const retryAfter = Number(last!.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(((await last!.json()) as ErrorBody).error).toMatch(/too many requests/i);
    // The flood stored only the five accepted addresses.
    expect(await mailsTo(t.database, 'flood5@example.lv')).toHaveLength(0);
  });

  it('opens again when the window has passed and counts each client on its own behind a trusted proxy', async () => {
    const limited = manualClock();
    const rules = { limit: 2, windowMs: 60_000 };
    const proxied = appWith(t.database, {
      now: limited.now,
      trustProxy: true,
      rateLimits: { subscriptions: rules, links: rules, questionnaire: rules, contact: rules },
    });
    const from = (ip: string) => ({
      headers: { 'X-Forwarded-For': `203.0.113.9, ${ip}` },
      json: { email: 'x', preferredLanguage: 'lv' },
    });
    const statuses = async (ip: string, n: number) => {
      const out: number[] = [];
      for (let i = 0; i < n; i += 1)
        out.push((await proxied('/api/Subscriptions', from(ip))).status);
      return out;
    };
    expect(await statuses('198.51.100.1', 3)).toEqual([400, 400, 429]);
    expect(await statuses('198.51.100.2', 2)).toEqual([400, 400]);
    const retry = await proxied('/api/Subscriptions', from('198.51.100.1'));
    expect(retry.headers.get('retry-after')).toBe('60');
    limited.advance(30_000);
    expect(
      (await proxied('/api/Subscriptions', from('198.51.100.1'))).headers.get('retry-after'),
    ).toBe('30');
    limited.advance(30_000);
    expect(await statuses('198.51.100.1', 1)).toEqual([400]);

    // Without TRUST_PROXY the header is ignored: every request is the same (unknown) client.
    const direct = appWith(t.database, { now: limited.now, rateLimits: { subscriptions: rules } });
    const codes: number[] = [];
    for (const ip of ['198.51.100.3', '198.51.100.4', '198.51.100.5']) {
      codes.push((await direct('/api/Subscriptions', from(ip))).status);
    }
    expect(codes).toEqual([400, 400, 429]);
  });

  it('groups IPv6 clients by their /64 and reads IPv4-mapped addresses as IPv4', () => {
    expect(clientKey('2001:db8:1:2:aaaa::1')).toBe(
      clientKey('2001:0db8:0001:0002:ffff:ffff:ffff:ffff'),
    );
    expect(clientKey('2001:db8:1:2::1')).not.toBe(clientKey('2001:db8:1:3::1'));
    expect(clientKey('::ffff:192.0.2.7')).toBe('192.0.2.7');
    expect(clientKey('not an ip')).toBe('unknown');
  });
});
