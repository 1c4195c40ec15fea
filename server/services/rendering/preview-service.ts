import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { defaultCharacters } from '#book/character-set.ts';
import { DEFAULT_FAMILY_SHAPE, FAMILY_SHAPES, defaultFamily } from '#book/family.ts';
import { PAGE_IDS } from '#book/types.ts';
import { figurePartsOf, type FigureLayer } from './figure-layers.ts';
import { createPreviewCache, type PreviewCache } from './preview-cache.ts';
import { previewKey } from './preview-key.ts';
import { baseKeyOf, sceneKeyOf, type PreviewJob, type RenderTimings } from './render-preview.ts';
import { createSceneCache } from './scene-cache.ts';
import type { PreviewServiceOptions, WorkerAnswer, WorkerJob } from './preview-types.ts';
import { createWorkerPool, PoolBusyError, type WorkerPool } from '#server/platform/worker-pool.ts';

export { previewKey } from './preview-key.ts';

type PreviewSource = 'memory' | 'disk' | 'render' | 'shared';

interface PreviewResult {
  /** sha256 (hex) of everything that determines the image; also the ETag. */
  key: string;
  image: Buffer;
  /** Where the image came from: a cache level, a fresh render, or a render already in flight. */
  source: PreviewSource;
  /** Only for a fresh render: where its time went (ms), plus the wait for a free worker. */
  timings?: RenderTimings & { queue: number };
}

interface Flight {
  promise: Promise<{ image: Buffer; timings: RenderTimings & { queue: number } }>;
  /** A visitor now waits for this page: a read-ahead render moves to the foreground queue. */
  promote(): void;
  /** Started by readAhead. */
  background: boolean;
}

export interface PreviewService {
  keyOf(job: PreviewJob): string;
  /**
   * The image of one page. With `readAhead`, also starts drawing in the background the next
   * pages of the book (the preview asks for them one by one, in book order), so they are ready or
   * under way when asked for.
   */
  render(
    job: PreviewJob,
    options?: { readAhead?: boolean; onReadAhead?: (key: string) => void },
  ): Promise<PreviewResult>;
  /** An image rendered before, by its key (for a GET a CDN can cache); null when unknown. */
  cached(key: string): Promise<Buffer | null>;
  /** true when the image is cached or being drawn: asking for it now costs no new render. */
  drawnOrDrawing(key: string): Promise<boolean>;
  /**
   * Starts the workers now instead of on the first request and has them draw every page once
   * (thrown away, the scenes kept) so the first visitor pays neither for module loading and JIT
   * compilation nor for drawing the scenery of the default kit. Resolves then; the figures of
   * every other family shape (each kind of grown-up) are drawn after it in the background, only
   * while no visitor waits (`familiesDrawn` resolves with what that cost).
   */
  warmUp(): Promise<void>;
  /** After warmUp: the background drawing of every family shape's figures, done. */
  familiesDrawn(): Promise<{ pages: number; ms: number }>;
  stats(): {
    renders: number;
    /** Pages started by read-ahead (each is also counted in renders once drawn). */
    readAheads: number;
    inFlight: number;
    cache: { entries: number; bytes: number };
    scenes: { entries: number; bytes: number };
    bases: { entries: number; bytes: number };
    layers: { entries: number; bytes: number };
  };
  /** The render workers: started (with the first preview or the warm-up), how many, closed. */
  workers?(): { started: boolean; size: number; closed: boolean };
  /** Removes cached images nobody asked for in 30 days (they carry children's names); run daily. */
  sweepCache(): Promise<void>;
  close(): Promise<void>;
}

