import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { characterSetToAssetNames, defaultCharacters } from '#book/character-set.ts';
import { MAX_NAME_LENGTH } from '#book/grammar/name.ts';
import { createTestApp } from './helpers.ts';

// The preview API as the preview page calls it: real pages rendered by the worker pool.

let app: Awaited<ReturnType<typeof createTestApp>>['app'];
let close: () => Promise<void>;
let database: Awaited<ReturnType<typeof createTestApp>>['database'];

beforeAll(async () => {
  ({ app, close, database } = await createTestApp());
});
afterAll(async () => {
  await close();
});

const girlAssets = characterSetToAssetNames(defaultCharacters('girl'));

function image(body: Record<string, unknown>, headers: Record<string, string> = {}) {
  return app.request('/api/preview/generateImage', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({
      childName: 'Anna',
      page: 'cover',
      personalizationDetails: girlAssets,
      language: 'lv',
      gender: 'girl',
      ...body,
    }),
  });
}

function dedication(body: Record<string, unknown>) {
  return app.request('/api/preview/generateDedicationImage', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      childName: 'Anna',
      page: 'dedication',
      personalizationDetails: girlAssets,
      language: 'en-gb',
      gender: 'girl',
      dedication: 'Dear Anna,\nyou can do it!\nLove, Mum and Dad',
      ...body,
    }),
  });
}

async function webpSize(response: Response) {
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('image/webp');
  const bytes = Buffer.from(await response.arrayBuffer());
  expect(bytes.subarray(0, 4).toString('latin1')).toBe('RIFF');
  expect(bytes.subarray(8, 12).toString('latin1')).toBe('WEBP');
  const meta = await sharp(bytes).metadata();
  return { width: meta.width, height: meta.height };
}

async function expectBadRequest(response: Response, field?: string) {
  expect(response.status).toBe(400);
  const body = (await response.json()) as { error: string; fields?: Record<string, string[]> };
  expect(typeof body.error).toBe('string');
  expect(body.error.length).toBeGreaterThan(0);
  if (field) {
    expect(Object.keys(body.fields ?? {})).toContain(field);
    expect(body.fields?.[field]?.[0]?.length).toBeGreaterThan(0);
  }
  return body;
}

