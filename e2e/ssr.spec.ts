import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { cartCookie, createOrder, setOrderCookie } from './cart-orders.ts';
import {
  LANGUAGES,
  expect,
  holdBack,
  hydrated,
  setLanguage,
  test,
  type Language,
} from './fixtures.ts';
import { texts } from './locales.ts';

// Server-rendered pages: what a visitor (or a crawler) gets before any JavaScript runs, and the
// browser taking that HTML over (hydration) without a mismatch.

/** Each public page: its heading and a sentence of its main text (namespace and key in src/locales). */
const PAGES = [
  {
    path: '/',
    status: 200,
    heading: ['common', 'home.hero.title'],
    text: ['common', 'home.hero.text'],
  },
  {
    path: '/about-us',
    status: 200,
    heading: ['about', 'story.title'],
    text: ['about', 'story.lead'],
  },
  { path: '/contact-us', status: 200, heading: ['contact', 'title'], text: ['contact', 'intro'] },
  { path: '/faq', status: 200, heading: ['faq', 'title'], text: ['faq', 'items.0.question'] },
  {
    path: '/privacy-policy',
    status: 200,
    heading: ['legal', 'privacy.title'],
    text: ['legal', 'privacy.lead'],
  },
  { path: '/terms', status: 200, heading: ['legal', 'terms.title'], text: ['legal', 'terms.lead'] },
  {
    path: '/terms-and-conditions',
    status: 200,
    heading: ['legal', 'terms.title'],
    text: ['legal', 'terms.lead'],
  },
  { path: '/ugc-terms', status: 200, heading: ['legal', 'ugc.title'], text: ['legal', 'ugc.lead'] },
  {
    path: '/YouCanDoIt',
    status: 200,
    heading: ['product', 'title'],
    text: ['product', 'subtitle'],
  },
  {
    path: '/no-such-page',
    status: 404,
    heading: ['common', 'notFound.title'],
    text: ['common', 'notFound.text'],
  },
] as const;

/** The attributes and text of every inline script a browser would run (no src, no JSON data block). */
function inlineScripts(html: string): { attributes: string; text: string }[] {
  return [
    ...html.matchAll(
      /<script(?![^>]*\bsrc=)(?![^>]*type="application\/(?:ld\+)?json")([^>]*)>([\s\S]*?)<\/script>/g,
    ),
  ].map(([, attributes, text]) => ({
    attributes: attributes ?? '',
    text: text ?? '',
  }));
}

