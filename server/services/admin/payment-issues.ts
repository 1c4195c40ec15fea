import { desc, eq, isNotNull, or, sql } from 'drizzle-orm';
import type { PaymentAlertKind, PaymentIssues } from '#contract/admin-orders.ts';
import type { CurrencyCode } from '#contract/markets.ts';
import type { Db } from '#server/db/client.ts';
import { payments, placedOrders } from '#server/db/schema/checkout.ts';
import { ACTIONS_OF } from '#server/services/refunds/payment-alert-actions.ts';
import { openAlerts } from '#server/services/payment/alerts.ts';

/**
 * The dashboard's payment issues: the open alerts with what the owner can answer to each (a
 * PayPal payment to review, a bank transfer to make, a capture refused, the shop's own status
 * read refused, a refund reverted …), automatic refunds of second payments (queued, refunded,
 * failed: a failed one the owner must refund by hand), paid answers that did not match their
 * payment, and paid payments the provider later reports refunded, voided or chargebacked; the
 * latest 10 of them listed.
 */
export async function paymentIssues(db: Db): Promise<PaymentIssues> {
  const [counts] = await db
    .select({
      refundsQueued:
        sql<number>`count(*) filter (where ${payments.refundStatus} = 'queued')`.mapWith(Number),
      refundsDone:
        sql<number>`count(*) filter (where ${payments.refundStatus} = 'refunded')`.mapWith(Number),
      refundsFailed:
        sql<number>`count(*) filter (where ${payments.refundStatus} = 'failed')`.mapWith(Number),
      mismatches: sql<number>`count(*) filter (where ${payments.status} = 'mismatch')`.mapWith(
        Number,
      ),
      chargebacks:
        sql<number>`count(*) filter (where ${payments.laterOutcome} = 'chargebacked')`.mapWith(
          Number,
        ),
    })
    .from(payments)
    .where(
      or(
        isNotNull(payments.refundStatus),
        eq(payments.status, 'mismatch'),
        isNotNull(payments.laterOutcome),
      ),
    );
  const recent = await db
    .select({
      reference: payments.reference,
      orderId: payments.orderId,
      orderNumber: placedOrders.orderNumber,
      status: payments.status,
      refundStatus: payments.refundStatus,
      laterOutcome: payments.laterOutcome,
      amountMinor: payments.amountMinor,
      currencyCode: payments.currencyCode,
      updatedAt: payments.updatedAt,
    })
    .from(payments)
    .leftJoin(placedOrders, eq(placedOrders.orderId, payments.orderId))
    .where(
      or(
        isNotNull(payments.refundStatus),
        eq(payments.status, 'mismatch'),
        isNotNull(payments.laterOutcome),
      ),
    )
    .orderBy(desc(payments.updatedAt))
    .limit(10);
  const alerts = await openAlerts(db);
  return {
    alerts: alerts.map((row) => ({
      id: row.id,
      kind: row.kind as PaymentAlertKind,
      reference: row.paymentReference?.slice(0, 8) ?? null,
      orderId: row.orderId,
      orderNumber: row.orderNumber,
      amountMinor: row.amountMinor,
      currencyCode: row.currencyCode as CurrencyCode | null,
      detail: row.detail,
      at: row.createdAt.toISOString(),
      actions: [...(ACTIONS_OF[row.kind as PaymentAlertKind] ?? ['dismiss'])],
    })),
    automaticRefunds: {
      queued: counts?.refundsQueued ?? 0,
      refunded: counts?.refundsDone ?? 0,
      failed: counts?.refundsFailed ?? 0,
    },
    mismatches: counts?.mismatches ?? 0,
    chargebacks: counts?.chargebacks ?? 0,
    recent: recent.map((row) => ({
      reference: row.reference.slice(0, 8),
      orderId: row.orderId,
      orderNumber: row.orderNumber,
      kind:
        row.status === 'mismatch'
          ? 'mismatch'
          : row.refundStatus === 'failed'
            ? 'refund_failed'
            : row.refundStatus === 'queued'
              ? 'refund_queued'
              : row.refundStatus === 'refunded'
                ? 'refunded'
                : (row.laterOutcome as 'refunded' | 'voided' | 'chargebacked'),
      amountMinor: row.amountMinor,
      currencyCode: row.currencyCode as CurrencyCode,
      at: row.updatedAt.toISOString(),
    })),
  };
}
