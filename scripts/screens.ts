// `node --import tsx scripts/screens.ts [path ...]`: screenshots of pages on a phone and a laptop
// into .tmp/screens/, for looking at what the shop shows.
// `node --import tsx scripts/screens.ts --docs`: the screenshots of docs/screens/ (home, product,
// preview reader, cart and delivery page in lv, en-GB and en-US on a phone and a laptop), as small
// JPEGs (SCREEN_LANGS=lv,en-GB picks languages). Needs a running server (BASE_URL, default http://127.0.0.1:3000) and Debian's Chromium.
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { chromium, type Browser, type Page } from '@playwright/test';
import sharp from 'sharp';
import { CART_KEY_COOKIE } from '#contract/orders.ts';
import { defaultDraft } from '#machines/purchase-draft.ts';
import { bookPayload } from '../e2e/cart-orders.ts';

const base = process.env.BASE_URL ?? 'http://127.0.0.1:3000';
const DEVICES = [
  ['phone', { width: 390, height: 844 }],
  ['laptop', { width: 1366, height: 820 }],
] as const;
const LANGUAGES = ['lv', 'en-GB', 'en-US'] as const;
type Language = (typeof LANGUAGES)[number];
const CHILD: Record<Language, { name: string; gender: 'Boy' | 'Girl' }> = {
  lv: { name: 'Elza', gender: 'Girl' },
  'en-GB': { name: 'Oliver', gender: 'Boy' },
  'en-US': { name: 'Ava', gender: 'Girl' },
};
const CONSENT = JSON.stringify({
  analytics: 'denied',
  ads: 'denied',
  personalization: 'denied',
  user_data: 'denied',
  ad_personalization: 'denied',
  functionality: 'granted',
  security: 'granted',
});

async function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

async function quickShots(paths: string[]) {
  const language = process.env.LANG_CODE ?? 'en-GB';
  mkdirSync('.tmp/screens', { recursive: true });
  const browser = await launch();
  for (const [name, viewport] of DEVICES) {
    const context = await browser.newContext({ viewport, deviceScaleFactor: 1 });
    await context.addCookies([{ name: 'LANGUAGE_CODE', value: language, url: base }]);
    const page = await context.newPage();
    for (const path of paths) {
      await page.goto(base + path, { waitUntil: 'networkidle' });
      const file = `.tmp/screens/${language}${path.replace(/\//g, '_') || '_'}-${name}.png`;
      await page.screenshot({ path: file, fullPage: process.env.FULL === '1' });
      console.log(file);
    }
    await context.close();
  }
  await browser.close();
}

async function save(page: Page, file: string) {
  const png = await page.screenshot();
  await sharp(png).jpeg({ quality: 62, mozjpeg: true }).toFile(file);
  console.log(file);
}

/** The browser's cart key (routes/cart-access.ts): the carts made here are held by it. */
const CART = `${CART_KEY_COOKIE}=${randomBytes(32).toString('base64url')}`;

/** A cart with two books in the language's market (the real API). */
async function createCart(language: Language): Promise<string> {
  const child = CHILD[language];
  const post = async (path: string, data: unknown) => {
    const res = await fetch(base + path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: base, Cookie: CART },
      body: JSON.stringify(data),
    });
    if (res.status !== 201) throw new Error(`POST ${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as { orderId: string };
  };
  const { orderId } = await post('/api/order', bookPayload(language, child, null));
  await post(
    '/api/orderItems',
    bookPayload(language, { name: 'Sam', gender: 'Boy' }, orderId, 'softcover'),
  );
  return orderId;
}

async function docsShots() {
  mkdirSync('docs/screens', { recursive: true });
  const browser = await launch();
  const only = process.env.SCREEN_LANGS?.split(',');
  for (const language of LANGUAGES.filter((code) => !only || only.includes(code))) {
    const orderId = await createCart(language);
    const draft = defaultDraft(null, language.toLowerCase() as 'lv' | 'en-gb' | 'en-us');
    draft.child.name = CHILD[language].name;
    draft.family.grownUps[0].name = 'Tom';
    draft.family.grownUps[1].name = 'Anna';
    draft.dedication = `${CHILD[language].name} ♥`;
    for (const [device, viewport] of DEVICES) {
      const context = await browser.newContext({
        viewport,
        deviceScaleFactor: 1,
        hasTouch: device === 'phone',
        isMobile: device === 'phone',
      });
      await context.addCookies([
        { name: 'LANGUAGE_CODE', value: language, url: base },
        { name: `ORDER_ID_${language}`, value: orderId, url: base },
        // The cart's key: the browser that made the carts (routes/cart-access.ts).
        { name: CART_KEY_COOKIE, value: CART.split('=')[1]!, url: base, httpOnly: true },
      ]);
      await context.addInitScript(
        ([stored, consent]) => {
          sessionStorage.setItem('football_story', stored!);
          localStorage.setItem('cookie_consent', consent!);
        },
        [JSON.stringify(draft), CONSENT],
      );
      const page = await context.newPage();
      const shot = (name: string) => save(page, `docs/screens/${language}-${name}-${device}.jpg`);
      for (const [name, path] of [
        ['home', '/'],
        ['product', '/YouCanDoIt'],
        ['delivery', '/delivery'],
        ['cart', '/cart'],
      ] as const) {
        await page.goto(base + path, { waitUntil: 'networkidle' });
        await page.waitForTimeout(300);
        await shot(name);
      }
      // The preview draws its pages one by one: wait for the one to show, not for the network.
      await page.goto(`${base}/preview/football_story`);
      await page.locator('.book-preview__thumbnails button').nth(4).click();
      await page.locator('.book-preview__stage img').waitFor({ timeout: 120_000 });
      await page.locator('.book-preview__open').click();
      await page.locator('.page-reader img').waitFor();
      await page.waitForTimeout(300);
      await shot('reader');
      await context.close();
    }
  }
  await browser.close();
}

const args = process.argv.slice(2);
if (args.includes('--docs')) await docsShots();
else await quickShots(args.length ? args : ['/']);
