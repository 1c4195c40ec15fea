import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type {
  AdminProof,
  AdminAddress,
  AdminOrderDetail,
  AdminOrderItem,
  AdminOrderList,
  AdminOrderRow,
} from '#contract/admin-orders.ts';
import { giftArrivalPlan } from '#server/services/gift/gift-arrival.ts';
import { parcelItemId } from '#server/services/fulfilment/parcel-files.ts';
import {
  ORDER_PAGE_SIZE,
  isParcelFileKind,
  isPrintFileKind,
  type ParcelFileKind,
  type PrintFileKind,
} from '#contract/admin-orders.ts';
import { isPaidNotShipped, staffMovesFrom } from '#contract/order-lifecycle.ts';
import type { FamilyAnswer } from '#contract/family.ts';
import type { CurrencyCode, Language } from '#contract/markets.ts';
import type { OrderStatusValue, PLACED_STATUSES } from '#contract/order-status.ts';
import type { Db } from '#server/db/client.ts';
import { staff } from '#server/db/schema/staff.ts';
import {
  firstEditionNumbers,
  orderSnapshots,
  payments,
  placedOrders,
  printFiles,
  type StoredAddress,
} from '#server/db/schema/checkout.ts';
import { refunds } from '#server/db/schema/money.ts';
import { countries, orders } from '#server/db/schema/shop.ts';
import { isDigitalOnly } from '#server/services/fulfilment/digital/digital-editions.ts';
import { familyOfRow } from '#server/services/catalogue/family-check.ts';
import { isOrderStatus, statusHistory } from '#server/services/order/order-moves.ts';
import { orderMoney } from '#server/services/order/refund-views.ts';
import { PROOF_KIND } from '#server/services/fulfilment/stored-print-files.ts';
import { adminProof, proofOfRow } from '#server/services/fulfilment/proof-holds.ts';
import { keptOf, returnedFrom, succeededRefunds } from '#server/services/order/returned-books.ts';

/** `%text%` for ILIKE, with the pattern characters of the search taken literally. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Paid orders (those with a placed_orders row), newest first; filtered by status and searched by
 * order number, e-mail or a child's name in the snapshot paid for (case-insensitive, part of it).
 * The page and the count read placed_orders alone: its `status` and `search` columns are copies
 * kept by triggers (migration 0008), indexed for the status filter and the newest-first order.
 */
export async function listOrders(
  db: Db,
  query: {
    status?: (typeof PLACED_STATUSES)[number] | undefined;
    q?: string | undefined;
    page: number;
  },
): Promise<AdminOrderList> {
  const filters: SQL[] = [];
  if (query.status) filters.push(eq(placedOrders.status, query.status));
  const q = query.q?.trim();
  // lower() on both sides in the database, so the search column and the text agree on case.
  if (q) filters.push(sql`${placedOrders.search} like lower(${likePattern(q)})`);
  const where = filters.length ? and(...filters) : undefined;
  // The page's 50 ids first, by the index (no JSON carried through the sort), then those 50 orders
  // with their snapshots: two plain queries, whose plans need no statistics (PGlite has no
  // autovacuum to gather them).
  const [page, [total]] = await Promise.all([
    db
      .select({
        orderId: placedOrders.orderId,
        orderNumber: placedOrders.orderNumber,
        paidAt: placedOrders.paidAt,
        status: placedOrders.status,
        snapshotId: placedOrders.snapshotId,
      })
      .from(placedOrders)
      .where(where)
      .orderBy(desc(placedOrders.paidAt), desc(placedOrders.orderId))
      .limit(ORDER_PAGE_SIZE)
      .offset((query.page - 1) * ORDER_PAGE_SIZE),
    db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(placedOrders)
      .where(where),
  ]);
  // Their snapshots by primary key alone (no join for a planner without statistics to misjudge).
  const snapshots = page.length
    ? await db
        .select({
          id: orderSnapshots.id,
          email: orderSnapshots.email,
          childNames: sql<
            string[]
          >`(select coalesce(jsonb_agg(item->'childName'), '[]'::jsonb) from jsonb_array_elements(${orderSnapshots.items}) as item)`,
          totalMinor: orderSnapshots.totalMinor,
          currencyCode: orderSnapshots.currencyCode,
          isGift: orderSnapshots.isGift,
          giftArriveBy: orderSnapshots.giftArriveBy,
          deliveryDays: orderSnapshots.deliveryDays,
          coverTypes: sql<
            string[]
          >`(select coalesce(jsonb_agg(item->'coverType'), '[]'::jsonb) from jsonb_array_elements(${orderSnapshots.items}) as item)`,
        })
        .from(orderSnapshots)
        .where(
          inArray(
            orderSnapshots.id,
            page.map((row) => row.snapshotId),
          ),
        )
    : [];
  const byId = new Map(snapshots.map((row) => [row.id, row]));
  const rows = page.flatMap((row) => {
    const snapshot = byId.get(row.snapshotId);
    return snapshot ? [{ ...row, ...snapshot }] : [];
  });
  return {
    rows: rows.map((row): AdminOrderRow => ({
      orderId: row.orderId,
      orderNumber: row.orderNumber,
      status: row.status as OrderStatusValue,
      paidAt: row.paidAt.toISOString(),
      email: row.email,
      childNames: row.childNames,
      books: row.childNames.length,
      totalMinor: row.totalMinor,
      currencyCode: row.currencyCode as CurrencyCode,
      dispatchOn: isPaidNotShipped(row.status as OrderStatusValue)
        ? (giftArrivalPlan({
            ...row,
            items: row.coverTypes.map((coverType) => ({ coverType })),
          })?.dispatchOn ?? null)
        : null,
    })),
    page: query.page,
    pageSize: ORDER_PAGE_SIZE,
    total: total?.n ?? 0,
  };
}

