import type { Db } from '#server/db/client.ts';
import type { JobHandler } from '#server/platform/jobs/runner.ts';
import { placedOrder } from '#server/services/order/placed-order.ts';
import { PRINT_FILES_JOB } from '#server/services/payment/settle.ts';
import type { ScreenRenderer } from '#server/services/fulfilment/digital/digital-editions.ts';
import { makeParcelFiles, PARCEL_FILES_JOB } from '#server/services/fulfilment/parcel-files.ts';
import { and, eq } from 'drizzle-orm';
import { printFiles } from '#server/db/schema/checkout.ts';
import type { Mailer } from '#server/platform/mail/mailer.ts';
import { proofFailedMail } from '#server/services/mail/staff-mails.ts';
import { proofOfRow } from '#server/services/fulfilment/proof-holds.ts';
import {
  makePrintFiles,
  PROOF_ALERT_JOB,
  PROOF_KIND,
  type PrintRenderer,
} from '#server/services/fulfilment/stored-print-files.ts';
import { isErased } from '#server/services/retention/erasure-fence.ts';

/** Where a failed print proof is reported: the shop's mailbox (SHOP_EMAIL) and the back office. */
export interface ProofAlerts {
  mailer: Mailer;
  shopEmail?: string;
  publicUrl: string;
}

/**
 * The print files of a paid book (and its screen PDF when it has one), and the shop's alert when
 * a book's files failed their proof, and the parcel's files again after a refund: jobs of the runner (registered in server/shop-jobs.ts).
 */
export function printJobHandlers(
  db: Db,
  render: PrintRenderer,
  screen?: ScreenRenderer,
  alerts?: ProofAlerts,
  /** After a book's files are made: the order's hand-off to the print partner (partner/handoff.ts). */
  handOff?: (order: { orderId: string; paidAt: Date }) => Promise<void>,
): Record<string, JobHandler> {
  return {
    [PROOF_ALERT_JOB]: async (payload) => {
      if (!alerts?.shopEmail) return;
      const orderId = String(payload.orderId);
      const itemId = String(payload.itemId);
      const order = await placedOrder(db, orderId);
      const [row] = await db
        .select({ bytes: printFiles.bytes })
        .from(printFiles)
        .where(and(eq(printFiles.itemId, itemId), eq(printFiles.kind, PROOF_KIND)));
      if (!order || !row) return;
      const proof = proofOfRow(row.bytes);
      // Made again and passed meanwhile: nothing to say.
      if (proof.ok) return;
      const item = order.snapshot.items.find((candidate) => candidate.itemId === itemId);
      await alerts.mailer.send({
        to: alerts.shopEmail,
        ...proofFailedMail({
          orderNumber: order.orderNumber,
          childName: item?.childName ?? '',
          failedPages: proof.failedPages,
          thresholdPercent: proof.thresholdPercent,
          missingSentences: proof.missingSentences,
          error: proof.error ?? null,
          adminUrl: `${alerts.publicUrl}/admin/orders/${orderId}`,
        }),
      });
    },
    [PRINT_FILES_JOB]: async (payload) => {
      // An order erased since it was queued gets no files (its writes are fenced besides).
      if (await isErased(db, String(payload.orderId))) return;
      const order = await placedOrder(db, String(payload.orderId));
      if (!order) throw new Error('the order of this job is not placed');
      await makePrintFiles(db, order, String(payload.itemId), render, screen);
      // The parcel's packing slip and a gift's card (#36), made with the first book's files.
      await makeParcelFiles(db, order);
      await handOff?.(order);
    },
    // After a refund: the parcel's files again, of the books kept (refunds/refund-books.ts).
    [PARCEL_FILES_JOB]: async (payload) => {
      const order = await placedOrder(db, String(payload.orderId));
      if (!order) throw new Error('the order of this job is not placed');
      await makeParcelFiles(db, order);
    },
  };
}
