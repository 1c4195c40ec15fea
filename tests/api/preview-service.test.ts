import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { defaultCharacters } from '#book/catalogue.ts';
import { createPreviewCache } from '../../server/services/rendering/preview-cache.ts';
import {
  createPreviewService,
  previewKey,
} from '../../server/services/rendering/preview-service.ts';
import type { PreviewJob } from '../../server/services/rendering/render-preview.ts';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'storymade-previews-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const job: PreviewJob = {
  page: 'dedication',
  language: 'en-us',
  child: { name: 'Mia', gender: 'girl' },
  characters: defaultCharacters('girl'),
  dedication: 'Dear Mia,\nyou can do it!',
};

describe('preview service', () => {
  it('keeps rendered previews under DATA_DIR/previews and serves them after a restart without rendering', async () => {
    const first = createPreviewService({ dataDir, workers: 1 });
    const rendered = await first.render(job);
    expect(rendered.source).toBe('render');
    await first.close();
    const files = readdirSync(path.join(dataDir, 'previews'), { recursive: true }) as string[];
    expect(files.some((file) => file.endsWith(`${rendered.key}.webp`))).toBe(true);

    const second = createPreviewService({ dataDir, workers: 1 });
    const again = await second.render(job);
    expect(again.source).toBe('disk');
    expect(again.image.equals(rendered.image)).toBe(true);
    expect(second.stats().renders).toBe(0);
    expect((await second.render(job)).source).toBe('memory');
    await second.close();
  });

  it('keys on everything that changes the picture, and on nothing else', () => {
    const key = previewKey(job, 'v1');
    expect(previewKey({ ...job }, 'v1')).toBe(key);
    expect(previewKey(job, 'v2')).not.toBe(key);
    expect(previewKey({ ...job, dedication: 'Dear Mia' }, 'v1')).not.toBe(key);
    expect(previewKey({ ...job, child: { name: 'Mia', gender: 'boy' } }, 'v1')).not.toBe(key);
    expect(previewKey({ ...job, characters: defaultCharacters('boy') }, 'v1')).not.toBe(key);
    // A dedication sent with a story page does not change the story page.
    const spread = { ...job, page: 'page_1-2' };
    expect(previewKey({ ...spread, dedication: 'x' }, 'v1')).toBe(
      previewKey({ ...spread, dedication: 'y' }, 'v1'),
    );
  });
});

describe('preview memory cache', () => {
  it('stays within its byte bound, dropping the least recently used first', async () => {
    const cache = createPreviewCache({ maxMemoryBytes: 300 });
    const key = (n: number) => n.toString(16).padStart(64, '0');
    await cache.set(key(1), Buffer.alloc(100));
    await cache.set(key(2), Buffer.alloc(100));
    await cache.set(key(3), Buffer.alloc(100));
    await cache.get(key(1)); // 1 is now the most recent
    await cache.set(key(4), Buffer.alloc(100));
    expect(cache.stats().bytes).toBeLessThanOrEqual(300);
    expect(await cache.get(key(2))).toBeNull();
    expect(await cache.get(key(1))).not.toBeNull();
    expect(await cache.get(key(4))).not.toBeNull();
  });

  it('never writes outside its folder for a key that is not a hash', async () => {
    const dir = path.join(dataDir, 'strict');
    const cache = createPreviewCache({ dir, maxMemoryBytes: 1000 });
    await cache.set('../../evil', Buffer.from('x'));
    expect(existsSync(dir)).toBe(false);
  });
});

describe('preview disk cache', () => {
  it('stays within its byte bound, removing the files used longest ago', async () => {
    const dir = path.join(dataDir, 'bounded');
    const key = (n: number) => n.toString(16).padStart(64, 'a');
    const cache = createPreviewCache({ dir, maxMemoryBytes: 0, maxDiskBytes: 1000, pruneEvery: 1 });
    for (let n = 1; n <= 5; n += 1) {
      await cache.set(key(n), Buffer.alloc(300));
      await cache.settled();
      // Distinct modification times, oldest first.
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const left = (readdirSync(dir, { recursive: true }) as string[]).filter((f) =>
      f.endsWith('.webp'),
    );
    expect(left.length * 300).toBeLessThanOrEqual(1000);
    expect(left.some((f) => f.endsWith(`${key(5)}.webp`))).toBe(true);
    expect(left.some((f) => f.endsWith(`${key(1)}.webp`))).toBe(false);
  });
});

describe('preview contract', () => {
  it('names exactly the pages of the book', async () => {
    const { PREVIEW_IMAGE_PAGES } = await import('#contract/preview.ts');
    const { PAGE_IDS } = await import('#book/types.ts');
    expect([...PREVIEW_IMAGE_PAGES, 'dedication'].sort()).toEqual([...PAGE_IDS].sort());
  });
});
