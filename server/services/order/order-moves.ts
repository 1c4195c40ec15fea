// Moving an order from one status to the next by the one table of contract/order-lifecycle.ts, as
// a conditional update that records who moved it and when (the order's status history).
import { asc, eq, inArray, and } from 'drizzle-orm';
import { canTransition, sourcesOf } from '#contract/order-lifecycle.ts';
import { ORDER_STATUSES, ORDER_STEPS, type OrderStatusValue } from '#contract/order-status.ts';
import type { Db, Tx } from '#server/db/client.ts';
import { orderStatusHistory } from '#server/db/schema/checkout.ts';
import { orders } from '#server/db/schema/shop.ts';

/**
 * The order's life on the server: the moves contract/order-lifecycle.ts allows, each a conditional
 * update (`update orders set status = :to where id = :id and status in (:from)`) in one
 * transaction with its history row, so of two concurrent callers exactly one wins.
 */

export function isOrderStatus(value: string): value is OrderStatusValue {
  return (ORDER_STATUSES as readonly string[]).includes(value);
}

/** Who made a change: 'customer', 'provider:<name>', 'system' or 'staff:<id>'. */
export type Actor = 'customer' | 'system' | `provider:${string}` | `staff:${string}`;

interface TransitionRequest {
  orderId: string;
  to: OrderStatusValue;
  actor: Actor;
  note?: string | null;
  /** Narrows the statuses it may come from (default: every status `to` can be reached from). */
  from?: readonly OrderStatusValue[];
}

export type TransitionResult =
  | { ok: true; from: OrderStatusValue; historyId: number }
  /** `current` is null for an unknown order. */
  | { ok: false; current: OrderStatusValue | null };

/**
 * The transition inside the caller's transaction (so it commits or rolls back with the caller's
 * other writes: the paid transition's order number, edition numbers and jobs).
 */
export async function transitionIn(tx: Tx, request: TransitionRequest): Promise<TransitionResult> {
  const allowed = (request.from ?? sourcesOf(request.to)).filter((from) =>
    canTransition(from, request.to),
  );
  const [locked] = await tx
    .select({ status: orders.status })
    .from(orders)
    .where(eq(orders.id, request.orderId))
    .for('update');
  if (!locked) return { ok: false, current: null };
  const current = isOrderStatus(locked.status) ? locked.status : null;
  if (!current || !allowed.includes(current)) return { ok: false, current };
  const updated = await tx
    .update(orders)
    .set({ status: request.to })
    .where(and(eq(orders.id, request.orderId), inArray(orders.status, allowed)))
    .returning({ id: orders.id });
  if (updated.length === 0) return { ok: false, current };
  const [history] = await tx
    .insert(orderStatusHistory)
    .values({
      orderId: request.orderId,
      fromStatus: current,
      toStatus: request.to,
      actor: request.actor,
      note: request.note ?? null,
    })
    .returning({ id: orderStatusHistory.id });
  if (!history) throw new Error('status history row was not written');
  return { ok: true, from: current, historyId: history.id };
}

/** One transition in its own transaction. */
export function transition(db: Db, request: TransitionRequest): Promise<TransitionResult> {
  return db.transaction((tx) => transitionIn(tx, request));
}

interface StatusChange {
  id: number;
  from: OrderStatusValue;
  to: OrderStatusValue;
  actor: string;
  note: string | null;
  at: Date;
}

/** The order's timeline, oldest first (the tracker and the back office). */
export async function statusHistory(db: Db | Tx, orderId: string): Promise<StatusChange[]> {
  const rows = await db
    .select()
    .from(orderStatusHistory)
    .where(eq(orderStatusHistory.orderId, orderId))
    .orderBy(asc(orderStatusHistory.id));
  return rows.map((row) => ({
    id: row.id,
    from: row.fromStatus as OrderStatusValue,
    to: row.toStatus as OrderStatusValue,
    actor: row.actor,
    note: row.note,
    at: row.createdAt,
  }));
}

/** The order's status now, or null for an unknown order. */
export async function currentStatus(
  db: Db | Tx,
  orderId: string,
): Promise<OrderStatusValue | null> {
  const [row] = await db
    .select({ status: orders.status })
    .from(orders)
    .where(eq(orders.id, orderId));
  return row && isOrderStatus(row.status) ? row.status : null;
}

/** The tracker step of a status (paid 1000 … delivered 1100), or 0 before payment. */
function stepOf(status: OrderStatusValue): number {
  return ORDER_STEPS.find((step) => step.status === status)?.id ?? 0;
}

/**
 * The highest tracker step the order has reached, from its history: a cancelled order keeps the
 * step it had reached before.
 */
export function currentStepOf(status: OrderStatusValue, history: readonly StatusChange[]): number {
  return Math.max(stepOf(status), ...history.map((change) => stepOf(change.to)));
}
