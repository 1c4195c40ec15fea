import { readFileSync } from 'node:fs';
import { createServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Language } from '#contract/markets.ts';
import { createApp } from '#server/app.ts';
import { changeOrderStatus } from '#server/services/order/staff-order-moves.ts';
import { createShopJobs, type ShopJobs } from '#server/shop-jobs.ts';
import { createPreviewService } from '#server/services/rendering/preview-service.ts';
import type { ClientFiles } from '#server/web/head.ts';
import type { SsrEntry } from '#server/web/ssr.ts';
import {
  deliveryPayload,
  fakePrinter,
  initiate,
  readyOrder,
  sandboxPress,
  verify,
} from './checkout-helpers.ts';
import { browserOf, type TestApp } from './helpers.ts';
import { openMigratedPglite } from './pglite-template.ts';
import { savePayload } from './orders-helpers.ts';

// The order-status page as the server renders it, with the app's real server entry (through
// Vite's ssrLoadModule, as `npm run dev` does): it speaks the order's language whatever the
// browser's (a `?lang=` the visitor chose wins), carries no personal data of the order, and is
// kept by no cache. PGlite only: this is about the page, the API's tests run on both databases.

const PERSONAL = {
  email: 'vilma.parent@example.com',
  phone: '+371 2677 8899',
  lastName: 'Vītoliņa',
  address1: 'Krāslavas iela 23',
  city: 'Daugavpils',
  zip: 'LV-5401',
  dedication: 'Vilmai ar mīlestību no vecmāmiņas',
  dadName: 'Gunārs',
  mumName: 'Dzintra',
};

const client: ClientFiles = {
  dir: '/nowhere',
  indexHtml: readFileSync('index.html', 'utf8'),
  meta: {
    siteName: 'Storymade',
    ogImage: '/og-image.png',
    routes: [
      { path: '/', page: 'home', index: true },
      { path: '/order-status/$orderId', page: 'orderStatus', index: false },
      { path: '/cart', page: 'cart', index: false },
    ],
    pages: {},
  },
};

let vite: ViteDevServer;
let t: Pick<TestApp, 'request' | 'database' | 'checkout'> & { close: () => Promise<void> };

beforeAll(async () => {
  vite = await createServer({
    appType: 'custom',
    logLevel: 'error',
    server: { middlewareMode: true, hmr: false, ws: false },
  });
  const database = await openMigratedPglite();
  const previews = createPreviewService();
  let checkout: ShopJobs | undefined;
  const app = createApp({
    database,
    client,
    publicUrl: 'http://localhost:3000',
    previews,
    shopJobs: (deps) =>
      (checkout = createShopJobs(deps, { jobs: 'manual', printRenderer: fakePrinter().render })),
    ssr: async () => (await vite.ssrLoadModule('/src/entry-server.tsx')) as SsrEntry,
  });
  t = {
    database,
    checkout: checkout!,
    // The parent's browser: it keeps the cart key the shop sets for the order it makes.
    request: browserOf(app),
    close: async () => {
      await checkout?.close();
      await previews.close();
      await database.close();
    },
  };
}, 120_000);
afterAll(async () => {
  await t?.close();
  await vite?.close();
});

