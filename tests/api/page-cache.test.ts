import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '#server/app.ts';
import type { Database } from '#server/db/client.ts';
import type { ClientFiles } from '#server/web/head.ts';
import { createPageCache, type PageCache } from '#server/web/page-cache.ts';
import type { SsrEntry } from '#server/web/ssr.ts';
import { openMigratedPglite } from './pglite-template.ts';

const client: ClientFiles = {
  dir: '/nowhere',
  indexHtml: '<!doctype html><html lang="en-GB"><head><title>Storymade</title><!--head-meta--></head><body><div id="root"></div></body></html>',
  meta: {
    siteName: 'Storymade',
    ogImage: '/og-image.png',
    routes: [
      { path: '/', page: 'home', index: true },
      { path: '/faq', page: 'faq', index: true },
      { path: '/order-status/$orderId', page: 'orderStatus', index: false },
    ],
    pages: {},
  },
};

/**
 * A stand-in for the app's server entry with what matters here: it reads the visitor's cart
 * cookie (as the header's cart count does), writes its nonce on an inline script, answers 404
 * for a path it does not know, and numbers its renders.
 */
let renders = 0;
const entry: SsrEntry = {
  render({ request, language, nonce, onCookieRead }) {
    renders += 1;
    const cookieName = `ORDER_ID_${language}`;
    onCookieRead?.(cookieName);
    const cart = /ORDER_ID_[\w-]+=([^;]*)/.exec(request.headers.get('cookie') ?? '')?.[1];
    const path = new URL(request.url).pathname;
    const known = path === '/' || path === '/faq' || path.startsWith('/order-status/');
    const body = `<p>${language} ${path}: ${cart ? `cart ${cart}` : 'no cart'}, render ${renders}</p><script nonce="${nonce}">self.$_TSR={}</script>`;
    return Promise.resolve(new Response(body, { status: known ? 200 : 404 }));
  },
};

let database: Database;
let cache: PageCache;
let app: ReturnType<typeof createApp>;
beforeAll(async () => {
  database = await openMigratedPglite();
  cache = createPageCache();
  app = createApp({ database, client, publicUrl: 'http://localhost', ssr: () => Promise.resolve(entry), pageCache: cache });
});
afterAll(async () => {
  await database.close();
});

const get = async (path: string, cookie?: string) => {
  const res = await app.request(path, cookie ? { headers: { Cookie: cookie } } : {});
  const html = await res.text();
  const csp = res.headers.get('content-security-policy') ?? '';
  return { res, html, nonce: /script-src [^;]*'nonce-([^']+)'/.exec(csp)?.[1], scriptNonces: [...html.matchAll(/nonce="([^"]*)"/g)].map((m) => m[1]) };
};

describe('the page cache', () => {
  it('renders a page once and sends it again with each response’s own nonce, the one its CSP allows', async () => {
    cache.clear();
    const first = await get('/faq', 'LANGUAGE_CODE=lv');
    const second = await get('/faq', 'LANGUAGE_CODE=lv');
    expect(second.html).toContain('<p>lv /faq: no cart, render');
    // The second is the first render again, not a new one.
    expect(/render (\d+)/.exec(second.html)?.[1]).toBe(/render (\d+)/.exec(first.html)?.[1]);
    for (const page of [first, second]) {
      expect(page.res.status).toBe(200);
      expect(page.nonce).toMatch(/^[\w+/=]{16,}$/);
      expect(page.scriptNonces).toEqual([page.nonce]);
      expect(page.html).not.toContain(cache.placeholder);
      expect(page.res.headers.get('content-language')).toBe('lv');
      expect(page.res.headers.get('vary')).toContain('Cookie');
      expect(page.res.headers.get('cache-control')).toBe('no-cache');
    }
    expect(second.nonce).not.toBe(first.nonce);
  });

  it('keeps each language apart', async () => {
    cache.clear();
    expect((await get('/faq', 'LANGUAGE_CODE=lv')).html).toContain('<p>lv /faq');
    expect((await get('/faq', 'LANGUAGE_CODE=en-US')).html).toContain('<p>en-US /faq');
    const byHeader = await app.request('/faq', { headers: { 'Accept-Language': 'lv-LV,lv;q=0.9' } });
    expect(await byHeader.text()).toContain('<p>lv /faq');
  });

  it('never gives a visitor with a cart another visitor’s page, nor a cart page to anyone else', async () => {
    cache.clear();
    await get('/', 'LANGUAGE_CODE=lv');
    const anna = await get('/', 'LANGUAGE_CODE=lv; ORDER_ID_lv=anna');
    expect(anna.html).toContain('cart anna');
    expect(anna.scriptNonces).toEqual([anna.nonce]);
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
    const together = await Promise.all([get('/', 'LANGUAGE_CODE=lv'), get('/', 'LANGUAGE_CODE=lv; ORDER_ID_lv=ida'), get('/', 'LANGUAGE_CODE=lv')]);
    expect(together.map((page) => /: ((?:no )?cart[\w ]*),/.exec(page.html)?.[1])).toEqual(['no cart', 'cart ida', 'no cart']);
  });

  it('renders a page whose path carries an id (an order’s status) anew every time', async () => {
    cache.clear();
    const first = await get('/order-status/abc', 'LANGUAGE_CODE=en-GB');
    const second = await get('/order-status/abc', 'LANGUAGE_CODE=en-GB');
    expect(second.res.status).toBe(200);
    expect(/render (\d+)/.exec(second.html)?.[1]).not.toBe(/render (\d+)/.exec(first.html)?.[1]);
    expect(cache.size).toBe(0);
  });

  it('keeps a 404 a 404', async () => {
    cache.clear();
    for (let i = 0; i < 2; i++) {
      const page = await get('/no-such-page', 'LANGUAGE_CODE=en-GB');
      expect(page.res.status).toBe(404);
      expect(page.html).toContain('/no-such-page');
      expect(page.scriptNonces).toEqual([page.nonce]);
    }
  });

  it('holds at most its size, dropping the least recently used page, and forgets a page after its time', () => {
    let now = 0;
    const small = createPageCache({ maxBytes: 3000, ttlMs: 1000, now: () => now });
    const page = (text: string) => ({ status: 200, html: text.padEnd(600, '.'), cookiesRead: [] });
    small.set('a', page('a'));
    small.set('b', page('b'));
    expect(small.get('a', null)).toBeDefined();
    small.set('c', page('c'));
    expect(small.get('b', null)).toBeUndefined();
    expect(small.get('a', null)).toBeDefined();
    expect(small.bytes).toBeLessThanOrEqual(3000);
    now = 1000;
    expect(small.get('a', null)).toBeUndefined();
  });
});
