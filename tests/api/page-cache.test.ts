import { createHash } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '#server/app.ts';
import type { Database } from '#server/db/client.ts';
import { standInClient } from './stand-in-client.ts';
import { createPageCache, type PageCache } from '#server/web/page-cache.ts';
import type { SsrEntry } from '#server/web/ssr.ts';
import { openMigratedPglite } from './pglite-template.ts';

const client = standInClient([
  { path: '/', page: 'home', index: true },
  { path: '/faq', page: 'faq', index: true },
  { path: '/order-status/$orderId', page: 'orderStatus', index: false },
]);

/**
 * A stand-in for the app's server entry with what matters here: it reads the visitor's cart
 * cookie (as the header's cart count does), writes its nonce (if any) on an inline script, answers 404
 * for a path it does not know, and numbers its renders.
 */
let renders = 0;
const entry: SsrEntry = {
  render({ request, language, nonce, onCookieRead }) {
    renders += 1;
    const cookieName = `ORDER_ID_${language}`;
    onCookieRead?.(cookieName);
    const cart = /ORDER_ID_[\w-]+=([^;]*)/.exec(request.headers.get('cookie') ?? '')?.[1];
    const { pathname: path, search } = new URL(request.url);
    const known = path === '/' || path === '/faq' || path.startsWith('/order-status/');
    const script = nonce ? `<script nonce="${nonce}">` : '<script>';
    const body = `<p>${language} ${path}${search}: ${cart ? `cart ${cart}` : 'no cart'}, render ${renders}</p>${script}self.$_TSR={}</script><script type="application/json">{}</script>`;
    return Promise.resolve(new Response(body, { status: known ? 200 : 404 }));
  },
};

let database: Database;
let cache: PageCache;
let app: ReturnType<typeof createApp>;
beforeAll(async () => {
  database = await openMigratedPglite();
  cache = createPageCache();
  app = createApp({
    database,
    client,
    publicUrl: 'http://localhost',
    ssr: () => Promise.resolve(entry),
    pageCache: cache,
  });
});
afterAll(async () => {
  await database.close();
});

const get = async (path: string, cookie?: string) => {
  const res = await app.request(path, cookie ? { headers: { Cookie: cookie } } : {});
  const html = await res.text();
  const csp = res.headers.get('content-security-policy') ?? '';
  const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1] ?? '';
  return {
    res,
    html,
    scriptSrc,
    nonce: /'nonce-([^']+)'/.exec(scriptSrc)?.[1],
    scriptNonces: [...html.matchAll(/nonce="([^"]*)"/g)].map((m) => m[1]),
  };
};

