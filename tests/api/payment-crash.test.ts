import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '#server/db/client.ts';
import { outboxMail } from '#server/db/schema/shop.ts';
import { moveSandboxPayment, sandboxPayment } from '#server/services/payment/providers/sandbox.ts';
import {
  createPostgresDatabase,
  startServer,
  type ServerProcess,
} from '../servers/server-process.ts';
import { deliveryPayload } from './checkout-helpers.ts';
import { newCartKeyCookie, savePayload } from './orders-helpers.ts';

/** The parent's browser: its cart key holds its carts. */
const CART = newCartKeyCookie();

// Issue 30 item 3: a payment settled at the provider while the shop is dead (SIGKILL) becomes a
// paid order after the restart without the parent returning: the reconciliation job asks the
// provider about open payments at start (and every minute). The real server, on PGlite (its data
// folder) in the first API run and on PostgreSQL (TEST_DATABASE_URL) in the second.

const adminUrl = process.env.TEST_DATABASE_URL;

let server: ServerProcess | undefined;
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  await server?.stop('SIGKILL');
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe(`a payment settled while the server is dead (${adminUrl ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('is a paid order, with its confirmation mail, within a minute of the restart', async () => {
    let env: Record<string, string>;
    let open: () => Database;
    if (adminUrl) {
      const database = await createPostgresDatabase(adminUrl);
      cleanups.push(() => database.drop());
      env = { DATABASE_URL: database.url };
      open = () => openDatabase({ kind: 'postgres', url: database.url });
    } else {
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'storymade-pay-crash-'));
      cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
      env = { DATA_DIR: dataDir };
      open = () => openDatabase({ kind: 'pglite', dataDir });
    }
    server = await startServer(env);
    const post = async (pathname: string, body: unknown) => {
      const res = await fetch(server!.url + pathname, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Cookie: CART },
        body: JSON.stringify(body),
      });
      expect(res.status).toBeLessThan(300);
      return res.json() as Promise<Record<string, string>>;
    };
    const { orderId } = await post('/api/order', savePayload({ country: 'lv', language: 'lv' }));
    await post(`/api/order/${orderId}/delivery-address`, deliveryPayload());
    const { payment_link: link } = await post('/api/payment/initiate', {
      orderId: orderId!,
      attemptKey: 'crash-test-visit',
    });
    const reference = link!.replace('/sandbox-pay/', '');
    // The parent is at the card issuer's step when the shop dies.
    const pressed = await fetch(`${server.url}${link}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'action=paid',
      redirect: 'manual',
    });
    expect(pressed.status).toBe(303);
    await server.stop('SIGKILL');

    // The provider settles it while the shop is down (the parent confirmed at the bank).
    const provider = open();
    expect(await moveSandboxPayment(provider.db, reference, 'waiting_for_3ds', 'settled')).toBe(
      true,
    );
    await provider.close();

    const spawned = Date.now();
    server = await startServer(env);
    const listening = Date.now();
    let status = '';
    while (Date.now() - listening < 60_000) {
      const answer = (await (await fetch(`${server.url}/api/order/${orderId}/status`)).json()) as {
        status: string;
      };
      status = answer.status;
      if (status === 'paid') break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const paidAt = Date.now();
    console.log(
      `settled while the server was dead -> paid order: ${paidAt - spawned} ms after the restart began (${paidAt - listening} ms after it answered)`,
    );
    expect(status).toBe('paid');
    expect(paidAt - listening).toBeLessThan(60_000);

    // Its confirmation mail is written (the outbox: no SMTP in this run), without the parent
    // returning. Mails run before print files, and a SIGTERM lets the job under way finish.
    const { orderNumber } = (await (
      await fetch(`${server.url}/api/order/${orderId}/status`)
    ).json()) as { orderNumber: string };
    await server.stop('SIGTERM');
    const db = open();
    const mails = (
      await db.db.select().from(outboxMail).where(eq(outboxMail.to, 'parent@example.com'))
    ).filter((mail) => mail.subject.includes(orderNumber)).length;
    expect((await sandboxPayment(db.db, reference))?.state).toBe('settled');
    await db.close();
    expect(mails).toBe(1);
  }, 240_000);
});
