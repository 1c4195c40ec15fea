// Benchmark of the back office's sign-in under a flood of sign-ins for accounts that do not exist
// (issue #44, item 3).
//   npm run build && npm run bench:sign-in   [FLOODS=20,50,100] [PROBE_MS=50]
// Starts the server (server/index.ts, the built client in dist/client, the shop's password cost
// N=2^17) on a free port with a fresh data folder and TRUST_PROXY=1, so each sign-in can come
// from an address of its own (X-Forwarded-For), as from many machines; the per-address limits
// are not what is measured here. For each flood size it sends that many sign-ins at once, for
// addresses that have no account, and while they are answered asks for a static file (a script
// of the built client, from memory) and /api/health every PROBE_MS ms: it prints their p50, p95
// and max latency, the sign-ins' answers (401 checked, 429 refused before hashing) and how long
// the flood took. The same flood from one address, and an idle baseline, come first. Last, in
// this process, the time an unknown address and a wrong password for an existing account take
// to be answered, one at a time (they must match: no account enumeration).
import { readdirSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { createApp } from '#server/app.ts';
import { openDatabase } from '#server/db/client.ts';
import { DEFAULT_PASSWORD_COST } from '#server/services/staff/passwords.ts';
import { addStaff } from '#server/services/staff/staff-accounts.ts';
import { startServer } from './bench-server.ts';

const FLOODS = (process.env.FLOODS ?? '20,50,100').split(',').map(Number);
const PROBE_MS = Number(process.env.PROBE_MS ?? 50);

const assets = path.join('dist', 'client', 'assets');
const script = readdirSync(assets).find((name) => name.endsWith('.js'));
if (!script) throw new Error('No built client: run `npm run build` first.');

process.env.TRUST_PROXY = '1';
process.env.PREVIEW_WARM_UP = '0';
const server = await startServer('bench-sign-in');
const staticPath = `/assets/${script}`;

async function timed(url: string, init?: RequestInit): Promise<{ ms: number; status: number }> {
  const started = performance.now();
  const res = await fetch(url, init);
  await res.arrayBuffer();
  return { ms: performance.now() - started, status: res.status };
}

function signIn(address: string, email: string, password: string) {
  return timed(`${server.url}/api/admin/session`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': address },
    body: JSON.stringify({ email, password }),
  });
}

/** Probes the static file and /api/health one after another every PROBE_MS until `until` settles. */
async function probe(until: Promise<unknown>) {
  const files: number[] = [];
  const health: number[] = [];
  let done = false;
  void until.finally(() => {
    done = true;
  });
  do {
    files.push((await timed(`${server.url}${staticPath}`)).ms);
    health.push((await timed(`${server.url}/api/health`)).ms);
    await sleep(PROBE_MS);
  } while (!done);
  return { files, health };
}

const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};
const stats = (values: number[]) =>
  `p50 ${pct(values, 50).toFixed(1)} ms, p95 ${pct(values, 95).toFixed(1)} ms, max ${Math.max(...values).toFixed(1)} ms (${values.length} probes)`;

let run = 0;
async function flood(size: number, oneAddress: boolean) {
  run += 1;
  const started = performance.now();
  const answers = Promise.all(
    Array.from({ length: size }, (_, i) =>
      signIn(
        oneAddress ? '198.51.100.7' : `10.${run}.${Math.floor(i / 250)}.${(i % 250) + 1}`,
        `nobody-${run}-${i}@example.com`,
        'a guess',
      ),
    ),
  );
  const probes = await probe(answers);
  const results = await answers;
  const took = performance.now() - started;
  const count = (status: number) => results.filter((r) => r.status === status).length;
  const others = results.filter((r) => r.status !== 401 && r.status !== 429).length;
  console.log(
    `${String(size).padStart(3)} unknown sign-ins at once${oneAddress ? ' from one address' : ''}: ` +
      `${count(401)} checked (401), ${count(429)} refused before hashing (429)${others ? `, ${others} other` : ''}, all answered in ${(took / 1000).toFixed(1)} s`,
  );
  console.log(`    static file ${stats(probes.files)}`);
  console.log(`    /api/health ${stats(probes.health)}`);
  // Let the hashes still running end before the next flood.
  await sleep(3000);
}

try {
  console.log(`Server ${server.url}; static file ${staticPath}; probes every ${PROBE_MS} ms`);
  const idle = await probe(sleep(2000));
  console.log(`idle: static file ${stats(idle.files)}`);
  console.log(`      /api/health ${stats(idle.health)}`);
  await flood(20, true);
  for (const size of FLOODS) await flood(size, false);
} finally {
  server.stop();
}

// One at a time, no flood, in this process at the shop's cost: an unknown address and a wrong
// password for an existing account take the same time (no account enumeration).
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'storymade-bench-sign-in-'));
const database = openDatabase({ kind: 'pglite', dataDir });
await database.migrate();
const app = createApp({
  database,
  client: null,
  publicUrl: 'http://localhost:3000',
  admin: { signInLimits: { perAccount: 1000, accountCeiling: 1000 } },
});
const OWNER = { email: 'owner@example.com', password: 'the owner’s own password' };
await addStaff(
  { db: database.db, now: () => new Date(), passwordCost: DEFAULT_PASSWORD_COST },
  { staffId: null, email: 'command line' },
  { ...OWNER, role: 'owner' },
);
async function alone(email: string, password: string): Promise<number> {
  const started = performance.now();
  const res = await app.request('/api/admin/session', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  await res.arrayBuffer();
  if (res.status !== 401) throw new Error(`expected 401, got ${res.status}`);
  return performance.now() - started;
}
const unknown: number[] = [];
const wrong: number[] = [];
for (let i = 0; i < 6; i += 1) {
  unknown.push(await alone(`nobody-alone-${i}@example.com`, 'a guess'));
  wrong.push(await alone(OWNER.email, `wrong-${i}`));
}
console.log(
  `one at a time (in process): unknown address p50 ${pct(unknown, 50).toFixed(0)} ms, wrong password p50 ${pct(wrong, 50).toFixed(0)} ms`,
);
await database.close();
