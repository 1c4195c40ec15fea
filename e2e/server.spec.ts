import { expect, test } from '@playwright/test';

test.describe('what the server sends before any JavaScript runs', () => {
  test('each public page has its own title, description and sharing tags in the HTML', async ({
    request,
  }) => {
    const res = await request.get('/about-us', { headers: { Cookie: 'LANGUAGE_CODE=lv' } });
    expect(res.status()).toBe(200);
    const html = await res.text();
    expect(html).toContain('<html lang="lv"');
    expect(html).toContain('<title>Par mums - Storymade</title>');
    expect(html).toMatch(/<meta name="description" content="[^"]+"/);
    expect(html).toMatch(/<meta property="og:title" content="Par mums - Storymade"/);
    expect(html).toMatch(/<meta name="twitter:card" content="summary_large_image"/);
    expect(res.headers()['cache-control']).toBe('no-cache');
    expect(res.headers()['content-security-policy']).toContain("script-src 'self'");
  });

  test('the language follows Accept-Language when there is no cookie', async ({ request }) => {
    const html = await (
      await request.get('/faq', { headers: { 'Accept-Language': 'en-US,en;q=0.8' } })
    ).text();
    expect(html).toContain('<html lang="en-US"');
    expect(html).toContain('<title>FAQ - Storymade</title>');
  });

  test('unknown paths are a 404 page, unknown API paths a JSON 404', async ({ request }) => {
    const page = await request.get('/definitely-not-here');
    expect(page.status()).toBe(404);
    expect(await page.text()).toContain('<div id="root">');
    const api = await request.get('/api/definitely-not-here');
    expect(api.status()).toBe(404);
    expect(await api.json()).toHaveProperty('error');
  });

  test('hashed assets are cached for a year and compressed', async ({ request }) => {
    const html = await (await request.get('/')).text();
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeTruthy();
    const res = await request.get(script!, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(res.status()).toBe(200);
    expect(res.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers()['content-encoding']).toBe('gzip');
    // Compressed by the build, once, in the encodings browsers ask for; each answer is the same script.
    const plain = await request.get(script!, { headers: { 'Accept-Encoding': 'identity' } });
    expect(plain.headers()['content-encoding']).toBeUndefined();
    const brotli = await request.get(script!, {
      headers: { 'Accept-Encoding': 'gzip, deflate, br' },
    });
    expect(brotli.headers()['content-encoding']).toBe('br');
    expect(brotli.headers()['vary']).toContain('Accept-Encoding');
    expect(Number(brotli.headers()['content-length'])).toBeLessThan(
      Number(plain.headers()['content-length']),
    );
    expect((await brotli.body()).equals(await plain.body())).toBe(true);
    expect((await res.body()).equals(await plain.body())).toBe(true);
  });

  test('robots.txt and sitemap.xml list the public pages', async ({ request, baseURL }) => {
    const robots = await (await request.get('/robots.txt')).text();
    expect(robots).toContain('Disallow: /api/');
    expect(robots).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
    const sitemap = await request.get('/sitemap.xml');
    expect(sitemap.headers()['content-type']).toContain('xml');
    const xml = await sitemap.text();
    for (const path of ['/', '/about-us', '/faq', '/privacy-policy', '/terms', '/ugc-terms']) {
      expect(xml).toContain(`<loc>${baseURL}${path}</loc>`);
    }
    expect(xml).not.toContain('/cart');
  });

  test('health answers 200', async ({ request }) => {
    const res = await request.get('/api/health');
    expect(res.status()).toBe(200);
  });
});
