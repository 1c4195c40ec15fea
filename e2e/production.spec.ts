// The README's production commands in a temporary copy of the project: the files git holds, the
// build `npm test` has just made (`npm run build`: dist/client, dist/server, dist/app), then
// `npm ci --omit=dev` (no devDependency: no Vite, no TypeScript loader) and `npm run
// start:production`; then a parent buys a book through the API against that server, its pages
// render on the server and a preview image is drawn by its worker.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';

const root = path.resolve(import.meta.dirname, '..');

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

test.describe('production from the built output', () => {
  let dir = '';
  let server: ChildProcess | undefined;
  let log = '';

  test.afterAll(() => {
    // The whole group: npm, the shell it runs the script in and the server (npm alone left the
    // server running once).
    if (server?.pid) {
      try {
        process.kill(-server.pid, 'SIGTERM');
      } catch {
        // Already gone.
      }
    }
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  test('npm ci --omit=dev, then npm run start:production sells a book', async () => {
    test.setTimeout(600_000);
    expect(
      existsSync(path.join(root, 'dist', 'app', 'server.mjs')),
      'npm run build made dist/app',
    ).toBe(true);
    dir = mkdtempSync(path.join(tmpdir(), 'storymade-production-'));
    const files = execFileSync(
      'git',
      ['ls-files', '-z', '--cached', '--others', '--exclude-standard'],
      { cwd: root },
    )
      .toString()
      .split('\0')
      .filter((file) => file && existsSync(path.join(root, file)));
    for (const file of files) {
      mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      cpSync(path.join(root, file), path.join(dir, file));
    }
    for (const built of ['client', 'server', 'app'])
      cpSync(path.join(root, 'dist', built), path.join(dir, 'dist', built), { recursive: true });

    execFileSync(
      'npm',
      ['ci', '--omit=dev', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error'],
      { cwd: dir, stdio: 'pipe' },
    );
    for (const devOnly of ['vite', 'tsx', '@playwright/test', 'esbuild']) {
      expect(
        existsSync(path.join(dir, 'node_modules', devOnly)),
        `${devOnly} is not installed`,
      ).toBe(false);
    }

    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    server = spawn('npm', ['run', 'start:production'], {
      cwd: dir,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? dir,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: path.join(dir, 'data'),
        PUBLIC_URL: base,
        LOG_REQUESTS: '0',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      // A process group of its own, ended whole after the test.
      detached: true,
    });
    server.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
    server.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
    await expect
      .poll(async () => (await fetch(`${base}/api/health`).catch(() => null))?.status ?? 0, {
        timeout: 180_000,
        intervals: [500],
      })
      .toBe(200);
    expect(log).toContain('Storymade is listening');

    const headers = { 'Content-Type': 'application/json', Origin: base };
    const post = (url: string, body: unknown, extra: Record<string, string> = {}) =>
      fetch(`${base}${url}`, {
        method: 'POST',
        headers: { ...headers, ...extra },
        body: JSON.stringify(body),
        redirect: 'manual',
      });

    // The home page is rendered on the server by the built entry.
    const home = await fetch(`${base}/`);
    expect(home.status).toBe(200);
    const html = await home.text();
    expect(
      html.includes('id="site-footer"') && html.includes('/YouCanDoIt'),
      'the home page is rendered on the server',
    ).toBe(true);

    // A book: the characters as the builder sends them (the catalogue's first options).
    const created = await post('/api/order', {
      country: 'en-GB',
      language: 'en-GB',
      orderId: null,
      productId: 1,
      dedication: 'For Emma,\nwho never gives up.',
      cover: 'hardcover',
      child: {
        name: 'Emma',
        gender: 'Girl',
        personalization: {
          hair: 'kid_hair_girl_01_BC',
          eyes: 'kid_eyes_GY',
          skin: 'kid_skin_1',
          tshirt: 'kid_tshirt_1',
          shorts: 'kid_shorts_1',
          lashes: 'kid_lashes_1',
          accessories: [],
        },
      },
      maleParent: {
        grownUpRole: 'dad',
        name: 'Tom',
        personalization: {
          hair: 'dad_hair_01_BC',
          eyes: 'dad_eyes_GY',
          skin: 'dad_skin_1D',
          accessories: [],
        },
      },
      femaleParent: {
        grownUpRole: 'mum',
        name: 'Anna',
        personalization: {
          hair: 'mum_hair_01_BC',
          eyes: 'mum_eyes_GY',
          skin: 'mum_skin_1M',
          accessories: [],
        },
      },
      requestId: crypto.randomUUID(),
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const { orderId } = (await created.json()) as { orderId: string };
    const cookie = (created.headers.get('set-cookie') ?? '').split(';')[0] ?? '';

    const delivered = await post(
      `/api/order/${orderId}/delivery-address`,
      {
        contactInfo: { email: 'parent@example.com', phone: '+371 2000 0000', subscribe: false },
        shippingAddress: {
          firstName: 'Anna',
          lastName: 'Bērziņa',
          address1: 'Brīvības iela 1',
          city: 'Rīga',
          zip: 'LV-1010',
          countryId: 19,
        },
        isShippingDetailsEqualBilling: true,
      },
      { Cookie: cookie },
    );
    expect(delivered.status, await delivered.clone().text()).toBe(200);

    const initiated = await post('/api/payment/initiate', { orderId }, { Cookie: cookie });
    expect(initiated.status, await initiated.clone().text()).toBe(200);
    const { payment_link } = (await initiated.json()) as { payment_link: string };
    const reference = payment_link.replace('/sandbox-pay/', '');
    for (const action of ['paid', 'confirm']) {
      const pressed = await fetch(`${base}/sandbox-pay/${reference}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: base },
        body: new URLSearchParams({ action }).toString(),
        redirect: 'manual',
      });
      expect(pressed.status).toBe(303);
    }
    const verified = await post('/api/payment/verify', { paymentReference: reference });
    expect(verified.status).toBe(200);
    expect(await verified.json()).toMatchObject({ orderId, status: 'paid' });

    // A preview page drawn by the built render worker.
    const preview = await post('/api/preview/generateImage', {
      childName: 'Emma',
      page: 'page_1-2',
      personalizationDetails: ['kid_hair_girl_01_BC', 'kid_skin_6'],
      language: 'en-gb',
      gender: 'girl',
    });
    expect(preview.status, await preview.clone().text()).toBe(200);
    expect(preview.headers.get('content-type')).toBe('image/webp');
    expect((await preview.arrayBuffer()).byteLength).toBeGreaterThan(10_000);
    expect(log).not.toMatch(/ERR_UNKNOWN_FILE_EXTENSION|Cannot find module|\.ts['"]/);
  });
});
