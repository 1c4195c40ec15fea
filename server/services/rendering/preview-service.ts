import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { characterSetToAssetNames, defaultCharacters } from '#book/catalogue.ts';
import { FONT_KEYS, FONTS } from '#book/fonts.ts';
import { createPreviewCache, type PreviewCache } from './preview-cache.ts';
import type { PreviewJob, RenderTimings } from './render-preview.ts';
import { PREVIEW_SETTINGS } from './settings.ts';
import { createWorkerPool, type WorkerPool } from './worker-pool.ts';

export type PreviewSource = 'memory' | 'disk' | 'render' | 'shared';

export interface PreviewResult {
  /** sha256 (hex) of everything that determines the image; also the ETag. */
  key: string;
  image: Buffer;
  /** Where the image came from: a cache level, a fresh render, or a render already in flight. */
  source: PreviewSource;
  /** Only for a fresh render: where its time went (ms), plus the wait for a free worker. */
  timings?: RenderTimings & { queue: number };
}

type WorkerAnswer = { image: Uint8Array; timings: RenderTimings };

export interface PreviewService {
  keyOf(job: PreviewJob): string;
  render(job: PreviewJob): Promise<PreviewResult>;
  /** An image rendered before, by its key (for a GET a CDN can cache); null when unknown. */
  cached(key: string): Promise<Buffer | null>;
  /**
   * Starts the workers now instead of on the first request, and has each draw a few pages
   * (thrown away) so the first visitor does not pay for module loading and JIT compilation.
   */
  warmUp(): Promise<void>;
  stats(): { renders: number; inFlight: number; cache: { entries: number; bytes: number } };
  close(): Promise<void>;
}

export interface PreviewServiceOptions {
  /** `${DATA_DIR}`: files go to `${dataDir}/previews/`. Without it the cache is memory only. */
  dataDir?: string;
  /** Worker threads; default one per core. */
  workers?: number;
  /** Jobs that may wait for a worker before new ones are refused (PoolBusyError). */
  maxQueue?: number;
  /** Memory LRU bound; default 64 MB (~600 spreads). */
  maxMemoryBytes?: number;
  /** Bound of `${dataDir}/previews/`; default 2 GiB (~20,000 images), least recently used go first. */
  maxDiskBytes?: number;
}

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../../..');

/**
 * A fingerprint of what draws pages: every source file of book/ and of this renderer, and the
 * versions of resvg, sharp and the font packages.
 * Changing the art, the story or the renderer changes every key, so an old image is never served
 * for a new book. Computed once per process (a few hundred small files, a few ms).
 */
function rendererVersion(): string {
  const hash = createHash('sha256');
  const folders = [path.join(root, 'book'), here];
  for (const folder of folders) {
    const files = (readdirSync(folder, { recursive: true }) as string[])
      .filter((file) => /\.(ts|mjs|json)$/.test(file))
      .sort();
    for (const file of files) {
      const full = path.join(folder, file);
      if (!statSync(full).isFile()) continue;
      hash.update(path.relative(root, full)).update('\0').update(readFileSync(full)).update('\0');
    }
  }
  hash.update(JSON.stringify(PREVIEW_SETTINGS));
  // The rasteriser, the encoder and the fonts draw the pixels too.
  const packages = ['@resvg/resvg-js', 'sharp', ...FONT_KEYS.map((key) => FONTS[key].package)];
  for (const name of packages) {
    try {
      const manifest = readFileSync(path.join(root, 'node_modules', name, 'package.json'), 'utf8');
      hash.update(`${name}@${(JSON.parse(manifest) as { version?: string }).version ?? '?'}`);
    } catch {
      hash.update(`${name}@missing`);
    }
  }
  return hash.digest('hex');
}

let cachedVersion: string | undefined;

