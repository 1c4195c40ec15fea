import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { createApp } from './app.ts';
import { log, scrub } from './log.ts';
import { openDatabase } from './db/client.ts';
import { loadReferenceData } from './db/reference-data.ts';
import { readEnv } from './env.ts';
import { createCheckout, type Checkout } from './services/checkout.ts';
import { createMailer } from './services/mail/mailer.ts';
import { createEveryPayProvider } from './services/payments/providers/everypay.ts';
import { createPreviewService } from './services/rendering/preview-service.ts';
import { loadClientFiles } from './web/head.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export async function start() {
  const env = readEnv();
  const database = env.databaseUrl
    ? openDatabase({ kind: 'postgres', url: env.databaseUrl })
    : openDatabase({ kind: 'pglite', dataDir: env.dataDir });
  await database.migrate();
  await loadReferenceData(database.db);

  const client = loadClientFiles(path.join(root, 'dist', 'client'));
  if (!client) log().warn('The client is not built (dist/client): serving the API only. Run `npm run build`.');

  const previews = createPreviewService({
    dataDir: env.dataDir,
    ...(env.previewReadAhead === undefined ? {} : { readAhead: env.previewReadAhead }),
  });
  // Start the render workers now, so the first visitor does not wait for them.
  if (env.previewWarmUp) previews.warmUp().catch((error: unknown) => log().error({ reason: String(error) }, 'Preview workers failed to start'));
  const mailer = createMailer({
    db: database.db,
    from: { name: 'Storymade', address: env.shopEmail },
    smtpUrl: env.smtpUrl,
    retryAfterMs: Math.min(2 * 60_000, env.mailRetrySeconds * 1000),
  });
  if (!env.smtpUrl && env.production) {
    log().warn('SMTP_URL is not set: mail is kept in the outbox_mail table and not sent.');
  }
  // Mails the relay refused or could not take are tried again every five minutes.
  const mailRetry = setInterval(() => {
    mailer.retryUnsent().catch((error: unknown) => log().error({ reason: scrub(String(error)) }, 'Mail retry failed'));
  }, env.mailRetrySeconds * 1000);
  mailRetry.unref();
  let checkout: Checkout | undefined;
  const { payment } = env;
  const app = createApp({
    // Print files and mails after payment run in this process's background.
    checkout: (messaging) =>
      (checkout = createCheckout(messaging, {
        jobs: 'background',
        ...(payment.provider === 'everypay' ? { provider: createEveryPayProvider(payment) } : {}),
      })),
    database,
    client,
    publicUrl: env.publicUrl,
    logRequests: env.logRequests,
    previews,
    gaMeasurementId: env.gaMeasurementId,
    previewDiagnostics: !env.production,
    messaging: {
      mailer,
      shopEmail: env.shopEmail,
      devOutbox: env.mailOutboxPage,
      trustProxy: env.trustProxy,
      rateLimitScale: env.rateLimitScale,
    },
  });
  const server = serve({ fetch: app.fetch, port: env.port, hostname: env.host }, (info) => {
    const where = database.kind === 'pglite' ? `PGlite in ${env.dataDir}` : 'PostgreSQL';
    log().info({ port: info.port, database: database.kind, payments: payment.provider }, `Storymade is listening on http://localhost:${info.port} (${where}, payments: ${payment.provider})`);
  });

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    log().info(`${signal}: closing the server and the database`);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    server.close(async () => {
      clearInterval(mailRetry);
      await checkout?.close();
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
