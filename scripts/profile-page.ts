// `node --import tsx scripts/profile-page.ts [path|summary] [cookie]`: the server's CPU time per page
// (`summary`: the cart summary of a cart of two books, as its browser asks for it): the
// app with the built client and server entry (needs `npm run build`) on an in-memory PGlite,
// served over HTTP as in production (@hono/node-server's listener behind the page front,
// server/web/page-front.ts), asked by a client in a process of its own (one request at a time on
// a kept-alive connection, Accept-Encoding as a browser's), so only the server's work is counted
// (HTTP parsing and writing included). WARMUP (2000) requests come first, for the server and the
// floor alike: V8 compiles the HTTP path's functions only after a few hundred calls (with 30, the
// home page read 0.69 ms and its floor 0.26 ms; a shop serving many requests a second runs warm);
// then REQUESTS (1000) are measured. IN_PROCESS=1 calls app.request() in this process instead (no
// network, no page front; the Request, Response and reading the body are counted too).
// PAGE_CACHE=0 renders every request (no page cache). PROFILE=file.cpuprofile writes a CPU
// profile of the measured requests only (open it in Chrome's DevTools). Prints the CPU per page
// as `… ms CPU`.
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { Session } from 'node:inspector/promises';
import path from 'node:path';
import { createServer, type RequestListener } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import { Hono } from 'hono';
import { createApp, withPageFront } from '#server/app.ts';
import { openDatabase } from '#server/db/client.ts';
import { loadReferenceData } from '#server/db/reference-data.ts';
import { loadClientFiles } from '#server/web/head.ts';
import { builtSsrEntry } from '#server/web/ssr.ts';
import { newCartKeyCookie, savePayload } from '../tests/api/orders-helpers.ts';

let page = process.argv[2] ?? '/';
let cookie = process.argv[3] ?? 'LANGUAGE_CODE=en-GB';
const requests = Number(process.env.REQUESTS ?? 1000);
const inProcess = process.env.IN_PROCESS === '1';
const client = loadClientFiles(path.join('dist', 'client'));
const ssr = builtSsrEntry(path.join('dist', 'server'));
if (!client || !ssr) throw new Error('Run `npm run build` first.');
const database = openDatabase({ kind: 'pglite', dataDir: null });
await database.migrate();
await loadReferenceData(database.db);
const app = createApp({
  database,
  client,
  ssr,
  publicUrl: 'http://localhost',
  ...(process.env.PAGE_CACHE === '0' ? { pageCache: null } : {}),
});
// `summary`: the cart summary of a cart of two books, asked by the browser holding it.
if (page === 'summary') {
  cookie = newCartKeyCookie();
  const post = async (url: string, body: unknown) =>
    (
      await app.request(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Cookie: cookie },
        body: JSON.stringify(body),
      })
    ).json() as Promise<{ orderId: string }>;
  const { orderId } = await post('/api/order', savePayload({ country: 'lv' }));
  await post('/api/orderItems', savePayload({ country: 'lv', orderId, cover: 'softcover' }));
  page = `/api/order/summary/${orderId}?country=lv`;
}
const get = async () => {
  const res = await app.request(page, { headers: { Cookie: cookie, Accept: 'text/html' } });
  await res.text();
  return res.status;
};
for (let i = 0; i < 30; i++) await get();

// The client, a process of its own started before anything is measured: for each line
// `url count` on its input, `count` requests one after another on a kept-alive connection, then
// the last status on its output.
const CLIENT = `
const http = require('node:http');
const readline = require('node:readline');
const [path, cookie] = process.argv.slice(1);
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
const headers = { Cookie: cookie, Accept: 'text/html', 'Accept-Encoding': 'gzip, deflate, br' };
const one = (url) => new Promise((resolve, reject) => {
  http.get(url + path, { agent, headers }, (res) => {
    res.on('data', () => {});
    res.on('end', () => resolve(res.statusCode));
  }).on('error', reject);
});
readline.createInterface({ input: process.stdin }).on('line', async (line) => {
  const [url, count] = line.split(' ');
  let status = 0;
  for (let i = 0; i < Number(count); i++) status = await one(url);
  console.log(status);
});
`;
/** An HTTP server on a free port with `listener` (@hono/node-server's for an app's fetch). */
const listen = (listener: RequestListener) =>
  new Promise<{ url: string; close: () => void }>((resolve) => {
    const started = createServer(listener).listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${(started.address() as AddressInfo).port}`,
        close: () => started.close(),
      }),
    );
  });
// As server/index.ts serves it: the kept pages the app has sent answered by its page front.
const server = inProcess
  ? undefined
  : await listen(withPageFront(app, getRequestListener(app.fetch)));
const asker = inProcess
  ? undefined
  : spawn(process.execPath, ['-e', CLIENT, page, cookie], { stdio: ['pipe', 'pipe', 'inherit'] });
const answers: ((status: number) => void)[] = [];
asker?.stdout.on('data', (chunk: Buffer) => {
  for (const line of chunk.toString().trim().split('\n')) answers.shift()?.(Number(line));
});
/** `count` requests to `url` from the client process; resolves with the last status. */
const overHttp = (url: string, count: number) =>
  new Promise<number>((resolve) => {
    answers.push(resolve);
    asker!.stdin.write(`${url} ${count}\n`);
  });
const warmup = Number(process.env.WARMUP ?? 2000);
if (server) await overHttp(server.url, warmup);
const session = process.env.PROFILE ? new Session() : undefined;
if (session) {
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
}
const cpu = process.cpuUsage();
const started = performance.now();
let status = 0;
if (server) status = await overHttp(server.url, requests);
else for (let i = 0; i < requests; i++) status = await get();
const used = process.cpuUsage(cpu);
const wall = performance.now() - started;
if (session && process.env.PROFILE) {
  const { profile } = await session.post('Profiler.stop');
  writeFileSync(process.env.PROFILE, JSON.stringify(profile));
}
console.log(
  `${page} (${page.startsWith('/api/order/summary/') ? "the cart's key" : cookie}, status ${status}, page cache ${process.env.PAGE_CACHE === '0' ? 'off' : 'on'}, ${server ? 'over HTTP' : 'in process'}): ${((used.user + used.system) / 1000 / requests).toFixed(2)} ms CPU and ${(wall / requests).toFixed(2)} ms wall per page over ${requests}`,
);
server?.close();
if (server) {
  // The floor: a bare Hono app answering the same bytes (no middleware, no page cache) over the
  // same HTTP: what any answer of this size costs this machine's Node and kernel.
  const body = new Uint8Array(
    await (
      await app.request(page, {
        headers: { Cookie: cookie, 'Accept-Encoding': 'gzip, deflate, br' },
      })
    ).arrayBuffer(),
  );
  const bare = await listen(
    getRequestListener(
      new Hono().get('*', (c) => c.body(body, 200, { 'Content-Type': 'text/html' })).fetch,
    ),
  );
  await overHttp(bare.url, warmup);
  const floorCpu = process.cpuUsage();
  await overHttp(bare.url, requests);
  const floor = process.cpuUsage(floorCpu);
  console.log(
    `  floor (a bare Hono app sending the same ${body.byteLength} bytes over HTTP): ${((floor.user + floor.system) / 1000 / requests).toFixed(2)} ms CPU per answer`,
  );
  bare.close();
}
asker?.stdin.end();
await database.close();
