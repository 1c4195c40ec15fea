import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '#server/app.ts';
import type { Database } from '#server/db/client.ts';
import type { ClientFiles } from '#server/web/head.ts';
import { chooseEncoding, fileOf } from '#server/web/static-files.ts';
import { openMigratedPglite } from './pglite-template.ts';

// The built client's files as the server sends them (server/web/static-files.ts in front of
// serveStatic), from a folder laid out as the build lays out dist/client.
const SCRIPT = `export const greeting = ${JSON.stringify('Sveiki, Anna! '.repeat(200))};\n`;
const VIDEO = Buffer.from(Array.from({ length: 5000 }, (_, i) => i % 251));

let dir: string;
let database: Database;
let app: ReturnType<typeof createApp>;
beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'storymade-static-'));
  mkdirSync(path.join(dir, 'assets'));
  mkdirSync(path.join(dir, 'video'));
  writeFileSync(path.join(dir, 'assets/app-abc123.js'), SCRIPT);
  writeFileSync(path.join(dir, 'assets/app-abc123.js.br'), brotliCompressSync(SCRIPT));
  writeFileSync(path.join(dir, 'assets/app-abc123.js.gz'), gzipSync(SCRIPT));
  writeFileSync(path.join(dir, 'assets/small-def456.js'), 'export default 1;\n');
  writeFileSync(path.join(dir, 'cover.webp'), Buffer.from('RIFF0000WEBPVP8 '));
  writeFileSync(
    path.join(dir, 'video/reward.vtt'),
    'WEBVTT\n\n00:00.000 --> 00:02.000\nTu to vari!\n',
  );
  writeFileSync(path.join(dir, 'video/reward.mp4'), VIDEO);
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><p>the raw page template</p>');
  const client: ClientFiles = {
    dir,
    indexHtml:
      '<!doctype html><html lang="en-GB"><head><title>Storymade</title><!--head-meta--></head><body><div id="root"></div></body></html>',
    meta: {
      siteName: 'Storymade',
      ogImage: '/og-image.png',
      routes: [{ path: '/', page: 'home', index: true }],
      pages: {},
    },
  };
  database = await openMigratedPglite();
  app = createApp({ database, client, publicUrl: 'http://localhost' });
});
afterAll(async () => {
  await database.close();
  rmSync(dir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}, method = 'GET') =>
  app.request(url, { method, headers });
/** The body as bytes, undecoded (app.request hands back what the server sent). */
const bytes = async (res: Response) => Buffer.from(await res.arrayBuffer());

describe('built scripts (/assets)', () => {
  it('sends the Brotli copy to a browser that accepts it, cached for a year, with an ETag', async () => {
    const res = await get('/assets/app-abc123.js', {
      'Accept-Encoding': 'gzip, deflate, br, zstd',
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('vary')).toContain('Accept-Encoding');
    expect(res.headers.get('etag')).toMatch(/^"[\w-]+-br"$/);
    const body = await bytes(res);
    expect(res.headers.get('content-length')).toBe(String(body.length));
    expect(body.equals(brotliCompressSync(SCRIPT))).toBe(true);
  });

  it('sends gzip where Brotli is refused or unknown, and the script itself where nothing is accepted', async () => {
    const gz = await get('/assets/app-abc123.js', { 'Accept-Encoding': 'br;q=0, gzip' });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect((await bytes(gz)).equals(gzipSync(SCRIPT))).toBe(true);
    const plain = await get('/assets/app-abc123.js');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(SCRIPT);
    expect(plain.headers.get('vary')).toContain('Accept-Encoding');
    // Each copy has its own ETag.
    expect(new Set([gz.headers.get('etag'), plain.headers.get('etag')]).size).toBe(2);
  });

  it('answers a revalidation with 304 and no body', async () => {
    const first = await get('/assets/app-abc123.js', { 'Accept-Encoding': 'br' });
    const etag = first.headers.get('etag')!;
    const again = await get('/assets/app-abc123.js', {
      'Accept-Encoding': 'br',
      'If-None-Match': `"other", W/${etag}`,
    });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(again.headers.get('etag')).toBe(etag);
    // The same ETag asked for with another encoding is another copy: sent in full.
    const other = await get('/assets/app-abc123.js', {
      'Accept-Encoding': 'gzip',
      'If-None-Match': etag,
    });
    expect(other.status).toBe(200);
  });

  it('answers HEAD with the length and no body', async () => {
    const res = await get('/assets/app-abc123.js', {}, 'HEAD');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-length')).toBe(String(Buffer.byteLength(SCRIPT)));
    expect(await res.text()).toBe('');
  });

  it('sends a file too small to have compressed copies as it is, without Vary', async () => {
    const res = await get('/assets/small-def456.js', { 'Accept-Encoding': 'br' });
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(res.headers.get('vary') ?? '').not.toContain('Accept-Encoding');
    expect(await res.text()).toBe('export default 1;\n');
  });

  it('reads a file again when it changes', async () => {
    const file = path.join(dir, 'assets/small-def456.js');
    const before = await get('/assets/small-def456.js');
    writeFileSync(file, 'export default 22;\n');
    utimesSync(file, new Date(), new Date(Date.now() + 5000));
    const after = await get('/assets/small-def456.js');
    expect(await after.text()).toBe('export default 22;\n');
    expect(after.headers.get('etag')).not.toBe(before.headers.get('etag'));
  });

  it('does not serve a path that climbs out of the folder, nor a missing file', async () => {
    for (const url of [
      '/assets/%2e%2e/index.html',
      '/assets/..%2findex.html',
      '/assets/missing-000.js',
    ]) {
      const res = await get(url);
      expect(res.status, url).toBe(404);
      expect(await res.text(), url).not.toContain('raw page template');
    }
  });
});

describe('public files', () => {
  it('sends pictures cached for an hour and captions as text/vtt', async () => {
    const picture = await get('/cover.webp');
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toBe('image/webp');
    expect(picture.headers.get('cache-control')).toBe('public, max-age=3600');
    const captions = await get('/video/reward.vtt');
    expect(captions.headers.get('content-type')).toBe('text/vtt; charset=utf-8');
    expect(await captions.text()).toContain('Tu to vari!');
  });

  it('answers a byte range of the video with 206 and those bytes (a browser seeking)', async () => {
    const res = await get('/video/reward.mp4', { Range: 'bytes=100-199' });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe(`bytes 100-199/${VIDEO.length}`);
    expect((await bytes(res)).equals(VIDEO.subarray(100, 200))).toBe(true);
    expect((await bytes(await get('/video/reward.mp4'))).equals(VIDEO)).toBe(true);
  });

  it('never sends the page template as a file', async () => {
    const res = await get('/index.html');
    expect(await res.text()).not.toContain('raw page template');
  });
});

describe('choosing the encoding and the file', () => {
  const both = { br: true, gzip: true };
  it.each([
    [undefined, undefined],
    ['', undefined],
    ['identity', undefined],
    ['gzip', 'gzip'],
    ['gzip, deflate, br', 'br'],
    ['br;q=0, gzip;q=0.5', 'gzip'],
    ['BR', 'br'],
    ['*', 'br'],
    ['*;q=0', undefined],
    ['gzip;q=0, *', 'br'],
  ])('Accept-Encoding %j chooses %j', (header, expected) => {
    expect(chooseEncoding(header, both)).toBe(expected);
  });

  it('chooses only among the copies the file has', () => {
    expect(chooseEncoding('br, gzip', { gzip: true })).toBe('gzip');
    expect(chooseEncoding('br', {})).toBeUndefined();
  });

  it.each(['/../etc/passwd', '/assets/../../x', '/a//b', '/a\\b', '/a/./b', '/%2e%2e/x', '/a\0b'])(
    'refuses %j',
    (requestPath) => {
      expect(fileOf('/srv/client', requestPath)).toBeUndefined();
    },
  );

  it('finds a file under the root', () => {
    expect(fileOf('/srv/client', '/assets/app-abc123.js')).toBe('/srv/client/assets/app-abc123.js');
  });
});
