import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Two-level cache of rendered previews keyed by content hash: a bounded in-memory LRU in front
 * of files under `<dir>/<key[0..2]>/<key>.webp`. The key already names the content, so an entry
 * never goes stale; files are written to a temporary name and renamed, so a reader never sees
 * half a file.
 */
export interface PreviewCache {
  get(key: string): Promise<{ image: Buffer; from: 'memory' | 'disk' } | null>;
  set(key: string, image: Buffer): Promise<void>;
  stats(): { entries: number; bytes: number };
}

export interface PreviewCacheOptions {
  /** Folder for the files; without it the cache is memory only. */
  dir?: string;
  /** Upper bound of the memory LRU in bytes. */
  maxMemoryBytes: number;
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
        return { image, from: 'disk' };
      } catch {
        return null;
      }
    },
    async set(key, image) {
      remember(key, image);
      const file = fileOf(key);
      if (!file) return;
      try {
        await mkdir(path.dirname(file), { recursive: true });
        const temporary = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
        await writeFile(temporary, image);
        await rename(temporary, file);
      } catch (error) {
        // A full or read-only disk costs a re-render later, never a failed request.
        console.warn(`preview cache: could not write ${file}: ${String(error)}`);
      }
    },
    stats() {
      return { entries: memory.size, bytes };
    },
  };
}
