import { Hono } from 'hono';
import type { Db } from '../db/client.ts';
import { documentOf } from '../services/invoices/invoice-numbers.ts';
import { renderInvoicePdf, type Seller } from '../services/invoices/invoice-pdf.ts';
import { DocumentParamsSchema } from './admin/refund-routes.ts';
import { notFound, parseParams } from './validate.ts';

/**
 * GET /api/order/{orderId}/documents/{INV-…|CN-…}.pdf: a paid order's invoice or credit note,
 * made from what was frozen when it was issued (the confirmation mail, the status page).
 */
export function invoiceRoutes(db: Db, seller: Seller) {
  return new Hono().get('/order/:orderId/documents/:file', async (c) => {
    const params = parseParams(c, DocumentParamsSchema, 'notFound');
    if (!params.ok) return params.response;
    const number = params.value.file.replace(/\.pdf$/, '');
    const found = await documentOf(db, params.value.orderId, number);
    if (!found) return notFound(c, 'No such invoice or credit note.');
    const pdf = await renderInvoicePdf(found.document, seller, found.correcting);
    return c.body(new Uint8Array(pdf), 200, {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `inline; filename="${number}.pdf"`,
      'Cache-Control': 'private, no-store',
    });
  });
}
