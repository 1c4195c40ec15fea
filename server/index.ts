import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer as createHttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { sql } from 'drizzle-orm';
import { createApp, withPageFront } from './app.ts';
import { log, scrub } from './runtime/log.ts';
import { MIGRATIONS_FOLDER, PROJECT_ROOT } from './runtime/paths.ts';
import { DEFAULT_POOL_MAX, openDatabase, type Database } from './db/client.ts';
import { loadReferenceData, REFERENCE_DATA_VERSION } from './db/reference-data.ts';
import { readEnv } from './env.ts';
import {
  describeEveryPayAccounts,
  describeEveryPayEnvironment,
} from './services/payment/providers/everypay-accounts.ts';
import { startRetentionSchedule } from './services/retention/retention-job.ts';
import { createShopJobs, type ShopJobs } from './shop-jobs.ts';
import { createShopMailer } from './services/notifications/shop-mailer.ts';
import { createEveryPayProvider } from './services/payment/providers/everypay.ts';
import { createLuluPartner } from './services/fulfilment/partner/lulu.ts';
import { describePrintPartner } from './services/fulfilment/partner/describe.ts';
import { storedPreviewSecret } from './routes/preview-privacy.ts';
import { createPreviewService } from './services/rendering/preview-service.ts';
import { loadClientFiles } from './web/head.ts';
import { builtSsrEntry, warmUpSsr } from './web/ssr.ts';

/** A connection string without its password, for the log. */
function redactUrl(url: string): string {
  return url.replace(/\/\/([^:/@]+):[^@]*@/, '//$1:***@');
}

/** How many migrations the database has recorded as applied. */
async function migrationCount(database: Database): Promise<number> {
  const result = await database.db.execute(
    sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
  );
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
    n: number;
  }[];
  return rows[0]?.n ?? 0;
}

const root = PROJECT_ROOT;

