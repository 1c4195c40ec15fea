import { randomBytes } from 'node:crypto';
import type { Seller } from './services/invoices/invoice-pdf.ts';
import { MAIL_JOB } from './platform/mail/mail-job.ts';
import { mailJobHandler } from './platform/mail/mailer.ts';
import { orderMailJobHandlers } from './services/notifications/order-mail-jobs.ts';
import type { PaymentDeps } from './services/payment/initiate.ts';
import { paymentJobHandlers } from './payment-jobs.ts';
import type { PaymentWork } from '#server/services/payment/initiate.ts';
import type { PaymentProvider } from './services/payment/provider.ts';
import { createSandboxProvider } from './services/payment/providers/sandbox.ts';
import {
  RECONCILE_OPEN_EVERY_MS,
  RECONCILE_OPEN_JOB,
  RECONCILE_PAID_EVERY_MS,
  RECONCILE_PAID_JOB,
} from './services/payment/reconcile.ts';
import { printJobHandlers } from './services/fulfilment/print/print-job.ts';
import {
  DEFAULT_PRINT_HOLD_MS,
  printHoldOf,
  queueHandoff,
  RECONCILE_HANDOFFS_EVERY_MS,
  RECONCILE_HANDOFFS_JOB,
  type PrintFulfilment,
} from './services/fulfilment/partner/handoff.ts';
import type { PrintPartner } from './services/fulfilment/partner/print-partner.ts';
import { printPartnerJobHandlers } from './services/fulfilment/partner/print-partner-jobs.ts';
import { createSandboxPrinter } from './services/fulfilment/partner/sandbox-printer.ts';
import { renderPrintInput, type PrintRenderer } from './services/fulfilment/stored-print-files.ts';
import type { ScreenRenderer } from './services/fulfilment/digital/digital-editions.ts';
import { digitalJobHandlers } from './services/fulfilment/digital/digital-job.ts';
import { printerAlertJobHandlers } from './services/refunds/printer-alert-job.ts';
import { DEFAULT_RETENTION, type RetentionSettings } from './services/retention/retention.ts';
import { RETENTION_JOB, retentionJobHandler } from './services/retention/retention-job.ts';
import {
  REVIEW_REQUEST_DELAY_MS,
  reviewJobHandlers,
  scheduleReviewRequests,
} from './services/reviews/review-request-job.ts';
import type { SubscriptionDeps } from './services/subscriptions/subscriptions.ts';
import { createJobRunner, type JobRunner } from './platform/jobs/runner.ts';
import { schedulePeriodic } from './platform/jobs/schedule.ts';

export interface ShopJobsOptions {
  /** The card payment provider (default: the sandbox with its test page on this server). */
  provider?: PaymentProvider;
  /** Renders print PDFs (default: the print PDF in a worker thread). */
  printRenderer?: PrintRenderer;
  /** Renders the digital edition's screen PDF (default: in a worker thread of its own). */
  screenRenderer?: ScreenRenderer;
  /**
   * 'background' (default): jobs run in this process as soon as they are queued and every few
   * seconds. 'manual': only when `jobs.runUntilIdle()` is called (tests, benchmarks).
   */
  jobs?: 'background' | 'manual';
  /** How long personal data is kept (RETENTION_*; default DEFAULT_RETENTION): the retention job's rules. */
  retention?: RetentionSettings;
  /** How long after delivery the review request goes (REVIEW_REQUEST_*; default REVIEW_REQUEST_DELAY_MS). */
  reviewRequestDelayMs?: number;
  /** The print partner (PRINT_PARTNER, PRINT_HOLD_SECONDS, PRINT_SANDBOX_SHIP_SECONDS; issue #47). */
  print?: PrintOptions;
}

export interface PrintOptions {
  /** 'sandbox' (default): the built-in sandbox printer; 'manual': staff hand the zip on; or a partner (Lulu). */
  partner?: 'sandbox' | 'manual' | PrintPartner;
  /** The change window after payment before the books are handed on (default 12 hours). */
  holdMs?: number;
  /** The sandbox printer's time from taking a book to shipping it (default 120 s). */
  sandboxShipMs?: number;
  /** How the sandbox printer posts its webhooks (default fetch to PUBLIC_URL; tests route them to the app). */
  sandboxPost?: (url: string, init: RequestInit) => Promise<Response>;
}

/** The job runner with every job of the shop, and the payment dependencies its jobs and routes share. */
export interface ShopJobs extends PaymentWork {
  /** The print partner's hand-offs (routes: its webhook, the file links, the back office). */
  print: PrintFulfilment;
  close(): Promise<void>;
}

/**
 * What the jobs need from the app: the database, the mailer, the shop's address, the clock, the
 * seller (invoices, mails) and the shop's own mailbox (alerts about payments; default: no alert mail, logged only).
 */
export type ShopJobsDeps = SubscriptionDeps & {
  shopEmail?: string;
  seller?: Seller;
  /** The HMAC key of the documents' links in mails (the app's link secret); default a random one of this process. */
  documentSecret?: string | Buffer;
};

