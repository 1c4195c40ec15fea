import { and, eq, sql } from 'drizzle-orm';
import { COUNTRY } from '#contract/countries.ts';
import type { Db, Tx } from '#server/db/client.ts';
import { orderSnapshots, placedOrders } from '#server/db/schema/checkout.ts';
import {
  invoiceCounters,
  invoices,
  vatRates,
  type InvoiceBuyer,
  type InvoiceLine,
} from '#server/db/schema/money.ts';
import { countries } from '#server/db/schema/shop.ts';
import { invoiceLines, sumLines, type VatRate } from './invoice-lines.ts';

export type InvoiceSeries = 'invoice' | 'credit_note';
export type Invoice = typeof invoices.$inferSelect;

/** Invoices: INV-000001 …; credit notes: CN-000001 … (each its own gapless series). */
const PREFIX: Record<InvoiceSeries, string> = { invoice: 'INV', credit_note: 'CN' };
export const displayNumber = (series: InvoiceSeries, number: number) =>
  `${PREFIX[series]}-${String(number).padStart(6, '0')}`;

/** Latvia's rates: the fallback for a country the reference data has no rate for. */
const LATVIA = COUNTRY.LV;

/**
 * The next number of a series, from its counter row. The row stays locked until the caller's
 * transaction ends, so concurrent payments take numbers one after another, and a transaction that
 * rolls back gives its number back: the series has no gaps.
 */
async function nextNumber(tx: Tx, series: InvoiceSeries): Promise<number> {
  const [row] = await tx
    .update(invoiceCounters)
    .set({ lastNumber: sql`${invoiceCounters.lastNumber} + 1` })
    .where(eq(invoiceCounters.series, series))
    .returning({ number: invoiceCounters.lastNumber });
  if (!row) throw new Error(`invoice series ${series} has no counter row`);
  return row.number;
}

/** The VAT rates of a delivery country (reference data), Latvia's when it has none. */
export async function vatRateOf(db: Db | Tx, countryId: number): Promise<VatRate> {
  const rows = await db
    .select()
    .from(vatRates)
    .where(sql`${vatRates.countryId} in (${countryId}, ${LATVIA})`);
  const row =
    rows.find((r) => r.countryId === countryId) ?? rows.find((r) => r.countryId === LATVIA);
  return { booksBp: row?.booksBp ?? 0, deliveryBp: row?.deliveryBp ?? 0 };
}

/** The paid order's snapshot, number and payment: what an invoice is made from. */
async function paidOrderOf(tx: Db | Tx, orderId: string) {
  const [row] = await tx
    .select({ placed: placedOrders, snapshot: orderSnapshots })
    .from(placedOrders)
    .innerJoin(orderSnapshots, eq(orderSnapshots.id, placedOrders.snapshotId))
    .where(eq(placedOrders.orderId, orderId));
  return row;
}

async function buyerOf(
  tx: Db | Tx,
  snapshot: typeof orderSnapshots.$inferSelect,
): Promise<InvoiceBuyer> {
  const address = snapshot.billingAddress;
  const [country] = await tx
    .select({ name: countries.name, code: countries.code })
    .from(countries)
    .where(eq(countries.id, address.countryId));
  return {
    name: `${address.firstName} ${address.lastName}`.trim(),
    email: snapshot.email,
    address,
    countryName: country?.name ?? String(address.countryId),
    ...(country ? { countryCode: country.code } : {}),
  };
}

/** Writes an invoice or credit note with the next number of its series (in the caller's transaction). */
async function issueDocument(
  tx: Tx,
  series: InvoiceSeries,
  document: {
    orderId: string;
    paid: NonNullable<Awaited<ReturnType<typeof paidOrderOf>>>;
    buyer: InvoiceBuyer;
    lines: InvoiceLine[];
    now: Date;
    refundId?: number;
  },
): Promise<Invoice> {
  const { placed, snapshot } = document.paid;
  const number = await nextNumber(tx, series);
  const [row] = await tx
    .insert(invoices)
    .values({
      orderId: document.orderId,
      kind: series,
      series,
      number,
      displayNumber: displayNumber(series, number),
      ...(document.refundId !== undefined ? { refundId: document.refundId } : {}),
      orderNumber: placed.orderNumber,
      paymentReference: placed.paymentReference,
      language: snapshot.language,
      currencyCode: snapshot.currencyCode,
      buyer: document.buyer,
      lines: document.lines,
      ...sumLines(document.lines),
      issuedAt: document.now,
    })
    .returning();
  if (!row) throw new Error(`the ${series} was not written`);
  return row;
}

