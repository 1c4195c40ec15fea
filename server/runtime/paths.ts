// Where the project's files are at run time, the same from the TypeScript sources (server/…, run
// through tsx in development and tests) and from the built server (dist/app/server.js, `npm run
// start:production`): the project root is the nearest folder above this module with the shop's
// package.json.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

function findRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (
      existsSync(manifest) &&
      (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === 'storymade'
    )
      return dir;
    if (path.dirname(dir) === dir) throw new Error(`No storymade package.json above ${from}`);
  }
}

/** The project's root folder (package.json, dist/, node_modules/, data/). */
export const PROJECT_ROOT = findRoot(path.dirname(fileURLToPath(import.meta.url)));

/**
 * True in the built server: the build (scripts/build-server.ts) replaces this expression with
 * "production-build", so the bundle uses what the build put beside it in dist/app.
 */
export const BUILT = process.env.STORYMADE_BUILD === 'production-build';

/** The database migrations: server/db/migrations, copied to dist/app/migrations by the build. */
export const MIGRATIONS_FOLDER = BUILT
  ? path.join(PROJECT_ROOT, 'dist', 'app', 'migrations')
  : path.join(PROJECT_ROOT, 'server', 'db', 'migrations');
