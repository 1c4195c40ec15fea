import type { JobHandler, JobRunner } from '#server/platform/jobs/runner.ts';
import type { Mailer } from '#server/platform/mail/mailer.ts';
import { settleStalePendingRefunds } from '#server/services/refunds/refunds.ts';
import type { PaymentDeps } from './services/payment/initiate.ts';
import {
  RECONCILE_OPEN_JOB,
  RECONCILE_PAID_JOB,
  reconcileOpenPayments,
  reconcilePaidPayments,
} from './services/payment/reconcile.ts';
import {
  refundSecondPayment,
  REFUND_MAIL_JOB,
  sendMismatchMail,
  sendRefundMail,
} from './services/payment/provider-refunds.ts';
import { REFUND_JOB } from './services/payment/settle.ts';
import { MISMATCH_MAIL_JOB } from './services/payment/verify.ts';
import { sendAlertMail } from './services/refunds/payment-alert-actions.ts';
import { ALERT_MAIL_JOB } from './services/payment/alerts.ts';

/**
 * The payments' later work, each a job of the runner (registered in server/shop-jobs.ts): the
 * automatic refund of a second payment and its mail, the shop's alerts (a mismatched answer, and
 * every payment alert of alerts.ts), and the checks of open and paid payments (queued by
 * jobs/schedule.ts).
 */
export function paymentJobHandlers(deps: {
  payments: PaymentDeps;
  mailer: Mailer;
  shopEmail?: string;
  /** The runner (refunds settled by a check may queue their mails). */
  jobs: () => JobRunner;
}): Record<string, JobHandler> {
  const { payments, mailer, shopEmail } = deps;
  const { db, provider, now } = payments;
  return {
    [REFUND_JOB]: async (payload, job) =>
      refundSecondPayment(payments, String(payload.reference), job.attempts),
    [REFUND_MAIL_JOB]: async (payload) =>
      sendRefundMail({ ...payments, mailer }, String(payload.reference)),
    [MISMATCH_MAIL_JOB]: async (payload) => {
      if (shopEmail)
        await sendMismatchMail({ ...payments, mailer, shopEmail }, String(payload.reference));
    },
    // The owner's mail about a payment alert (also on the dashboard).
    [ALERT_MAIL_JOB]: async (payload) => {
      if (shopEmail)
        await sendAlertMail({ ...payments, mailer, shopEmail }, Number(payload.alertId));
    },
    // Open payments, then refunds left pending by a server that stopped (settled within minutes).
    [RECONCILE_OPEN_JOB]: async () => {
      await reconcileOpenPayments(payments);
      await settleStalePendingRefunds({ db, provider, jobs: deps.jobs() }, now());
    },
    // Pending refunds first, so a refund the shop made is recorded before the provider's later state is compared with it.
    [RECONCILE_PAID_JOB]: async () => {
      await settleStalePendingRefunds({ db, provider, jobs: deps.jobs() }, now());
      await reconcilePaidPayments(payments);
    },
  };
}
