// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  ORDER_TRANSITIONS,
  STAFF_TARGETS,
  STAFF_TRANSITIONS,
  canTransition,
  isPaidNotShipped,
  staffMovesFrom,
} from '#contract/order-lifecycle.ts';
import { ORDER_STATUSES } from '#contract/order-status.ts';

describe("the order's life, one table for the server and the back office", () => {
  it('gives the back office one button per step of the paid chain, and none after delivery', () => {
    expect(
      Object.fromEntries(ORDER_STATUSES.map((status) => [status, staffMovesFrom(status)])),
    ).toEqual({
      cart: [],
      awaiting_payment: [],
      payment_failed: [],
      paid: ['checked'],
      checked: ['in_production'],
      in_production: ['shipped'],
      shipped: ['delivered'],
      delivered: [],
      cancelled: [],
      refunded: [],
    });
  });

  it('offers staff only moves the state machine allows, and never a plain cancel', () => {
    for (const to of STAFF_TARGETS) {
      for (const from of STAFF_TRANSITIONS[to]) expect(canTransition(from, to)).toBe(true);
    }
    expect(STAFF_TARGETS).not.toContain('cancelled');
    expect(canTransition('shipped', 'cancelled')).toBe(false);
    expect(ORDER_TRANSITIONS.cancelled).toEqual([]);
    expect(ORDER_TRANSITIONS.refunded).toEqual([]);
  });

  it('lets print files be made again exactly while a paid order is still to ship', () => {
    expect(ORDER_STATUSES.filter(isPaidNotShipped)).toEqual(['paid', 'checked', 'in_production']);
  });
});
