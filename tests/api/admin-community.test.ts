import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MessagesResponse, SubscribersResponse, SurveyResults } from '#contract/admin.ts';
import { formatRanking } from '#contract/subscriptions.ts';
import { adminApp, signedIn, type AdminClient } from './admin-helpers.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { appWith, mailsTo, tokenFrom } from './mail-helpers.ts';

let t: TestApp;
let owner: AdminClient;
let staff: AdminClient;
let send: ReturnType<typeof appWith>;

async function subscribe(email: string, language: string, confirm: boolean, leave = false) {
  const res = await send('/api/Subscriptions', { json: { email, preferredLanguage: language } });
  const id = (await res.json()) as string;
  const [mail] = await mailsTo(t.database, email);
  if (confirm)
    await send(`/api/subscriptions/confirm/${tokenFrom(mail!.text, 'confirm-subscription')}`);
  if (leave) await send(`/api/subscriptions/unsubscribe/${tokenFrom(mail!.text, 'unsubscribe')}`);
  return id;
}

beforeAll(async () => {
  t = await createTestApp();
  send = appWith(t.database);
  const app = adminApp(t.database);
  owner = await signedIn(app, t.database, 'owner@example.com', 'owner');
  staff = await signedIn(app, t.database, 'staff@example.com', 'staff');
  const anna = await subscribe('anna@example.lv', 'lv', true);
  await subscribe('=cmd@example.com', 'en-GB', true);
  await subscribe('pending@example.com', 'en-US', false);
  await subscribe('gone@example.lv', 'lv', true, true);
  for (const [id, answers] of [
    [
      anna,
      [
        'sports',
        'up to 10',
        'engaging, illustrations',
        'fantasy',
        'very important',
        formatRanking(['managing', 'recognizing', 'conversations', 'feeling in the body']),
      ],
    ],
  ] as const) {
    await send('/api/QuestionnaireResponses', {
      json: {
        QuestionnaireId: 1,
        SubscriberId: id,
        Responses: answers.map((text, i) => ({ QuestionId: i + 1, ResponseText: text })),
      },
    });
  }
  await send('/api/contact', {
    json: {
      from_name: 'Pēteris',
      email: 'peteris@example.lv',
      message: 'Vai var piegādāt uz Liepāju?',
      language: 'lv',
    },
  });
});
afterAll(async () => {
  await t.close();
});

describe('community', () => {
  it('counts subscribers by state and language, and filters them', async () => {
    const all = await owner.json<SubscribersResponse>('/api/admin/subscribers');
    const count = (state: string, language: string) =>
      all.counts.find((c) => c.state === state && c.language === language)?.count ?? 0;
    expect([
      count('confirmed', 'lv'),
      count('confirmed', 'en-GB'),
      count('pending', 'en-US'),
      count('unsubscribed', 'lv'),
    ]).toEqual([1, 1, 1, 1]);
    const lv = await owner.json<SubscribersResponse>(
      '/api/admin/subscribers?language=lv&state=confirmed',
    );
    expect(lv.rows.map((r) => r.email)).toEqual(['anna@example.lv']);
    expect((await owner.send('/api/admin/subscribers?state=maybe')).status).toBe(400);
  });

  it('exports only the confirmed subscribers as CSV, safe to open in a spreadsheet', async () => {
    const res = await owner.send('/api/admin/subscribers/confirmed.csv');
    expect(res.headers.get('content-type')).toMatch(/text\/csv/);
    expect(res.headers.get('content-disposition')).toMatch(
      /attachment; filename="storymade-subscribers-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const lines = (await res.text()).trim().split('\r\n');
    expect(lines[0]).toBe('email,language,confirmed_at');
    expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual([
      '"anna@example.lv"',
      `"'=cmd@example.com"`,
    ]);
  });

  it('sums the survey: answers per option for 1-5 (several for question 3) and the average rank for 6', async () => {
    const s = await owner.json<SurveyResults>('/api/admin/survey');
    expect(s.responses).toBe(1);
    expect(
      s.questions
        .find((q) => q.id === 3)!
        .options.filter((o) => o.count > 0)
        .map((o) => o.option),
    ).toEqual(['engaging', 'illustrations']);
    expect(s.ranking.options).toEqual([
      { option: 'recognizing', averageRank: 2 },
      { option: 'feeling in the body', averageRank: 4 },
      { option: 'conversations', averageRank: 3 },
      { option: 'managing', averageRank: 1 },
    ]);
    expect((await staff.send('/api/admin/survey')).status).toBe(403);
  });

  it('keeps contact messages in an inbox: open, then handled (by whom), then open again', async () => {
    const open = await staff.json<MessagesResponse>('/api/admin/messages');
    expect(open).toMatchObject({ open: 1, handled: 0 });
    const message = open.rows[0]!;
    expect(message).toMatchObject({
      fromName: 'Pēteris',
      email: 'peteris@example.lv',
      language: 'lv',
      handledAt: null,
    });
    const patch = (handled: boolean) =>
      staff.send(`/api/admin/messages/${message.id}`, { method: 'PATCH', json: { handled } });
    expect((await patch(true)).status).toBe(200);
    const handled = await staff.json<MessagesResponse>('/api/admin/messages?state=handled');
    expect(handled.rows[0]).toMatchObject({ id: message.id, handledBy: 'staff@example.com' });
    expect((await patch(false)).status).toBe(200);
    expect((await staff.json<MessagesResponse>('/api/admin/messages')).open).toBe(1);
    expect(
      (await staff.send('/api/admin/messages/99999', { method: 'PATCH', json: { handled: true } }))
        .status,
    ).toBe(404);
    expect(
      (
        await staff.send(`/api/admin/messages/${message.id}`, {
          method: 'PATCH',
          json: { handled: 'yes' },
        })
      ).status,
    ).toBe(400);
  });
});
