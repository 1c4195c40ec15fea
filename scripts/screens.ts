// `node --import tsx scripts/screens.ts [path ...]`: screenshots of pages on a phone and a laptop
// into .tmp/screens/, for looking at what the shop shows. Needs a running server (BASE_URL,
// default http://127.0.0.1:3000) and Debian's Chromium.
import { mkdirSync } from 'node:fs';
import { chromium } from '@playwright/test';

const base = process.env.BASE_URL ?? 'http://127.0.0.1:3000';
const paths = process.argv.slice(2).length ? process.argv.slice(2) : ['/'];
const language = process.env.LANG_CODE ?? 'en-GB';
mkdirSync('.tmp/screens', { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
for (const [name, viewport] of [['phone', { width: 390, height: 844 }], ['laptop', { width: 1366, height: 820 }]] as const) {
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
