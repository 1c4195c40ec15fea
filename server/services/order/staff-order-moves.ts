import { eq } from 'drizzle-orm';
import { STAFF_TARGETS, STAFF_TRANSITIONS, type StaffTarget } from '#contract/order-lifecycle.ts';
import type { OrderStatusValue } from '#contract/order-status.ts';
import type { Db } from '#server/db/client.ts';
import { placedOrders } from '#server/db/schema/checkout.ts';
import { enqueueJob, type JobRunner } from '#server/platform/jobs/runner.ts';
import { MAILED_STATUSES } from '#server/services/mail/status-mails.ts';
import { transitionIn, type Actor, type TransitionResult } from './order-moves.ts';

export const STATUS_MAIL_JOB = 'order-status-mail';

export interface StatusChangeRequest {
  orderId: string;
  /** Never `cancelled`: a paid order is cancelled only with its money refunded (services/refunds). */
  to: Exclude<OrderStatusValue, 'cancelled'>;
  /** 'staff:<id>' from the back office. */
  actor: Actor;
  note?: string | null;
  /** With `shipped`: the carrier's tracking number and link (kept on the order, sent in the mail). */
  trackingNumber?: string | null;
  trackingUrl?: string | null;
  /** Narrows the statuses it may come from (default: STAFF_TRANSITIONS, contract/order-lifecycle.ts). */
  from?: readonly OrderStatusValue[];
}

/** Where the back office may move an order to `to` from; nowhere for a move that is not staff's. */
function staffSourcesOf(to: OrderStatusValue): readonly OrderStatusValue[] {
  return (STAFF_TARGETS as readonly string[]).includes(to)
    ? STAFF_TRANSITIONS[to as StaffTarget]
    : [];
}

/**
 * The back office's way to move a paid order on (checked, in production, shipped, delivered;
 * cancelling is the owner's cancel-with-refund, services/refunds): the transition and its history row, the tracking details, and the mail to the
 * parent in the order's language (queued in the same transaction, sent once by the job runner).
 * `checked` sends no mail. Answers the transition's result ({ ok: false, current } when refused).
 */
export async function changeOrderStatus(
  deps: { db: Db; jobs?: JobRunner | undefined },
  request: StatusChangeRequest,
): Promise<TransitionResult> {
  const result = await deps.db.transaction(async (tx) => {
    const moved = await transitionIn(tx, {
      orderId: request.orderId,
      to: request.to,
      actor: request.actor,
      note: request.note ?? null,
      from: request.from ?? staffSourcesOf(request.to),
    });
    if (!moved.ok) return moved;
    if (request.trackingNumber !== undefined || request.trackingUrl !== undefined) {
      await tx
        .update(placedOrders)
        .set({
          ...(request.trackingNumber !== undefined
            ? { trackingNumber: request.trackingNumber?.trim() || null }
            : {}),
          ...(request.trackingUrl !== undefined
            ? { trackingUrl: request.trackingUrl?.trim() || null }
            : {}),
        })
        .where(eq(placedOrders.orderId, request.orderId));
    }
    if ((MAILED_STATUSES as readonly string[]).includes(request.to)) {
      await enqueueJob(tx, {
        kind: STATUS_MAIL_JOB,
        dedupeKey: `${STATUS_MAIL_JOB}:${moved.historyId}`,
        payload: { orderId: request.orderId, status: request.to },
      });
    }
    return moved;
  });
  if (result.ok) deps.jobs?.wake();
  return result;
}
