// What a refund request would pay back, worked out from the paid snapshot (as invoiced) and the
// refunds already made: the books, whether the delivery goes back too, and the amount. The refund
// itself (refunds.ts) claims exactly this plan; the back office's confirmation asks for it first
// (previewRefund), so the owner sees what and how much before any money moves (#44 finding 9).

import { eq } from 'drizzle-orm';
import type { RefundRequest } from '#contract/admin-refunds.ts';
import type { OrderStatusValue } from '#contract/order-status.ts';
import type { Db, Tx } from '#server/db/client.ts';
import type { SnapshotItem } from '#server/db/schema/checkout.ts';
import { refunds, type HandedOnBook } from '#server/db/schema/money.ts';
import { refundLines } from '#server/services/invoices/invoice-numbers.ts';
import { isOrderStatus } from '#server/services/order/order-moves.ts';
import { handedOnBooks } from './refund-books.ts';
import { lockedPaidOrder } from './refund-records.ts';
import { CANCELLABLE, REFUNDABLE, takenBy } from '#server/services/order/refund-rules.ts';

export type RefundFailure =
  | { ok: false; code: 'not-found' }
  | { ok: false; code: 'not-refundable'; status: OrderStatusValue }
  | { ok: false; code: 'cannot-cancel'; status: OrderStatusValue }
  | { ok: false; code: 'unknown-items'; itemIds: string[] }
  | { ok: false; code: 'already-refunded'; itemIds: string[] }
  | { ok: false; code: 'nothing-to-refund' }
  | { ok: false; code: 'exceeds-payment' }
  | { ok: false; code: 'key-reused' };

export interface RefundPlan {
  ok: true;
  /** The books it pays back, in the order's order (snapshot item ids). */
  itemIds: string[];
  /** The delivery goes back with the last books: once nothing of the order is left. */
  delivery: boolean;
  amountMinor: number;
  /** What each book and the delivery pay back (gross, minor units). */
  lines: { itemId: string | null; grossMinor: number }[];
}

type PlanFailure = Exclude<RefundFailure, { code: 'not-found' } | { code: 'key-reused' }>;

/** The plan of `request` for the paid order (read in `tx`, its orders row locked by the caller for a refund). */
export async function planRefund(
  tx: Db | Tx,
  orderId: string,
  order: {
    status: string;
    snapshot: { items: SnapshotItem[] };
    payment: { amountMinor: number };
  },
  request: RefundRequest,
): Promise<RefundPlan | PlanFailure> {
  const status = order.status as OrderStatusValue;
  if (!REFUNDABLE.includes(status)) return { ok: false, code: 'not-refundable', status };
  if (request.scope === 'cancel' && !CANCELLABLE.includes(status))
    return { ok: false, code: 'cannot-cancel', status };
  const rows = await tx.select().from(refunds).where(eq(refunds.orderId, orderId));
  const taken = takenBy(rows);
  const allItemIds = order.snapshot.items.map((item) => item.itemId);
  const left = allItemIds.filter((id) => !taken.itemIds.has(id));
  let itemIds: string[];
  if (request.scope === 'items') {
    const wanted = [...new Set(request.itemIds)];
    const unknown = wanted.filter((id) => !allItemIds.includes(id));
    if (unknown.length) return { ok: false, code: 'unknown-items', itemIds: unknown };
    const again = wanted.filter((id) => taken.itemIds.has(id));
    if (again.length) return { ok: false, code: 'already-refunded', itemIds: again };
    itemIds = allItemIds.filter((id) => wanted.includes(id));
  } else {
    itemIds = left;
  }
  // The delivery goes back with the last books: once nothing of the order is left.
  const delivery = !taken.delivery && itemIds.length === left.length;
  const lines = (await refundLines(tx, orderId, itemIds, delivery)) ?? [];
  const amountMinor = lines.reduce((sum, line) => sum + line.grossMinor, 0);
  if (amountMinor <= 0) return { ok: false, code: 'nothing-to-refund' };
  if (taken.minor + amountMinor > order.payment.amountMinor)
    return { ok: false, code: 'exceeds-payment' };
  return {
    ok: true,
    itemIds,
    delivery,
    amountMinor,
    lines: lines.map((line) => ({ itemId: line.itemId ?? null, grossMinor: line.grossMinor })),
  };
}

/**
 * The confirmation before a refund: the plan of `request` now, and which of its books had their
 * print files handed to the printer already (refunding them alerts the owner). Nothing is written
 * and no money moves.
 */
export async function previewRefund(
  db: Db,
  orderId: string,
  request: RefundRequest,
): Promise<
  (RefundPlan & { currencyCode: string; cancel: boolean; handedOn: HandedOnBook[] }) | RefundFailure
> {
  return db.transaction(async (tx) => {
    const order = await lockedPaidOrder(tx, orderId);
    if (!order || !isOrderStatus(order.status)) return { ok: false, code: 'not-found' } as const;
    const plan = await planRefund(tx, orderId, order, request);
    if (!plan.ok) return plan;
    const handedOn = await handedOnBooks(
      tx,
      { orderId, itemIds: plan.itemIds },
      order.snapshot.items,
      order.status,
    );
    return {
      ...plan,
      currencyCode: order.payment.currencyCode,
      cancel: request.scope === 'cancel',
      handedOn,
    };
  });
}
