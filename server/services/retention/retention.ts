import { and, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '#server/db/client.ts';
import { digitalEditions } from '#server/db/schema/digital.ts';
import { reviews } from '#server/db/schema/reviews.ts';
import {
  deliveryDetails,
  orderSnapshots,
  placedOrders,
  printFiles,
} from '#server/db/schema/checkout.ts';
import { invoices } from '#server/db/schema/money.ts';
import { contactMessages, orderItems, orders, outboxMail } from '#server/db/schema/shop.ts';
import { log } from '#server/runtime/log.ts';
import { cancelJobsOfOrders, cancelMailJobs } from './erasure-fence.ts';

/**
 * Personal data kept only as long as it is needed (GDPR art. 5(1)(e)). Run once a day by the
 * retention job (schedule.ts), claimed by one instance through the jobs table:
 *
 * - A paid order: its contact details (e-mail, phone, the names and street lines of both
 *   addresses), the names of the child and parents and the dedication (in the order's books and
 *   in every snapshot of it) are anonymised `orderMonths` (24) after the order's last status change,
 *   that is after it was delivered or cancelled (an order that stopped moving before either, say
 *   shipped and never marked delivered, counts from its last step). Its print PDFs and the digital
 *   edition's screen PDFs, which carry the child's name and dedication, are deleted then too, and
 *   its review (name, town, words, the photo). Kept: the order number, dates, status
 *   history, books' formats and characters' looks (asset names, no name), amounts, payments, the
 *   country (and the US/Canadian state) of both addresses: what the books of account, VAT by
 *   country of delivery and the sales figures need, none of it naming a person. Invoices and
 *   credit notes keep their own frozen copy of the buyer's billing name and address, as an
 *   invoice must show them (VAT directive art. 226(5)); their copy of the buyer's e-mail and the
 *   child's name in each book's line are removed.
 * - An unpaid order (cart, awaiting or failed payment, cancelled before payment): no contract, no
 *   accounting record, so it is deleted with everything in it (books with names and dedications,
 *   delivery details, payment attempts) `unpaidMonths` (6) after its last activity. Six months lets
 *   a parent come back to a saved cart and covers a provider's late notices; an unpaid order
 *   whose payment did settle (paid for contents no longer in the cart: a refund is due) is
 *   anonymised instead, so the money stays traceable.
 * - A newsletter address never confirmed, or unsubscribed, is deleted `signupDays` (30) after
 *   its last sign-up (and unsubscription), with its survey answers: a confirmation link is only
 *   useful for days, and nobody needs the address of someone who does not, or no longer, wants mail.
 * - Contact messages are deleted `contactMonths` (12) after they were sent.
 * - Stored mails (outbox_mail: order, newsletter and contact mails with names and messages) are
 *   deleted `mailMonths` (6) after they were written: they are kept only to send and resend them.
 */
export interface RetentionSettings {
  orderMonths: number;
  unpaidMonths: number;
  signupDays: number;
  contactMonths: number;
  mailMonths: number;
}

export const DEFAULT_RETENTION: RetentionSettings = {
  orderMonths: 24,
  unpaidMonths: 6,
  signupDays: 30,
  contactMonths: 12,
  mailMonths: 6,
};

export interface RetentionResult {
  ordersAnonymised: number;
  unpaidOrdersDeleted: number;
  subscribersDeleted: number;
  messagesDeleted: number;
  mailsDeleted: number;
}

/** The same moment `months` calendar months earlier (UTC). */
export function monthsBefore(at: Date, months: number): Date {
  const date = new Date(at.getTime());
  date.setUTCMonth(date.getUTCMonth() - months);
  return date;
}

const DAY_MS = 24 * 60 * 60_000;
/** Orders handled per transaction: a long-closed shop's first run stays in short transactions. */
const BATCH = 50;

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** An address with nobody's name or street in it: the country (and state) stay for VAT and figures. */
function withoutPerson(column: AnyPgColumn): SQL {
  return sql`jsonb_build_object('firstName', '', 'lastName', '', 'address1', '', 'address2', '', 'city', '', 'zip', '', 'phone', '',
    'countryId', ${column}->'countryId', 'province', coalesce(${column}->'province', '""'::jsonb))`;
}

/**
 * A family (jsonb: `{ shape, grownUps: [{ kind, name, call, personalization }] }`, issue #33) with
 * every grown-up's name cleared, in their order; anything else as it was.
 */
function familyWithoutNames(family: SQL): SQL {
  return sql`(case when jsonb_typeof(${family}->'grownUps') = 'array'
    then jsonb_set(${family}, '{grownUps}', coalesce((
      select jsonb_agg(case when jsonb_typeof(g.grown_up) = 'object' then g.grown_up || '{"name": null}'::jsonb else g.grown_up end order by g.ord)
      from jsonb_array_elements(${family}->'grownUps') with ordinality as g(grown_up, ord)), '[]'::jsonb))
    else ${family} end)`;
}

/**
 * Snapshot items without the child's and parents' names (the family's grown-ups' too) and the
 * dedication, in their order.
 */
const ITEMS_WITHOUT_NAMES = sql`coalesce((
  select jsonb_agg(
    case when jsonb_typeof(e.item->'family') = 'object'
      then jsonb_set(e.item, '{family}', ${familyWithoutNames(sql`(e.item->'family')`)})
      else e.item end
    || '{"childName": "", "dadName": null, "mumName": null, "dedication": ""}'::jsonb order by e.ord)
  from jsonb_array_elements(${orderSnapshots.items}) with ordinality as e(item, ord)), '[]'::jsonb)`;

/** An invoice's lines without the child's name (the book's title, format and amounts stay), in their order. */
const LINES_WITHOUT_NAMES = sql`coalesce((
  select jsonb_agg(l.line - 'childName' order by l.ord)
  from jsonb_array_elements(${invoices.lines}) with ordinality as l(line, ord)), '[]'::jsonb)`;

/** The item's family column (JSON text, null for today's mum and dad) without the grown-ups' names. */
const FAMILY_WITHOUT_NAMES = sql`(case when ${orderItems.family} is null then null
  else ${familyWithoutNames(sql`(${orderItems.family}::jsonb)`)}::text end)`;

/**
 * Anonymises orders (see above): answers the ids anonymised now (an order already anonymised is
 * left alone, so running twice changes nothing twice). Run it in the caller's transaction.
 */
export async function anonymiseOrders(
  tx: Db | Tx,
  orderIds: readonly string[],
  at: Date,
): Promise<string[]> {
  if (orderIds.length === 0) return [];
  const marked = await tx
    .update(orders)
    .set({ anonymisedAt: at })
    .where(and(inArray(orders.id, [...orderIds]), isNull(orders.anonymisedAt)))
    .returning({ id: orders.id });
  const ids = marked.map((row) => row.id);
  if (ids.length === 0) return [];
  await tx
    .update(deliveryDetails)
    .set({
      email: '',
      phone: '',
      shippingAddress: withoutPerson(deliveryDetails.shippingAddress),
      billingAddress: withoutPerson(deliveryDetails.billingAddress),
      // A gift's card message (#36) names people too.
      giftMessage: '',
      // The box 'subscribe' no longer asks for anything (its confirmation job is fenced too).
      subscribe: false,
      updatedAt: at,
    })
    .where(inArray(deliveryDetails.orderId, ids));
  await tx
    .update(orderSnapshots)
    .set({
      email: '',
      phone: '',
      shippingAddress: withoutPerson(orderSnapshots.shippingAddress),
      billingAddress: withoutPerson(orderSnapshots.billingAddress),
      giftMessage: '',
      items: ITEMS_WITHOUT_NAMES,
    })
    .where(inArray(orderSnapshots.orderId, ids));
  await tx
    .update(orderItems)
    .set({
      childName: '',
      dadName: null,
      mumName: null,
      family: FAMILY_WITHOUT_NAMES,
      dedication: '',
      updatedAt: at,
    })
    .where(inArray(orderItems.orderId, ids));
  // The back office's search copy held the e-mail and the children's names; a courier's tracking
  // page can show the recipient's name and town.
  await tx
    .update(placedOrders)
    .set({
      search: sql`lower(${placedOrders.orderNumber})`,
      trackingNumber: null,
      trackingUrl: null,
    })
    .where(inArray(placedOrders.orderId, ids));
  await tx.delete(printFiles).where(inArray(printFiles.orderId, ids));
  // The digital edition's screen PDFs (#36) carry the child's name (in the pages and the PDF's
  // Title) and the dedication: deleted with their download counts, so an old link answers 404.
  await tx.delete(digitalEditions).where(inArray(digitalEditions.orderId, ids));
  // A review carries the buyer's first name, town, words and photo: it goes with the rest.
  await tx.delete(reviews).where(inArray(reviews.orderId, ids));
  // The invoice and credit notes stay for the books of account, with what an invoice must show:
  // the number, date, amounts and VAT, the goods (the book's title and format) and the buyer's
  // full name and address (VAT directive 2006/112/EC art. 226(5) and (6), carried into Latvia's
  // VAT law). The buyer's e-mail and the child's name in each book's line are no part of it: they go.
  await tx
    .update(invoices)
    .set({ buyer: sql`${invoices.buyer} || '{"email": ""}'::jsonb`, lines: LINES_WITHOUT_NAMES })
    .where(inArray(invoices.orderId, ids));
  await forgetOrdersWork(tx, ids, at);
  return ids;
}

/**
 * The work queued for these orders is cancelled and their stored mails are deleted, sent or not
 * (issue #44, item 1): a print file, packing slip or mail queued before would otherwise write the
 * person back; a job running now meets the fence when it writes (erasure-fence.ts).
 */
async function forgetOrdersWork(tx: Db | Tx, ids: string[], at: Date): Promise<void> {
  await cancelJobsOfOrders(tx, ids, at);
  const mails = await tx
    .delete(outboxMail)
    .where(inArray(outboxMail.orderId, ids))
    .returning({ id: outboxMail.id });
  await cancelMailJobs(
    tx,
    mails.map((mail) => mail.id),
    at,
  );
}

/**
 * Deletes unpaid orders with everything in them (books, delivery details, payment attempts,
 * snapshots: ON DELETE CASCADE). The books go first: their cart-version trigger (migration 0005)
 * writes to cart_versions, which must still have its order then.
 */
export async function deleteOrders(
  tx: Db | Tx,
  orderIds: readonly string[],
  at: Date = new Date(),
): Promise<string[]> {
  if (orderIds.length === 0) return [];
  await tx.delete(orderItems).where(inArray(orderItems.orderId, [...orderIds]));
  const deleted = await tx
    .delete(orders)
    .where(inArray(orders.id, [...orderIds]))
    .returning({ id: orders.id });
  const ids = deleted.map((row) => row.id);
  await forgetOrdersWork(tx, ids, at);
  return ids;
}

/** A paid order whose last status change is before `cutoff`, not yet anonymised. */
function placedOrderEndedBefore(cutoff: Date): SQL {
  return sql`o.anonymised_at is null and exists (select 1 from placed_orders p where p.order_id = o.id)
    and coalesce((select max(h.created_at) from order_status_history h where h.order_id = o.id),
                 (select p.paid_at from placed_orders p where p.order_id = o.id)) < ${cutoff}`;
}

/** An unpaid order whose last activity (books, delivery details, payment attempts, status) is before `cutoff`. */
function unpaidOrderIdleSince(cutoff: Date): SQL {
  return sql`o.anonymised_at is null and not exists (select 1 from placed_orders p where p.order_id = o.id)
    and greatest(o.created_at,
      (select max(i.updated_at) from order_items i where i.order_id = o.id),
      (select d.updated_at from delivery_details d where d.order_id = o.id),
      (select max(s.created_at) from order_snapshots s where s.order_id = o.id),
      (select max(y.updated_at) from payments y where y.order_id = o.id),
      (select max(h.created_at) from order_status_history h where h.order_id = o.id)) < ${cutoff}`;
}

const MONEY_MOVED = sql`exists (select 1 from payments y where y.order_id = o.id and y.settled_at is not null)`;

/** Applies the retention rules at `now`; answers what it removed (counts only: no personal data). */
export async function runRetention(
  db: Db,
  settings: RetentionSettings,
  now: Date,
): Promise<RetentionResult> {
  const result: RetentionResult = {
    ordersAnonymised: 0,
    unpaidOrdersDeleted: 0,
    subscribersDeleted: 0,
    messagesDeleted: 0,
    mailsDeleted: 0,
  };

  const orderCutoff = monthsBefore(now, settings.orderMonths);
  const unpaidCutoff = monthsBefore(now, settings.unpaidMonths);
  for (;;) {
    const batch = rowsOf<{ id: string }>(
      await db.execute(sql`select o.id from orders o where (${placedOrderEndedBefore(orderCutoff)})
        or (${unpaidOrderIdleSince(unpaidCutoff)} and ${MONEY_MOVED}) limit ${BATCH}`),
    ).map((row) => row.id);
    if (batch.length === 0) break;
    const done = await db.transaction((tx) => anonymiseOrders(tx, batch, now));
    result.ordersAnonymised += done.length;
    if (done.length === 0) break;
  }
  for (;;) {
    const deleted = await db.transaction(async (tx) => {
      // Locked while they are deleted: a parent who comes back meanwhile waits, then finds no cart.
      const batch = rowsOf<{ id: string }>(
        await tx.execute(sql`select o.id from orders o where ${unpaidOrderIdleSince(unpaidCutoff)} and not ${MONEY_MOVED}
          limit ${BATCH} for update skip locked`),
      ).map((row) => row.id);
      return deleteOrders(tx, batch, now);
    });
    result.unpaidOrdersDeleted += deleted.length;
    if (deleted.length < BATCH) break;
  }

  const signupCutoff = new Date(now.getTime() - settings.signupDays * DAY_MS);
  result.subscribersDeleted = rowsOf<{ id: string }>(
    await db.execute(sql`delete from subscribers s
      where ((s.confirmed_at is null and s.created_at < ${signupCutoff}) or s.unsubscribed_at < ${signupCutoff})
        and not exists (select 1 from signups g where g.subscriber_id = s.id and g.created_at >= ${signupCutoff})
      returning s.id`),
  ).length;

  result.messagesDeleted = (
    await db
      .delete(contactMessages)
      .where(lt(contactMessages.createdAt, monthsBefore(now, settings.contactMonths)))
      .returning({ id: contactMessages.id })
  ).length;
  result.mailsDeleted = (
    await db
      .delete(outboxMail)
      .where(lt(outboxMail.createdAt, monthsBefore(now, settings.mailMonths)))
      .returning({ id: outboxMail.id })
  ).length;

  log().info({ retention: result }, 'Retention: personal data past its time removed');
  return result;
}
