import {
  mkdir,
  readdir,
  readFile,
  rename,
  stat,
  unlink,
  utimes,
  writeFile,
} from 'node:fs/promises';
import path from 'node:path';
import { log } from '#server/runtime/log.ts';

/**
 * Two-level cache of rendered previews keyed by content hash: a bounded in-memory LRU in front
 * of files under `<dir>/<key[0..2]>/<key>.webp`. The key already names the content, so an entry
 * never goes stale; files are written to a temporary name and renamed, so a reader never sees
 * half a file. The folder is bounded too: every `pruneEvery` writes it is measured and, when over
 * `maxDiskBytes`, the least recently used files (by mtime, refreshed on every hit) are removed
 * down to 80% of the bound. A preview carries a child's name, so a file nobody asked for in
 * `maxAgeMs` (30 days) is removed by the same pass, and `sweep()` (daily, server/index.ts) runs it
 * and empties the memory LRU, whatever the number of writes.
 */
export interface PreviewCache {
  get(key: string): Promise<{ image: Buffer; from: 'memory' | 'disk' } | null>;
  set(key: string, image: Buffer): Promise<void>;
  stats(): { entries: number; bytes: number };
  /** Resolves when a running prune of the folder has finished (tests, shutdown). */
  settled(): Promise<void>;
  /** Forgets the memory LRU and removes files unused for `maxAgeMs` (and over the size bound). */
  sweep(): Promise<void>;
}

interface PreviewCacheOptions {
  /** Folder for the files; without it the cache is memory only. */
  dir?: string;
  /** Upper bound of the memory LRU in bytes. */
  maxMemoryBytes: number;
  /** Upper bound of the folder in bytes; default 2 GiB. */
  maxDiskBytes?: number;
  /** Writes between two measurements of the folder; default 500. */
  pruneEvery?: number;
  /** A file not asked for in this long is removed when the folder is pruned; default 30 days. */
  maxAgeMs?: number;
}

const KEY = /^[0-9a-f]{64}$/;

export function createPreviewCache(options: PreviewCacheOptions): PreviewCache {
  const memory = new Map<string, Buffer>();
  let bytes = 0;

  function remember(key: string, image: Buffer): void {
    const previous = memory.get(key);
    if (previous) {
      memory.delete(key);
      bytes -= previous.byteLength;
    }
    if (image.byteLength > options.maxMemoryBytes) return;
    memory.set(key, image);
    bytes += image.byteLength;
    // Map keeps insertion order: the first key is the least recently used.
    for (const [oldKey, oldImage] of memory) {
      if (bytes <= options.maxMemoryBytes) break;
      memory.delete(oldKey);
      bytes -= oldImage.byteLength;
    }
  }

  function fileOf(key: string): string | null {
    if (!options.dir || !KEY.test(key)) return null;
    return path.join(options.dir, key.slice(0, 2), `${key}.webp`);
  }

  /** Folders made (or found) by this process: a write makes its folder only the first time. */
  const folders = new Set<string>();
  const maxDiskBytes = options.maxDiskBytes ?? 2 * 1024 ** 3;
  const pruneEvery = options.pruneEvery ?? 500;
  const maxAgeMs = options.maxAgeMs ?? 30 * 24 * 60 * 60_000;
  let writes = 0;
  let pruning: Promise<void> | null = null;

  async function prune(dir: string): Promise<void> {
    const files: { file: string; size: number; used: number }[] = [];
    for (const name of (await readdir(dir, { recursive: true })) as string[]) {
      if (!name.endsWith('.webp')) continue;
      const file = path.join(dir, name);
      try {
        const info = await stat(file);
        files.push({ file, size: info.size, used: info.mtimeMs });
      } catch {
        // removed meanwhile
      }
    }
    const unusedSince = Date.now() - maxAgeMs;
    for (const f of files.filter((f) => f.used < unusedSince)) await unlink(f.file).catch(() => {});
    const kept = files.filter((f) => f.used >= unusedSince);
    let total = kept.reduce((sum, f) => sum + f.size, 0);
    if (total <= maxDiskBytes) return;
    kept.sort((a, b) => a.used - b.used);
    for (const f of kept) {
      if (total <= maxDiskBytes * 0.8) break;
      await unlink(f.file).catch(() => {});
      total -= f.size;
    }
  }

  return {
    async get(key) {
      const hit = memory.get(key);
      if (hit) {
        memory.delete(key);
        memory.set(key, hit);
        return { image: hit, from: 'memory' };
      }
      const file = fileOf(key);
      if (!file) return null;
      try {
        const image = await readFile(file);
        remember(key, image);
        // Mark it used, so pruning removes what nobody asked for in the longest time.
        const now = new Date();
        utimes(file, now, now).catch(() => {});
        return { image, from: 'disk' };
      } catch {
        return null;
      }
    },
    async set(key, image) {
      remember(key, image);
      const file = fileOf(key);
      if (!file) return;
      const folder = path.dirname(file);
      try {
        if (!folders.has(folder)) {
          await mkdir(folder, { recursive: true });
          folders.add(folder);
        }
        const temporary = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
        await writeFile(temporary, image);
        await rename(temporary, file);
        writes += 1;
        if (writes % pruneEvery === 0 && !pruning && options.dir) {
          const dir = options.dir;
          pruning = prune(dir)
            .catch((error: unknown) =>
              log().warn({ reason: String(error) }, 'preview cache: pruning failed'),
            )
            .finally(() => {
              pruning = null;
            });
        }
      } catch (error) {
        // The folder may have been removed meanwhile: the next write makes it again.
        folders.delete(folder);
        // A full or read-only disk costs a re-render later, never a failed request.
        log().warn({ file, reason: String(error) }, 'preview cache: could not write');
      }
    },
    stats() {
      return { entries: memory.size, bytes };
    },
    async settled() {
      await pruning;
    },
    async sweep() {
      memory.clear();
      bytes = 0;
      if (!options.dir) return;
      const dir = options.dir;
      pruning ??= prune(dir)
        .catch((error: unknown) =>
          log().warn({ reason: String(error) }, 'preview cache: pruning failed'),
        )
        .finally(() => {
          pruning = null;
        });
      await pruning;
    },
  };
}
