// `npm run bench:ttfb`: the server's time to first byte for a server-rendered page: the
// production server (needs `npm run build`) on a free port with a fresh data folder, 20 requests
// to warm up, then REQUESTS (200) one after another (load 1) of PAGE (/) in LANGUAGE (en-GB).
// Prints p50/p95/max of the time to the response's first byte and to its last.
// BASE_URL=http://... measures a server that is already running.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const PAGE = process.env.PAGE ?? '/';
const REQUESTS = Number(process.env.REQUESTS ?? 200);
const LANGUAGE = process.env.LANGUAGE ?? 'en-GB';

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function startServer(): Promise<{ url: string; stop: () => void }> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'storymade-ttfb-'));
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_REQUESTS: '0', PUBLIC_URL: url },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 240; i++) {
    if (await fetch(`${url}/api/health`).then((r) => r.ok, () => false)) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  return {
    url,
    stop: () => {
      child.kill();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** One GET: milliseconds to the first byte of the response and to its end (node:http, so nothing buffers). */
function timeOne(url: string): Promise<{ first: number; last: number; status: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = request(url, { headers: { Cookie: `LANGUAGE_CODE=${LANGUAGE}`, Accept: 'text/html' } }, (res) => {
      let first = 0;
      res.on('data', () => {
        if (!first) first = performance.now() - started;
      });
      res.on('end', () => resolve({ first, last: performance.now() - started, status: res.statusCode ?? 0 }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
};

const server = process.env.BASE_URL ? { url: process.env.BASE_URL, stop: () => {} } : await startServer();
try {
  const url = `${server.url}${PAGE}`;
  for (let i = 0; i < 20; i++) await timeOne(url);
  const runs: { first: number; last: number; status: number }[] = [];
  for (let i = 0; i < REQUESTS; i++) runs.push(await timeOne(url));
  const statuses = [...new Set(runs.map((r) => r.status))].join(', ');
  const row = (label: string, values: number[]) =>
    `${label.padEnd(20)} p50 ${percentile(values, 50).toFixed(1).padStart(6)} ms   p95 ${percentile(values, 95).toFixed(1).padStart(6)} ms   max ${Math.max(...values).toFixed(1).padStart(6)} ms`;
  console.log(`${PAGE} in ${LANGUAGE}, ${REQUESTS} requests one after another after 20 to warm up (status ${statuses})`);
  console.log(row('time to first byte', runs.map((r) => r.first)));
  console.log(row('whole page', runs.map((r) => r.last)));
} finally {
  server.stop();
}
