// Which orders a refund may pay back, and what the refunds so far have taken: the rules the
// refund itself (refunds.ts, refund-plan.ts, refund-records.ts) and its views (refund-views.ts)
// share.
import { isPaidNotShipped, sourcesOf } from '#contract/order-lifecycle.ts';
import { PLACED_STATUSES, type OrderStatusValue } from '#contract/order-status.ts';
import type { refunds } from '#server/db/schema/money.ts';

export type RefundRow = typeof refunds.$inferSelect;

/** Statuses from which every book and the delivery can be paid back (the order then `refunded`). */
export const FULLY_REFUNDABLE_FROM: readonly OrderStatusValue[] = sourcesOf('refunded');
/** Statuses whose money can be paid back (a cancelled order too: cancelled before refunds existed). */
export const REFUNDABLE: readonly OrderStatusValue[] = [...FULLY_REFUNDABLE_FROM, 'cancelled'];
/** Cancelling refunds everything: only while the order is paid and not shipped. */
export const CANCELLABLE: readonly OrderStatusValue[] = PLACED_STATUSES.filter(isPaidNotShipped);

/** What the order has paid back or is paying back now (succeeded and pending refunds). */
export function takenBy(rows: readonly RefundRow[]) {
  const live = rows.filter(
    (row) =>
      row.status === 'pending' || row.status === 'succeeded' || row.status === 'awaiting_transfer',
  );
  return {
    itemIds: new Set(live.flatMap((row) => row.itemIds)),
    delivery: live.some((row) => row.delivery),
    minor: live.reduce((sum, row) => sum + row.amountMinor, 0),
  };
}
