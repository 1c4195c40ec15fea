import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { OrderItemDetail } from '#contract/orders.ts';
import {
  createPostgresDatabase,
  startServer,
  type ServerProcess,
} from '../servers/server-process.ts';
import { cartHolder, newCartKeyCookie, savePayload } from './orders-helpers.ts';

// The attack, kept (issue 14, item 9): the real server is killed with SIGKILL while parents are
// saving books, then started again on the same database; every write it had acknowledged (a 201
// with the ids) is there after the restart, the order with its first book and every added book.
// On PGlite (the data folder) in the first API run, on PostgreSQL (TEST_DATABASE_URL) in the second.

const adminUrl = process.env.TEST_DATABASE_URL;
const WRITERS = 6;
/** Writes acknowledged before the kill, at least (so the kill lands in the middle of the work). */
const ACKNOWLEDGED_BEFORE_KILL = 40;
/** The parents' browser: its cart key holds every cart it makes. */
const CART = newCartKeyCookie();

interface Acknowledged {
  orders: Map<string, string[]>;
  items: number;
}

/** Parents saving books as fast as the server answers: a new order, then a second book in it, again and again. */
function writeUntilKilled(url: string, acknowledged: Acknowledged, stop: () => boolean) {
  const post = async (pathname: string, body: unknown) => {
    const res = await fetch(url + pathname, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: CART },
      body: JSON.stringify(body),
    });
    if (res.status !== 201) throw new Error(`${pathname}: ${res.status}`);
    return res.json() as Promise<Record<string, string>>;
  };
  const writer = async () => {
    while (!stop()) {
      // Only what the server answered counts as acknowledged; a request the kill cut short does not.
      const { orderId, orderItemId } = await post(
        '/api/order',
        savePayload({ country: 'lv', language: 'lv' }),
      );
      acknowledged.orders.set(orderId!, [orderItemId!]);
      acknowledged.items += 1;
      const { id } = await post(
        '/api/orderItems',
        savePayload({ country: 'lv', language: 'lv', orderId: orderId!, cover: 'softcover' }),
      );
      acknowledged.orders.get(orderId!)!.push(id!);
      acknowledged.items += 1;
    }
  };
  return Array.from({ length: WRITERS }, () => writer().catch((error: unknown) => error));
}

let server: ServerProcess | undefined;
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  await server?.stop('SIGKILL');
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe(`a server killed with SIGKILL under concurrent writes (${adminUrl ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('has every acknowledged write after the restart', async () => {
    let env: Record<string, string>;
    if (adminUrl) {
      const database = await createPostgresDatabase(adminUrl);
      cleanups.push(() => database.drop());
      env = { DATABASE_URL: database.url };
    } else {
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'storymade-crash-'));
      cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
      env = { DATA_DIR: dataDir };
    }
    // One client doing the work of many parents: the per-client order limits out of the way.
    Object.assign(env, { RATE_LIMIT_SCALE: '10000' });

    server = await startServer(env);
    const acknowledged: Acknowledged = { orders: new Map(), items: 0 };
    let killed = false;
    const writers = writeUntilKilled(server.url, acknowledged, () => killed);
    const deadline = Date.now() + 30_000;
    while (acknowledged.items < ACKNOWLEDGED_BEFORE_KILL && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 20));
    expect(acknowledged.items).toBeGreaterThanOrEqual(ACKNOWLEDGED_BEFORE_KILL);
    // Killed while every writer has a request in flight.
    await server.stop('SIGKILL');
    killed = true;
    const endings = await Promise.all(writers);
    // Each writer was cut off by the kill (a refused or reset connection), none by an error answer.
    for (const ending of endings) expect(String(ending)).not.toMatch(/: \d{3}$/);

    server = await startServer(env);
    const missing: string[] = [];
    for (const [orderId, itemIds] of acknowledged.orders) {
      const summary = await fetch(`${server.url}/api/order/summary/${orderId}?country=lv`, {
        headers: { Cookie: CART },
      });
      if (summary.status !== 200) {
        missing.push(`order ${orderId}: ${summary.status}`);
        continue;
      }
      const { items } = (await summary.json()) as { items: { id: string }[] };
      for (const itemId of itemIds)
        if (!items.some((item) => item.id === itemId)) missing.push(`book ${itemId} of ${orderId}`);
    }
    expect(missing).toEqual([]);
    // The books read back as they were saved.
    const [orderId, itemIds] = [...acknowledged.orders][0]!;
    const detail = (await (
      await fetch(`${server.url}/api/orderItems/${itemIds[1] ?? itemIds[0]}`, {
        headers: { Cookie: `${cartHolder(orderId).headers.Cookie}; ${CART}` },
      })
    ).json()) as OrderItemDetail;
    expect(detail.orderId).toBe(orderId);
    // The restarted server takes new writes.
    const after = await fetch(`${server.url}/api/order`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(savePayload()),
    });
    expect(after.status).toBe(201);
  }, 150_000);
});