/** A paid Latvian order for Vilma, with distinctive personal details, moved on to `in_production`. */
async function paidLatvianOrder() {
  const orderId = await readyOrder(t as TestApp, {
    overrides: {
      country: 'lv',
      language: 'lv',
      dedication: PERSONAL.dedication,
      child: { ...savePayload({}, 'girl').child, name: 'Vilma' },
      maleParent: { ...savePayload().maleParent, name: PERSONAL.dadName },
      femaleParent: { ...savePayload().femaleParent, name: PERSONAL.mumName },
      cover: 'softcover',
    },
    delivery: deliveryPayload({
      contactInfo: { email: PERSONAL.email, phone: PERSONAL.phone, subscribe: false },
      shippingAddress: {
        firstName: 'Ilona',
        lastName: PERSONAL.lastName,
        address1: PERSONAL.address1,
        city: PERSONAL.city,
        zip: PERSONAL.zip,
        countryId: 19,
      },
    }),
  });
  const { reference } = await initiate(t as TestApp, orderId);
  await sandboxPress(t as TestApp, reference, 'paid', 'confirm');
  expect((await verify(t as TestApp, reference)).status).toBe(200);
  const deps = { db: t.database.db, jobs: t.checkout.jobs };
  for (const to of ['checked', 'in_production'] as const)
    expect((await changeOrderStatus(deps, { orderId, to, actor: 'staff:1' })).ok).toBe(true);
  return orderId;
}

const page = async (path: string, headers: Record<string, string>) => {
  const res = await t.request(path, { headers });
  return { res, html: await res.text() };
};
const visibleText = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<style[\s\S]*?<\/style>/g, ' ')
    .replace(/<[^>]+>/g, '')
    .replace(/\s+/g, ' ');

describe('the order-status page the server renders', () => {
  let orderId: string;
  beforeAll(async () => {
    orderId = await paidLatvianOrder();
  }, 120_000);

  it('speaks the order’s language (Latvian), not the browser’s or the cookie’s; a language chosen on the page wins', async () => {
    const english = { 'Accept-Language': 'en-US,en;q=0.9', Cookie: 'LANGUAGE_CODE=en-US' };
    const { res, html } = await page(`/order-status/${orderId}`, english);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-language')).toBe('lv');
    expect(html).toContain('<html lang="lv"');
    const text = visibleText(html);
    expect(text).toContain('Pasūtījums SM-');
    // Each book's format, and a tracker that says printing is under way, not done.
    expect(text).toContain('Formāts: Mīkstie vāki');
    expect(text).toContain('Drukāšana (notiek)');
    expect(text).toContain('Jūsu grāmatas tiek drukātas un iesietas.');
    expect(text).toContain('Pasūtījums pārbaudīts (pabeigts)');
    expect(text).toContain('Nosūtīts (vēl gaidāms)');
    // The order number stays on one line.
    expect(html).toMatch(/<span class="order-number">SM-\d{4}-\d{5}<\/span>/);

    const chosen = await page(`/order-status/${orderId}?lang=en-US`, english);
    expect(chosen.res.headers.get('content-language')).toBe('en-US');
    expect(visibleText(chosen.html)).toContain('Format: Softcover');
    expect(visibleText(chosen.html)).toContain('Printing (in progress)');

    // Other pages keep following the visitor's cookie.
    expect((await page('/', english)).res.headers.get('content-language')).toBe('en-US');
  });

  it('carries no address, email, phone, dedication or parents’ names, and is kept by no cache', async () => {
    for (const language of ['lv', 'en-GB', 'en-US'] as Language[]) {
      const { res, html } = await page(
        `/order-status/${orderId}${language === 'lv' ? '' : `?lang=${language}`}`,
        {},
      );
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('private, no-store');
      expect(html).toContain('Vilma');
      for (const [name, value] of Object.entries(PERSONAL)) {
        expect(html, name).not.toContain(value);
        expect(html, `${name} as JSON`).not.toContain(JSON.stringify(value).slice(1, -1));
      }
      expect(html).not.toContain('2677');
    }
  });

  it('public pages stay revalidated by every cache; a page with the visitor’s cart is private', async () => {
    expect((await page('/', {})).res.headers.get('cache-control')).toBe('no-cache');
    expect((await page('/cart', {})).res.headers.get('cache-control')).toBe('private, no-store');
    const withCart = await page('/', { Cookie: `LANGUAGE_CODE=lv; ORDER_ID_lv=${'A'.repeat(24)}` });
    expect(withCart.res.headers.get('cache-control')).toBe('private, no-store');
  });
});
