import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createApp, type App } from '#server/app.ts';
import { openDatabase, type Database } from '#server/db/client.ts';
import { loadReferenceData } from '#server/db/reference-data.ts';
import { createShopJobs, type ShopJobs, type ShopJobsOptions } from '#server/shop-jobs.ts';
import type { RateLimits } from '#server/platform/rate-limits.ts';
import { createShopMailer } from '#server/services/notifications/shop-mailer.ts';
import { createPreviewService } from '#server/services/rendering/preview-service.ts';
import { openMigratedPglite } from './pglite-template.ts';

/**
 * A request as a client sends it: a path (`json` is sent as the JSON body) or a whole Request (a
 * page's fetch). `lost`: the answer never reaches the browser, so the cookies it sets are not kept.
 */
export type Requester = (
  path: string | Request,
  init?: RequestInit & { json?: unknown; lost?: boolean },
) => Promise<Response>;

export interface TestApp {
  app: App;
  database: Database;
  /** Delivery, payments and their jobs (run by hand: `t.checkout.jobs.runUntilIdle()`). */
  checkout: ShopJobs;
  /**
   * Sends a request to the app as the test's browser would: with the cookies the app set for it
   * before (the cart key of the orders it made, routes/cart-access.ts), besides any `Cookie`
   * header the test sends (which wins for a cookie of the same name).
   */
  request: Requester;
  /** Another browser, with no cookie at first (a stranger to the test's carts), keeping its own. */
  browser: () => Requester;
  close: () => Promise<void>;
}

/** A browser's cookie jar over `app`: keeps what the app sets, sends it back. */
export function browserOf(app: App): Requester {
  const jar = new Map<string, string>();
  return async (path, init = {}) => {
    const { json, lost = false, ...rest } = init;
    const headers = new Headers(path instanceof Request ? path.headers : rest.headers);
    if (json !== undefined) headers.set('Content-Type', 'application/json');
    const sent = new Map(
      (headers.get('Cookie') ?? '')
        .split(';')
        .map((pair) => pair.trim())
        .filter(Boolean)
        .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
    );
    const cookies = new Map([...jar, ...sent]);
    if (cookies.size > 0)
      headers.set('Cookie', [...cookies].map(([name, value]) => `${name}=${value}`).join('; '));
    const res =
      path instanceof Request
        ? await app.request(new Request(path, { headers }))
        : await app.request(path, {
            ...rest,
            headers,
            body: json !== undefined ? JSON.stringify(json) : rest.body,
          });
    if (lost) return res;
    for (const line of res.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const name = pair.slice(0, pair.indexOf('=')).trim();
      const value = pair.slice(pair.indexOf('=') + 1).trim();
      const gone = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a)) || value === '';
      if (gone) jar.delete(name);
      else jar.set(name, value);
    }
    return res;
  };
}

/**
 * The Hono app on a fresh database: in-memory PGlite, or, when TEST_DATABASE_URL is set, a new
 * PostgreSQL database created for this test file and dropped at close.
 */
export async function createTestApp(
  options: {
    onConnectionError?: (error: Error) => void;
    checkout?: ShopJobsOptions;
    /** The shop's public address (default http://localhost:3000). */
    publicUrl?: string;
    /** The app's clock (default the real one). */
    now?: () => Date;
    /** Rate limits other than the roomy defaults set here. */
    rateLimits?: Partial<RateLimits>;
    /** Mail over SMTP to this relay (a test's SMTP server) instead of the outbox table alone. */
    smtpUrl?: string;
  } = {},
): Promise<TestApp> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  let database: Database;
  let dropDatabase = async () => {};
  if (adminUrl) {
    const name = `storymade_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    database = openDatabase({
      kind: 'postgres',
      url: url.toString(),
      ...(options.onConnectionError ? { onConnectionError: options.onConnectionError } : {}),
    });
    dropDatabase = async () => {
      const again = new pg.Client({ connectionString: adminUrl });
      await again.connect();
      await again.query(`drop database if exists ${name} with (force)`);
      await again.end();
    };
    await database.migrate();
    await loadReferenceData(database.db);
  } else {
    database = await openMigratedPglite();
  }
  // The app's render workers are closed with it: a test process that ends with native renders
  // still running on worker threads can die on its way out (Vitest: 'Worker exited unexpectedly').
  const previews = createPreviewService();
  // In-process requests have no client address, so every test shares one client's limits: the
  // order and preview limits are raised out of reach here (tests/api/limits.test.ts tests them);
  // the forms keep theirs, which their own tests meet.
  const roomy = { limit: 1_000_000, windowMs: 60_000 };
  let checkout: ShopJobs | undefined;
  const app = createApp({
    shopJobs: (deps) => (checkout = createShopJobs(deps, { jobs: 'manual', ...options.checkout })),
    database,
    client: null,
    publicUrl: options.publicUrl ?? 'http://localhost:3000',
    previews,
    // The preview tests read which cache answered (as in development).
    previewDiagnostics: true,
    messaging: {
      rateLimits: {
        newOrders: roomy,
        orderWrites: roomy,
        previewRenders: roomy,
        paymentCallbacks: roomy,
        paymentChecks: roomy,
        ...options.rateLimits,
      },
      ...(options.now ? { now: options.now } : {}),
      ...(options.smtpUrl
        ? {
            mailer: createShopMailer({
              db: database.db,
              from: { name: 'Storymade', address: 'hello@storymade.eu' },
              smtpUrl: options.smtpUrl,
            }),
          }
        : {}),
    },
    // Back office passwords hashed cheaply (the shop's scrypt cost takes a few hundred ms a hash).
    admin: { passwordCost: { N: 2 ** 12, r: 8, p: 1 } },
  });
  if (!checkout) throw new Error('the app made no checkout');
  const made = checkout;
  return {
    app,
    database,
    checkout: made,
    request: browserOf(app),
    browser: () => browserOf(app),
    close: async () => {
      await made.close();
      await previews.close();
      await database.close();
      await dropDatabase();
    },
  };
}