/** The script-src of a response's CSP, and the CSP source that lets an inline script run by its text. */
const scriptSrc = (csp: string) => /script-src [^;]*/.exec(csp)?.[0] ?? '';
const hashSource = (text: string) =>
  `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/** A text of the locale files the app ships (a dotted key; numbers index arrays). */
function localeText(language: Language, [namespace, key]: readonly [string, string]): string {
  const data = texts<unknown>(language, namespace);
  const value = key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], data);
  if (typeof value !== 'string' || /[<{]/.test(value))
    throw new Error(`${language}/${namespace}:${key} is not plain text`);
  return value;
}

/** The text of an HTML fragment as a reader sees it: no tags or comments, entities decoded. */
function visibleText(html: string): string {
  return html
    .replace(/<!--.*?-->/gs, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
}

/** What the server rendered into the page's root element (the head tags, scripts and JSON state left out). */
function renderedBody(html: string): string {
  const body = /<div id="root">([\s\S]*)<\/div>\s*<\/body>/.exec(html)?.[1] ?? '';
  return body.replace(/<script[\s\S]*?<\/script>/g, '');
}

/**
 * The page names the translation namespaces it used, not their texts: those come as the chunks
 * the entry preloads (listed in route-modules), so the HTML stays small.
 */
function expectNamespacesPreloaded(html: string, language: Language) {
  const state = JSON.parse(
    /<script type="application\/json" id="ssr-i18n">(.*?)<\/script>/.exec(html)?.[1] ?? '{}',
  ) as { language?: string; namespaces?: string[]; resources?: unknown };
  expect(state.language).toBe(language);
  expect(state.namespaces).toEqual(expect.arrayContaining(['common', 'consent']));
  expect(state.resources).toBeUndefined();
  const preloads =
    /<meta name="route-modules" content="([^"]*)">/.exec(html)?.[1]?.split(' ') ?? [];
  const localeModules =
    (
      JSON.parse(readFileSync('dist/client/head-meta.json', 'utf8')) as {
        localeModules: Record<string, Record<string, string>>;
      }
    ).localeModules[language] ?? {};
  for (const namespace of state.namespaces ?? [])
    expect(preloads, namespace).toContain(localeModules[namespace]);
}

test.describe('the HTML of each public page, without JavaScript', () => {
  for (const language of LANGUAGES) {
    for (const page of PAGES) {
      test(`${page.path} in ${language} has its heading and text`, async ({ request }) => {
        const res = await request.get(page.path, {
          headers: { Cookie: `LANGUAGE_CODE=${language}` },
        });
        expect(res.status()).toBe(page.status);
        const html = await res.text();
        expect(html).toContain(`<html lang="${language}"`);
        const body = renderedBody(html);
        const h1 = /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(body)?.[1];
        expect(visibleText(h1 ?? '').trim()).toBe(localeText(language, page.heading));
        expect(visibleText(body)).toContain(localeText(language, page.text));
        // The header and the footer are there too: the page is whole, not a frame to be filled in.
        expect(body).toContain('<header class="site-header"');
        expect(body).toContain('<footer');
        // The browser's first frame waits for the whole main content (never the header alone).
        expect(html.slice(0, html.indexOf('</head>'))).toContain(
          '<link rel="expect" href="#site-footer" blocking="render">',
        );
        expect(body.indexOf('<footer id="site-footer"')).toBeGreaterThan(body.indexOf('</main>'));
        // Styled before any script runs: the app's stylesheets (the banner's, the dialogs') are in
        // the page, though the app itself is fetched after the first paint.
        const head = html.slice(0, html.indexOf('</head>'));
        expect(head).toContain('.consent-banner{');
        expect(head).toContain('.dialog{');
        expect(head).not.toContain('rel="modulepreload" href="/assets/app-root');
        expectNamespacesPreloaded(html, language);
      });
    }
  }

  test('the builder and the cart come with their frame and first screen', async ({ request }) => {
    const headers = { Cookie: 'LANGUAGE_CODE=lv' };
    const builderHtml = await (
      await request.get('/personalize/football_story', { headers })
    ).text();
    const builder = renderedBody(builderHtml);
    expect(visibleText(/<h1[^>]*>([\s\S]*?)<\/h1>/.exec(builder)?.[1] ?? '').trim()).not.toBe('');
    expectNamespacesPreloaded(builderHtml, 'lv');
    const { orderId } = await createOrder(request, 'lv', [{ name: 'Anna', gender: 'Girl' }]);
    const cartHtml = await (
      await request.get('/cart', {
        headers: { Cookie: `LANGUAGE_CODE=lv; ORDER_ID_lv=${orderId}; ${cartCookie(orderId)}` },
      })
    ).text();
    const cart = renderedBody(cartHtml);
    expect(visibleText(cart)).toContain(localeText('lv', ['cart', 'title']));
    expect(visibleText(cart)).toContain('Anna');
    expectNamespacesPreloaded(cartHtml, 'lv');
    // The pages with their own namespaces beyond the public ones preload them too.
    for (const path of ['/delivery', `/order-status/${orderId}`, '/payment-status']) {
      expectNamespacesPreloaded(await (await request.get(path, { headers })).text(), 'lv');
    }
  });

  test('a page kept for every visitor: its CSP allows exactly its inline scripts, by their hashes', async ({
    request,
  }) => {
    const res = await request.get('/');
    const csp = scriptSrc(res.headers()['content-security-policy'] ?? '');
    expect(csp).not.toContain('unsafe');
    expect(csp).not.toContain('nonce-');
    const scripts = inlineScripts(await res.text());
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) expect(csp).toContain(hashSource(script.text));
    expect(csp.match(/'sha256-/g)?.length).toBe(new Set(scripts.map((script) => script.text)).size);
  });

  test('a page rendered for one visitor: its inline scripts carry the response’s fresh nonce, the one its CSP allows', async ({
    request,
  }) => {
    const seen = new Set<string>();
    for (let i = 0; i < 2; i++) {
      const res = await request.get('/cart', { headers: { Cookie: 'LANGUAGE_CODE=en-GB' } });
      const csp = scriptSrc(res.headers()['content-security-policy'] ?? '');
      const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
      expect(nonce).toBeTruthy();
      expect(csp).not.toContain('unsafe');
      const scripts = inlineScripts(await res.text());
      expect(scripts.length).toBeGreaterThan(0);
      for (const script of scripts) expect(script.attributes).toContain(`nonce="${nonce}"`);
      seen.add(nonce!);
    }
    expect(seen.size).toBe(2);
  });
});

test.describe('hydration', () => {
  test('an email typed and sent before the app has arrived is not put in the address by the browser, and is sent by the app once it listens', async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ baseURL: baseURL! });
    const tab = await context.newPage();
    const pages: string[] = [];
    tab.on('request', (request) => {
      if (request.isNavigationRequest())
        pages.push(new URL(request.url()).pathname + new URL(request.url()).search);
    });
    // A slow phone: the app arrives 2 s after the page.
    await holdBack(tab, '**/assets/start-app-*.js', 2000);
    await tab.goto('/');
    expect(await tab.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
    const block = tab.locator('#adventure-community');
    const field = block.getByLabel('Your email address');
    await field.fill(`early.${Date.now()}@example.lv`);
    await field.press('Enter');
    await hydrated(tab);
    // What was typed before the app arrived is handed to the app, and the early Enter sends it.
    await expect(tab).toHaveURL(/\/thank-you$/);
    // The browser never sent the form itself (a GET with the address in the URL, the page reloaded).
    expect(pages).toEqual(['/']);
    await context.close();
  });

  test('an email sent before even the page’s own script has run is held, never put in an address, and sent once the app listens', async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ baseURL: baseURL! });
    const tab = await context.newPage();
    const addresses: string[] = [];
    tab.on('request', (request) => {
      if (request.isNavigationRequest()) addresses.push(request.url());
    });
    // A very slow start: the entry script (which holds early input for the app) arrives 3 s late;
    // until then the page's first, inline script holds it.
    await holdBack(tab, '**/assets/index-*.js', 3000);
    await tab.goto('/', { waitUntil: 'commit' });
    const field = tab.locator('#adventure-community').getByLabel('Your email address');
    const email = `first.${Date.now()}@example.lv`;
    await field.fill(email);
    await field.press('Enter');
    expect(await tab.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
    // The page did not reload: what was typed is still there, and the app sends it when it listens.
    await expect(field).toHaveValue(email);
    await hydrated(tab);
    await expect(tab).toHaveURL(/\/thank-you$/);
    expect(addresses).toHaveLength(1);
    for (const address of addresses) expect(decodeURIComponent(address)).not.toContain(email);
    await context.close();
  });

  test('a language chosen before the app has arrived is switched to once it listens', async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ baseURL: baseURL! });
    const tab = await context.newPage();
    await holdBack(tab, '**/assets/start-app-*.js', 2000);
    await tab.goto('/');
    await context.addCookies([{ name: 'LANGUAGE_CODE', value: 'en-GB', url: baseURL! }]);
    await tab.reload();
    expect(await tab.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
    await tab.getByRole('banner').getByLabel('Language').selectOption('lv');
    await hydrated(tab);
    await expect(tab.locator('html')).toHaveAttribute('lang', 'lv');
    await expect(tab.getByRole('heading', { level: 1 })).toHaveText(
      localeText('lv', ['common', 'home.hero.title']),
    );
    expect((await context.cookies()).find((cookie) => cookie.name === 'LANGUAGE_CODE')?.value).toBe(
      'lv',
    );
    await context.close();
  });

  // Every public page in every language is taken over without a warning, an error or a mismatch:
  // e2e/pages.spec.ts checks that with the page's title, heading and axe, in one visit.

  test('the entry script needs nothing fetched before it runs but the loader of the app’s chunks', async ({
    request,
  }) => {
    // It holds what a visitor does until the app listens: a chunk of its own (a module it shares
    // with the app, say) would be one more request, one after the other, before it can.
    const html = await (await request.get('/', { headers: { Cookie: 'LANGUAGE_CODE=lv' } })).text();
    const entry = /<script type="module"[^>]*src="([^"]+)"/.exec(html)?.[1];
    expect(entry).toMatch(/^\/assets\/index-[\w-]+\.js$/);
    const code = await (await request.get(entry!)).text();
    const imports = [
      ...code.matchAll(/(?:^|[;}])import\s*(?:[\w{}\s,*$]+from\s*)?["']([^"']+)["']/g),
    ].map((match) => match[1]!.replace(/-[\w-]{8}\.js$/, ''));
    expect(imports).toEqual(['./preload-helper']);
  });

  test('the home page loads no TanStack Query (the first load is smaller); the cart, which uses it, loads it', async ({
    page,
    request,
  }) => {
    const { orderId } = await createOrder(request, 'en-GB', [{ name: 'Anna', gender: 'Girl' }]);
    await setOrderCookie(page, 'en-GB', orderId);
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    const query = () => scripts.filter((script) => /\/assets\/query-[\w-]{8}\.js$/.test(script));
    await setLanguage(page, 'en-GB');
    await page.goto('/', { waitUntil: 'networkidle' });
    await expect(page.locator('html[data-hydrated]')).toBeAttached();
    expect(query()).toEqual([]);
    await page.getByRole('link', { name: 'Cart, 1 book' }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.locator('h1')).toHaveText(localeText('en-GB', ['cart', 'title']));
    await expect(page.getByRole('heading', { level: 3 })).toContainText('Anna');
    expect(query()).toHaveLength(1);
  });

  test('the cart count in the header hydrates from the server’s cart', async ({
    page,
    request,
  }) => {
    const { orderId } = await createOrder(request, 'en-GB', [
      { name: 'Anna', gender: 'Girl' },
      { name: 'Leo', gender: 'Boy' },
    ]);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    await setLanguage(page, 'en-GB');
    await setOrderCookie(page, 'en-GB', orderId);
    const html = await (await page.request.get('/')).text();
    expect(html).toMatch(/class="cart-link__count"[^>]*>2</);
    await page.goto('/', { waitUntil: 'networkidle' });
    await expect(page.locator('.cart-link__count')).toHaveText('2');
    expect(errors).toEqual([]);
  });
});

// The server keeps pages that are the same for every visitor (server/web/page-cache.ts): what it
// sends again must still be each visitor's own.
test.describe('pages the server sends again', () => {
  test('each response is the same page, compressed as the browser asks, and 304 when the browser has it', async ({
    request,
  }) => {
    const pages = new Set<string>();
    let etag = '';
    for (const encoding of ['br', 'gzip', 'identity']) {
      const res = await request.get('/faq', {
        headers: { Cookie: 'LANGUAGE_CODE=lv', 'Accept-Encoding': encoding },
      });
      const csp = scriptSrc(res.headers()['content-security-policy'] ?? '');
      const html = await res.text();
      for (const script of inlineScripts(html)) expect(csp).toContain(hashSource(script.text));
      expect(visibleText(renderedBody(html))).toContain(localeText('lv', ['faq', 'title']));
      pages.add(html);
      etag = res.headers()['etag'] ?? '';
    }
    expect(pages.size).toBe(1);
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await request.get('/faq', {
      headers: { Cookie: 'LANGUAGE_CODE=lv', 'If-None-Match': etag },
    });
    expect(again.status()).toBe(304);
  });

  test('a visitor with a cart gets their own count, and a visitor without one never sees it', async ({
    request,
  }) => {
    const count = (html: string) => /class="cart-link__count"[^>]*>(\d+)</.exec(html)?.[1];
    const before = await (
      await request.get('/', { headers: { Cookie: 'LANGUAGE_CODE=en-GB' } })
    ).text();
    expect(count(before)).toBeUndefined();
    const { orderId } = await createOrder(request, 'en-GB', [
      { name: 'Anna', gender: 'Girl' },
      { name: 'Leo', gender: 'Boy' },
    ]);
    const { orderId: other } = await createOrder(request, 'en-GB', [
      { name: 'Mia', gender: 'Girl' },
    ]);
    const withCart = await (
      await request.get('/', {
        headers: {
          Cookie: `LANGUAGE_CODE=en-GB; ORDER_ID_en-GB=${orderId}; ${cartCookie(orderId)}`,
        },
      })
    ).text();
    expect(count(withCart)).toBe('2');
    const otherCart = await (
      await request.get('/', {
        headers: { Cookie: `ORDER_ID_en-GB=${other}; LANGUAGE_CODE=en-GB; ${cartCookie(other)}` },
      })
    ).text();
    expect(count(otherCart)).toBe('1');
    expect(otherCart).not.toContain(orderId);
    const after = await (
      await request.get('/', { headers: { Cookie: 'LANGUAGE_CODE=en-GB' } })
    ).text();
    expect(count(after)).toBeUndefined();
    expect(after).not.toContain(orderId);
    expect(after).not.toContain(other);
  });

  test('a visitor from an ad (a query of their own) gets the page kept for the path, and the browser takes it over', async ({
    page,
    request,
  }) => {
    const get = (query: string) =>
      request.get(`/YouCanDoIt${query}`, { headers: { Cookie: 'LANGUAGE_CODE=en-GB' } });
    const plain = await get('');
    expect(plain.headers()['etag']).toMatch(/^"[\w-]+"$/);
    expect((await get('?gclid=first-click')).headers()['etag']).toBe(plain.headers()['etag']);
    const messages: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning')
        messages.push(`${message.type()}: ${message.text()}`);
    });
    page.on('pageerror', (error) => messages.push(`pageerror: ${error.message}`));
    await setLanguage(page, 'en-GB');
    const response = await page.goto('/YouCanDoIt?utm_source=ad&gclid=another-click', {
      waitUntil: 'networkidle',
    });
    expect(await response?.text()).toBe(await plain.text());
    await expect(page.locator('html[data-hydrated]')).toBeAttached();
    await expect(page).toHaveURL(/\/YouCanDoIt\?utm_source=ad&gclid=another-click$/);
    expect(messages).toEqual([]);
  });

  test('an unknown path stays a 404 every time', async ({ request }) => {
    for (let i = 0; i < 3; i++) {
      const res = await request.get('/no-such-page-at-all', {
        headers: { Cookie: 'LANGUAGE_CODE=en-GB' },
      });
      expect(res.status()).toBe(404);
      expect(visibleText(renderedBody(await res.text()))).toContain(
        localeText('en-GB', ['common', 'notFound.title']),
      );
    }
  });
});
