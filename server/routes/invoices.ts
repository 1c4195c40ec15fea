import { Hono } from 'hono';
import * as v from 'valibot';
import { OrderIdSchema } from '#contract/orders.ts';
import type { Db } from '#server/db/client.ts';
import type { JobRunner } from '#server/platform/jobs/runner.ts';
import { isDocumentKey } from '#server/services/invoices/document-links.ts';
import { queueDocumentsMail } from '#server/services/notifications/documents-mail.ts';
import { documentOf } from '#server/services/invoices/invoice-numbers.ts';
import { renderInvoicePdf, type Seller } from '#server/services/invoices/invoice-pdf.ts';
import { DocumentParamsSchema } from './admin/refund-routes.ts';
import { notFound, parseJson, parseParams } from './validate.ts';
import { routeDocs } from './route-docs.ts';

const NO_DOCUMENT = 'No such invoice or credit note.';

export interface InvoiceRouteDeps {
  db: Db;
  seller: Seller;
  /** The HMAC key of the documents' links (the server's link secret, PREVIEW_ETAG_SECRET). */
  secret: string | Buffer;
  jobs: JobRunner;
  now: () => Date;
}

/**
 * GET /api/order/{orderId}/documents/{INV-…|CN-…}.pdf?key=…: a paid order's invoice or credit
 * note, made from what was frozen when it was issued. The invoice carries the buyer's name and
 * address, so the order id (the status link) is not enough: the link in the order's mails carries
 * the document's key; without it, or with another, the answer is the same 404 as for no document.
 * POST /api/order/{orderId}/documents/resend (`{}`): mails the documents, with their keys, to the
 * order's e-mail address again; at most one mail an order in 10 minutes; 202 either way.
 */
export function invoiceRoutes({ db, seller, secret, jobs, now }: InvoiceRouteDeps) {
  return new Hono()
    .post(
      '/order/:orderId/documents/resend',
      routeDocs['POST /order/:orderId/documents/resend'],
      async (c) => {
        const orderId = v.safeParse(OrderIdSchema, c.req.param('orderId'));
        if (!orderId.success) return notFound(c, 'Order not found.');
        const body = await parseJson(c, v.strictObject({}));
        if (!body.ok) return body.response;
        const { placed, queued } = await queueDocumentsMail(db, orderId.output, now());
        if (!placed) return notFound(c, 'Order not found.');
        if (queued) jobs.wake();
        return c.json({}, 202);
      },
    )
    .get(
      '/order/:orderId/documents/:file',
      routeDocs['GET /order/:orderId/documents/:file'],
      async (c) => {
        const params = parseParams(c, DocumentParamsSchema, 'notFound');
        if (!params.ok) return params.response;
        const { orderId } = params.value;
        const number = params.value.file.replace(/\.pdf$/, '');
        if (!isDocumentKey(secret, orderId, number, c.req.query('key')))
          return notFound(c, NO_DOCUMENT);
        const found = await documentOf(db, orderId, number);
        if (!found) return notFound(c, NO_DOCUMENT);
        const pdf = await renderInvoicePdf(found.document, seller, found.correcting);
        return c.body(new Uint8Array(pdf), 200, {
          'Content-Type': 'application/pdf',
          'Content-Disposition': `inline; filename="${number}.pdf"`,
          'Cache-Control': 'private, no-store',
          'Referrer-Policy': 'no-referrer',
        });
      },
    );
}