describe('POST /api/preview/generateImage', () => {
  it('draws the cover as a WebP with immutable caching and a content-hash ETag', async () => {
    const response = await image({ childName: 'Līze' });
    expect(await webpSize(response)).toEqual({ width: 640, height: 784 });
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('etag')).toMatch(/^"[0-9a-f]{64}"$/);
  });

  it('draws a spread twice as wide as a page', async () => {
    expect(
      await webpSize(
        await image({
          page: 'page_21-22',
          language: 'en-us',
          gender: 'boy',
          personalizationDetails: [],
        }),
      ),
    ).toEqual({
      width: 1280,
      height: 784,
    });
  });

  it('renders the same request once and answers the repeat from the cache', async () => {
    const first = await image({ childName: 'Roberts', page: 'page_5-6' });
    expect(first.status).toBe(200);
    expect(first.headers.get('x-preview-cache')).toBe('render');
    expect(first.headers.get('server-timing')).toMatch(
      /svg;dur=[\d.]+, scene;dur=[\d.]+, figures;dur=[\d.]+, raster;dur=[\d.]+, composite;dur=[\d.]+, encode;dur=[\d.]+/,
    );
    const again = await image({ childName: 'Roberts', page: 'page_5-6' });
    expect(again.headers.get('x-preview-cache')).toBe('memory');
    expect(again.headers.get('server-timing')).toBeNull();
    expect(again.headers.get('etag')).toBe(first.headers.get('etag'));
    expect(Buffer.from(await again.arrayBuffer())).toEqual(Buffer.from(await first.arrayBuffer()));
  });

  it('renders two identical requests arriving together once', async () => {
    const [a, b] = await Promise.all([
      image({ childName: 'Markuss', page: 'page_9-10' }),
      image({ childName: 'Markuss', page: 'page_9-10' }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect([a.headers.get('x-preview-cache'), b.headers.get('x-preview-cache')].sort()).toEqual([
      'render',
      'shared',
    ]);
  });

  it('answers 304 without a body to a matching If-None-Match', async () => {
    const first = await image({ childName: 'Jānis', gender: 'boy', personalizationDetails: [] });
    const etag = first.headers.get('etag')!;
    for (const header of [etag, `W/${etag}`, `"other", ${etag}`]) {
      const repeat = await image(
        { childName: 'Jānis', gender: 'boy', personalizationDetails: [] },
        { 'if-none-match': header },
      );
      expect(repeat.status).toBe(304);
      expect(repeat.headers.get('etag')).toBe(etag);
      expect((await repeat.arrayBuffer()).byteLength).toBe(0);
    }
    const stale = await image(
      { childName: 'Jānis', gender: 'boy', personalizationDetails: [] },
      { 'if-none-match': '"0000"' },
    );
    expect(stale.status).toBe(200);
  });

  it('gives a different image for a different name, page, language or character', async () => {
    const base = { childName: 'Anna', page: 'page_1-2' };
    const tags = await Promise.all(
      [
        base,
        { ...base, childName: 'Annija' },
        { ...base, page: 'page_3-4' },
        { ...base, language: 'en-gb' },
        {
          ...base,
          personalizationDetails: [
            ...girlAssets.filter((a) => !a.startsWith('kid_eyes')),
            'kid_eyes_BE',
          ],
        },
      ].map(async (body) => (await image(body)).headers.get('etag')),
    );
    expect(new Set(tags).size).toBe(tags.length);
  });

  it('draws the default characters for an empty or partial asset list', async () => {
    const full = (await image({ childName: 'Zoë' })).headers.get('etag');
    const empty = await image({ childName: 'Zoë', personalizationDetails: [] });
    expect(empty.status).toBe(200);
    expect(empty.headers.get('etag')).toBe(full);
    const partial = await image({
      childName: 'Zoë',
      personalizationDetails: girlAssets.slice(0, 3),
    });
    expect(partial.headers.get('etag')).toBe(full);
  });

  it('accepts language and gender in any case, as the shop sends them', async () => {
    expect((await image({ language: 'en-GB', gender: 'Girl' })).status).toBe(200);
  });

  it('refuses unknown pages', async () => {
    for (const page of ['page_2-3', 'page_45-46', 'dedication', 'Cover', '', 'page_1-2/../x']) {
      await expectBadRequest(await image({ page }), 'page');
    }
  });

  it('refuses unknown and conflicting asset names with the names in the message', async () => {
    const unknown = await expectBadRequest(
      await image({ personalizationDetails: ['kid_hair_girl_99_XX'] }),
      'personalizationDetails',
    );
    expect(unknown.fields?.personalizationDetails?.join(' ')).toContain('kid_hair_girl_99_XX');
    const glasses = await expectBadRequest(
      await image({ personalizationDetails: ['kid_acc_glasses_rect', 'kid_acc_glasses_round'] }),
      'personalizationDetails',
    );
    expect(glasses.fields?.personalizationDetails?.join(' ')).toContain('kid_acc_glasses_round');
    const boyHair = girlAssets.map((a) =>
      a.startsWith('kid_hair_girl') ? a.replace('girl', 'boy') : a,
    );
    await expectBadRequest(
      await image({ personalizationDetails: boyHair }),
      'personalizationDetails',
    );
  });

  it('refuses an empty, blank, too long or non-letter name', async () => {
    for (const childName of ['', '   ', 'W'.repeat(MAX_NAME_LENGTH + 1), '<b>Anna</b>', '1234']) {
      await expectBadRequest(await image({ childName }), 'childName');
    }
  });

  it('refuses unknown languages and genders', async () => {
    await expectBadRequest(await image({ language: 'de' }), 'language');
    await expectBadRequest(await image({ gender: 'other' }), 'gender');
  });

  it('answers 400, never 500, to whatever else is sent', async () => {
    const bodies: (string | undefined)[] = [
      undefined,
      '',
      'not json',
      '{"childName": "Anna"',
      'null',
      '42',
      '"cover"',
      '[]',
      '{}',
      JSON.stringify({
        childName: 'Anna',
        page: 'cover',
        language: 'lv',
        gender: 'girl',
        personalizationDetails: 'kid_eyes_GY',
      }),
      JSON.stringify({
        childName: 'Anna',
        page: 'cover',
        language: 'lv',
        gender: 'girl',
        personalizationDetails: [1, 2],
      }),
      JSON.stringify({
        childName: 'Anna',
        page: 'cover',
        language: 'lv',
        gender: 'girl',
        personalizationDetails: Array(1000).fill('kid_eyes_GY'),
      }),
      JSON.stringify({
        childName: { toString: 'x' },
        page: 'cover',
        language: 'lv',
        gender: 'girl',
      }),
      JSON.stringify({ childName: ['Anna'], page: ['cover'], language: 1, gender: null }),
      JSON.stringify({
        childName: 'Anna',
        page: 'cover',
        language: 'lv',
        gender: 'girl',
        personalizationDetails: [{}],
      }),
      '{"__proto__": {"page": "cover"}, "childName": "Anna"}',
      JSON.stringify({
        childName: 'A'.repeat(100_000),
        page: 'cover',
        language: 'lv',
        gender: 'girl',
      }),
    ];
    for (const body of bodies) {
      const response = await app.request('/api/preview/generateImage', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
      expect(response.status, String(body).slice(0, 80)).toBe(400);
      const json = (await response.json()) as { error?: unknown };
      expect(typeof json.error).toBe('string');
    }
  });
});

describe('GET /api/preview/images/{hash}.webp', () => {
  it('serves an image drawn before by the address the POST named, cacheable by anyone', async () => {
    const posted = await image({ childName: 'Elza', page: 'page_7-8' });
    const location = posted.headers.get('content-location')!;
    expect(location).toBe(`/api/preview/images/${posted.headers.get('etag')!.slice(1, -1)}.webp`);
    const got = await app.request(location);
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toBe('image/webp');
    expect(got.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(Buffer.from(await got.arrayBuffer())).toEqual(Buffer.from(await posted.arrayBuffer()));
    const again = await app.request(location, {
      headers: { 'if-none-match': posted.headers.get('etag')! },
    });
    expect(again.status).toBe(304);
  });

  it('answers 404 for an image never drawn and for anything that is not a hash', async () => {
    for (const file of [
      `${'0'.repeat(64)}.webp`,
      'cover.webp',
      '..%2F..%2Fpackage.json',
      `${'a'.repeat(64)}`,
    ]) {
      const response = await app.request(`/api/preview/images/${file}`);
      expect(response.status, file).toBe(404);
    }
  });
});

describe('POST /api/preview/generateDedicationImage', () => {
  it('draws the dedication page as a WebP', async () => {
    expect(await webpSize(await dedication({}))).toEqual({ width: 640, height: 784 });
  });

  it('gives each dedication its own image, and draws a page without one', async () => {
    const a = (await dedication({})).headers.get('etag');
    const b = (await dedication({ dedication: 'Dear Anna,\nwe love you.' })).headers.get('etag');
    expect(a).not.toBe(b);
    expect((await dedication({ dedication: '' })).status).toBe(200);
    expect((await dedication({ dedication: undefined })).status).toBe(200);
  });

  it('accepts 10 lines, blank ones included, and markup as plain text', async () => {
    const ten = [
      'Dear <b>Anna</b> & co,',
      '',
      'line 3',
      'line 4',
      '',
      'line 6',
      'line 7',
      'line 8',
      '',
      'Mum & Dad',
    ].join('\r\n');
    expect((await dedication({ dedication: ten })).status).toBe(200);
  });

  it('refuses an eleventh line and an over-long text', async () => {
    const eleven = Array.from({ length: 11 }, (_, i) => `line ${i + 1}`).join('\n');
    await expectBadRequest(await dedication({ dedication: eleven }), 'dedication');
    await expectBadRequest(await dedication({ dedication: 'x'.repeat(601) }), 'dedication');
    await expectBadRequest(await dedication({ dedication: 42 }), 'dedication');
  });

  it('refuses another page and a bad name like the image call', async () => {
    await expectBadRequest(await dedication({ page: 'cover' }), 'page');
    await expectBadRequest(await dedication({ childName: '' }), 'childName');
  });
});

describe('when the renderer is saturated', () => {
  it('answers 503 with Retry-After instead of queueing without bound', async () => {
    const { previewRoutes } = await import('#server/routes/preview.ts');
    const { PoolBusyError } = await import('#server/platform/worker-pool.ts');
    const { previewKey } = await import('#server/services/rendering/preview-service.ts');
    const { resolveRateLimits } = await import('#server/platform/rate-limits.ts');
    const busy = {
      keyOf: (job: Parameters<typeof previewKey>[0]) => previewKey(job),
      render: () => Promise.reject(new PoolBusyError()),
      cached: () => Promise.resolve(null),
      drawnOrDrawing: () => Promise.resolve(false),
      warmUp: () => Promise.resolve(),
      familiesDrawn: () => Promise.resolve({ pages: 0, ms: 0 }),
      sweepCache: () => Promise.resolve(),
      stats: () => ({
        renders: 0,
        readAheads: 0,
        inFlight: 0,
        cache: { entries: 0, bytes: 0 },
        scenes: { entries: 0, bytes: 0 },
        bases: { entries: 0, bytes: 0 },
        layers: { entries: 0, bytes: 0 },
      }),
      close: () => Promise.resolve(),
    };
    const limits = {
      rateLimits: resolveRateLimits(),
      trustProxy: false,
      now: () => new Date(),
      db: database.db,
    };
    const response = await previewRoutes(busy, limits).request('/preview/generateImage', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ childName: 'Anna', page: 'cover', language: 'lv', gender: 'girl' }),
    });
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('2');
    expect(((await response.json()) as { error: string }).error).toMatch(/busy/);
  });
});
