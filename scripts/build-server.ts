// The production server as JavaScript (`npm run build` runs it after the two Vite builds): bundles
// server/index.ts, the three worker entries and the admin:create command into dist/app with esbuild, the project's own code
// (server/, book/, contract/) inlined and the npm packages left as imports, so `node
// dist/app/server.js` starts the shop with the production dependencies only: no TypeScript
// loader, no Vite. The migrations are copied beside it, and the fingerprint of the book's
// sources (which keys the preview cache) is written into it.
import { cpSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { hashRendererSources } from '#server/services/rendering/renderer-sources.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, 'dist', 'app');

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

const started = performance.now();
await build({
  absWorkingDir: root,
  entryPoints: {
    server: 'server/index.ts',
    // The names the server starts its workers by (new URL('./render-worker.mjs', import.meta.url)).
    'render-worker': 'server/services/rendering/render-worker.ts',
    'print-worker': 'server/services/fulfilment/print/print-worker.ts',
    // The print proof's helper thread, started by the print worker (print-proof.ts).
    'proof-worker': 'server/services/fulfilment/print/proof-worker.ts',
    // The digital edition's screen PDF (server/services/fulfilment/print/screen-thread.ts).
    'screen-worker': 'server/services/fulfilment/print/screen-worker.ts',
    // `npm run admin:create:production`: the back office's first account, without the sources.
    'admin-create': 'scripts/admin-create.ts',
  },
  outdir: out,
  outExtension: { '.js': '.mjs' },
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  legalComments: 'none',
  logLevel: 'warning',
  define: {
    'process.env.STORYMADE_BUILD': JSON.stringify('production-build'),
    'process.env.STORYMADE_RENDERER_SOURCES': JSON.stringify(hashRendererSources()),
  },
});
cpSync(path.join(root, 'server', 'db', 'migrations'), path.join(out, 'migrations'), {
  recursive: true,
});
console.log(`Server built into dist/app in ${Math.round(performance.now() - started)} ms`);
