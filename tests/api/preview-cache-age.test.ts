import { existsSync, mkdtempSync, rmSync, utimesSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createPreviewCache } from '#server/services/rendering/preview-cache.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'storymade-preview-age-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const key = (n: number) => n.toString(16).padStart(64, 'b');
const fileOf = (k: string) => path.join(dir, k.slice(0, 2), `${k}.webp`);
const DAY = 24 * 60 * 60_000;

describe('the preview cache keeps no image (a child’s name drawn in it) longer than needed', () => {
  it('removes, at its daily sweep, the files nobody asked for in 30 days and forgets its memory', async () => {
    const cache = createPreviewCache({ dir, maxMemoryBytes: 10_000 });
    await cache.set(key(1), Buffer.from('old picture'));
    await cache.set(key(2), Buffer.from('recent picture'));
    const old = new Date(Date.now() - 31 * DAY);
    utimesSync(fileOf(key(1)), old, old);
    const recent = new Date(Date.now() - 29 * DAY);
    utimesSync(fileOf(key(2)), recent, recent);

    await cache.sweep();
    expect(existsSync(fileOf(key(1)))).toBe(false);
    expect(cache.stats()).toEqual({ entries: 0, bytes: 0 });
    expect(await cache.get(key(1))).toBeNull();
    expect((await cache.get(key(2)))?.from).toBe('disk');
  });
});
