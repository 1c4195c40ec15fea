import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { characterSetToAssetNames, defaultCharacters } from '#book/character-set.ts';
import { createApp } from '#server/app.ts';
import { readEnv } from '#server/env.ts';
import { storedPreviewSecret } from '#server/routes/preview-privacy.ts';
import { previewKey } from '#server/services/rendering/preview-service.ts';
import {
  createPreviewService,
  type PreviewService,
} from '#server/services/rendering/preview-service.ts';
import { createTestApp, type TestApp } from './helpers.ts';

// No cache oracle (finding 5): nothing a client can read (a header, the time, a 429, a hash it can
// compute) tells whether another visitor previewed a name.

let t: TestApp;
let previews: PreviewService;
beforeAll(async () => {
  t = await createTestApp();
  previews = createPreviewService({ workers: 1, readAhead: 0 });
});
afterAll(async () => {
  await previews.close();
  await t.close();
});

/** The production app (no diagnostics) behind a trusted proxy: requests come from `ip`. */
function shop(previewRenders = { limit: 100, windowMs: 600_000 }, previewEtagSecret?: string) {
  const app = createApp({
    database: t.database,
    client: null,
    publicUrl: 'http://localhost:3000',
    previews,
    messaging: { trustProxy: true, rateLimits: { previewRenders } },
    previewEtagSecret,
  });
  return async (ip: string, childName: string, page = 'cover', ifNoneMatch?: string) => {
    const started = performance.now();
    const res = await app.request('/api/preview/generateImage', {
      method: 'POST',
      headers: {
        'X-Forwarded-For': ip,
        'Content-Type': 'application/json',
        ...(ifNoneMatch ? { 'If-None-Match': ifNoneMatch } : {}),
      },
      body: JSON.stringify({
        childName,
        page,
        personalizationDetails: characterSetToAssetNames(defaultCharacters('boy')),
        language: 'lv',
        gender: 'boy',
      }),
    });
    if (res.ok) await res.arrayBuffer();
    return { res, ms: performance.now() - started };
  };
}

describe('a preview another visitor drew', () => {
  it('carries no cache header and no Server-Timing outside development', async () => {
    const send = shop();
    for (let i = 0; i < 2; i += 1) {
      const { res } = await send('203.0.113.1', 'Krišjānis');
      expect(res.status).toBe(200);
      expect(res.headers.get('x-preview-cache')).toBeNull();
      expect(res.headers.get('server-timing')).toBeNull();
    }
  });

  it('takes another client as long as drawing it did, while its own client turns back to it at once', async () => {
    const send = shop();
    const drawn = await send('203.0.113.2', 'Valdemārs');
    expect(drawn.res.status).toBe(200);
    const other = await send('203.0.113.3', 'Valdemārs');
    expect(other.res.status).toBe(200);
    expect(other.ms).toBeGreaterThanOrEqual(drawn.ms * 0.7);
    const again = await send('203.0.113.3', 'Valdemārs');
    expect(again.ms).toBeLessThan(other.ms);
  });

  it('counts against another client’s render limit like a render, so a 429 tells nothing either', async () => {
    const send = shop({ limit: 1, windowMs: 600_000 });
    expect((await send('203.0.113.4', 'Ojārs')).res.status).toBe(200);
    expect((await send('203.0.113.5', 'Pēteris')).res.status).toBe(200); // its one render
    expect((await send('203.0.113.5', 'Ojārs')).res.status).toBe(429); // drawn by someone else: counted
    expect((await send('203.0.113.4', 'Ojārs')).res.status).toBe(200); // its own: free
  });

  it('is named by a hash nobody can compute from a name', async () => {
    const send = shop();
    const { res } = await send('203.0.113.6', 'Indriķis');
    const location = res.headers.get('content-location')!;
    const job = {
      page: 'cover',
      language: 'lv' as const,
      child: { name: 'Indriķis', gender: 'boy' as const },
      characters: defaultCharacters('boy'),
    };
    const computable = previewKey(job);
    expect(await previews.cached(computable)).not.toBeNull(); // it is the cache's own key
    expect(location).not.toContain(computable);
    expect(res.headers.get('etag')).not.toContain(computable);
    const app = createApp({
      database: t.database,
      client: null,
      publicUrl: 'http://localhost:3000',
      previews,
    });
    expect((await app.request(`/api/preview/images/${computable}.webp`)).status).toBe(404);
  });
});

describe('the ETag of a preview', () => {
  it('is the same on every instance with the same PREVIEW_ETAG_SECRET, and another without it', async () => {
    const secret = 'a-shared-secret-of-the-instances-0123456789';
    const [a, b] = [shop(undefined, secret), shop(undefined, secret)];
    const first = await a('203.0.113.20', 'Ernests');
    const etag = first.res.headers.get('etag')!;
    expect(etag).toMatch(/^"[0-9a-f]{64}"$/);
    // The other instance names the same picture alike, and a browser's or CDN's revalidation is a 304 there.
    expect((await b('203.0.113.20', 'Ernests')).res.headers.get('etag')).toBe(etag);
    const revalidated = await b('203.0.113.21', 'Ernests', 'cover', etag);
    expect(revalidated.res.status).toBe(304);
    expect(revalidated.res.headers.get('etag')).toBe(etag);
    // Another key names it otherwise (the hash is keyed, not a digest of the name).
    expect(
      (
        await shop(undefined, 'another-secret-of-another-shop-0123456789')(
          '203.0.113.20',
          'Ernests',
        )
      ).res.headers.get('etag'),
    ).not.toBe(etag);
  });

  it('takes its key from PREVIEW_ETAG_SECRET, at least 32 characters', () => {
    expect(readEnv({}).previewEtagSecret).toBeUndefined();
    expect(readEnv({ PREVIEW_ETAG_SECRET: 'x'.repeat(32) }).previewEtagSecret).toBe('x'.repeat(32));
    expect(() => readEnv({ PREVIEW_ETAG_SECRET: 'short' })).toThrow(/PREVIEW_ETAG_SECRET/);
  });

  it('without the setting, uses a key kept in DATA_DIR: the same after a restart', () => {
    const [dataDir, other] = [0, 1].map(() =>
      mkdtempSync(path.join(os.tmpdir(), 'storymade-etag-')),
    );
    try {
      const made = storedPreviewSecret(dataDir!);
      expect(made).toMatch(/^[0-9a-f]{64}$/);
      expect(storedPreviewSecret(dataDir!)).toBe(made);
      expect(storedPreviewSecret(other!)).not.toBe(made);
    } finally {
      for (const dir of [dataDir!, other!]) rmSync(dir, { recursive: true, force: true });
    }
  });
});