export function previewKey(
  job: PreviewJob,
  version = (cachedVersion ??= rendererVersion()),
): string {
  const identity = {
    v: version,
    page: job.page,
    language: job.language,
    name: job.child.name,
    gender: job.child.gender,
    assets: characterSetToAssetNames(job.characters).slice().sort(),
    dedication: job.page === 'dedication' ? (job.dedication ?? '') : null,
  };
  return createHash('sha256').update(JSON.stringify(identity)).digest('hex');
}

export function createPreviewService(options: PreviewServiceOptions = {}): PreviewService {
  const cache: PreviewCache = createPreviewCache({
    dir: options.dataDir ? path.join(options.dataDir, 'previews') : undefined,
    maxMemoryBytes: options.maxMemoryBytes ?? 64 * 1024 * 1024,
    ...(options.maxDiskBytes === undefined ? {} : { maxDiskBytes: options.maxDiskBytes }),
  });
  const inFlight = new Map<
    string,
    Promise<{ image: Buffer; timings: RenderTimings & { queue: number } }>
  >();
  let pool: WorkerPool<PreviewJob, WorkerAnswer> | null = null;
  let renders = 0;
  /** Disk writes still running; the answer does not wait for them, close() does. */
  const writes = new Set<Promise<void>>();

  // Workers start on first use: an API process that never draws a preview spawns none.
  function workers(): WorkerPool<PreviewJob, WorkerAnswer> {
    pool ??= createWorkerPool<PreviewJob, WorkerAnswer>({
      entry: new URL('./render-worker.mjs', import.meta.url),
      size: options.workers ?? availableParallelism(),
      maxQueue: options.maxQueue ?? 256,
    });
    return pool;
  }

  return {
    keyOf: (job) => previewKey(job),
    async render(job) {
      const key = previewKey(job);
      const shared = inFlight.get(key);
      if (shared) return { key, image: (await shared).image, source: 'shared' };
      const cached = await cache.get(key);
      if (cached) return { key, image: cached.image, source: cached.from };
      // Between the awaits above an identical request may have started the render.
      const started = inFlight.get(key);
      if (started) return { key, image: (await started).image, source: 'shared' };

      const rendering = (async () => {
        renders += 1;
        const t0 = performance.now();
        const answer = await workers().run(job);
        const bytes = answer.image;
        const image = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
        const { svg, raster, encode } = answer.timings;
        const queue = Math.max(0, performance.now() - t0 - svg - raster - encode);
        // The memory level is filled at once; the file is written while the answer goes out.
        const write = cache.set(key, image);
        writes.add(write);
        void write.finally(() => writes.delete(write));
        return { image, timings: { ...answer.timings, queue } };
      })();
      inFlight.set(key, rendering);
      try {
        const { image, timings } = await rendering;
        return { key, image, source: 'render', timings };
      } finally {
        inFlight.delete(key);
      }
    },
    async cached(key) {
      if (!/^[0-9a-f]{64}$/.test(key)) return null;
      return (await cache.get(key))?.image ?? null;
    },
    async warmUp() {
      const pool = workers();
      // Queued at once (before the workers are up), so requests arriving later wait behind
      // the warm-up instead of racing it.
      const { size } = pool.stats();
      // Pages of different kinds (cover, dedication, indoor and stadium spreads) on every worker.
      const pages = ['cover', 'dedication', 'page_1-2', 'page_21-22', 'page_41-42'];
      const characters = defaultCharacters('girl');
      await Promise.all(
        Array.from({ length: size * pages.length }, (_, i) =>
          pool.run({
            page: pages[i % pages.length]!,
            language: 'en-gb',
            child: { name: 'Warm', gender: 'girl' },
            characters,
            dedication: 'Warm up',
          }),
        ),
      );
    },
    stats: () => ({ renders, inFlight: inFlight.size, cache: cache.stats() }),
    async close() {
      const closing = pool;
      pool = null;
      if (closing) await closing.close();
      await Promise.all([...writes]);
      await cache.settled();
    },
  };
}
