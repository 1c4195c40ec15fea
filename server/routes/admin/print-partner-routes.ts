import { Hono } from 'hono';
import { AdminOrderParamsSchema } from '#contract/admin-orders.ts';
import type { ApiError } from '#contract/errors.ts';
import type { AdminPrintStatus } from '#contract/fulfilment.ts';
import { recordAudit } from '#server/services/audit/audit-log.ts';
import { currentStatus } from '#server/services/order/order-moves.ts';
import { placedOrder } from '#server/services/order/placed-order.ts';
import {
  cancelAtPartner,
  handoffActions,
  handoffOf,
  partnerNameOf,
  printHoldUntil,
  retryHandoff,
  type PrintFulfilment,
} from '#server/services/fulfilment/partner/handoff.ts';
import { PrintPartnerError } from '#server/services/fulfilment/partner/print-partner.ts';
import { adminDocs } from '#server/routes/route-docs.ts';
import { notFound, parseParams } from '#server/routes/validate.ts';
import { actorOf, requireRole, type AdminEnv } from './admin-auth.ts';

/** The back office's view of an order's hand-off to the print partner (issue #47). */
export async function adminPrintStatus(
  print: PrintFulfilment,
  orderId: string,
): Promise<AdminPrintStatus | undefined> {
  const order = await placedOrder(print.db, orderId);
  if (!order) return undefined;
  const handoff = await handoffOf(print.db, orderId);
  return {
    partner: partnerNameOf(print.partner),
    holdUntil: printHoldUntil(order.paidAt, print.holdMs).toISOString(),
    handoff: handoff
      ? {
          partner: handoff.partner as 'sandbox' | 'lulu',
          state: handoff.state as NonNullable<AdminPrintStatus['handoff']>['state'],
          partnerReference: handoff.partnerReference,
          partnerStatus: handoff.partnerStatus,
          lastError: handoff.lastError,
          trackingNumber: handoff.trackingNumber,
          trackingUrl: handoff.trackingUrl,
          attempts: handoff.attempts,
          acknowledgedAt: handoff.acknowledgedAt?.toISOString() ?? null,
          updatedAt: handoff.updatedAt.toISOString(),
          ...handoffActions(handoff, order.status),
        }
      : null,
  };
}

/**
 * GET  /api/admin/orders/{orderId}/print-partner         -> 200 AdminPrintStatus | 404
 * POST /api/admin/orders/{orderId}/print-partner/retry   -> 202 (owner) | 404 | 409
 * POST /api/admin/orders/{orderId}/print-partner/cancel  -> 200 (owner) | 404 | 409 | 502
 */
export function printPartnerAdminRoutes(print: PrintFulfilment, now: () => Date) {
  return new Hono<AdminEnv>()
    .get(
      '/orders/:orderId/print-partner',
      adminDocs['GET /orders/:orderId/print-partner'],
      async (c) => {
        const params = parseParams(c, AdminOrderParamsSchema, 'notFound');
        if (!params.ok) return params.response;
        const status = await adminPrintStatus(print, params.value.orderId);
        return status ? c.json(status) : notFound(c, 'Order not found.');
      },
    )
    .post(
      '/orders/:orderId/print-partner/retry',
      adminDocs['POST /orders/:orderId/print-partner/retry'],
      requireRole('owner'),
      async (c) => {
        const params = parseParams(c, AdminOrderParamsSchema, 'notFound');
        if (!params.ok) return params.response;
        const { orderId } = params.value;
        const result = await retryHandoff(print, orderId);
        if (result === 'not-found') return notFound(c, 'This order has not been handed on.');
        if (result === 'not-allowed')
          return c.json(
            {
              error:
                'Only a failed or cancelled hand-off of an order not yet shipped can be handed on again.',
            } satisfies ApiError,
            409,
          );
        await recordAudit(
          print.db,
          actorOf(c),
          { action: 'order.printPartner.retry', targetType: 'order', targetId: orderId },
          now(),
        );
        return c.json(await adminPrintStatus(print, orderId), 202);
      },
    )
    .post(
      '/orders/:orderId/print-partner/cancel',
      adminDocs['POST /orders/:orderId/print-partner/cancel'],
      requireRole('owner'),
      async (c) => {
        const params = parseParams(c, AdminOrderParamsSchema, 'notFound');
        if (!params.ok) return params.response;
        const { orderId } = params.value;
        const handoff = await handoffOf(print.db, orderId);
        if (!handoff || (await currentStatus(print.db, orderId)) === null)
          return notFound(c, 'This order has not been handed on.');
        if (!handoffActions(handoff, 'paid').canCancel)
          return c.json(
            {
              error: 'Only a job the partner has not started printing can be cancelled.',
            } satisfies ApiError,
            409,
          );
        let cancelled: boolean;
        try {
          cancelled = await cancelAtPartner(print, orderId);
        } catch (error) {
          if (error instanceof PrintPartnerError && error.kind === 'unavailable')
            return c.json(
              { error: 'The print partner cannot be asked now.' } satisfies ApiError,
              502,
            );
          throw error;
        }
        await recordAudit(
          print.db,
          actorOf(c),
          {
            action: 'order.printPartner.cancel',
            targetType: 'order',
            targetId: orderId,
            after: { cancelled },
          },
          now(),
        );
        const status = await adminPrintStatus(print, orderId);
        if (!cancelled)
          return c.json(
            {
              error: 'The partner is already printing these books: they could not be cancelled.',
              ...status,
            },
            409,
          );
        return c.json(status);
      },
    );
}
