import { eq } from 'drizzle-orm';
import type { StatusChangeRequest } from '#contract/admin-orders.ts';
import {
  isPaidNotShipped,
  STAFF_TRANSITIONS,
  type StaffTarget,
} from '#contract/order-lifecycle.ts';
import type { OrderStatusValue } from '#contract/order-status.ts';
import type { Db } from '#server/db/client.ts';
import { orderSnapshots, placedOrders, printFiles } from '#server/db/schema/checkout.ts';
import { orders } from '#server/db/schema/shop.ts';
import { recordAudit, type Actor } from '#server/services/audit/audit-log.ts';
import { enqueueJob, type JobRunner } from '#server/platform/jobs/runner.ts';
import { isDigitalOnly } from '#server/services/fulfilment/digital/digital-editions.ts';
import { changeOrderStatus } from '#server/services/order/staff-order-moves.ts';
import { currentStatus } from '#server/services/order/order-moves.ts';
import { PRINT_FILES_JOB } from '#server/services/payment/settle.ts';
import { heldItems } from '#server/services/fulfilment/proof-holds.ts';
import { keptOf, returnedBooks } from '#server/services/order/returned-books.ts';

type StaffChangeResult =
  | { ok: true; from: OrderStatusValue }
  | {
      ok: false;
      current: OrderStatusValue | null;
      /** The books whose print proof failed: the order is held, never sent to production. */
      held?: string[];
    };

/**
 * A staff member moves a paid order on through the checkout's changeOrderStatus (the state
 * machine's conditional update, the tracking details, the parent's mail queued in the same
 * transaction), narrowed to the moves STAFF_TRANSITIONS allows (no cancelling: the owner cancels
 * with a refund, services/refunds);
 * then the audit log records who did it, with the state before and after.
 */
export async function staffChangeStatus(
  deps: { db: Db; jobs: JobRunner },
  actor: Actor & { staffId: number },
  orderId: string,
  request: StatusChangeRequest & { to: StaffTarget },
  at: Date,
): Promise<StaffChangeResult> {
  const { db } = deps;
  const [before] = await db
    .select({ trackingNumber: placedOrders.trackingNumber, trackingUrl: placedOrders.trackingUrl })
    .from(placedOrders)
    .where(eq(placedOrders.orderId, orderId));
  if (!before) return { ok: false, current: null };
  // An order of digital PDFs only is never produced or shipped (#36): it is delivered by mail.
  if (request.to !== 'checked') {
    const [bought] = await db
      .select({ items: orderSnapshots.items, status: orders.status })
      .from(placedOrders)
      .innerJoin(orderSnapshots, eq(orderSnapshots.id, placedOrders.snapshotId))
      .innerJoin(orders, eq(orders.id, placedOrders.orderId))
      .where(eq(placedOrders.orderId, orderId));
    // Likewise one whose printed books were all paid back: only its PDFs are kept (#43 item 4).
    const kept = bought
      ? keptOf(
          bought.items,
          await returnedBooks(db, orderId, {
            status: bought.status,
            itemIds: bought.items.map((item) => item.itemId),
          }),
        )
      : [];
    if (kept.length > 0 && isDigitalOnly(kept))
      return { ok: false, current: await currentStatus(db, orderId) };
  }
  // A book whose print files failed their proof against the preview has no files to print: the
  // order is held until they are made again and pass (issue #43).
  if (request.to === 'in_production') {
    const held = await heldItems(db, orderId);
    if (held.length > 0) return { ok: false, current: await currentStatus(db, orderId), held };
  }
  const shipped =
    request.to === 'shipped'
      ? { trackingNumber: request.trackingNumber, trackingUrl: request.trackingUrl }
      : null;
  const moved = await changeOrderStatus(deps, {
    orderId,
    to: request.to,
    actor: `staff:${actor.staffId}`,
    note: shipped?.trackingNumber ?? null,
    from: STAFF_TRANSITIONS[request.to],
    ...(shipped ?? {}),
  });
  if (!moved.ok) return { ok: false, current: moved.current ?? (await currentStatus(db, orderId)) };
  await recordAudit(
    db,
    actor,
    {
      action: 'order.status',
      targetType: 'order',
      targetId: orderId,
      before: { status: moved.from, ...(shipped ? before : {}) },
      after: { status: request.to, ...(shipped ?? {}) },
    },
    at,
  );
  return { ok: true, from: moved.from };
}

/**
 * Renders an order's print files again (after an art fix): the stored files are removed and a
 * print job per book is queued (its own key, so it runs even though the first one ran).
 */
export async function renderPrintFilesAgain(
  deps: { db: Db; jobs: JobRunner },
  actor: Actor,
  orderId: string,
  at: Date,
): Promise<'queued' | 'not-found' | 'shipped'> {
  const result = await deps.db.transaction(async (tx) => {
    const [order] = await tx
      .select({ status: orders.status, items: orderSnapshots.items })
      .from(placedOrders)
      .innerJoin(orders, eq(orders.id, placedOrders.orderId))
      .innerJoin(orderSnapshots, eq(orderSnapshots.id, placedOrders.snapshotId))
      .where(eq(placedOrders.orderId, orderId))
      .for('update', { of: orders });
    if (!order) return 'not-found' as const;
    // Print files can be made again until the order is shipped.
    if (!isPaidNotShipped(order.status as OrderStatusValue)) return 'shipped' as const;
    const removed = await tx
      .delete(printFiles)
      .where(eq(printFiles.orderId, orderId))
      .returning({ kind: printFiles.kind });
    for (const item of order.items) {
      await enqueueJob(tx, {
        kind: PRINT_FILES_JOB,
        dedupeKey: `${PRINT_FILES_JOB}:${orderId}:${item.itemId}:again:${at.getTime()}`,
        payload: { orderId, itemId: item.itemId },
      });
    }
    await recordAudit(
      tx,
      actor,
      {
        action: 'order.printFiles',
        targetType: 'order',
        targetId: orderId,
        before: { files: removed.length },
        after: { queued: order.items.length },
      },
      at,
    );
    return 'queued' as const;
  });
  if (result === 'queued') deps.jobs.wake();
  return result;
}
