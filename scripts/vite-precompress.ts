import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text the browser fetches from /assets (scripts, styles); pictures and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|css|svg|json)$/;
/** Below this a compressed copy saves less than the headers cost. */
const MIN_BYTES = 1024;

/**
 * The client build writes a Brotli (`.br`) and a gzip (`.gz`) copy of each script and stylesheet
 * beside it, at the strongest levels, once: the server sends the copy the browser accepts
 * (serveStatic's `precompressed`, server/app.ts) instead of compressing the same immutable file
 * again for every visitor, on the cores the server shares with everything else.
 */
export function precompressAssets(): Plugin {
  return {
    name: 'storymade-precompress-assets',
    apply: 'build',
    async writeBundle(options, bundle) {
      if (this.environment.config.build.ssr) return;
      const dir = options.dir ?? 'dist/client';
      await Promise.all(
        Object.values(bundle).map(async (output) => {
          if (!COMPRESSIBLE.test(output.fileName)) return;
          const source =
            output.type === 'chunk' ? Buffer.from(output.code) : Buffer.from(output.source);
          if (source.length < MIN_BYTES) return;
          const file = path.join(dir, output.fileName);
          const [br, gz] = await Promise.all([
            brotli(source, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
              },
            }),
            gzipAsync(source, { level: constants.Z_BEST_COMPRESSION }),
          ]);
          await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
        }),
      );
    },
  };
}
