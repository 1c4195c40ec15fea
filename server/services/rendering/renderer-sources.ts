// The fingerprint of the sources that draw a page: every file of book/ and of the server's
// renderer. The preview cache keys images by it (preview-service.ts); the production build
// (scripts/build-server.ts) computes it once and writes it into the built server, which runs
// without the sources.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from '#server/runtime/paths.ts';

export function hashRendererSources(): string {
  const hash = createHash('sha256');
  const folders = [
    path.join(PROJECT_ROOT, 'book'),
    path.join(PROJECT_ROOT, 'server', 'services', 'rendering'),
  ];
  for (const folder of folders) {
    const files = (readdirSync(folder, { recursive: true }) as string[])
      .filter((file) => /\.(ts|mjs|json)$/.test(file))
      .sort();
    for (const file of files) {
      const full = path.join(folder, file);
      if (!statSync(full).isFile()) continue;
      hash
        .update(path.relative(PROJECT_ROOT, full))
        .update('\0')
        .update(readFileSync(full))
        .update('\0');
    }
  }
  return hash.digest('hex');
}
