import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import { AdminOrderParamsSchema } from '#contract/admin-orders.ts';
import {
  RefundRequestSchema,
  type AdminRefund,
  type AdminRefundPreview,
} from '#contract/admin-refunds.ts';
import type { CurrencyCode } from '#contract/markets.ts';
import type { ApiError } from '#contract/errors.ts';
import type { Db } from '#server/db/client.ts';
import { recordAudit } from '#server/services/audit/audit-log.ts';
import { documentOf } from '#server/services/invoices/invoice-numbers.ts';
import { renderInvoicePdf, type Seller } from '#server/services/invoices/invoice-pdf.ts';
import type { JobRunner } from '#server/platform/jobs/runner.ts';
import type { PaymentProvider } from '#server/services/payment/provider.ts';
import { adminRefund } from '#server/services/order/refund-views.ts';
import { previewRefund } from '#server/services/refunds/refund-plan.ts';
import { refundOrder, type RefundFailure } from '#server/services/refunds/refunds.ts';
import { notFound, parseJson, parseParams } from '#server/routes/validate.ts';
import { actorOf, requireRole, type AdminEnv } from './admin-auth.ts';
import { adminDocs } from '#server/routes/route-docs.ts';

export const DocumentParamsSchema = v.object({
  orderId: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{16,64}$/)),
  file: v.pipe(v.string(), v.regex(/^(?:INV|CN)-\d{6,9}\.pdf$/)),
});

const CONFLICT: Record<Exclude<RefundFailure['code'], 'not-found' | 'unknown-items'>, string> = {
  'not-refundable': 'This order cannot be refunded now.',
  'cannot-cancel': 'A shipped order cannot be cancelled: refund its books instead.',
  'already-refunded': 'A book chosen is already refunded (or being refunded).',
  'nothing-to-refund': 'Nothing of this order is left to refund.',
  'exceeds-payment': 'The refund would be more than was paid.',
  'key-reused': 'This request key was used for another order.',
};

/** The answer to a refund (or its preview) that cannot be made: 404, 400 or 409. */
function refused(c: Context, result: RefundFailure) {
  if (result.code === 'not-found') return notFound(c, 'Order not found.');
  if (result.code === 'unknown-items')
    return c.json(
      {
        error: 'These books are not in the order.',
        fields: { itemIds: ['These books are not in the order.'] },
      } satisfies ApiError,
      400,
    );
  return c.json(
    { error: CONFLICT[result.code], code: result.code } satisfies ApiError & { code: string },
    409,
  );
}

/**
 * Refunds (the owner only) and the order's documents (every signed-in staff member):
 * POST /orders/{orderId}/refunds, POST /orders/{orderId}/refunds/preview (what it would pay
 * back, nothing moved), GET /orders/{orderId}/documents/{INV-…|CN-…}.pdf
 */
export function refundRoutes(
  deps: { db: Db; jobs: JobRunner; provider: PaymentProvider; seller: Seller },
  now: () => Date,
) {
  const { db } = deps;
  return new Hono<AdminEnv>()
    .post(
      '/orders/:orderId/refunds',
      adminDocs['POST /orders/:orderId/refunds'],
      requireRole('owner'),
      async (c) => {
        const params = parseParams(c, AdminOrderParamsSchema, 'notFound');
        if (!params.ok) return params.response;
        const body = await parseJson(c, RefundRequestSchema);
        if (!body.ok) return body.response;
        const result = await refundOrder(deps, actorOf(c), params.value.orderId, body.value, now);
        if (!result.ok) return refused(c, result);
        const refund: AdminRefund = adminRefund(result.refund, null);
        if (refund.status === 'failed') {
          return c.json(
            {
              error: 'The payment provider did not refund; nothing was changed.',
              code: 'provider_failed',
              refund,
            } satisfies ApiError & { code: string; refund: AdminRefund },
            502,
          );
        }
        // 202: asked, its answer lost; checked against the payment within minutes (still pending).
        if (refund.status === 'pending' && !result.repeated) return c.json(refund, 202);
        return c.json(refund, result.repeated ? 200 : 201);
      },
    )
    .post(
      '/orders/:orderId/refunds/preview',
      adminDocs['POST /orders/:orderId/refunds/preview'],
      requireRole('owner'),
      async (c) => {
        const params = parseParams(c, AdminOrderParamsSchema, 'notFound');
        if (!params.ok) return params.response;
        const body = await parseJson(c, RefundRequestSchema);
        if (!body.ok) return body.response;
        const plan = await previewRefund(db, params.value.orderId, body.value);
        if (!plan.ok) return refused(c, plan);
        return c.json({
          amountMinor: plan.amountMinor,
          currencyCode: plan.currencyCode as CurrencyCode,
          itemIds: plan.itemIds,
          delivery: plan.delivery,
          cancel: plan.cancel,
          lines: plan.lines.map((line) => ({ itemId: line.itemId, amountMinor: line.grossMinor })),
          handedOn: plan.handedOn,
        } satisfies AdminRefundPreview);
      },
    )
    .get(
      '/orders/:orderId/documents/:file',
      adminDocs['GET /orders/:orderId/documents/:file'],
      async (c) => {
        const params = parseParams(c, DocumentParamsSchema, 'notFound');
        if (!params.ok) return params.response;
        const number = params.value.file.replace(/\.pdf$/, '');
        const found = await documentOf(db, params.value.orderId, number);
        if (!found) return notFound(c, 'No such invoice or credit note.');
        await recordAudit(
          db,
          actorOf(c),
          {
            action: 'order.document',
            targetType: 'order',
            targetId: params.value.orderId,
            after: { document: number },
          },
          now(),
        );
        const pdf = await renderInvoicePdf(found.document, deps.seller, found.correcting);
        return c.body(new Uint8Array(pdf), 200, {
          'Content-Type': 'application/pdf',
          'Content-Disposition': `attachment; filename="${number}.pdf"`,
          'Cache-Control': 'private, no-store',
        });
      },
    );
}