export function createPreviewService(options: PreviewServiceOptions = {}): PreviewService {
  const cache: PreviewCache = createPreviewCache({
    dir: options.dataDir ? path.join(options.dataDir, 'previews') : undefined,
    maxMemoryBytes: options.maxMemoryBytes ?? 64 * 1024 * 1024,
    ...(options.maxDiskBytes === undefined ? {} : { maxDiskBytes: options.maxDiskBytes }),
  });
  /** Renders under way, by key: a second request for the same image waits for the first. */
  const inFlight = new Map<string, Flight>();
  let pool: WorkerPool<WorkerJob, WorkerAnswer> | null = null;
  let closed = false;
  const scenes = createSceneCache(options.maxSceneBytes ?? 256 * 1024 * 1024);
  const bases = createSceneCache(options.maxBaseBytes ?? 256 * 1024 * 1024);
  const layers = createSceneCache<FigureLayer>(options.maxLayerBytes ?? 192 * 1024 * 1024);
  /**
   * The job with its page's drawn base (scene + figures) when there is one, else with its drawn
   * scene when there is one and the parts of its figures already drawn (else the worker draws
   * what is missing).
   */
  /**
   * The lines of words the workers drew lately, by page (each worker keeps what it drew; the
   * others get them with their next job of the page): at most 16 a page, ~2 MB a page.
   */
  const words = new Map<PreviewJob['page'], FigureLayer[]>();
  const withScene = (job: PreviewJob): WorkerJob => {
    // The scene's key goes along: the worker would otherwise write the whole scene to hash it.
    const sceneKey = sceneKeyOf(job);
    const lines = words.get(job.page);
    const base = bases.get(baseKeyOf(job));
    if (base) return { job, sceneKey, base, ...(lines ? { words: lines } : {}) };
    const scene = scenes.get(sceneKey);
    const plan = figurePartsOf(job);
    const figures = { ...plan, parts: plan.parts.map((part) => layers.get(part.key) ?? part) };
    return {
      job,
      sceneKey,
      figures,
      ...(scene ? { scene } : {}),
      ...(lines ? { words: lines } : {}),
    };
  };
  const keepScene = (answer: WorkerAnswer, job?: PreviewJob): WorkerAnswer => {
    if (answer.scene) scenes.set(answer.scene);
    if (answer.base) bases.set(answer.base);
    for (const layer of answer.layers ?? []) layers.set(layer);
    if (job && answer.words?.length) {
      const lines = [...(words.get(job.page) ?? []), ...answer.words];
      words.set(job.page, lines.slice(-16));
    }
    return answer;
  };
  let families: Promise<{ pages: number; ms: number }> | null = null;
  let renders = 0;
  let readAheads = 0;
  /** Disk writes still running; the answer does not wait for them, close() does. */
  const writes = new Set<Promise<void>>();
  const readAheadDepth = options.readAhead ?? (options.workers ?? availableParallelism()) * 2;

  // Workers start on first use: an API process that never draws a preview spawns none.
  function workers(): WorkerPool<WorkerJob, WorkerAnswer> {
    // sharp's rule for worker threads: on glibc Linux the main thread loads it first, so its
    // shared libraries stay loaded when a worker thread ends (else the process can crash then).
    if (!pool) createRequire(import.meta.url)('sharp');
    const size = options.workers ?? availableParallelism();
    pool ??= createWorkerPool<WorkerJob, WorkerAnswer>({
      entry: new URL('./render-worker.mjs', import.meta.url),
      size,
      maxQueue: options.maxQueue ?? 256,
      // Read-ahead keeps to its own depth; the warm-up's figures need one a worker (drawFamilies).
      maxBackground: Math.max(readAheadDepth, size),
    });
    return pool;
  }

  /** Starts drawing `job` on a worker (in the foreground, or when nothing else waits). */
  function start(key: string, job: PreviewJob, background: boolean): Flight {
    const t0 = performance.now();
    const run = background
      ? workers().runInBackground(withScene(job))
      : { result: workers().run(withScene(job)), promote: () => {} };
    const promise = (async () => {
      try {
        const answer = keepScene(await run.result, job);
        renders += 1;
        const bytes = answer.image;
        const image = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
        const spent = Object.values(answer.timings).reduce((sum, ms) => sum + ms, 0);
        const queue = Math.max(0, performance.now() - t0 - spent);
        // The memory level is filled at once; the file is written while the answer goes out.
        const write = cache.set(key, image);
        writes.add(write);
        void write.finally(() => writes.delete(write));
        return { image, timings: { ...answer.timings, queue } };
      } finally {
        inFlight.delete(key);
      }
    })();
    const flight: Flight = { promise, promote: run.promote, background };
    inFlight.set(key, flight);
    return flight;
  }

  /**
   * Starts drawing, in the background, the pages a visitor who asked for `job` will ask for next
   * (the preview asks for them one by one, in book order): the next few pages not yet cached or
   * being drawn, as far as the background queue has room.
   */
  function readAhead(job: PreviewJob, onStart?: (key: string) => void): void {
    if (readAheadDepth <= 0) return;
    const room = () => !pool || pool.stats().background < readAheadDepth;
    const at = PAGE_IDS.indexOf(job.page);
    const next = PAGE_IDS.slice(at + 1)
      .filter((page) => page !== 'dedication')
      .slice(0, readAheadDepth);
    void (async () => {
      for (const page of next) {
        const { dedication: _dedication, ...rest } = job;
        const ahead: PreviewJob = { ...rest, page };
        const key = previewKey(ahead);
        if (inFlight.has(key) || (await cache.get(key)) || inFlight.has(key)) continue;
        if (!room()) return;
        readAheads += 1;
        onStart?.(key);
        // Refused (the background queue is full) or failed: the visitor's own request will
        // draw the page; nothing to report.
        start(key, ahead, true).promise.catch(() => {});
      }
    })().catch(() => {});
  }

  /**
   * Waits for a render already under way (moving a read-ahead to the foreground). A read-ahead
   * that was refused or failed answers null: the caller draws the page itself.
   */
  async function joined(flight: Flight | undefined) {
    if (!flight) return null;
    flight.promote();
    try {
      return await flight.promise;
    } catch (error) {
      if (flight.background) return null;
      throw error;
    }
  }

  /**
   * The figures of every page of every other family shape (their grown-ups in their default
   * looks; only the parts not kept yet, no picture), drawn in the background one page per worker
   * at a time, so every kind of grown-up is kept (figure-layers.ts) before a visitor asks: a
   * two-mum book then draws only what is its own.
   * Pages nobody waits for, so only while no visitor's page waits for a worker; a page refused
   * (the background queue full of read-ahead) is tried again shortly.
   */
  async function drawFamilies(
    characters: PreviewJob['characters'],
  ): Promise<{ pages: number; ms: number }> {
    const t0 = performance.now();
    const jobs: PreviewJob[] = FAMILY_SHAPES.filter((shape) => shape !== DEFAULT_FAMILY_SHAPE)
      .flatMap((shape) => {
        const family = defaultFamily(shape, 'en-gb');
        return PAGE_IDS.filter((page) => page !== 'dedication').map((page) => ({
          page,
          language: 'en-gb' as const,
          child: { name: 'Warm', gender: 'girl' as const },
          characters,
          family,
        }));
      })
      .filter((job) => !bases.get(baseKeyOf(job)));
    let next = 0;
    let pages = 0;
    const drawOne = async (): Promise<void> => {
      for (;;) {
        const job = jobs[next++];
        if (!job || !pool) return;
        const work = { ...withScene(job), figuresOnly: true };
        // Parts another shape has too are drawn once.
        if (!work.figures || work.figures.parts.every((part) => 'data' in part)) continue;
        pages += 1;
        for (let tries = 0; tries < 100 && pool; tries += 1) {
          try {
            keepScene(await pool.runInBackground(work).result);
            break;
          } catch (error) {
            if (!(error instanceof PoolBusyError)) return;
            await new Promise((resolve) => setTimeout(resolve, 100));
          }
        }
      }
    };
    await Promise.all(Array.from({ length: pool?.stats().size ?? 1 }, drawOne));
    return { pages, ms: performance.now() - t0 };
  }

  return {
    keyOf: (job) => previewKey(job),
    async render(job, renderOptions = {}) {
      const key = previewKey(job);
      // Read-ahead starts once this page is queued or found, so it never goes before it, and
      // only on an idle renderer: while other visitors' pages wait for a worker, drawing pages
      // nobody asked for yet would make them wait longer.
      const idle = () => (pool?.stats().queued ?? 0) === 0;
      let readingAhead = !renderOptions.readAhead;
      const readAheadIf = (yes: boolean) => {
        if (yes && !readingAhead) {
          readingAhead = true;
          readAhead(job, renderOptions.onReadAhead);
        }
      };
      let cacheChecked = false;
      // Each pass looks again after an await: an identical request may have started the render.
      for (;;) {
        const flight = inFlight.get(key);
        if (flight) {
          readAheadIf(idle());
          const shared = await joined(flight);
          if (shared) return { key, image: shared.image, source: 'shared' };
          continue; // a read-ahead that was refused or failed: draw it now
        }
        if (!cacheChecked) {
          cacheChecked = true;
          const cached = await cache.get(key);
          if (cached) {
            readAheadIf(idle());
            return { key, image: cached.image, source: cached.from };
          }
          continue;
        }
        // No await between the last look and the start.
        const wasIdle = idle();
        const rendering = start(key, job, false);
        readAheadIf(wasIdle);
        const { image, timings } = await rendering.promise;
        return { key, image, source: 'render', timings };
      }
    },
    async drawnOrDrawing(key) {
      return inFlight.has(key) || (await cache.get(key)) !== null;
    },
    async cached(key) {
      if (!/^[0-9a-f]{64}$/.test(key)) return null;
      return (await cache.get(key))?.image ?? null;
    },
    async warmUp() {
      const pool = workers();
      // Queued at once (before the workers are up), so requests arriving later wait behind
      // the warm-up instead of racing it.
      // Every page once, spread over the workers: each worker compiles the drawing code, and
      // every scene of the default kit is drawn into the scene cache.
      const characters = defaultCharacters('girl');
      const jobs = PAGE_IDS.map((page) => ({
        page,
        language: 'en-gb' as const,
        child: { name: 'Warm', gender: 'girl' as const },
        characters,
        dedication: 'Warm up',
      }));
      await Promise.all(
        jobs.map((job) => pool.run(withScene(job)).then((answer) => keepScene(answer, job))),
      );
      families ??= drawFamilies(characters);
    },
    familiesDrawn: () => families ?? Promise.resolve({ pages: 0, ms: 0 }),
    stats: () => ({
      renders,
      readAheads,
      inFlight: inFlight.size,
      cache: cache.stats(),
      scenes: scenes.stats(),
      bases: bases.stats(),
      layers: layers.stats(),
    }),
    workers: () => ({ started: pool !== null, size: pool?.stats().size ?? 0, closed }),
    sweepCache: () => cache.sweep(),
    async close() {
      closed = true;
      const closing = pool;
      pool = null;
      if (closing) await closing.close();
      await Promise.all([...writes]);
      await cache.settled();
    },
  };
}
