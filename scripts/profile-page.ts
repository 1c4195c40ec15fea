// `node --import tsx scripts/profile-page.ts [path] [cookie]`: the server's CPU time per page, in
// the process (no network, no other load counted): the app with the built client and server entry
// (needs `npm run build`) on an in-memory PGlite; 30 requests to warm up, then REQUESTS (200).
// PAGE_CACHE=0 renders every request (no page cache). PROFILE=file.cpuprofile writes a CPU profile
// of the measured requests only (open it in Chrome's DevTools).
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import path from 'node:path';
import { createApp } from '#server/app.ts';
import { openDatabase } from '#server/db/client.ts';
import { loadReferenceData } from '#server/db/reference-data.ts';
import { loadClientFiles } from '#server/web/head.ts';
import { builtSsrEntry } from '#server/web/ssr.ts';

const page = process.argv[2] ?? '/';
const cookie = process.argv[3] ?? 'LANGUAGE_CODE=en-GB';
const requests = Number(process.env.REQUESTS ?? 200);
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
const get = async () => {
  const res = await app.request(page, { headers: { Cookie: cookie, Accept: 'text/html' } });
  await res.text();
  return res.status;
};
for (let i = 0; i < 30; i++) await get();
const session = process.env.PROFILE ? new Session() : undefined;
if (session) {
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
}
const cpu = process.cpuUsage();
const started = performance.now();
let status = 0;
for (let i = 0; i < requests; i++) status = await get();
const used = process.cpuUsage(cpu);
const wall = performance.now() - started;
if (session && process.env.PROFILE) {
  const { profile } = await session.post('Profiler.stop');
  writeFileSync(process.env.PROFILE, JSON.stringify(profile));
}
console.log(
  `${page} (${cookie}, status ${status}, page cache ${process.env.PAGE_CACHE === '0' ? 'off' : 'on'}): ${((used.user + used.system) / 1000 / requests).toFixed(2)} ms CPU and ${(wall / requests).toFixed(2)} ms wall per page over ${requests}`,
);
await database.close();
