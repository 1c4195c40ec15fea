import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { defaultCharacters } from '#book/character-set.ts';
import { createPreviewCache } from '#server/services/rendering/preview-cache.ts';
import { createPreviewService, previewKey } from '#server/services/rendering/preview-service.ts';
import type { PreviewJob } from '#server/services/rendering/render-preview.ts';

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

  it('reads ahead: asked for the cover, it starts drawing the next spreads, which are then served without a new render', async () => {
    const previews = createPreviewService({ workers: 1, readAhead: 3 });
    const cover: PreviewJob = {
      ...job,
      page: 'cover',
      dedication: undefined,
      child: { name: 'Read Ahead', gender: 'girl' },
    };
    expect((await previews.render(cover, { readAhead: true })).source).toBe('render');
    // The dedication needs its text, so the next pages drawn ahead are the first three spreads.
    expect(previews.stats().readAheads).toBe(3);
    for (const page of ['page_1-2', 'page_3-4', 'page_5-6'] as const) {
      const ahead = await previews.render({ ...cover, page });
      expect(['shared', 'memory']).toContain(ahead.source);
    }
    expect(previews.stats().renders).toBe(4);
    // The dedication page itself is drawn when asked for, with its own text.
    expect((await previews.render({ ...job, child: cover.child })).source).toBe('render');
    await previews.close();
  });

  it('does not read ahead without being asked, nor beyond the last page', async () => {
    const previews = createPreviewService({ workers: 1, readAhead: 3 });
    const last: PreviewJob = { ...job, page: 'back-cover', dedication: undefined };
    await previews.render({ ...last, page: 'page_1-2' });
    expect(previews.stats().readAheads).toBe(0);
    await previews.render(last, { readAhead: true });
    expect(previews.stats().readAheads).toBe(0);
    await previews.close();
  });

  it('does not read ahead while other visitors wait for a worker', async () => {
    const previews = createPreviewService({ workers: 1, readAhead: 3 });
    const base: PreviewJob = {
      ...job,
      dedication: undefined,
      child: { name: 'Busy', gender: 'girl' },
    };
    // Three visitors at once: the second and third wait for the only worker.
    await Promise.all(
      (['page_11-12', 'page_21-22', 'page_31-32'] as const).map((page, i) =>
        previews.render(
          { ...base, page, child: { name: `Busy ${i}`, gender: 'girl' } },
          { readAhead: i > 0 },
        ),
      ),
    );
    expect(previews.stats().readAheads).toBe(0);
    await previews.close();
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

describe('PREVIEW_READ_AHEAD', () => {
  it('is two per core unless set; 0 turns read-ahead off; nonsense stops the start', async () => {
    const { readEnv } = await import('#server/env.ts');
    expect(readEnv({}).previewReadAhead).toBeUndefined();
    expect(readEnv({ PREVIEW_READ_AHEAD: '0' }).previewReadAhead).toBe(0);
    expect(readEnv({ PREVIEW_READ_AHEAD: '6' }).previewReadAhead).toBe(6);
    expect(() => readEnv({ PREVIEW_READ_AHEAD: 'lots' })).toThrow(
      /PREVIEW_READ_AHEAD must be a number of pages/,
    );
    const off = createPreviewService({ workers: 1, readAhead: 0 });
    await off.render(
      { ...job, page: 'cover', dedication: undefined, child: { name: 'Off', gender: 'boy' } },
      { readAhead: true },
    );
    expect(off.stats().readAheads).toBe(0);
    await off.close();
  });
});
