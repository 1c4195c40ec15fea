import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { AdminProof, ProofHold } from '#contract/admin-orders.ts';
import { isPaidNotShipped } from '#contract/order-lifecycle.ts';
import { ORDER_STATUSES } from '#contract/order-status.ts';
import type { Db } from '#server/db/client.ts';
import { orderSnapshots, placedOrders, printFiles } from '#server/db/schema/checkout.ts';
import { orders } from '#server/db/schema/shop.ts';
import type { ProofReport } from './print/print-proof.ts';
import { PROOF_KIND } from './stored-print-files.ts';

/** A stored proof row's report. */
export function proofOfRow(bytes: Uint8Array): ProofReport {
  return JSON.parse(Buffer.from(bytes).toString('utf8')) as ProofReport;
}

/** The back office's view of a book's proof (the order page). */
export function adminProof(report: ProofReport, at: Date): AdminProof {
  return {
    ok: report.ok,
    worstPercent: report.worst?.differencePercent ?? 0,
    thresholdPercent: report.thresholdPercent,
    failedPages: report.failedPages.map(({ file, page, shows, differencePercent }) => ({
      file,
      page,
      shows,
      differencePercent,
    })),
    sentences: report.sentences,
    missingSentences: report.missingSentences,
    error: report.error ?? null,
    at: at.toISOString(),
  };
}

/** Failed proofs only: the report's `ok` read in SQL, so passing books' reports are not loaded. */
const failed = sql`convert_from(${printFiles.bytes}, 'UTF8')::jsonb ->> 'ok' = 'false'`;

/**
 * The books held by a failed print proof in orders not yet shipped (the dashboard's list, newest
 * first): their files were never stored, and their orders cannot go to production.
 */
export async function proofHolds(db: Db): Promise<ProofHold[]> {
  const open = ORDER_STATUSES.filter((status) => isPaidNotShipped(status));
  const rows = await db
    .select({
      orderId: printFiles.orderId,
      itemId: printFiles.itemId,
      bytes: printFiles.bytes,
      at: printFiles.createdAt,
      orderNumber: placedOrders.orderNumber,
      items: orderSnapshots.items,
    })
    .from(printFiles)
    .innerJoin(placedOrders, eq(placedOrders.orderId, printFiles.orderId))
    .innerJoin(orders, eq(orders.id, printFiles.orderId))
    .innerJoin(orderSnapshots, eq(orderSnapshots.id, placedOrders.snapshotId))
    .where(and(eq(printFiles.kind, PROOF_KIND), inArray(orders.status, open), failed))
    .orderBy(desc(printFiles.createdAt))
    .limit(50);
  return rows.map((row) => {
    const report = proofOfRow(row.bytes);
    return {
      orderId: row.orderId,
      orderNumber: row.orderNumber,
      itemId: row.itemId,
      childName: row.items.find((item) => item.itemId === row.itemId)?.childName ?? '',
      failedPages: report.failedPages.length,
      worstPercent: report.worst?.differencePercent ?? 0,
      missingSentences: report.missingSentences.length,
      error: report.error ?? null,
      at: row.at.toISOString(),
    };
  });
}

/** The books of one order whose proof failed: while there is one, the order is held. */
export async function heldItems(db: Db, orderId: string): Promise<string[]> {
  const rows = await db
    .select({ itemId: printFiles.itemId })
    .from(printFiles)
    .where(and(eq(printFiles.orderId, orderId), eq(printFiles.kind, PROOF_KIND), failed));
  return rows.map((row) => row.itemId);
}
