// `npm run bench:ttfb`: the server's time to first byte for a server-rendered page: the
// production server (needs `npm run build`) on a free port with a fresh data folder, 20 requests
// to warm up, then REQUESTS (200) one after another (load 1) of PAGE (/) in LANGUAGE (en-GB).
// Prints p50/p95/max of the time to the response's first byte and to its last.
// BASE_URL=http://... measures a server that is already running.
import { request } from 'node:http';
import { startServer } from './bench-server.ts';

const PAGE = process.env.PAGE ?? '/';
const REQUESTS = Number(process.env.REQUESTS ?? 200);
const LANGUAGE = process.env.LANGUAGE ?? 'en-GB';

/** One GET: milliseconds to the first byte of the response and to its end (node:http, so nothing buffers). */
function timeOne(url: string): Promise<{ first: number; last: number; status: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = request(
      url,
      { headers: { Cookie: `LANGUAGE_CODE=${LANGUAGE}`, Accept: 'text/html' } },
      (res) => {
        let first = 0;
        res.on('data', () => {
          if (!first) first = performance.now() - started;
        });
        res.on('end', () =>
          resolve({ first, last: performance.now() - started, status: res.statusCode ?? 0 }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
};

const server = process.env.BASE_URL
  ? { url: process.env.BASE_URL, stop: () => {} }
  : await startServer('ttfb');
try {
  const url = `${server.url}${PAGE}`;
  for (let i = 0; i < 20; i++) await timeOne(url);
  const runs: { first: number; last: number; status: number }[] = [];
  for (let i = 0; i < REQUESTS; i++) runs.push(await timeOne(url));
  const statuses = [...new Set(runs.map((r) => r.status))].join(', ');
  const row = (label: string, values: number[]) =>
    `${label.padEnd(20)} p50 ${percentile(values, 50).toFixed(1).padStart(6)} ms   p95 ${percentile(values, 95).toFixed(1).padStart(6)} ms   max ${Math.max(
      ...values,
    )
      .toFixed(1)
      .padStart(6)} ms`;
  console.log(
    `${PAGE} in ${LANGUAGE}, ${REQUESTS} requests one after another after 20 to warm up (status ${statuses})`,
  );
  console.log(
    row(
      'time to first byte',
      runs.map((r) => r.first),
    ),
  );
  console.log(
    row(
      'whole page',
      runs.map((r) => r.last),
    ),
  );
} finally {
  server.stop();
}
