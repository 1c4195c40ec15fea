// `npm start`: builds the client and the server entry when either build is missing or older than
// the sources, then starts the server (migrations, reference data, listen on PORT).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// What `npm run build` writes: the client (head-meta.json is written last) and the server entry.
const builds = [
  path.join(root, 'dist', 'client', 'head-meta.json'),
  path.join(root, 'dist', 'server', 'entry-server.js'),
];
const sources = [
  'src',
  'book',
  'contract',
  'machines',
  'public',
  'index.html',
  'vite.config.ts',
  'package.json',
];

function newest(entry: string): number {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(entry).reduce(
    (max, name) => Math.max(max, newest(path.join(entry, name))),
    stat.mtimeMs,
  );
}

const builtAt = Math.min(...builds.map((file) => (existsSync(file) ? statSync(file).mtimeMs : 0)));
const sourcesAt = Math.max(...sources.map((s) => newest(path.join(root, s))));
if (builtAt < sourcesAt) {
  console.log(
    builtAt === 0
      ? 'Building the client and the server entry (first start)…'
      : 'Sources changed: rebuilding…',
  );
  for (const args of [['build'], ['build', '--ssr']]) {
    const result = spawnSync(
      process.execPath,
      [path.join(root, 'node_modules', 'vite', 'bin', 'vite.js'), ...args],
      {
        cwd: root,
        stdio: 'inherit',
      },
    );
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
}

const { start } = await import('#server/index.ts');
await start();
