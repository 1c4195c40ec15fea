import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { deliveryDetails } from '../db/schema-checkout.ts';
import { confirmationExtras } from './invoices/confirmation-extras.ts';
import { DOCUMENTS_MAIL_JOB, documentsMailData } from './invoices/documents-mail.ts';
import type { Seller } from './invoices/invoice-pdf.ts';
import { createJobRunner, schedulePeriodic, type JobRunner } from './jobs.ts';
import { documentsMail } from './mail/document-mails.ts';
import { orderConfirmationMail } from './mail/order-mails.ts';
import { refundMail } from './mail/refund-mails.ts';
import { MAILED_STATUSES, orderStatusMail, type MailedStatus } from './mail/status-mails.ts';
import { STATUS_MAIL_JOB } from './order-status-change.ts';
import { orderMailData, placedOrder } from './order-tracking.ts';
import type { PaymentDeps } from './payments/initiate.ts';
import type { PaymentProvider } from './payments/provider.ts';
import { createSandboxProvider } from './payments/providers/sandbox.ts';
import {
  RECONCILE_OPEN_EVERY_MS,
  RECONCILE_OPEN_JOB,
  RECONCILE_PAID_EVERY_MS,
  RECONCILE_PAID_JOB,
  reconcileOpenPayments,
  reconcilePaidPayments,
} from './payments/reconcile.ts';
import {
  refundSecondPayment,
  REFUND_MAIL_JOB as PAYMENT_REFUND_MAIL_JOB,
  sendMismatchMail,
  sendRefundMail,
} from './payments/refunds.ts';
import { CONFIRMATION_MAIL_JOB, PRINT_FILES_JOB, REFUND_JOB } from './payments/settle.ts';
import { MISMATCH_MAIL_JOB } from './payments/verify.ts';
import { refundMailData } from './refunds/refund-views.ts';
import { REFUND_MAIL_JOB, settleStalePendingRefunds } from './refunds/refunds.ts';
import { toLanguage } from '#contract/markets.ts';
import { makePrintFiles, renderPrintInput, type PrintRenderer } from './print-files.ts';
import { giftStatusLink } from './gift/gift-access.ts';
import { makeParcelFiles } from './gift/parcel-files.ts';
import { giftShippedMail } from './mail/gift-mails.ts';
import { subscribe, type SubscriptionDeps } from './subscriptions.ts';
import { DEFAULT_RETENTION, type RetentionSettings } from './retention/retention.ts';
import { RETENTION_JOB, retentionJobHandler } from './retention/schedule.ts';

export interface CheckoutOptions {
  /** The card payment provider (default: the sandbox with its test page on this server). */
  provider?: PaymentProvider;
  /** Renders print PDFs (default: the print PDF in a worker thread). */
  printRenderer?: PrintRenderer;
  /**
   * 'background' (default): jobs run in this process as soon as they are queued and every few
   * seconds. 'manual': only when `jobs.runUntilIdle()` is called (tests, benchmarks).
   */
  jobs?: 'background' | 'manual';
  /** How long personal data is kept (RETENTION_*; default DEFAULT_RETENTION): the retention job's rules. */
  retention?: RetentionSettings;
}

/** Everything the checkout routes and the back office need. */
export interface Checkout {
  payments: PaymentDeps;
  jobs: JobRunner;
  close(): Promise<void>;
}

/**
 * What checkout needs from the app: the database, the mailer, the shop's address, the clock, the
 * seller (invoices, mails) and the shop's own mailbox (alerts about payments; default: no alert mail, logged only).
 */
export type CheckoutDeps = SubscriptionDeps & {
  shopEmail?: string;
  seller?: Seller;
  /** The HMAC key of the documents' links in mails (the app's link secret); default a random one of this process. */
  documentSecret?: string | Buffer;
};

