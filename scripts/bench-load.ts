// `npm run bench:load`: 300 requests a second for 10 s at each of GET /api/order/summary/{id},
// GET /api/order/{id}/status and the home page, against the production server on a fresh data
// set (orders with two books each, made through the API). Prints p50/p99/max latency, errors,
// non-2xx answers and requests served. PGlite by default; `-- --postgres` runs it on a new
// database on TEST_DATABASE_URL's server. RATE=…, DURATION=… (seconds), ORDERS=… change the load.
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { createPostgresDatabase, startServer } from '../tests/servers/server-process.ts';
import { savePayload } from '../tests/api/orders-helpers.ts';

const rate = Number(process.env.RATE ?? 300);
const seconds = Number(process.env.DURATION ?? 10);
const orderCount = Number(process.env.ORDERS ?? 50);
const postgres = process.argv.includes('--postgres');

const database = postgres ? await createPostgresDatabase(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:55432/postgres') : null;
const server = await startServer({ RATE_LIMIT_SCALE: '1000', ...(database ? { DATABASE_URL: database.url } : {}) });
try {
  const orderIds: string[] = [];
  for (let i = 0; i < orderCount; i += 1) {
    const language = (['lv', 'en-GB', 'en-US'] as const)[i % 3];
    const post = (url: string, body: unknown) =>
      fetch(server.url + url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    const created = (await (await post('/api/order', savePayload({ country: language }))).json()) as { orderId: string };
    await post('/api/orderItems', savePayload({ country: language, orderId: created.orderId, cover: 'softcover' }));
    orderIds.push(created.orderId);
  }
  const pick = () => orderIds[Math.floor(Math.random() * orderIds.length)]!;
  console.log(`Data set: ${orderIds.length} orders with 2 books each (${postgres ? 'PostgreSQL' : 'PGlite'}); ${rate} requests/s for ${seconds} s each; machine load (uptime): ${os.loadavg().map((n) => n.toFixed(2)).join(', ')} on ${os.cpus().length} cores`);

  const targets: [string, () => string][] = [
    ['GET /api/order/summary/{id}', () => `/api/order/summary/${pick()}?country=lv`],
    ['GET /api/order/{id}/status', () => `/api/order/${pick()}/status`],
  ];
  if (existsSync(path.join('dist', 'client', 'index.html'))) targets.push(['GET / (home page)', () => '/']);
  else console.log('The client is not built (npm run build): the home page is left out.');

  for (const [name, next] of targets) {
    const result = await autocannon({
      url: server.url,
      connections: 20,
      overallRate: rate,
      duration: seconds,
      requests: [{ setupRequest: (request) => ({ ...request, path: next() }) }],
    });
    const l = result.latency;
    console.log(
      `${name}: p50 ${l.p50} ms, p99 ${l.p99} ms, max ${l.max} ms; ${result.requests.total} served (${result.requests.average}/s), errors ${result.errors}, timeouts ${result.timeouts}, non-2xx ${result.non2xx}`,
    );
  }
} finally {
  await server.stop();
  await database?.drop();
}
