// `npm run bench:web`: (1) the gzipped size of the JavaScript the home page loads first (the
// entry script and its static imports, the modulepreloads in index.html, the app the entry loads
// after the first paint and its imports, plus the chunks the
// router loads for '/' and the header and footer), measured from a fresh production build; (2) the server's time from
// start to answering /api/health with an empty data folder (median of 3 starts).
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = path.join('dist', 'client');
const build = spawnSync(
  process.execPath,
  [path.join('node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn'],
  { stdio: 'inherit' },
);
if (build.status !== 0) process.exit(1);

const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const initial = new Set<string>();
for (const match of html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)) initial.add(match[1]!);
// The entry loads the app after the first paint (src/main.tsx imports start-app, which imports
// i18n, React DOM and app-root): dynamic imports, part of the first load all the same. Only the
// entry's and start-app's are followed (app-root's are the routes', loaded lazily).
const dynamicFrom = [...initial];
while (dynamicFrom.length) {
  const file = dynamicFrom.pop()!;
  const code = readFileSync(path.join(dist, file), 'utf8');
  for (const match of code.matchAll(/import\(\s*[`"'](\.\/[^`"']+\.js)[`"']\s*\)/g)) {
    const dep = path.posix.join(path.posix.dirname(file), match[1]!);
    if (initial.has(dep)) continue;
    initial.add(dep);
    if (/\/start-app-[^/]+\.js$/.test(dep)) dynamicFrom.push(dep);
  }
}

// Follow static imports of those chunks (rolldown writes `from"./x.js"` / `import"./x.js"`).
const queue = [...initial];
while (queue.length) {
  const file = queue.pop()!;
  const code = readFileSync(path.join(dist, file), 'utf8');
  for (const match of code.matchAll(/(?:from|import)\s*["'](\.\/[^"']+\.js)["']/g)) {
    const dep = path.posix.join(path.posix.dirname(file), match[1]!);
    if (!initial.has(dep)) {
      initial.add(dep);
      queue.push(dep);
    }
  }
}
// The home route's lazy component chunk and the common translations of the default language.
const assets = readdirSync(path.join(dist, 'assets'));
// The home route's own chunk (`index-*` not already counted) and the en-GB common translations
// (each language is its own chunk; a visitor loads one).
const lazy = assets
  .filter((f) => /\.js$/.test(f) && !initial.has(`/assets/${f}`))
  .filter(
    (f) =>
      /^(index|home-page)-/.test(f) ||
      (/^common-/.test(f) &&
        readFileSync(path.join(dist, 'assets', f), 'utf8').includes('Personalise My Book')),
  )
  .map((f) => `/assets/${f}`);
// The site's header and footer (src/site-frame.tsx), a chunk of their own that the home page
// loads before it hydrates (the builder's steps do not), with its imports not counted yet.
const frameQueue = assets
  .filter((f) => /^site-frame-[^.]+\.js$/.test(f))
  .map((f) => `/assets/${f}`);
while (frameQueue.length) {
  const file = frameQueue.pop()!;
  if (initial.has(file) || lazy.includes(file)) continue;
  lazy.push(file);
  const code = readFileSync(path.join(dist, file), 'utf8');
  for (const match of code.matchAll(/(?:from|import)\s*["'](\.\/[^"']+\.js)["']/g))
    frameQueue.push(path.posix.join(path.posix.dirname(file), match[1]!));
}

const gz = (file: string) => gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
const rows = [...initial].map((f) => ({ file: f, gzip: gz(f), initial: true }));
const lazyRows = lazy.map((f) => ({ file: f, gzip: gz(f), initial: false }));
const total = rows.reduce((s, r) => s + r.gzip, 0);
const totalWithLazy = total + lazyRows.reduce((s, r) => s + r.gzip, 0);
console.log('\nJavaScript the home page loads first (gzip -9):');
for (const row of [...rows, ...lazyRows].sort((a, b) => b.gzip - a.gzip)) {
  console.log(
    `  ${(row.gzip / 1024).toFixed(1).padStart(7)} KB  ${row.file}${row.initial ? '' : '  (loaded right after, for /)'}`,
  );
}
console.log(`home initial JS: ${(total / 1024).toFixed(1)} KB gzipped (entry + static imports)`);
console.log(
  `home JS incl. route and translation chunks: ${(totalWithLazy / 1024).toFixed(1)} KB gzipped (goal <= 150 KB)`,
);

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

async function startOnce(): Promise<number> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'storymade-bench-'));
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_REQUESTS: '0',
    },
    stdio: 'ignore',
  });
  try {
    for (;;) {
      try {
        const res = await fetch(`http://127.0.0.1:${port}/api/health`);
        if (res.status === 200) return performance.now() - started;
      } catch {
        /* not listening yet */
      }
      if (performance.now() - started > 60_000)
        throw new Error('server did not answer within 60 s');
      await new Promise((r) => setTimeout(r, 10));
    }
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const times: number[] = [];
for (let i = 0; i < 3; i++) times.push(await startOnce());
times.sort((a, b) => a - b);
console.log(
  `\nserver start to /api/health 200 with an empty data folder: median ${times[1]!.toFixed(0)} ms (runs: ${times.map((t) => t.toFixed(0)).join(', ')} ms)`,
);
