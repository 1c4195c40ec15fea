import { sql } from 'drizzle-orm';
import { FIRST_EDITION_SIZE } from '#book/edition.ts';
import type { Tx } from '#server/db/client.ts';

/** SM-2026-00042: the year of payment and a number from a sequence (never reused). */
function formatOrderNumber(year: number, n: number): string {
  return `SM-${year}-${String(n).padStart(5, '0')}`;
}

/** The next order number, inside the paid transition's transaction. */
export async function nextOrderNumber(tx: Tx, at: Date): Promise<string> {
  const result = await tx.execute<{ n: string | number }>(
    sql`select nextval('order_number_seq') as n`,
  );
  const n = Number((result as unknown as { rows: { n: string | number }[] }).rows[0]?.n);
  if (!Number.isInteger(n)) throw new Error('order_number_seq gave no number');
  return formatOrderNumber(at.getUTCFullYear(), n);
}

/**
 * Gives each book the next free first-edition number (1 … FIRST_EDITION_SIZE), once: a free number is claimed
 * with FOR UPDATE SKIP LOCKED, so concurrent payments never take the same one (and a book holds at
 * most one: order_item_id is unique). Called once per order, by the paid transition, with the
 * printed books only (a PDF alone is no copy of the printed edition). A number given back by a
 * book refunded before its files left the shop is free again, and the lowest free one is taken
 * first (refunds/refund-books.ts). Answers itemId -> number for the books that got one.
 */
export async function claimEditionNumbers(
  tx: Tx,
  orderId: string,
  itemIds: readonly string[],
): Promise<Map<string, number>> {
  const numbers = new Map<string, number>();
  for (const itemId of itemIds) {
    const result = await tx.execute<{ number: number }>(sql`
      update first_edition_numbers set order_item_id = ${itemId}, order_id = ${orderId}, assigned_at = now()
      where number = (
        select number from first_edition_numbers
        where order_item_id is null and assigned_at is null and retired_at is null
          and number <= ${FIRST_EDITION_SIZE}
        order by number limit 1
        for update skip locked
      )
      returning number`);
    const claimed = (result as unknown as { rows: { number: number }[] }).rows[0]?.number;
    if (claimed === undefined) break; // the whole first edition is taken
    numbers.set(itemId, Number(claimed));
  }
  return numbers;
}

/** The first-edition numbers of an order's books (a retired one stays with its refunded book). */
export async function editionNumbersOf(
  tx: Tx | { execute: Tx['execute'] },
  orderId: string,
): Promise<Map<string, number>> {
  const result = await tx.execute<{ order_item_id: string; number: number }>(
    sql`select order_item_id, number from first_edition_numbers where order_id = ${orderId} and order_item_id is not null`,
  );
  const rows = (result as unknown as { rows: { order_item_id: string; number: number }[] }).rows;
  return new Map(rows.map((row) => [row.order_item_id, Number(row.number)]));
}
