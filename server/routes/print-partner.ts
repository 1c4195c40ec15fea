import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import type { ApiError } from '#contract/errors.ts';
import { printFiles } from '#server/db/schema/checkout.ts';
import { log, scrub } from '#server/runtime/log.ts';
import {
  onPartnerWebhook,
  type PrintFulfilment,
} from '#server/services/fulfilment/partner/handoff.ts';
import { verifyPrintFileLink } from '#server/services/fulfilment/partner/print-links.ts';
import { PrintPartnerError } from '#server/services/fulfilment/partner/print-partner.ts';
import { PROOF_KIND } from '#server/services/fulfilment/stored-print-files.ts';
import { notFound } from './validate.ts';
import { routeDocs } from './route-docs.ts';

/**
 * The print partner's side of the API (issue #47):
 * POST /api/print-partner/webhook  the partner's notice that a job changed (Lulu's
 *        PRINT_JOB_STATUS_CHANGED, signed in `Lulu-HMAC-SHA256`; the sandbox printer's, in
 *        `X-Sandbox-Printer-Signature`): 401 when the signature is not the partner's, 503 when
 *        the partner cannot be asked (it calls again), else 200. The job is read again from the
 *        partner, never taken from the body.
 * GET  /api/print-files/{id}/{expires}/{signature}/{name}  a stored print file by its signed,
 *        expiring link (what the partner fetches); 404 for anything else.
 */
export function printPartnerRoutes(print: PrintFulfilment) {
  return new Hono()
    .post('/print-partner/webhook', routeDocs['POST /print-partner/webhook'], async (c) => {
      const raw = await c.req.text();
      try {
        const result = await onPartnerWebhook(print, c.req.raw.headers, raw);
        if (result === 'no-partner') return notFound(c, 'No print partner is configured.');
        if (result === 'bad-signature')
          return c.json({ error: 'The signature is not the partner’s.' } satisfies ApiError, 401);
        return c.json({ received: true });
      } catch (error) {
        if (error instanceof PrintPartnerError && error.kind === 'unavailable') {
          log().warn({ reason: scrub(error.message) }, 'The print partner could not be asked');
          return c.json({ error: 'Try again later.' } satisfies ApiError, 503);
        }
        throw error;
      }
    })
    .get(
      '/print-files/:id/:expires/:signature/:name',
      routeDocs['GET /print-files/:id/:expires/:signature/:name'],
      async (c) => {
        const id = verifyPrintFileLink(print.secret, c.req.param(), print.now());
        if (id === null) return notFound(c, 'This link is not valid.');
        const [row] = await print.db
          .select({ bytes: printFiles.bytes, kind: printFiles.kind })
          .from(printFiles)
          .where(eq(printFiles.id, id));
        if (!row || row.kind === PROOF_KIND) return notFound(c, 'This link is not valid.');
        return c.body(new Uint8Array(row.bytes), 200, {
          'Content-Type': 'application/pdf',
          'Cache-Control': 'private, no-store',
        });
      },
    );
}