export async function start() {
  const env = readEnv();
  // An unset NODE_ENV is production here (env.ts); React, loaded with the server entry, must agree,
  // or it renders pages with its development build (about twice the CPU, and its warnings).
  process.env.NODE_ENV ??= 'production';
  const database = env.databaseUrl
    ? openDatabase({
        kind: 'postgres',
        url: env.databaseUrl,
        ...(env.poolMax === undefined ? {} : { poolMax: env.poolMax }),
      })
    : openDatabase({ kind: 'pglite', dataDir: env.dataDir });
  const where =
    database.kind === 'pglite'
      ? `PGlite in ${path.join(env.dataDir, 'pglite')}`
      : `PostgreSQL (${redactUrl(env.databaseUrl ?? '')})`;
  console.log(`Database: ${where}`);
  await database.migrate();
  console.log(
    `Migrations: up to date (${await migrationCount(database)} applied from ${path.relative(PROJECT_ROOT, MIGRATIONS_FOLDER)})`,
  );
  await loadReferenceData(database.db);
  if (database.kind === 'postgres')
    // The pool's connections opened now (they stay open), not while the first visitors wait: a
    // second instance opening them under its first 500 requests a second held them up to 200 ms.
    await Promise.all(
      Array.from({ length: env.poolMax ?? DEFAULT_POOL_MAX }, () => database.ping()),
    );
  console.log(
    `Reference data: version ${REFERENCE_DATA_VERSION} loaded (product, cover prices, delivery countries, coupons)`,
  );
  if (env.production && env.company.placeholder) {
    console.warn(
      'Company details are the development examples: set COMPANY_LEGAL_NAME, COMPANY_REGISTRATION_NUMBER, COMPANY_VAT_NUMBER, COMPANY_ADDRESS and COMPANY_PHONE before going live.',
    );
  }

  const client = loadClientFiles(path.join(root, 'dist', 'client'));
  if (!client)
    log().warn('The client is not built (dist/client): serving the API only. Run `npm run build`.');
  const ssr = builtSsrEntry(path.join(root, 'dist', 'server'));
  if (client && !ssr)
    log().warn(
      'The server entry is not built (dist/server): pages are rendered in the browser. Run `npm run build`.',
    );
  if (client && ssr)
    warmUpSsr(ssr).catch((error: unknown) =>
      log().error({ err: error }, 'Server rendering failed to start'),
    );

  const previews = createPreviewService({
    dataDir: env.dataDir,
    ...(env.previewReadAhead === undefined ? {} : { readAhead: env.previewReadAhead }),
  });
  // Start the render workers now, so the first visitor does not wait for them.
  if (env.previewWarmUp)
    previews
      .warmUp()
      .then(async () => {
        // The start-up cost of having every family shape's grown-ups drawn (in the background).
        const drawn = await previews.familiesDrawn();
        log().info(
          { pages: drawn.pages, ms: Math.round(drawn.ms) },
          'Preview warm-up: the figures of every family shape drawn',
        );
      })
      .catch((error: unknown) =>
        log().error({ reason: String(error) }, 'Preview workers failed to start'),
      );
  const mailer = createShopMailer({
    db: database.db,
    from: { name: 'Storymade', address: env.shopEmail },
    smtpUrl: env.smtpUrl,
    retryAfterMs: Math.min(2 * 60_000, env.mailRetrySeconds * 1000),
  });
  if (env.payment.provider === 'everypay' && !new URL(env.publicUrl).hostname.includes('.')) {
    log().warn(
      `PUBLIC_URL ${env.publicUrl} has no dotted host name: EveryPay refuses such a customer_url, so no payment can start. Use the shop's public address (or a tunnel to it).`,
    );
  }
  if (!env.smtpUrl && env.production) {
    log().warn('SMTP_URL is not set: mail is kept in the outbox_mail table and not sent.');
  }
  if (!env.previewEtagSecret && env.production) {
    log().warn(
      'PREVIEW_ETAG_SECRET is not set: preview ETags and the invoice links in mails use a key kept in DATA_DIR, so another instance would answer other ETags and refuse those links. Set the same PREVIEW_ETAG_SECRET on every instance.',
    );
  }
  let shopJobs: ShopJobs | undefined;
  const { payment } = env;
  const app = createApp({
    // Mails, print files and every other later work run in this process's background (one job runner).
    shopJobs: (deps) =>
      (shopJobs = createShopJobs(deps, {
        jobs: 'background',
        retention: env.retention,
        reviewRequestDelayMs: env.reviewRequestDelayMs,
        ...(payment.provider === 'everypay' ? { provider: createEveryPayProvider(payment) } : {}),
        print: {
          partner: env.print.lulu
            ? createLuluPartner({ ...env.print.lulu, contactEmail: env.shopEmail })
            : env.print.partner === 'manual'
              ? 'manual'
              : 'sandbox',
          holdMs: env.print.holdSeconds * 1000,
          sandboxShipMs: env.print.sandboxShipSeconds * 1000,
        },
      })),
    database,
    client,
    ssr,
    publicUrl: env.publicUrl,
    logRequests: env.logRequests,
    previews,
    gaMeasurementId: env.gaMeasurementId,
    previewDiagnostics: !env.production,
    metricsToken: env.metricsToken,
    previewEtagSecret: env.previewEtagSecret ?? storedPreviewSecret(env.dataDir),
    shop: { company: env.company, email: env.shopEmail, paymentMethods: env.paymentMethods },
    messaging: {
      mailer,
      shopEmail: env.shopEmail,
      devOutbox: env.mailOutboxPage,
      trustProxy: env.trustProxy,
      rateLimitScale: env.rateLimitScale,
    },
  });
  // Personal data past its retention time is removed once a day, by whichever server claims the job.
  const retention = shopJobs
    ? startRetentionSchedule({ db: database.db, jobs: shopJobs.jobs })
    : undefined;
  // Each server's own preview image cache: images nobody asked for in 30 days are removed, daily.
  const sweepPreviews = () =>
    previews
      .sweepCache()
      .catch((error: unknown) =>
        log().warn({ reason: scrub(String(error)) }, 'Preview cache sweep failed'),
      );
  void sweepPreviews();
  const previewSweep = setInterval(sweepPreviews, 24 * 60 * 60_000);
  previewSweep.unref();
  // @hono/node-server's listener for the app, with the kept pages the app has sent answered
  // before it (web/page-front.ts).
  const server = createHttpServer(
    withPageFront(app, getRequestListener(app.fetch, { hostname: env.host })),
  );
  server.listen(env.port, env.host, () => {
    const info = server.address() as AddressInfo;
    console.log(
      `Payments: ${payment.provider}${payment.provider === 'sandbox' ? ' (test payments only)' : ` (${describeEveryPayEnvironment(payment.apiUrl)}; ${describeEveryPayAccounts(payment.accounts)}; authorised payments ${payment.autoCapture ? 'count as paid: the accounts capture automatically' : 'are captured by the shop'})`}`,
    );
    console.log(describePrintPartner(env.print));
    console.log(`Preview image cache: ${path.join(env.dataDir, 'previews')}`);
    console.log(
      `Storymade is listening on http://localhost:${info.port} (open it in a browser; public address ${env.publicUrl})`,
    );
  });
  // An idle kept-alive connection stays open a minute (Node's default is 5 s), longer than browsers
  // and proxies keep theirs idle: a request sent just as the server closed the socket met a reset.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    log().info(`${signal}: closing the server and the database`);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    server.close(async () => {
      retention?.stop();
      clearInterval(previewSweep);
      await shopJobs?.close();
      await previews.close();
      await mailer.close();
      await database.close();
      process.exit(0);
    });
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  return server;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  start().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
