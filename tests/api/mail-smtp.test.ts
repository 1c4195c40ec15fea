import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { jobs } from '#server/db/schema/checkout.ts';
import { createJobRunner, type JobRunner } from '#server/platform/jobs/runner.ts';
import { MAIL_JOB } from '#server/platform/mail/mail-job.ts';
import { mailJobHandler, type Mailer } from '#server/platform/mail/mailer.ts';
import { createShopMailer } from '#server/services/notifications/shop-mailer.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { appWith, mailsTo, PUBLIC_URL, tokenFrom, type Send } from './mail-helpers.ts';

/** What the local SMTP server received in one exchange. */
interface Received {
  user: string | undefined;
  mailFrom: string | undefined;
  rcptTo: string[];
  raw: string;
}

let t: TestApp;
let smtp: SMTPServer;
let mailer: Mailer;
let runner: JobRunner;
let send: Send;
const received: Received[] = [];
let refuse: string | null = null;

beforeAll(async () => {
  t = await createTestApp();
  smtp = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authMethods: ['PLAIN', 'LOGIN'],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === 'shop' && auth.password === 's3cret p@ss')
        callback(null, { user: 'shop' });
      else callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (refuse) {
          callback(Object.assign(new Error(refuse), { responseCode: 451 }));
          return;
        }
        const from = session.envelope.mailFrom;
        received.push({
          user: typeof session.user === 'string' ? session.user : undefined,
          mailFrom: from ? from.address : undefined,
          rcptTo: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback(null);
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  mailer = createShopMailer({
    db: t.database.db,
    from: { name: 'Storymade', address: 'hello@storymade.eu' },
    smtpUrl: `smtp://shop:${encodeURIComponent('s3cret p@ss')}@127.0.0.1:${port}`,
  });
  runner = createJobRunner({ db: t.database.db, handlers: { [MAIL_JOB]: mailJobHandler(mailer) } });
  send = appWith(t.database, { mailer });
});
afterAll(async () => {
  await mailer.close();
  await new Promise<void>((resolve) => smtp.close(resolve));
  await t.close();
});
beforeEach(() => {
  received.length = 0;
  refuse = null;
});

// ---- A small MIME reader (enough for what nodemailer writes) ------------------------------

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  const soft = text.replace(/=\r?\n/g, '');
  for (let i = 0; i < soft.length; i += 1) {
    const hex = soft.slice(i + 1, i + 3);
    if (soft[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(soft[i]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** Decodes =?UTF-8?Q?…?= and =?UTF-8?B?…?= words in a header value. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_all, kind: string, data: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
}

function splitHead(raw: string) {
  const at = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, at).replace(/\r\n[ \t]+/g, ' ');
  const headers = new Map<string, string>();
  for (const line of head.split('\r\n')) {
    const colon = line.indexOf(':');
    headers.set(line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body: raw.slice(at + 4) };
}

/** The decoded headers and the text/plain and text/html parts of a raw message. */
function readMail(raw: string) {
  const { headers, body } = splitHead(raw);
  const boundary = /boundary="?([^";]+)"?/.exec(headers.get('content-type') ?? '')?.[1];
  const parts: Record<string, string> = {};
  for (const chunk of boundary ? body.split(`--${boundary}`).slice(1, -1) : [raw]) {
    const part = splitHead(chunk.replace(/^\r\n/, ''));
    const type = (part.headers.get('content-type') ?? '').split(';')[0]!.trim();
    const encoding = (part.headers.get('content-transfer-encoding') ?? '').toLowerCase();
    parts[type] =
      encoding === 'base64'
        ? Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8')
        : encoding === 'quoted-printable'
          ? decodeQuotedPrintable(part.body)
          : part.body;
  }
  const header = (name: string) => decodeWords(headers.get(name) ?? '');
  return {
    header,
    text: (parts['text/plain'] ?? '').replace(/\r\n/g, '\n'),
    html: parts['text/html'] ?? '',
  };
}

describe('mail over SMTP (SMTP_URL)', () => {
  it('sends the Latvian confirmation mail through a real SMTP exchange with authentication', async () => {
    const res = await send('/api/Subscriptions', {
      json: { email: 'liga@example.lv', preferredLanguage: 'lv' },
    });
    expect(res.status).toBe(200);

    expect(received).toHaveLength(1);
    const [exchange] = received;
    expect(exchange).toMatchObject({
      user: 'shop',
      mailFrom: 'hello@storymade.eu',
      rcptTo: ['liga@example.lv'],
    });
    const mail = readMail(exchange!.raw);
    expect(mail.header('from')).toMatch(/^"?Storymade"? <hello@storymade\.eu>$/);
    expect(mail.header('to')).toBe('liga@example.lv');
    expect(mail.header('subject')).toBe('Apstipriniet pieteikšanos Storymade jaunumiem');
    expect(mail.text).toContain('Paldies, ka pievienojāties Storymade piedzīvojumu kopienai.');

    // The links that arrived are the ones stored, and they work.
    const [stored] = await mailsTo(t.database, 'liga@example.lv');
    expect(stored).toMatchObject({ transport: 'smtp', attempts: 1, lastError: null });
    // Sent at once: its mail job, queued with it in case the attempt failed, has nothing left to do.
    const [job] = await t.database.db
      .select()
      .from(jobs)
      .where(eq(jobs.dedupeKey, `${MAIL_JOB}:${stored!.id}`));
    expect(job).toMatchObject({ status: 'done', attempts: 0 });
    expect(stored!.sentAt).toBeInstanceOf(Date);
    const confirm = tokenFrom(mail.text, 'confirm-subscription');
    expect(confirm).toBe(tokenFrom(stored!.text, 'confirm-subscription'));
    expect(mail.html).toContain(`href="${PUBLIC_URL}/confirm-subscription/${confirm}"`);
    expect(mail.html).toContain('Apstiprināt pieteikšanos');
    expect((await send(`/api/subscriptions/confirm/${confirm}`)).status).toBe(200);
  });

  it('sends a contact message to the shop with Reply-To the visitor', async () => {
    const res = await send('/api/contact', {
      json: {
        from_name: 'Anna Bērziņa',
        email: 'anna@example.lv',
        message: 'Sveiki!\nVai var pasūtīt divas grāmatas?',
      },
    });
    expect(res.status).toBe(200);
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({
      mailFrom: 'hello@storymade.eu',
      rcptTo: ['hello@storymade.eu'],
    });
    const mail = readMail(received[0]!.raw);
    expect(mail.header('reply-to')).toMatch(/^"?Anna Bērziņa"? <anna@example\.lv>$/);
    expect(mail.header('subject')).toBe('Contact form: Anna Bērziņa');
    expect(mail.text).toContain('Sveiki!\nVai var pasūtīt divas grāmatas?');
  });

  it('keeps a mail the relay refuses, answers the visitor as usual and sends it on a retry', async () => {
    refuse = 'Mailbox busy, try again later';
    const res = await send('/api/Subscriptions', {
      json: { email: 'later@example.lv', preferredLanguage: 'en-GB' },
    });
    expect(res.status).toBe(200);
    expect(received).toHaveLength(0);
    const [failed] = await mailsTo(t.database, 'later@example.lv');
    expect(failed).toMatchObject({ sentAt: null, attempts: 1 });
    expect(failed!.lastError).toMatch(/451|Mailbox busy/);

    // Its retry is a job of the one job runner, due a little later: not run before then …
    const job = async () =>
      (
        await t.database.db
          .select()
          .from(jobs)
          .where(eq(jobs.dedupeKey, `${MAIL_JOB}:${failed!.id}`))
      )[0];
    expect(await job()).toMatchObject({ kind: MAIL_JOB, status: 'queued', attempts: 0 });
    expect((await job())!.runAfter.getTime()).toBeGreaterThan(Date.now() + 60_000);
    expect(await runner.runUntilIdle()).toBe(0);
    const due = () =>
      t.database.db
        .update(jobs)
        .set({ runAfter: sql`now() - interval '1 second'` })
        .where(eq(jobs.dedupeKey, `${MAIL_JOB}:${failed!.id}`));
    // … when due and refused again, it waits with the runner's backoff, the reason kept …
    refuse = 'Still busy';
    await due();
    expect(await runner.runUntilIdle()).toBe(1);
    expect(await job()).toMatchObject({ status: 'queued', attempts: 1 });
    expect((await job())!.lastError).toMatch(/Still busy/);
    expect(received).toHaveLength(0);
    // … and sends it once when the relay takes it.
    refuse = null;
    await due();
    expect(await runner.runUntilIdle()).toBe(1);
    expect(await runner.runUntilIdle()).toBe(0);
    expect(await job()).toMatchObject({ status: 'done', attempts: 2 });
    expect(received.map((r) => r.rcptTo)).toEqual([['later@example.lv']]);
    const [sent] = await mailsTo(t.database, 'later@example.lv');
    expect(sent).toMatchObject({ attempts: 3, lastError: null });
    expect(sent!.sentAt).toBeInstanceOf(Date);
    expect(readMail(received[0]!.raw).header('subject')).toBe(
      'Please confirm your subscription to Storymade',
    );
  });
});