/**
 * The one job runner of this server, with each kind's handler from the feature it serves (mail,
 * order mails, print files, the digital edition's links, payments, retention, review requests),
 * and in 'background' the periodic payment checks and review requests.
 */
export function createShopJobs(deps: ShopJobsDeps, options: ShopJobsOptions = {}): ShopJobs {
  const { db, mailer, publicUrl, now } = deps;
  const provider = options.provider ?? createSandboxProvider(db);
  const payments: PaymentDeps = { db, provider, publicUrl, now };
  const documentSecret = deps.documentSecret ?? randomBytes(32);
  const reviewDelayMs = options.reviewRequestDelayMs ?? REVIEW_REQUEST_DELAY_MS;
  const printOptions = options.print ?? {};
  const sandboxPrinter =
    (printOptions.partner ?? 'sandbox') === 'sandbox'
      ? createSandboxPrinter({
          db,
          shipSeconds: (printOptions.sandboxShipMs ?? 120_000) / 1000,
          secret: documentSecret,
          webhookUrl: `${publicUrl}/api/print-partner/webhook`,
          ...(printOptions.sandboxPost ? { post: printOptions.sandboxPost } : {}),
        })
      : null;
  const partner: PrintPartner | null =
    sandboxPrinter ?? (typeof printOptions.partner === 'object' ? printOptions.partner : null);
  let wake = () => {};
  const print: PrintFulfilment = {
    db,
    partner,
    holdMs: printOptions.holdMs ?? DEFAULT_PRINT_HOLD_MS,
    publicUrl,
    secret: documentSecret,
    now,
    wake: () => wake(),
    // A hold ending within a day wakes this runner then (its own poll is every few seconds).
    wakeAt: (at) => {
      const ms = at.getTime() - Date.now();
      if (ms > 86_400_000) return;
      setTimeout(() => wake(), Math.max(0, ms) + 50).unref();
    },
  };

  const jobs: JobRunner = createJobRunner({
    db,
    handlers: {
      [MAIL_JOB]: mailJobHandler(mailer),
      ...orderMailJobHandlers({
        ...deps,
        documentSecret,
        ...(partner ? { printHoldUntil: (order) => printHoldOf(print, order) } : {}),
      }),
      ...printJobHandlers(
        db,
        options.printRenderer ?? renderPrintInput,
        options.screenRenderer,
        {
          mailer,
          publicUrl,
          ...(deps.shopEmail ? { shopEmail: deps.shopEmail } : {}),
        },
        // Once a book's files are stored: the hand-off to the partner, due when the hold ends.
        (order) => queueHandoff(print, order, 'files'),
      ),
      ...printPartnerJobHandlers({ ...print, mailer, shopEmail: deps.shopEmail }),
      ...(sandboxPrinter?.handlers ?? {}),
      ...digitalJobHandlers({ db, mailer, publicUrl, now, secret: documentSecret }),
      ...paymentJobHandlers({
        payments,
        mailer,
        ...(deps.shopEmail ? { shopEmail: deps.shopEmail } : {}),
        jobs: () => jobs,
      }),
      ...printerAlertJobHandlers({ db, mailer, publicUrl, shopEmail: deps.shopEmail }),
      [RETENTION_JOB]: retentionJobHandler(db, options.retention ?? DEFAULT_RETENTION, now),
      ...reviewJobHandlers({
        db,
        mailer,
        publicUrl,
        now,
        linkSecret: documentSecret,
        delayMs: reviewDelayMs,
      }),
    },
  });
  wake = () => jobs.wake();
  const stops: (() => void)[] = [];
  if ((options.jobs ?? 'background') === 'background') {
    jobs.start();
    // The print partner's hand-offs read back (a lost webhook, a stopped server): at start and every minute.
    if (partner)
      stops.push(
        schedulePeriodic(db, {
          kind: RECONCILE_HANDOFFS_JOB,
          everyMs: RECONCILE_HANDOFFS_EVERY_MS,
          wake: () => jobs.wake(),
        }),
      );
    // Payments the shop never heard back about (a crash, a lost callback): at start and every minute.
    stops.push(
      schedulePeriodic(db, {
        kind: RECONCILE_OPEN_JOB,
        everyMs: RECONCILE_OPEN_EVERY_MS,
        wake: () => jobs.wake(),
      }),
    );
    stops.push(
      schedulePeriodic(db, {
        kind: RECONCILE_PAID_JOB,
        everyMs: RECONCILE_PAID_EVERY_MS,
        wake: () => jobs.wake(),
        atStart: false,
      }),
    );
    // Review requests due (issue #36.3): at start and every hour (more often for a delay under an hour).
    stops.push(scheduleReviewRequests(db, jobs, reviewDelayMs));
  }
  return {
    payments,
    print,
    jobs,
    close: () => {
      for (const stop of stops) stop();
      return jobs.stop();
    },
  };
}
