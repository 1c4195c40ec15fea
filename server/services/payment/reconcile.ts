import { and, asc, eq, gt, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { payments } from '#server/db/schema/checkout.ts';
import { log, scrub } from '#server/runtime/log.ts';
import type { PaymentDeps } from './initiate.ts';
import { SETTLED_STATUSES } from './settle.ts';
import { readLaterState, verifyPayment } from './verify.ts';

export const RECONCILE_OPEN_JOB = 'reconcile-payments';
export const RECONCILE_PAID_JOB = 'reconcile-paid-payments';
/** Open payments are asked about every minute (and at each start). */
export const RECONCILE_OPEN_EVERY_MS = 60_000;
/** Paid ones (later refunds, voids, chargebacks) every six hours. */
export const RECONCILE_PAID_EVERY_MS = 6 * 3_600_000;

const DAY = 86_400_000;
/** Open payments older than this are left alone (every provider's link has expired by then). */
const OPEN_FOR_MS = 7 * DAY;
/** A payment younger than this is asked every run; an older one at most every quarter hour. */
const FRESH_MS = 3_600_000;
const OLD_EVERY_MS = 15 * 60_000;
/** Paid payments are read again for this long (chargebacks come within about 120 days). */
const PAID_FOR_MS = 120 * DAY;
const BATCH = 200;

/**
 * Payments still open (status initiated, or a PayPal payment waiting for review) asked about at
 * the provider, as the parent's return would: one settled while the shop was down becomes a paid
 * order, with its mail and print files; a capture left to the provider's nightly run is followed
 * until it settles (up to the longest capture delay, 7 days, and a day more).
 */
export async function reconcileOpenPayments(
  deps: PaymentDeps,
): Promise<{ checked: number; paid: number }> {
  const now = deps.now();
  const open = await deps.db
    .select({ reference: payments.reference, providerReference: payments.providerReference })
    .from(payments)
    .where(
      and(
        inArray(payments.status, ['initiated', 'review']),
        isNotNull(payments.providerReference),
        or(
          gt(payments.createdAt, new Date(now.getTime() - OPEN_FOR_MS)),
          and(
            isNotNull(payments.captureRequestedAt),
            gt(payments.createdAt, new Date(now.getTime() - OPEN_FOR_MS - DAY)),
          ),
        ),
        or(
          gt(payments.createdAt, new Date(now.getTime() - FRESH_MS)),
          isNull(payments.checkedAt),
          lt(payments.checkedAt, new Date(now.getTime() - OLD_EVERY_MS)),
        ),
      ),
    )
    .orderBy(asc(payments.createdAt))
    .limit(BATCH);
  let paid = 0;
  for (const payment of open) {
    await deps.db
      .update(payments)
      .set({ checkedAt: now })
      .where(eq(payments.reference, payment.reference));
    try {
      const result = await verifyPayment(deps, payment.providerReference!, 'system');
      if (result.ok && result.paidNow) paid += 1;
    } catch (error) {
      log().error(
        { payment: payment.reference.slice(0, 8), reason: scrub(String(error)) },
        'reconciling a payment failed',
      );
    }
  }
  if (paid > 0) log().info({ checked: open.length, paid }, 'reconciliation found paid payments');
  return { checked: open.length, paid };
}

/** Settled payments of the last 120 days read again, least recently read first: later refunds, voids, chargebacks. */
export async function reconcilePaidPayments(deps: PaymentDeps): Promise<{ checked: number }> {
  const now = deps.now();
  const rows = await deps.db
    .select()
    .from(payments)
    .where(
      and(
        inArray(payments.status, [...SETTLED_STATUSES]),
        gt(payments.settledAt, new Date(now.getTime() - PAID_FOR_MS)),
        or(isNull(payments.laterOutcome), sql`${payments.laterOutcome} <> 'chargebacked'`),
      ),
    )
    .orderBy(sql`${payments.checkedAt} asc nulls first`)
    .limit(BATCH * 5);
  for (const payment of rows) {
    await deps.db
      .update(payments)
      .set({ checkedAt: now })
      .where(eq(payments.reference, payment.reference));
    await readLaterState(deps, payment);
  }
  return { checked: rows.length };
}