const parseJson = (text: string): Record<string, unknown> => {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
};

/** 'staff:<id>' in the status history as the staff member's address; other actors as they are. */
async function actorNames(db: Db, actors: string[]): Promise<Map<string, string>> {
  const ids = [
    ...new Set(
      actors
        .map((a) => /^staff:(\d+)$/.exec(a)?.[1])
        .filter((id): id is string => !!id)
        .map(Number),
    ),
  ];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: staff.id, email: staff.email })
    .from(staff)
    .where(inArray(staff.id, ids));
  return new Map(rows.map((row) => [`staff:${row.id}`, row.email]));
}

/** One paid order as the back office shows it; undefined when the order was never paid. */
function proofOf(
  row: { report: Uint8Array | null; createdAt: Date } | undefined,
): AdminProof | null {
  return row?.report ? adminProof(proofOfRow(row.report), row.createdAt) : null;
}

export async function getAdminOrder(
  db: Db,
  orderId: string,
): Promise<AdminOrderDetail | undefined> {
  const [head] = await db
    .select({ placed: placedOrders, status: orders.status, snapshot: orderSnapshots })
    .from(placedOrders)
    .innerJoin(orders, eq(orders.id, placedOrders.orderId))
    .innerJoin(orderSnapshots, eq(orderSnapshots.id, placedOrders.snapshotId))
    .where(eq(placedOrders.orderId, orderId));
  if (!head || !isOrderStatus(head.status)) return undefined;
  const { placed, snapshot } = head;
  const [paymentRows, history, files, editions, countryRows] = await Promise.all([
    db
      .select()
      .from(payments)
      .where(eq(payments.orderId, orderId))
      .orderBy(asc(payments.createdAt)),
    statusHistory(db, orderId),
    db
      .select({
        itemId: printFiles.itemId,
        kind: printFiles.kind,
        byteSize: printFiles.byteSize,
        createdAt: printFiles.createdAt,
        // The proof's report only (a print file's bytes stay in the database).
        report: sql<Uint8Array | null>`case when ${printFiles.kind} = ${PROOF_KIND} then ${printFiles.bytes} end`,
      })
      .from(printFiles)
      .where(eq(printFiles.orderId, orderId))
      .orderBy(asc(printFiles.kind)),
    db.select().from(firstEditionNumbers).where(eq(firstEditionNumbers.orderId, orderId)),
    db
      .select({ id: countries.id, name: countries.name })
      .from(countries)
      .where(
        inArray(countries.id, [
          snapshot.shippingAddress.countryId,
          snapshot.billingAddress.countryId,
        ]),
      ),
  ]);
  const [names, money, succeeded, handed] = await Promise.all([
    actorNames(
      db,
      history.map((h) => h.actor),
    ),
    orderMoney(db, orderId, head.status, `/api/admin/orders/${encodeURIComponent(orderId)}`),
    succeededRefunds(db, orderId),
    db
      .select({ handedOn: refunds.handedOn })
      .from(refunds)
      .where(and(eq(refunds.orderId, orderId), eq(refunds.status, 'succeeded'))),
  ]);
  // Each book's truth: kept, or refunded / cancelled (and whether its files had left the shop).
  const returned = returnedFrom(succeeded, {
    status: head.status,
    itemIds: snapshot.items.map((item) => item.itemId),
  });
  const handedOnAt = new Map(
    handed.flatMap((row) => row.handedOn).map((book) => [book.itemId, book.at]),
  );
  const kept = keptOf(snapshot.items, returned);
  const countryName = new Map(countryRows.map((c) => [c.id, c.name]));
  const address = (a: StoredAddress): AdminAddress => ({
    ...a,
    address2: a.address2 ?? '',
    province: a.province ?? '',
    countryName: countryName.get(a.countryId) ?? String(a.countryId),
  });
  const base = `/api/admin/orders/${encodeURIComponent(orderId)}`;
  return {
    orderId,
    orderNumber: placed.orderNumber,
    status: head.status,
    language: snapshot.language as Language,
    paidAt: placed.paidAt.toISOString(),
    email: snapshot.email,
    phone: snapshot.phone,
    shippingAddress: address(snapshot.shippingAddress),
    billingAddress: address(snapshot.billingAddress),
    items: snapshot.items.map((item) => ({
      itemId: item.itemId,
      title: item.title,
      language: item.language as Language,
      coverType: item.coverType,
      unitPriceMinor: item.unitPriceMinor,
      editionNumber: editions.find((e) => e.orderItemId === item.itemId)?.number ?? null,
      editionRetired: editions.some((e) => e.orderItemId === item.itemId && e.retiredAt !== null),
      returned: returned.has(item.itemId)
        ? {
            state: returned.get(item.itemId)!.state,
            at: returned.get(item.itemId)!.at?.toISOString() ?? null,
            handedOnAt: handedOnAt.get(item.itemId) ?? null,
          }
        : null,
      coverImageUrl: `/api/order/${encodeURIComponent(orderId)}/items/${encodeURIComponent(item.itemId)}/cover.webp`,
      child: {
        name: item.childName,
        gender: item.childGender,
        personalization: parseJson(item.childPersonalization),
      },
      dad: { name: item.dadName, personalization: parseJson(item.dadPersonalization) },
      mum: { name: item.mumName, personalization: parseJson(item.mumPersonalization) },
      family: adminFamily(item.family ?? familyOfRow({ ...item, family: null })),
      dedication: item.dedication,
      files: files
        .filter((f) => f.itemId === item.itemId && isPrintFileKind(f.kind))
        .map((f) => ({
          kind: f.kind as PrintFileKind,
          byteSize: f.byteSize,
          createdAt: f.createdAt.toISOString(),
          url: `${base}/items/${encodeURIComponent(item.itemId)}/${f.kind}.pdf`,
        })),
      proof: proofOf(files.find((f) => f.itemId === item.itemId && f.kind === PROOF_KIND)),
    })),
    gift: snapshot.isGift
      ? {
          message: snapshot.giftMessage,
          arriveBy: null,
          printFrom: null,
          dispatchOn: null,
          ...giftArrivalPlan(snapshot),
        }
      : null,
    parcelFiles: files
      .filter((f) => f.itemId === parcelItemId(orderId) && isParcelFileKind(f.kind))
      .map((f) => ({
        kind: f.kind as ParcelFileKind,
        byteSize: f.byteSize,
        createdAt: f.createdAt.toISOString(),
        url: `${base}/parcel/${f.kind}.pdf`,
      })),
    couponCode: snapshot.couponCode,
    subtotalMinor: snapshot.subtotalMinor,
    discountMinor: snapshot.discountMinor,
    deliveryMinor: snapshot.deliveryMinor,
    totalMinor: snapshot.totalMinor,
    currencyCode: snapshot.currencyCode as CurrencyCode,
    deliveryDays: snapshot.deliveryDays,
    trackingNumber: placed.trackingNumber,
    trackingUrl: placed.trackingUrl,
    payments: [...paymentRows]
      .sort(
        (a, b) =>
          Number(b.reference === placed.paymentReference) -
          Number(a.reference === placed.paymentReference),
      )
      .map((p) => ({
        reference: p.reference,
        provider: p.provider,
        providerReference: p.providerReference,
        status: p.status,
        providerState: p.providerState,
        amountMinor: p.amountMinor,
        currencyCode: p.currencyCode as CurrencyCode,
        createdAt: p.createdAt.toISOString(),
        settledAt: p.settledAt?.toISOString() ?? null,
        refundStatus: p.refundStatus,
        refundedMinor: p.refundedMinor,
        laterOutcome: p.laterOutcome,
        mismatch: p.mismatch,
      })),
    history: history.map((h) => ({
      from: h.from,
      to: h.to,
      actor: names.get(h.actor) ?? h.actor,
      note: h.note,
      at: h.at.toISOString(),
    })),
    // No printed book kept (PDFs only, or every printed book paid back): nothing to produce or ship.
    actions: staffMovesFrom(head.status, kept.length > 0 && isDigitalOnly(kept)),
    ...money,
  };
}

/** Who is in a paid book, with each grown-up's look as an object (the order page's words). */
function adminFamily(family: FamilyAnswer): AdminOrderItem['family'] {
  return {
    shape: family.shape,
    grownUps: family.grownUps.map((g) => ({
      kind: g.kind,
      name: g.name,
      call: g.call,
      personalization: parseJson(g.personalization),
    })),
  };
}
