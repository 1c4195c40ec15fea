import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { characterSetToAssetNames, defaultCharacters } from '#book/character-set.ts';
import { createApp } from '#server/app.ts';
import {
  createPreviewService,
  type PreviewService,
} from '#server/services/rendering/preview-service.ts';
import { createTestApp, type TestApp } from './helpers.ts';

// #34: a browser that draws its own preview asks the server only for a page it could not draw,
// with `X-Preview-Read-Ahead: off`: the server then draws that page and none ahead of it. Without
// the header (a browser that cannot draw) the next pages start drawing at once, as before.

let t: TestApp;
let previews: PreviewService;
beforeAll(async () => {
  t = await createTestApp();
  previews = createPreviewService({ workers: 1, readAhead: 2 });
});
afterAll(async () => {
  await previews.close();
  await t.close();
});

async function ask(childName: string, headers: Record<string, string>) {
  const app = createApp({
    database: t.database,
    client: null,
    publicUrl: 'http://localhost:3000',
    previews,
  });
  const res = await app.request('/api/preview/generateImage', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify({
      childName,
      page: 'page_1-2',
      personalizationDetails: characterSetToAssetNames(defaultCharacters('girl')),
      language: 'en-gb',
      gender: 'girl',
    }),
  });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('image/webp');
  await res.arrayBuffer();
}

describe('read-ahead of preview pages', () => {
  it('is off for a request that says so, and on otherwise', async () => {
    const before = previews.stats().readAheads;
    await ask('Ella', { 'X-Preview-Read-Ahead': 'off' });
    expect(previews.stats().readAheads).toBe(before);
    await ask('Marta', {});
    expect(previews.stats().readAheads).toBeGreaterThan(before);
  });
});
