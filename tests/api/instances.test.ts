import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { characterSetToAssetNames, defaultCharacters } from '#book/character-set.ts';
import type { CartSummary } from '#contract/orders.ts';
import {
  createPostgresDatabase,
  roundRobinProxy,
  startServer,
  type ServerProcess,
} from '../servers/server-process.ts';
import { newCartKeyCookie, savePayload } from './orders-helpers.ts';

/** The parent's browser: its cart key holds its carts. */
const CART = newCartKeyCookie();

// Two server processes on one PostgreSQL behind a round-robin proxy (README: several instances):
// a cart saved and read through both, the limits counted once, one mail per event although both
// servers' retry loops race for it, a preview named by the same ETag on both. Needs PostgreSQL (TEST_DATABASE_URL), as CI has.

const adminUrl = process.env.TEST_DATABASE_URL;
const recipients: string[] = [];
let refuseFirst = false;
let smtp: SMTPServer;
let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
let servers: ServerProcess[] = [];
let proxy: Awaited<ReturnType<typeof roundRobinProxy>>;

describe.skipIf(!adminUrl)('two servers on one PostgreSQL', () => {
  beforeAll(async () => {
    smtp = new SMTPServer({
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, session, callback) {
        stream.resume();
        stream.on('end', () => {
          // The relay refuses the first attempt: the mail is left for the servers' retry loops.
          if (refuseFirst) {
            refuseFirst = false;
            callback(Object.assign(new Error('Mailbox busy'), { responseCode: 451 }));
            return;
          }
          recipients.push(...session.envelope.rcptTo.map((r) => r.address));
          callback(null);
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const smtpPort = (smtp.server.address() as AddressInfo).port;
    database = await createPostgresDatabase(adminUrl!);
    const env = {
      DATABASE_URL: database.url,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      TRUST_PROXY: '1',
      MAIL_RETRY_SECONDS: '1',
      PREVIEW_ETAG_SECRET: 'the-instances-share-this-preview-etag-secret',
    };
    // The first runs the migrations; the second starts on the migrated database.
    servers.push(await startServer(env));
    servers.push(await startServer(env));
    proxy = await roundRobinProxy(servers.map((s) => s.url));
  }, 200_000);

  afterAll(async () => {
    await proxy?.close();
    await Promise.all(servers.map((s) => s.stop()));
    servers = [];
    await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
    await database?.drop();
  });

  const call = (
    path: string,
    init: { method?: string; json?: unknown; ip?: string; headers?: Record<string, string> } = {},
  ) =>
    fetch(proxy.url + path, {
      method: init.method ?? (init.json === undefined ? 'GET' : 'POST'),
      headers: {
        'X-Forwarded-For': init.ip ?? '198.51.100.1',
        // One browser: its cart key holds its carts whichever server answers.
        Cookie: CART,
        ...(init.json === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...init.headers,
      },
      ...(init.json === undefined ? {} : { body: JSON.stringify(init.json) }),
    });

  it('saves a cart through one and reads it through the other', async () => {
    const created = await call('/api/order', { json: savePayload({ country: 'lv' }) });
    expect(created.status).toBe(201);
    const { orderId } = (await created.json()) as { orderId: string };
    expect(
      (
        await call('/api/orderItems', {
          json: savePayload({ country: 'lv', orderId, cover: 'softcover' }),
        })
      ).status,
    ).toBe(201);
    const [a, b] = [
      await call(`/api/order/summary/${orderId}?country=lv`),
      await call(`/api/order/summary/${orderId}?country=lv`),
    ];
    const summaries = (await Promise.all([a.json(), b.json()])) as CartSummary[];
    expect(summaries[0]).toEqual(summaries[1]);
    expect(summaries[0]).toMatchObject({ subtotal: 69.98, currencyCode: 'EUR' });
    expect(proxy.served.every((n) => n >= 2)).toBe(true);
  });

  it('names a preview with the same ETag on both: a revalidation is a 304 whichever answers', async () => {
    const preview = {
      childName: 'Ernests',
      page: 'cover',
      personalizationDetails: characterSetToAssetNames(defaultCharacters('boy')),
      language: 'lv',
      gender: 'boy',
    };
    const drawn = await call('/api/preview/generateImage', { json: preview, ip: '198.51.100.60' });
    expect(drawn.status).toBe(200);
    await drawn.arrayBuffer();
    const etag = drawn.headers.get('etag')!;
    expect(etag).toMatch(/^"[0-9a-f]{64}"$/);
    const before = [...proxy.served];
    for (let i = 0; i < 2; i += 1) {
      const again = await call('/api/preview/generateImage', {
        json: preview,
        ip: '198.51.100.61',
        headers: { 'If-None-Match': etag },
      });
      expect(again.status).toBe(304);
      expect(again.headers.get('etag')).toBe(etag);
    }
    expect(proxy.served.map((n, i) => n - before[i]!)).toEqual([1, 1]);
  });

  it('counts a client once across both: the fourth contact message in a minute is refused', async () => {
    const message = { from_name: 'Anna', email: 'anna@example.lv', message: 'Hello' };
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1)
      statuses.push((await call('/api/contact', { json: message, ip: '198.51.100.77' })).status);
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    // Another client is not affected.
    expect((await call('/api/contact', { json: message, ip: '198.51.100.78' })).status).toBe(200);
  });

  it('sends the newsletter mail once although both servers retry it', async () => {
    refuseFirst = true;
    expect(
      (
        await call('/api/Subscriptions', {
          json: { email: 'twice@example.lv', preferredLanguage: 'lv' },
          ip: '198.51.100.90',
        })
      ).status,
    ).toBe(200);
    // Refused at first; then claimed by one of the two retry loops (every second each).
    const deadline = Date.now() + 30_000;
    while (!recipients.includes('twice@example.lv') && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 250));
    await new Promise((r) => setTimeout(r, 3000)); // both loops have run again meanwhile
    expect(recipients.filter((to) => to === 'twice@example.lv')).toHaveLength(1);
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    const { rows } = await client.query<{ attempts: number; sent: boolean }>(
      `select attempts, sent_at is not null as sent from outbox_mail where "to" = 'twice@example.lv'`,
    );
    await client.end();
    expect(rows).toEqual([{ attempts: 2, sent: true }]);
    // Every contact message of the limits test went out once too (3 + 1 to the shop).
    expect(recipients.filter((to) => to === 'hello@storymade.eu')).toHaveLength(4);
  }, 60_000);
});
