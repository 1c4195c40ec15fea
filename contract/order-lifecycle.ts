import { ORDER_STATUSES, PLACED_STATUSES, type OrderStatusValue } from './order-status.ts';

/**
 * The order's life: which status may follow which, defined once (issue #35) for the server's
 * state machine (server/services/order/order-moves.ts makes each move a conditional update), the
 * back office's moves and the back office's screens.
 *
 *   cart -> awaiting_payment (a payment began) -> paid (the provider says settled)
 *   awaiting_payment -> payment_failed (declined, abandoned) -> awaiting_payment (paying again)
 *   awaiting_payment | payment_failed -> cart (the cart changed after a payment began)
 *   paid -> checked -> in_production -> shipped -> delivered (the shop, back office)
 *   paid | checked -> delivered (digital PDFs only: the PDFs are made and their links mailed)
 *   before shipping, also -> cancelled
 *   once paid, -> refunded when every book and the delivery are paid back (final)
 */
export const ORDER_TRANSITIONS: Readonly<Record<OrderStatusValue, readonly OrderStatusValue[]>> = {
  cart: ['awaiting_payment', 'cancelled'],
  awaiting_payment: ['paid', 'payment_failed', 'cart', 'cancelled'],
  payment_failed: ['awaiting_payment', 'paid', 'cart', 'cancelled'],
  // -> delivered straight from paid or checked: an order of digital PDFs only, when its PDFs are
  // made and their links mailed (server/services/digital); the back office never skips a step.
  paid: ['checked', 'delivered', 'cancelled', 'refunded'],
  checked: ['in_production', 'delivered', 'cancelled', 'refunded'],
  in_production: ['shipped', 'cancelled', 'refunded'],
  shipped: ['delivered', 'refunded'],
  delivered: ['refunded'],
  cancelled: [],
  refunded: [],
};

export function canTransition(from: OrderStatusValue, to: OrderStatusValue): boolean {
  return ORDER_TRANSITIONS[from].includes(to);
}

/** The statuses from which `to` can be reached in one move. */
export function sourcesOf(to: OrderStatusValue): OrderStatusValue[] {
  return ORDER_STATUSES.filter((from) => canTransition(from, to));
}

/** The statuses reachable from `from` in any number of moves. */
function reachableFrom(from: OrderStatusValue): Set<OrderStatusValue> {
  const seen = new Set<OrderStatusValue>();
  const queue = [...ORDER_TRANSITIONS[from]];
  for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
    if (seen.has(next)) continue;
    seen.add(next);
    queue.push(...ORDER_TRANSITIONS[next]);
  }
  return seen;
}

/**
 * The moves the back office makes by hand, each from the one status before it (checked,
 * in production, shipped, delivered). No `cancelled`: a paid order is cancelled only by the
 * owner, with its money refunded (POST /api/admin/orders/{orderId}/refunds with scope 'cancel').
 */
export const STAFF_TARGETS = ['checked', 'in_production', 'shipped', 'delivered'] as const;
export type StaffTarget = (typeof STAFF_TARGETS)[number];

function placedSourcesOf(to: OrderStatusValue): OrderStatusValue[] {
  return sourcesOf(to).filter((from) => (PLACED_STATUSES as readonly string[]).includes(from));
}

/**
 * What staff may move an order to, and from where: the paid statuses the table allows it from;
 * `delivered` only after `shipped` (a PDF-only order is delivered by the shop when its links are
 * mailed, not by hand).
 */
export const STAFF_TRANSITIONS: Readonly<Record<StaffTarget, readonly OrderStatusValue[]>> = {
  checked: placedSourcesOf('checked'),
  in_production: placedSourcesOf('in_production'),
  shipped: placedSourcesOf('shipped'),
  delivered: placedSourcesOf('delivered').filter((from) => from === 'shipped'),
};

/**
 * The staff moves an order in `status` can take now (the back office's buttons). An order of
 * digital PDFs only has no production or shipping: staff may only mark it checked.
 */
export function staffMovesFrom(status: OrderStatusValue, digitalOnly = false): StaffTarget[] {
  return STAFF_TARGETS.filter(
    (to) => STAFF_TRANSITIONS[to].includes(status) && (!digitalOnly || to === 'checked'),
  );
}

/**
 * Paid and not shipped yet: the books are still to be printed, so their print files can be made
 * again (and the owner can still cancel with a refund).
 */
export function isPaidNotShipped(status: OrderStatusValue): boolean {
  return (
    (PLACED_STATUSES as readonly string[]).includes(status) &&
    status !== 'shipped' &&
    reachableFrom(status).has('shipped')
  );
}
