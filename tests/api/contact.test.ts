import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages } from '#server/db/schema/shop.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { appWith, mailsTo, outbox, type Send } from './mail-helpers.ts';

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

const messages = () => t.database.db.select().from(contactMessages);

describe('POST /api/contact', () => {
  it('stores the trimmed message and mails it to the shop with Reply-To the sender', async () => {
    const res = await send('/api/contact', {
      json: {
        from_name: '  Anna Bērziņa ',
        email: ' anna@example.lv ',
        message: '  Vai grāmatu var dabūt līdz 20. decembrim?\nPaldies!  ',
        website: '',
        language: 'LV',
      },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'sent' });

    const [stored] = await messages();
    expect(stored).toMatchObject({
      fromName: 'Anna Bērziņa',
      email: 'anna@example.lv',
      message: 'Vai grāmatu var dabūt līdz 20. decembrim?\nPaldies!',
      language: 'lv',
    });
    const [mail, ...more] = await mailsTo(t.database, 'hello@storymade.eu');
    expect(more).toHaveLength(0);
    expect(mail).toMatchObject({
      subject: 'Contact form: Anna Bērziņa',
      replyTo: '"Anna Bērziņa" <anna@example.lv>',
      transport: 'outbox',
    });
    expect(mail!.text).toContain('From: Anna Bērziņa <anna@example.lv>');
    expect(mail!.text).toContain('Language: Latvian (lv)');
    expect(mail!.text).toContain('Vai grāmatu var dabūt līdz 20. decembrim?\nPaldies!');
    expect(mail!.html).toContain('Vai grāmatu var dabūt līdz 20. decembrim?<br>\nPaldies!');
  });

  it('sends to SHOP_EMAIL and escapes what the visitor wrote in the HTML mail', async () => {
    const shop = appWith(t.database, { shopEmail: 'orders@storymade.test' });
    const res = await shop('/api/contact', {
      json: {
        from_name: 'Mallory "<b>"',
        email: 'mallory@example.com',
        message: '<script>alert(1)</script> & <img src=x>',
      },
    });
    expect(res.status).toBe(200);
    const [mail] = await mailsTo(t.database, 'orders@storymade.test');
    expect(mail!.replyTo).toBe('"Mallory \\"<b>\\"" <mallory@example.com>');
    expect(mail!.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; &lt;img src=x&gt;');
    expect(mail!.html).not.toContain('<script>');
    expect(mail!.html).not.toContain('<img');
    expect(mail!.html).toContain('Mallory &quot;&lt;b&gt;&quot;');
    expect(mail!.text).toContain('<script>alert(1)</script>');
  });

  it('answers a filled honeypot as usual but stores and sends nothing', async () => {
    const before = {
      messages: (await messages()).length,
      mails: (await outbox(t.database)).length,
    };
    for (const website of ['https://spam.example', 42, ' x ']) {
      const res = await send('/api/contact', {
        json: { from_name: 'Bot', email: 'bot@example.com', message: 'Buy now', website },
      });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ status: 'sent' });
    }
    // Even with invalid fields a robot learns nothing from the answer.
    const invalid = await send('/api/contact', { json: { email: 'nope', website: 'x' } });
    expect(invalid.status).toBe(200);
    expect((await messages()).length).toBe(before.messages);
    expect((await outbox(t.database)).length).toBe(before.mails);
  });

  it.each([
    ['no name', { email: 'a@example.lv', message: 'Hi' }, 'from_name'],
    ['a blank name', { from_name: '   ', email: 'a@example.lv', message: 'Hi' }, 'from_name'],
    [
      'a name on two lines',
      { from_name: 'Anna\nBcc: x@example.com', email: 'a@example.lv', message: 'Hi' },
      'from_name',
    ],
    [
      'an overlong name',
      { from_name: 'A'.repeat(101), email: 'a@example.lv', message: 'Hi' },
      'from_name',
    ],
    ['no email', { from_name: 'Anna', message: 'Hi' }, 'email'],
    ['an invalid email', { from_name: 'Anna', email: 'anna@example', message: 'Hi' }, 'email'],
    [
      'an email list',
      { from_name: 'Anna', email: 'a@example.lv;b@example.lv', message: 'Hi' },
      'email',
    ],
    ['a blank message', { from_name: 'Anna', email: 'a@example.lv', message: ' \n\t ' }, 'message'],
    [
      'an overlong message',
      { from_name: 'Anna', email: 'a@example.lv', message: 'x'.repeat(5001) },
      'message',
    ],
    [
      'a message that is not text',
      { from_name: 'Anna', email: 'a@example.lv', message: ['Hi'] },
      'message',
    ],
    [
      'an unknown language',
      { from_name: 'Anna', email: 'a@example.lv', message: 'Hi', language: 'xx' },
      'language',
    ],
  ])('answers 400 with a field error for %s and stores nothing', async (_what, body, field) => {
    const before = (await messages()).length;
    const res = await send('/api/contact', { json: body });
    expect(res.status).toBe(400);
    const error = (await res.json()) as ErrorBody;
    expect(Object.keys(error.fields ?? {})).toContain(field);
    expect((await messages()).length).toBe(before);
  });

  it.each([
    ['broken JSON', '{"from_name": "Anna"'],
    ['an empty body', ''],
    ['null', 'null'],
    ['a number', '12'],
  ])('answers 400 for %s', async (_what, body) => {
    const res = await send('/api/contact', {
      body,
      headers: { 'Content-Type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorBody).error).toBeTruthy();
  });

  it('answers 429 with Retry-After after three messages a minute from one client', async () => {
    const statuses: number[] = [];
    let last: Response | undefined;
    for (let i = 0; i < 4; i += 1) {
      last = await t.request('/api/contact', {
        method: 'POST',
        json: { from_name: 'Flood', email: 'flood@example.lv', message: `Message ${i}` },
      });
      statuses.push(last.status);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await last!.json()) as ErrorBody).error).toMatch(/too many requests/i);
    expect((await messages()).filter((m) => m.fromName === 'Flood')).toHaveLength(3);
  });
});

describe('GET /dev/outbox', () => {
  it('does not exist unless the server runs in development', async () => {
    expect((await t.request('/dev/outbox')).status).toBe(404);
    expect((await t.request('/dev/outbox/1')).status).toBe(404);
  });

  it('lists the stored mails, escaped, with clickable links, in development', async () => {
    const dev = appWith(t.database, { devOutbox: true });
    await dev('/api/Subscriptions', { json: { email: 'dev@example.lv', preferredLanguage: 'lv' } });
    const res = await dev('/dev/outbox', { method: 'GET' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    const page = await res.text();
    expect(page).toContain('<h2>Apstipriniet pieteikšanos Storymade jaunumiem</h2>');
    expect(page).toMatch(
      /<a href="http:\/\/localhost:3000\/confirm-subscription\/[A-Za-z0-9_-]{24}">/,
    );
    // The earlier contact message with markup shows as text, never as markup.
    expect(page).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(page).not.toContain('<script>');
    expect(page).toContain('kept in the outbox (no SMTP_URL)');

    const [mail] = await mailsTo(t.database, 'dev@example.lv');
    const html = await dev(`/dev/outbox/${mail!.id}`, { method: 'GET' });
    expect(html.status).toBe(200);
    expect(await html.text()).toBe(mail!.html);
    expect((await dev('/dev/outbox/999999', { method: 'GET' })).status).toBe(404);
  });
});
