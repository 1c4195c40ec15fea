import { eq } from 'drizzle-orm';
import { printHandoffs } from '#server/db/schema/fulfilment.ts';
import type { JobHandler } from '#server/platform/jobs/runner.ts';
import type { Mailer } from '#server/platform/mail/mailer.ts';
import { placedOrder } from '#server/services/order/placed-order.ts';
import { handoffAlertMail, type HandoffAlertReason } from './handoff-alert-mail.ts';
import {
  cancelIfClosed,
  HANDOFF_ALERT_JOB,
  HANDOFF_CANCEL_JOB,
  HANDOFF_JOB,
  handOffOrder,
  RECONCILE_HANDOFFS_JOB,
  reconcileHandoffs,
  type PrintFulfilment,
} from './handoff.ts';

/**
 * The print partner's jobs (registered in server/shop-jobs.ts): the hand-off of an order, the
 * owner's alert about one, and the reconciliation (queued every minute by jobs/schedule.ts).
 */
export function printPartnerJobHandlers(
  deps: PrintFulfilment & { mailer: Mailer; shopEmail?: string | undefined },
): Record<string, JobHandler> {
  return {
    [HANDOFF_JOB]: async (payload) => handOffOrder(deps, String(payload.orderId)),
    [HANDOFF_CANCEL_JOB]: async (payload) => {
      await cancelIfClosed(deps, String(payload.orderId));
    },
    [RECONCILE_HANDOFFS_JOB]: async () => {
      await reconcileHandoffs(deps);
    },
    [HANDOFF_ALERT_JOB]: async (payload) => {
      if (!deps.shopEmail) return;
      const [handoff] = await deps.db
        .select()
        .from(printHandoffs)
        .where(eq(printHandoffs.id, Number(payload.handoffId)));
      if (!handoff) return;
      const order = await placedOrder(deps.db, handoff.orderId);
      if (!order) return;
      await deps.mailer.send({
        to: deps.shopEmail,
        ...handoffAlertMail({
          orderNumber: order.orderNumber,
          partner: deps.partner?.label ?? handoff.partner,
          partnerReference: handoff.partnerReference,
          reason: String(payload.why) as HandoffAlertReason,
          message: handoff.lastError,
          adminUrl: `${deps.publicUrl}/admin/orders/${handoff.orderId}`,
        }),
      });
    },
  };
}