/** The CSP source that lets a browser run this inline script by its text. */
const hashSource = (script: string) =>
  `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
const TSR_SCRIPT = hashSource('self.$_TSR={}');

/** A page kept for every visitor: its inline script allowed by its hash, no nonce anywhere. */
function expectHashPolicy(page: Awaited<ReturnType<typeof get>>) {
  expect(page.scriptSrc).toBe(`'self' ${TSR_SCRIPT}`);
  expect(page.scriptNonces).toEqual([]);
}

describe('the page cache', () => {
  it('renders a page once and sends the same page again, its inline script allowed by its hash', async () => {
    cache.clear();
    const first = await get('/faq', 'LANGUAGE_CODE=lv');
    const second = await get('/faq', 'LANGUAGE_CODE=lv');
    expect(second.html).toContain('<p>lv /faq: no cart, render');
    // The second is the first render again, not a new one.
    expect(second.html).toBe(first.html);
    for (const page of [first, second]) {
      expect(page.res.status).toBe(200);
      expectHashPolicy(page);
      expect(page.res.headers.get('content-language')).toBe('lv');
      expect(page.res.headers.get('vary')).toBe('Cookie, Accept-Language, Accept-Encoding');
      expect(page.res.headers.get('cache-control')).toBe('no-cache');
      expect(page.res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    }
  });

  it('sends a kept page compressed as the browser accepts, and 304 when the browser has it', async () => {
    cache.clear();
    const plain = await get('/faq', 'LANGUAGE_CODE=en-GB');
    await cache.get('en-GB http://localhost/faq', null)?.compressed;
    const request = (headers: Record<string, string>) =>
      app.request('/faq', { headers: { Cookie: 'LANGUAGE_CODE=en-GB', ...headers } });
    const br = await request({ 'Accept-Encoding': 'gzip, deflate, br, zstd' });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(plain.html);
    const gzip = await request({ 'Accept-Encoding': 'gzip;q=1, br;q=0' });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString()).toBe(plain.html);
    expect(gzip.headers.get('content-security-policy')).toBe(
      plain.res.headers.get('content-security-policy'),
    );
    const etag = br.headers.get('etag');
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await request({ 'Accept-Encoding': 'gzip, deflate, br', 'If-None-Match': etag! });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect((await request({ 'If-None-Match': '"something-else"' })).status).toBe(200);
    // The shop's small JSON answers go as they are, whatever the browser accepts.
    const api = await app.request('/api/delivery/countries', {
      headers: { 'Accept-Encoding': 'gzip, deflate, br' },
    });
    expect(api.status).toBe(200);
    expect(api.headers.get('content-encoding')).toBeNull();
    expect(await api.json()).toBeTruthy();
  });

  it('gives visitors from ads and shared links (a query of their own) the page kept for the path', async () => {
    cache.clear();
    const first = await get('/faq?utm_source=ad&gclid=first', 'LANGUAGE_CODE=lv');
    const second = await get('/faq?gclid=second&fbclid=x', 'LANGUAGE_CODE=lv');
    const plain = await get('/faq', 'LANGUAGE_CODE=lv');
    // Rendered once, for the path alone: no visitor's query in the page kept for everyone.
    expect(first.html).toMatch(/<p>lv \/faq: no cart, render \d+<\/p>/);
    expect(second.html).toBe(first.html);
    expect(plain.html).toBe(first.html);
    expect(second.res.headers.get('etag')).toBe(first.res.headers.get('etag'));
    expectHashPolicy(second);
    // A page that is not kept is rendered for the request as it came.
    const status = await get('/order-status/abc?x=1', 'LANGUAGE_CODE=lv');
    expect(status.html).toContain('<p>lv /order-status/abc?x=1');
  });

  it('keeps each language apart', async () => {
    cache.clear();
    expect((await get('/faq', 'LANGUAGE_CODE=lv')).html).toContain('<p>lv /faq');
    expect((await get('/faq', 'LANGUAGE_CODE=en-US')).html).toContain('<p>en-US /faq');
    const byHeader = await app.request('/faq', {
      headers: { 'Accept-Language': 'lv-LV,lv;q=0.9' },
    });
    expect(await byHeader.text()).toContain('<p>lv /faq');
  });

  it('never gives a visitor with a cart another visitor’s page, nor a cart page to anyone else', async () => {
    cache.clear();
    await get('/', 'LANGUAGE_CODE=lv');
    const anna = await get('/', 'LANGUAGE_CODE=lv; ORDER_ID_lv=anna');
    expect(anna.html).toContain('cart anna');
    expectHashPolicy(anna);
    const leo = await get('/', 'ORDER_ID_lv=leo; LANGUAGE_CODE=lv');
    expect(leo.html).toContain('cart leo');
    expect(leo.html).not.toContain('anna');
    const stranger = await get('/', 'LANGUAGE_CODE=lv');
    expect(stranger.html).toContain('no cart');
    // Cold cache, a cart visitor first: their page is not kept for the next one.
    cache.clear();
    expect((await get('/', 'LANGUAGE_CODE=lv; ORDER_ID_lv=mia')).html).toContain('cart mia');
    expect((await get('/', 'LANGUAGE_CODE=lv')).html).toContain('no cart');
    // Visitors at once, with and without a cart, while the page is being rendered.
    cache.clear();
    const together = await Promise.all([
      get('/', 'LANGUAGE_CODE=lv'),
      get('/', 'LANGUAGE_CODE=lv; ORDER_ID_lv=ida'),
      get('/', 'LANGUAGE_CODE=lv'),
    ]);
    expect(together.map((page) => /: ((?:no )?cart[\w ]*),/.exec(page.html)?.[1])).toEqual([
      'no cart',
      'cart ida',
      'no cart',
    ]);
  });

  it('renders a page whose path carries an id (an order’s status) anew every time, with the response’s own nonce', async () => {
    cache.clear();
    const first = await get('/order-status/abc', 'LANGUAGE_CODE=en-GB');
    const second = await get('/order-status/abc', 'LANGUAGE_CODE=en-GB');
    expect(second.res.status).toBe(200);
    expect(/render (\d+)/.exec(second.html)?.[1]).not.toBe(/render (\d+)/.exec(first.html)?.[1]);
    expect(cache.size).toBe(0);
    for (const page of [first, second]) {
      expect(page.nonce).toMatch(/^[\w+/=]{16,}$/);
      expect(page.scriptNonces).toEqual([page.nonce]);
      expect(page.scriptSrc).not.toContain('sha256');
    }
    expect(second.nonce).not.toBe(first.nonce);
  });

  it('keeps a 404 a 404', async () => {
    cache.clear();
    for (let i = 0; i < 2; i++) {
      const page = await get('/no-such-page', 'LANGUAGE_CODE=en-GB');
      expect(page.res.status).toBe(404);
      expect(page.html).toContain('/no-such-page');
      expectHashPolicy(page);
    }
  });

  it('sends the public pages without Cross-Origin-Opener-Policy, and every other answer with it', async () => {
    cache.clear();
    const opener = (page: Awaited<ReturnType<typeof get>>) =>
      page.res.headers.get('cross-origin-opener-policy');
    // Rendered, then kept; a cart visitor's own render; the 404 page; a 304 of a kept page.
    for (const [path, cookie] of [
      ['/', undefined],
      ['/', undefined],
      ['/faq', 'LANGUAGE_CODE=lv'],
      ['/', 'ORDER_ID_lv=ada; LANGUAGE_CODE=lv'],
      ['/no-such-page', undefined],
    ] as const) {
      expect(opener(await get(path, cookie)), path).toBeNull();
    }
    const kept = await get('/');
    const notModified = await app.request('/', {
      headers: { 'If-None-Match': kept.res.headers.get('etag')! },
    });
    expect(notModified.status).toBe(304);
    expect(notModified.headers.get('cross-origin-opener-policy')).toBeNull();
    // A page whose path carries an id, and the API, keep the browser's separate window group.
    expect(opener(await get('/order-status/abc', 'LANGUAGE_CODE=en-GB'))).toBe('same-origin');
    expect((await app.request('/api/health')).headers.get('cross-origin-opener-policy')).toBe(
      'same-origin',
    );
    // The other security headers stay on the public pages.
    expect(kept.res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(kept.res.headers.get('cross-origin-resource-policy')).toBe('same-origin');
  });

  it('holds at most its size, dropping the least recently used page, and forgets a page after its time', () => {
    let now = 1_000_000;
    const small = createPageCache({ maxBytes: 1500, ttlMs: 1000, now: () => now });
    const page = (text: string) => ({ status: 200, html: text.padEnd(600, '.'), cookiesRead: [] });
    small.set('a', page('a'));
    small.set('b', page('b'));
    expect(small.get('a', null)).toBeDefined();
    small.set('c', page('c'));
    expect(small.get('b', null)).toBeUndefined();
    expect(small.get('a', null)).toBeDefined();
    expect(small.bytes).toBeLessThanOrEqual(1500);
    now += 999;
    expect(small.get('a', null)).toBeDefined();
    now += 2;
    expect(small.get('a', null)).toBeUndefined();
  });
});
