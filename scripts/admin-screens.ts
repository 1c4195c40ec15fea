// `node --import tsx scripts/admin-screens.ts`: screenshots of the back office (dashboard, order
// list, order page) on a phone (390x844) and a laptop (1366x820) into docs/admin-*.png, to judge
// by eye. Needs a server already running the built app (BASE_URL, default http://127.0.0.1:3000)
// with an owner (ADMIN_EMAIL, ADMIN_PASSWORD; make one with `npm run admin:create`); it pays one
// order through the sandbox first, so the list has a row. Debian's Chromium (CHROMIUM_PATH).
import { chromium, request as playwrightRequest } from '@playwright/test';
import { paidOrder } from '../e2e/cart-orders.ts';

const base = process.env.BASE_URL ?? 'http://127.0.0.1:3000';
const email = process.env.ADMIN_EMAIL ?? '';
const password = process.env.ADMIN_PASSWORD ?? '';
if (!email || !password) throw new Error('set ADMIN_EMAIL and ADMIN_PASSWORD');

const api = await playwrightRequest.newContext({
  baseURL: base,
  extraHTTPHeaders: { Origin: base },
});
const orderId = await paidOrder(api, 'Elza');

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
});
const viewports = { phone: { width: 390, height: 844 }, laptop: { width: 1366, height: 820 } };
for (const [device, viewport] of Object.entries(viewports)) {
  const context = await browser.newContext({ viewport, locale: 'en-GB', deviceScaleFactor: 1 });
  await context.addCookies([{ name: 'LANGUAGE_CODE', value: 'en-GB', url: base }]);
  const page = await context.newPage();
  await page.goto(`${base}/admin/sign-in`);
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/admin\/?$/);
  for (const [name, path] of [
    ['dashboard', '/admin'],
    ['orders', '/admin/orders'],
    ['order', `/admin/orders/${orderId}`],
  ] as const) {
    await page.goto(`${base}${path}`);
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: `docs/admin-${name}-${device}.png`, fullPage: true });
    console.log(`docs/admin-${name}-${device}.png`);
  }
  await context.close();
}
await browser.close();
await api.dispose();
