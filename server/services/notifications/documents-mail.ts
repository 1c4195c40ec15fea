import { asc, eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { invoices } from '#server/db/schema/money.ts';
import { jobs, placedOrders } from '#server/db/schema/checkout.ts';
import { enqueueJob } from '#server/platform/jobs/runner.ts';
import type { DocumentsMailData } from '#server/services/mail/document-mails.ts';
import type { PlacedOrder } from '#server/services/order/placed-order.ts';
import { snapshotLanguage } from '#server/services/order/snapshot.ts';
import { documentLink } from '#server/services/invoices/document-links.ts';

/** The job that mails an order's invoice and credit notes to its e-mail address again. */
export const DOCUMENTS_MAIL_JOB = 'documents_mail';
/** At most one such mail an order in this time (the dedupe key's slot). */
export const DOCUMENTS_MAIL_EVERY_MS = 10 * 60_000;

/**
 * POST /api/order/{orderId}/documents/resend: queues the mail once per order per 10-minute slot
 * (the dedupe key: presses at once or again change nothing), and not at all while the mail of the
 * slot before was asked for less than 10 minutes ago, so a parent gets at most one such mail in
 * 10 minutes. Answers placed: false for an order that is unknown or not paid.
 */
export async function queueDocumentsMail(
  db: Db,
  orderId: string,
  now: Date,
): Promise<{ placed: boolean; queued: boolean }> {
  const [placed] = await db
    .select({ orderId: placedOrders.orderId })
    .from(placedOrders)
    .where(eq(placedOrders.orderId, orderId));
  if (!placed) return { placed: false, queued: false };
  const slot = Math.floor(now.getTime() / DOCUMENTS_MAIL_EVERY_MS);
  const key = (n: number) => `${DOCUMENTS_MAIL_JOB}:${orderId}:${n}`;
  const [before] = await db
    .select({ payload: jobs.payload })
    .from(jobs)
    .where(eq(jobs.dedupeKey, key(slot - 1)));
  const askedAt = before ? Date.parse(String(before.payload.askedAt)) : Number.NaN;
  if (now.getTime() - askedAt < DOCUMENTS_MAIL_EVERY_MS) return { placed: true, queued: false };
  const queued = await enqueueJob(db, {
    kind: DOCUMENTS_MAIL_JOB,
    dedupeKey: key(slot),
    payload: { orderId, askedAt: now.toISOString() },
  });
  return { placed: true, queued };
}

/** The mail's data: the order's documents, each linked with its key; undefined when there is none or no address (anonymised). */
export async function documentsMailData(
  db: Db,
  order: PlacedOrder,
  publicUrl: string,
  secret: string | Buffer,
): Promise<(DocumentsMailData & { to: string }) | undefined> {
  const to = order.snapshot.email;
  if (!to) return undefined;
  const docs = await db
    .select({ kind: invoices.kind, number: invoices.displayNumber })
    .from(invoices)
    .where(eq(invoices.orderId, order.orderId))
    .orderBy(asc(invoices.id));
  if (docs.length === 0) return undefined;
  return {
    to,
    language: snapshotLanguage(order.snapshot),
    orderNumber: order.orderNumber,
    trackingPageUrl: `${publicUrl}/order-status/${order.orderId}`,
    documents: docs.map((doc) => ({
      kind: doc.kind,
      number: doc.number,
      url: documentLink(publicUrl, secret, order.orderId, doc.number),
    })),
  };
}