export function createCheckout(deps: CheckoutDeps, options: CheckoutOptions = {}): Checkout {
  const { db, mailer, publicUrl, now } = deps;
  const provider = options.provider ?? createSandboxProvider(db);
  const render = options.printRenderer ?? renderPrintInput;
  const payments: PaymentDeps = { db, provider, publicUrl, now };
  const documentSecret = deps.documentSecret ?? randomBytes(32);

  async function placed(payload: Record<string, unknown>) {
    const order = await placedOrder(db, String(payload.orderId));
    if (!order) throw new Error('the order of this job is not placed');
    return order;
  }

  const jobs = createJobRunner({
    db,
    handlers: {
      [PRINT_FILES_JOB]: async (payload) => {
        const order = await placed(payload);
        await makePrintFiles(db, order, String(payload.itemId), render);
        // The parcel's packing slip and a gift's card (#36), made with the first book's files.
        await makeParcelFiles(db, order);
      },
      [CONFIRMATION_MAIL_JOB]: async (payload) => {
        const order = await placed(payload);
        const data = {
          ...orderMailData(order, publicUrl),
          ...(await confirmationExtras(db, order, publicUrl, documentSecret)),
          ...(deps.seller
            ? { contact: { email: deps.seller.email, phone: deps.seller.phone } }
            : {}),
        };
        await mailer.send({ to: order.snapshot.email, ...orderConfirmationMail(data) });
        // 'Subscribe' on the delivery form starts the newsletter's double opt-in (its own mail).
        const [details] = await db
          .select()
          .from(deliveryDetails)
          .where(eq(deliveryDetails.orderId, order.orderId));
        if (details?.subscribe) {
          await subscribe(deps, { email: order.snapshot.email, preferredLanguage: data.language });
        }
      },
      [REFUND_JOB]: async (payload, job) =>
        refundSecondPayment(payments, String(payload.reference), job.attempts),
      [PAYMENT_REFUND_MAIL_JOB]: async (payload) =>
        sendRefundMail({ ...payments, mailer }, String(payload.reference)),
      [MISMATCH_MAIL_JOB]: async (payload) => {
        if (deps.shopEmail)
          await sendMismatchMail(
            { ...payments, mailer, shopEmail: deps.shopEmail },
            String(payload.reference),
          );
      },
      // Open payments, then refunds left pending by a server that stopped (settled within minutes).
      [RECONCILE_OPEN_JOB]: async () => {
        await reconcileOpenPayments(payments);
        await settleStalePendingRefunds({ db, provider, jobs }, now());
      },
      // Pending refunds first, so a refund the shop made is recorded before the provider's later state is compared with it.
      [RECONCILE_PAID_JOB]: async () => {
        await settleStalePendingRefunds({ db, provider, jobs }, now());
        await reconcilePaidPayments(payments);
      },
      [REFUND_MAIL_JOB]: async (payload) => {
        const data = await refundMailData(db, Number(payload.refundId), publicUrl, documentSecret);
        if (!data) return;
        const { to, language, ...rest } = data;
        await mailer.send({
          to,
          ...refundMail({ ...rest, language: toLanguage(language) ?? 'en-GB' }),
        });
      },
      [DOCUMENTS_MAIL_JOB]: async (payload) => {
        const data = await documentsMailData(db, await placed(payload), publicUrl, documentSecret);
        if (!data) return;
        const { to, ...rest } = data;
        await mailer.send({ to, ...documentsMail(rest) });
      },
      [STATUS_MAIL_JOB]: async (payload) => {
        const order = await placed(payload);
        const status = String(payload.status);
        if (!(MAILED_STATUSES as readonly string[]).includes(status)) return;
        const data = orderMailData(order, publicUrl);
        // A gift's buyer hears that the gift is on its way, with the recipient and the message (#36).
        if (status === 'shipped' && order.snapshot.isGift) {
          const recipient = order.snapshot.shippingAddress;
          await mailer.send({
            to: order.snapshot.email,
            ...giftShippedMail({
              language: data.language,
              orderNumber: order.orderNumber,
              recipientName: `${recipient.firstName} ${recipient.lastName}`,
              message: order.snapshot.giftMessage,
              pageUrl: giftStatusLink(publicUrl, documentSecret, order.orderId),
              trackingNumber: order.trackingNumber,
              trackingUrl: order.trackingUrl,
            }),
          });
          return;
        }
        const mail = orderStatusMail({
          language: data.language,
          status: status as MailedStatus,
          orderNumber: order.orderNumber,
          trackingPageUrl: data.trackingPageUrl,
          trackingNumber: order.trackingNumber,
          trackingUrl: order.trackingUrl,
        });
        await mailer.send({ to: order.snapshot.email, ...mail });
      },
      [RETENTION_JOB]: retentionJobHandler(db, options.retention ?? DEFAULT_RETENTION, now),
    },
  });
  const stops: (() => void)[] = [];
  if ((options.jobs ?? 'background') === 'background') {
    jobs.start();
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
  }
  return {
    payments,
    jobs,
    close: () => {
      for (const stop of stops) stop();
      return jobs.stop();
    },
  };
}
