import { Hono } from 'hono';
import {
  PaymentAlertActionSchema,
  PaymentAlertParamsSchema,
  type PaymentAlert,
} from '#contract/admin-orders.ts';
import type { ApiError } from '#contract/errors.ts';
import type { JobRunner } from '#server/platform/jobs/runner.ts';
import { actOnAlert } from '#server/services/refunds/payment-alert-actions.ts';
import type { PaymentDeps } from '#server/services/payment/initiate.ts';
import { notFound, parseJson, parseParams } from '#server/routes/validate.ts';
import { actorOf, requireRole, type AdminEnv } from './admin-auth.ts';
import { adminDocs } from '#server/routes/route-docs.ts';

const REFUSED = {
  'not-allowed': { status: 409, error: 'This action does not settle this alert.' },
  'not-payable': {
    status: 409,
    error: 'The payment provider no longer shows this payment as one to take; nothing was placed.',
  },
  provider: {
    status: 502,
    error:
      'The payment provider cannot be asked just now; nothing was changed. Try again in a moment.',
  },
} as const;

/**
 * The owner's answers to the dashboard's payment alerts: POST /payment-alerts/{id} `{ action }`
 * (server/services/refunds/payment-alert-actions.ts). 200 `{ id, kind, orderNumber? }`; 404 for an
 * alert not open; 409 when the action does not fit it, or the payment no longer stands; 502 when
 * the provider cannot be asked.
 */
export function paymentAlertRoutes(deps: PaymentDeps & { jobs: JobRunner }) {
  return new Hono<AdminEnv>().post(
    '/payment-alerts/:id',
    adminDocs['POST /payment-alerts/:id'],
    requireRole('owner'),
    async (c) => {
      const params = parseParams(c, PaymentAlertParamsSchema, 'notFound');
      if (!params.ok) return params.response;
      const body = await parseJson(c, PaymentAlertActionSchema);
      if (!body.ok) return body.response;
      const result = await actOnAlert(deps, params.value.id, body.value.action, actorOf(c));
      if (!result.ok) {
        if (result.code === 'not-found') return notFound(c, 'This alert is not open.');
        const refused = REFUSED[result.code];
        return c.json(
          {
            error: result.detail ? `${refused.error} (${result.detail})` : refused.error,
            code: result.code,
          } satisfies ApiError & { code: string },
          refused.status,
        );
      }
      deps.jobs.wake(); // a placed order's mails, a refund's credit note and mail
      return c.json({
        id: result.alert.id,
        kind: result.alert.kind as PaymentAlert['kind'],
        ...(result.orderNumber ? { orderNumber: result.orderNumber } : {}),
      });
    },
  );
}