/**
 * Issues the paid order's invoice in the paying transaction (settlePayment): the next number of
 * the invoice series, and the lines, VAT and buyer frozen from the snapshot paid for. Once per
 * order: a second call answers the invoice already issued.
 */
export async function issueInvoiceNumber(tx: Tx, orderId: string, now: Date): Promise<Invoice> {
  const [existing] = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.orderId, orderId), eq(invoices.kind, 'invoice')));
  if (existing) return existing;
  const paid = await paidOrderOf(tx, orderId);
  if (!paid) throw new Error(`order ${orderId.slice(0, 6)}… is not placed: no invoice`);
  const { snapshot } = paid;
  const lines = invoiceLines(snapshot, await vatRateOf(tx, snapshot.countryId));
  const buyer = await buyerOf(tx, snapshot);
  return issueDocument(tx, 'invoice', { orderId, paid, buyer, lines, now });
}

/**
 * The lines a refund returns, as invoiced: the refunded books' lines and, with `delivery`, the
 * delivery line. An order paid before invoices existed gets them from its snapshot.
 */
export async function refundLines(
  db: Db | Tx,
  orderId: string,
  itemIds: readonly string[],
  delivery: boolean,
): Promise<InvoiceLine[] | undefined> {
  const [invoice] = await db
    .select({ lines: invoices.lines })
    .from(invoices)
    .where(and(eq(invoices.orderId, orderId), eq(invoices.kind, 'invoice')));
  let lines = invoice?.lines;
  if (!lines) {
    const paid = await paidOrderOf(db, orderId);
    if (!paid) return undefined;
    lines = invoiceLines(paid.snapshot, await vatRateOf(db, paid.snapshot.countryId));
  }
  return lines.filter((line) =>
    line.kind === 'book' ? itemIds.includes(line.itemId ?? '') : delivery,
  );
}

/** Issues the credit note of a refund that succeeded, in the transaction that records it: its own gapless series. */
export async function issueCreditNote(
  tx: Tx,
  refund: { id: number; orderId: string; itemIds: string[]; delivery: boolean },
  now: Date,
): Promise<Invoice> {
  const [existing] = await tx.select().from(invoices).where(eq(invoices.refundId, refund.id));
  if (existing) return existing;
  const paid = await paidOrderOf(tx, refund.orderId);
  if (!paid) throw new Error(`order ${refund.orderId.slice(0, 6)}… is not placed: no credit note`);
  const { snapshot } = paid;
  const lines = (await refundLines(tx, refund.orderId, refund.itemIds, refund.delivery)) ?? [];
  const [invoice] = await tx
    .select({ buyer: invoices.buyer })
    .from(invoices)
    .where(and(eq(invoices.orderId, refund.orderId), eq(invoices.kind, 'invoice')));
  const buyer = invoice?.buyer ?? (await buyerOf(tx, snapshot));
  return issueDocument(tx, 'credit_note', {
    orderId: refund.orderId,
    paid,
    buyer,
    lines,
    now,
    refundId: refund.id,
  });
}

/** An order's invoice and credit notes, oldest first. */
export async function documentsOf(db: Db | Tx, orderId: string): Promise<Invoice[]> {
  return db.select().from(invoices).where(eq(invoices.orderId, orderId)).orderBy(invoices.id);
}

/** One document of an order by its number, with the invoice a credit note corrects. */
export async function documentOf(
  db: Db,
  orderId: string,
  number: string,
): Promise<{ document: Invoice; correcting: string | null } | undefined> {
  const docs = await documentsOf(db, orderId);
  const document = docs.find((doc) => doc.displayNumber === number);
  if (!document) return undefined;
  return {
    document,
    correcting:
      document.kind === 'credit_note'
        ? (docs.find((doc) => doc.kind === 'invoice')?.displayNumber ?? null)
        : null,
  };
}
