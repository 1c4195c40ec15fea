import { eq } from 'drizzle-orm';
import { STAFF_TRANSITIONS, type StatusChangeRequest } from '#contract/admin-orders.ts';
import type { OrderStatusValue } from '#contract/order-status.ts';
import type { Db } from '../../db/client.ts';
import { placedOrders } from '../../db/schema-checkout.ts';
import { recordAudit, type Actor } from '../audit/audit-log.ts';
import { currentStatus, transitionIn } from '../order-states.ts';

export type StaffChangeResult = { ok: true; from: OrderStatusValue } | { ok: false; current: OrderStatusValue | null };

/**
 * A staff member moves a paid order on: the server's state machine decides (a conditional update
 * from the states STAFF_TRANSITIONS allows), the tracking number and link are kept with a shipped
 * order, a cancellation keeps its reason in the timeline, and the audit log records it.
 */
export async function staffChangeStatus(
  db: Db,
  actor: Actor & { staffId: number },
  orderId: string,
  request: StatusChangeRequest & { to: keyof typeof STAFF_TRANSITIONS },
  at: Date,
): Promise<StaffChangeResult> {
  const [placed] = await db.select({ orderId: placedOrders.orderId }).from(placedOrders).where(eq(placedOrders.orderId, orderId));
  if (!placed) return { ok: false, current: null };
  const note = request.to === 'cancelled' ? request.reason : request.to === 'shipped' ? request.trackingNumber : null;
  return db.transaction(async (tx) => {
    const [before] = await tx.select({ trackingNumber: placedOrders.trackingNumber, trackingUrl: placedOrders.trackingUrl }).from(placedOrders).where(eq(placedOrders.orderId, orderId));
    const moved = await transitionIn(tx, { orderId, to: request.to, actor: `staff:${actor.staffId}`, note, from: STAFF_TRANSITIONS[request.to] });
    if (!moved.ok) return { ok: false, current: moved.current ?? (await currentStatus(tx, orderId)) };
    const tracking = request.to === 'shipped' ? { trackingNumber: request.trackingNumber, trackingUrl: request.trackingUrl } : null;
    if (tracking) await tx.update(placedOrders).set(tracking).where(eq(placedOrders.orderId, orderId));
    await recordAudit(
      tx,
      actor,
      {
        action: 'order.status',
        targetType: 'order',
        targetId: orderId,
        before: { status: moved.from, ...(tracking ? before : {}) },
        after: { status: request.to, ...(tracking ?? {}), ...(request.to === 'cancelled' ? { reason: request.reason } : {}) },
      },
      at,
    );
    return { ok: true, from: moved.from };
  });
}
