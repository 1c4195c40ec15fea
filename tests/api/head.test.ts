import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  matchRoute,
  pickLanguage,
  renderIndexHtml,
  renderRobots,
  renderSitemap,
  type ClientFiles,
} from '#server/web/head.ts';

const files: ClientFiles = {
  dir: '/nowhere',
  indexHtml:
    '<!doctype html><html lang="en-GB"><head><title>Storymade</title><!--head-meta--></head><body></body></html>',
  meta: {
    siteName: 'Storymade',
    ogImage: '/og-image.png',
    routes: [
      { path: '/', page: 'home', index: true },
      { path: '/faq', page: 'faq', index: true },
      { path: '/personalize/$bookName', page: 'personalize', index: false },
    ],
    pages: {
      faq: {
        lv: { title: 'BUJ - Storymade', description: 'Atbildes <un> "citāti"' },
        'en-GB': { title: 'FAQ - Storymade', description: 'Answers' },
        'en-US': { title: 'FAQ - Storymade', description: 'Answers' },
      },
    },
  },
};

describe('the HTML the server sends', () => {
  it('matches exact routes and routes with parameters', () => {
    expect(matchRoute(files.meta, '/faq')?.page).toBe('faq');
    expect(matchRoute(files.meta, '/faq/')?.page).toBe('faq');
    expect(matchRoute(files.meta, '/personalize/football_story')?.page).toBe('personalize');
    expect(matchRoute(files.meta, '/personalize/')).toBeUndefined();
    expect(matchRoute(files.meta, '/nope')).toBeUndefined();
  });

  it('picks the language from the cookie, then Accept-Language, then en-GB', () => {
    expect(pickLanguage('lv', 'en-US')).toBe('lv');
    expect(pickLanguage('en-us', undefined)).toBe('en-US');
    expect(pickLanguage('xx', 'lv-LV,en;q=0.5')).toBe('lv');
    expect(pickLanguage(undefined, 'en-AU')).toBe('en-GB');
    expect(pickLanguage(undefined, 'de')).toBe('en-GB');
    expect(pickLanguage(undefined, undefined)).toBe('en-GB');
  });

  it('writes the escaped title, description and sharing tags, and <html lang>', () => {
    const html = renderIndexHtml(files, {
      page: 'faq',
      language: 'lv',
      url: 'https://shop.test/faq',
      publicUrl: 'https://shop.test',
      index: true,
    });
    expect(html).toContain('<html lang="lv"');
    expect(html).toContain('<title>BUJ - Storymade</title>');
    expect(html).toContain('content="Atbildes &lt;un&gt; &quot;citāti&quot;"');
    expect(html).toContain(
      '<meta property="og:image" content="https://shop.test/og-image.png" data-ssr>',
    );
    expect(html).not.toContain('noindex');
    expect(html.match(/<title>/g)).toHaveLength(1);
    const hidden = renderIndexHtml(files, {
      page: 'personalize',
      language: 'en-GB',
      url: 'x',
      publicUrl: 'x',
      index: false,
    });
    expect(hidden).toContain('<meta name="robots" content="noindex" data-ssr>');
  });

  it('lists only indexable pages in the sitemap and hides the rest in robots.txt', () => {
    const sitemap = renderSitemap(files.meta, 'https://shop.test');
    expect(sitemap).toContain('<loc>https://shop.test/</loc>');
    expect(sitemap).toContain('<loc>https://shop.test/faq</loc>');
    expect(sitemap).not.toContain('personalize');
    const robots = renderRobots(files.meta, 'https://shop.test');
    expect(robots).toContain('Disallow: /personalize');
    expect(robots).toContain('Sitemap: https://shop.test/sitemap.xml');
  });
});

describe('route modules', () => {
  it("list the page's translations in its language, its route's chunks and the cookie consent's, once each", async () => {
    const { modulePreloads } = await import('#server/web/head.ts');
    const meta = {
      ...files.meta,
      routeModules: { '/faq': ['/assets/faq-1.js', '/assets/shared-2.js'] },
      localeModules: {
        lv: {
          common: '/assets/common-lv.js',
          consent: '/assets/consent-lv.js',
          faq: '/assets/faq-lv.js',
        },
        'en-GB': { common: '/assets/common-gb.js' },
      },
      pageNamespaces: { faq: ['faq'] },
      consentModules: ['/assets/cookie-consent-3.js', '/assets/shared-2.js'],
    };
    expect(modulePreloads(meta, '/faq', 'faq', 'lv')).toEqual([
      '/assets/common-lv.js',
      '/assets/consent-lv.js',
      '/assets/faq-lv.js',
      '/assets/faq-1.js',
      '/assets/shared-2.js',
      '/assets/cookie-consent-3.js',
    ]);
    expect(modulePreloads(meta, undefined, 'notFound', 'en-GB')).toEqual([
      '/assets/common-gb.js',
      '/assets/cookie-consent-3.js',
      '/assets/shared-2.js',
    ]);
    const html = renderIndexHtml(
      { ...files, meta },
      { page: 'faq', language: 'lv', url: 'x', publicUrl: 'x', index: true, routePath: '/faq' },
    );
    // Listed for the entry to preload after the first paint, not fetched with the HTML.
    expect(html).toContain(
      '<meta name="route-modules" content="/assets/common-lv.js /assets/consent-lv.js /assets/faq-lv.js /assets/faq-1.js /assets/shared-2.js /assets/cookie-consent-3.js">',
    );
    expect(html).not.toContain('rel="modulepreload" href="/assets/faq');
  });

  it("link the route's stylesheets, so the server-rendered page is styled before its JavaScript runs", () => {
    const meta = { ...files.meta, routeStyles: { '/faq': ['/assets/faq-1.css'] } };
    const html = renderIndexHtml(
      { ...files, meta },
      { page: 'faq', language: 'lv', url: 'x', publicUrl: 'x', index: true, routePath: '/faq' },
    );
    expect(html).toContain('<link rel="stylesheet" href="/assets/faq-1.css">');
    const notFound = renderIndexHtml(
      { ...files, meta },
      { page: 'notFound', language: 'lv', url: 'x', publicUrl: 'x', index: false },
    );
    expect(notFound).not.toContain('faq-1.css');
  });

  it('are written into the page when built, the link kept disabled so the browser fetches nothing', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'head-css-'));
    mkdirSync(path.join(dir, 'assets'));
    writeFileSync(path.join(dir, 'assets', 'faq-1.css'), '.faq{color:red}');
    writeFileSync(path.join(dir, 'assets', 'bad-1.css'), '.x{content:"</style><script>"}');
    const meta = {
      ...files.meta,
      routeStyles: { '/faq': ['/assets/faq-1.css', '/assets/bad-1.css', '/assets/gone-1.css'] },
    };
    const html = renderIndexHtml(
      { ...files, dir, meta },
      { page: 'faq', language: 'lv', url: 'x', publicUrl: 'x', index: true, routePath: '/faq' },
    );
    expect(html).toContain(
      '<link rel="stylesheet" href="/assets/faq-1.css" disabled><style>.faq{color:red}</style>',
    );
    // What could end the <style> element early, or a file that is not there, stays a plain link.
    expect(html).toContain('<link rel="stylesheet" href="/assets/bad-1.css">');
    expect(html).not.toContain('</style><script>');
    expect(html).toContain('<link rel="stylesheet" href="/assets/gone-1.css">');
  });
});
