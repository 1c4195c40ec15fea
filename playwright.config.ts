import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

/** The back office's owner in the end-to-end tests (created below with `npm run admin:create`). */
export const E2E_OWNER = { email: 'owner@storymade.test', password: 'e2e-owner-password' };

// One production server on a free port with a fresh data folder for the whole run. The config is
// evaluated in the runner first; the workers inherit the environment it sets.
if (!process.env.E2E_PORT) {
  process.env.E2E_PORT = execFileSync(process.execPath, [
    '-e',
    "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})",
  ])
    .toString()
    .trim();
  process.env.E2E_DATA_DIR = mkdtempSync(path.join(tmpdir(), 'storymade-e2e-'));
  // The back office's owner, made by its command line before the server opens the data folder
  // (PGlite is one process at a time); e2e/admin.spec.ts signs in with it.
  execFileSync(
    process.execPath,
    ['--import', 'tsx', 'scripts/admin-create.ts', '--email', E2E_OWNER.email, '--password-stdin'],
    {
      input: E2E_OWNER.password,
      env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR },
      stdio: ['pipe', 'ignore', 'inherit'],
    },
  );
}
const port = Number(process.env.E2E_PORT);
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-quic',
        '--no-first-run',
      ],
    },
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'laptop',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1366, height: 820 } },
      testIgnore: '**/*.phone.spec.ts',
    },
    {
      name: 'phone',
      use: { ...devices['Pixel 7'], defaultBrowserType: 'chromium' },
      testMatch: '**/*.phone.spec.ts',
    },
  ],
  webServer: {
    // The production server as `npm run build` makes it (dist/app): no TypeScript loader.
    command: 'node dist/app/server.mjs',
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR ?? '',
      LOG_REQUESTS: '0',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      // The newsletter test reads the confirmation mail's links from /dev/outbox.
      MAIL_OUTBOX_PAGE: '1',
      // Every test is the same client (127.0.0.1) doing the work of many parents; the limits
      // themselves are tested in tests/api/limits.test.ts and subscriptions.test.ts.
      RATE_LIMIT_SCALE: '100',
      // The review request mail 2 s after delivery instead of 5 days (e2e/reviews-path.spec.ts).
      REVIEW_REQUEST_SECONDS: '2',
    },
  },
});
