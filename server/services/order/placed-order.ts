import { eq, sql } from 'drizzle-orm';
import type { BookLanguage } from '#book/types.ts';
import { ORDER_STEPS, type OrderStatus, type PlacedOrderStatus } from '#contract/order-status.ts';
import type { InMinorUnits } from '#contract/amounts.ts';
import { addWorkingDays, dayOf } from '#contract/arrival.ts';
import { isPrinted } from '#contract/digital.ts';
import { CURRENCIES, type CurrencyCode } from '#contract/markets.ts';
import type { Db } from '#server/db/client.ts';
import { placedOrders } from '#server/db/schema/checkout.ts';
import { orderItems, orders } from '#server/db/schema/shop.ts';
import { bookFamilyOf, familyOfRow } from '#server/services/catalogue/family-check.ts';
import type { OrderMailData } from '#server/services/mail/order-mails.ts';
import { editionNumbersOf } from './order-number.ts';
import { currentStepOf, isOrderStatus, statusHistory } from './order-moves.ts';
import { refundsForStatus } from '#server/services/order/refund-views.ts';
import {
  returnedFrom,
  succeededRefunds,
  type ReturnedBook,
} from '#server/services/order/returned-books.ts';
import { snapshotById, snapshotLanguage, type Snapshot } from './snapshot.ts';

/**
 * Same-origin path of a paid book's cover picture, by the book's place in the order (1, 2, …):
 * the status link carries no item id (an item id once opened the names and the dedication).
 */
function coverImagePath(orderId: string, position: number, kind: 'webp' | 'jpg' = 'webp'): string {
  return `/api/order/${encodeURIComponent(orderId)}/items/${position}/cover.${kind}`;
}

/** The paid book at a 1-based place in the order (the status answer's `id`), or an item id (links in mails sent before). */
export function paidBookAt(order: PlacedOrder, key: string): Snapshot['items'][number] | undefined {
  if (/^[1-9]\d{0,2}$/.test(key)) return order.snapshot.items[Number(key) - 1];
  return order.snapshot.items.find((item) => item.itemId === key);
}

export interface PlacedOrder {
  orderId: string;
  orderNumber: string;
  status: string;
  paidAt: Date;
  trackingNumber: string | null;
  trackingUrl: string | null;
  snapshot: Snapshot;
  editionNumbers: Map<string, number>;
  /** The books paid back, by snapshot item id (order/returned-books.ts); the others are kept. */
  returned: Map<string, ReturnedBook>;
}

/** A paid order with the snapshot it was paid for; undefined when the order is not placed. */
export async function placedOrder(db: Db, orderId: string): Promise<PlacedOrder | undefined> {
  const [row] = await db
    .select({ placed: placedOrders, status: orders.status })
    .from(placedOrders)
    .innerJoin(orders, eq(orders.id, placedOrders.orderId))
    .where(eq(placedOrders.orderId, orderId));
  return row ? withSnapshot(db, orderId, row.status, row.placed) : undefined;
}

async function withSnapshot(
  db: Db,
  orderId: string,
  status: string,
  placed: typeof placedOrders.$inferSelect,
): Promise<PlacedOrder> {
  const [snapshot, editionNumbers, succeeded] = await Promise.all([
    snapshotById(db, placed.snapshotId),
    editionNumbersOf(db, orderId),
    succeededRefunds(db, orderId),
  ]);
  if (!snapshot) throw new Error(`placed order ${orderId.slice(0, 6)}… has no snapshot`);
  return {
    orderId,
    orderNumber: placed.orderNumber,
    status,
    paidAt: placed.paidAt,
    trackingNumber: placed.trackingNumber,
    trackingUrl: placed.trackingUrl,
    snapshot,
    editionNumbers,
    returned: returnedFrom(succeeded, {
      status,
      itemIds: snapshot.items.map((item) => item.itemId),
    }),
  };
}

/** The order's status, its placed row if paid, and its number of books: one query (prepared once per handle). */
function prepareStatusQuery(db: Db) {
  return db
    .select({
      status: orders.status,
      placed: placedOrders,
      itemCount:
        sql<number>`(select count(*) from ${orderItems} where ${orderItems.orderId} = ${orders.id})`.mapWith(
          Number,
        ),
    })
    .from(orders)
    .leftJoin(placedOrders, eq(placedOrders.orderId, orders.id))
    .where(eq(orders.id, sql.placeholder('orderId')))
    .prepare('order_status');
}
const statusQueries = new WeakMap<Db, ReturnType<typeof prepareStatusQuery>>();

/**
 * When the books should arrive: a gift's chosen day (the shop holds it back to arrive by then,
 * contract/arrival.ts), else the delivery estimate's working days from payment; null when nothing
 * is shipped.
 */
function estimatedDelivery(order: PlacedOrder): Date | null {
  const days = order.snapshot.deliveryDays;
  if (days === null) return null;
  // A cancelled or refunded order, or one whose printed books were all paid back, ships nothing.
  if (order.status === 'cancelled' || order.status === 'refunded') return null;
  const printed = order.snapshot.items.filter((item) => isPrinted(item.coverType));
  if (printed.every((item) => order.returned.has(item.itemId))) return null;
  const chosen = order.snapshot.isGift ? order.snapshot.giftArriveBy : null;
  return chosen ? dayOf(chosen) : addWorkingDays(order.paidAt, days);
}

/**
 * GET /api/order/{orderId}/status: the full 'Order (status response)' once paid (what was paid
 * for, from the snapshot); before payment only `{ placed: false, status, itemCount }`.
 */
export async function orderStatusResponse(
  db: Db,
  orderId: string,
): Promise<InMinorUnits<OrderStatus> | undefined> {
  let query = statusQueries.get(db);
  if (!query) statusQueries.set(db, (query = prepareStatusQuery(db)));
  const [order] = await query.execute({ orderId });
  if (!order || !isOrderStatus(order.status)) return undefined;
  if (!order.placed) {
    const status =
      order.status === 'awaiting_payment' || order.status === 'payment_failed'
        ? order.status
        : 'cart';
    return { orderId, placed: false, status, itemCount: order.itemCount };
  }
  const [placed, history, money] = await Promise.all([
    withSnapshot(db, orderId, order.status, order.placed),
    statusHistory(db, orderId),
    refundsForStatus(db, orderId),
  ]);
  const { snapshot } = placed;
  const estimate = estimatedDelivery(placed);
  const currencyCode = (CURRENCIES as readonly string[]).includes(snapshot.currencyCode)
    ? (snapshot.currencyCode as CurrencyCode)
    : 'EUR';
  const answer: InMinorUnits<PlacedOrderStatus> = {
    orderId,
    placed: true,
    orderNumber: placed.orderNumber,
    status: order.status as PlacedOrderStatus['status'],
    language: snapshotLanguage(snapshot),
    datePlaced: placed.paidAt.toISOString(),
    currentStep: currentStepOf(order.status, history),
    steps: ORDER_STEPS.map((step) => ({
      id: step.id,
      title: `steps.${step.key}.title`,
      subtext: `steps.${step.key}.subtext`,
    })),
    trackingNumber: placed.trackingNumber,
    trackingUrl: placed.trackingUrl,
    estimatedDeliveryDate: estimate ? estimate.toISOString().slice(0, 10) : null,
    currencyCode,
    // What a courier's tracking page would show: no address, email, phone, dedication or parents'
    // names, and no id that opens more (a book is named by its place in the order).
    // Each book says whether it was refunded or cancelled; a returned book has no edition number.
    items: snapshot.items.map((item, index) => {
      const returned = placed.returned.get(item.itemId);
      return {
        id: String(index + 1),
        imageUrl: coverImagePath(orderId, index + 1),
        bookTitle: item.title,
        childName: item.childName,
        format: item.coverType,
        quantity: 1,
        unitPriceMinor: item.unitPriceMinor,
        editionNumber: returned ? null : (placed.editionNumbers.get(item.itemId) ?? null),
        ...(returned ? { returned: returned.state } : {}),
      };
    }),
    subtotalMinor: snapshot.subtotalMinor,
    discountMinor: snapshot.discountMinor,
    deliveryCostMinor: snapshot.deliveryMinor,
    totalMinor: snapshot.totalMinor,
    refundedMinor: money.refundedMinor,
    // The books paid back by their place in the order, as `items` names them.
    refundedItemIds: snapshot.items.flatMap((item, index) =>
      placed.returned.has(item.itemId) ? [String(index + 1)] : [],
    ),
    keptMinor: snapshot.totalMinor - money.refundedMinor,
    documents: money.documents,
  };
  return answer;
}

/** What the confirmation mail shows, from the placed order. */
export function orderMailData(order: PlacedOrder, publicUrl: string): OrderMailData {
  const { snapshot } = order;
  return {
    language: snapshotLanguage(snapshot),
    orderNumber: order.orderNumber,
    trackingPageUrl: `${publicUrl}/order-status/${order.orderId}`,
    currencyCode: snapshot.currencyCode,
    items: snapshot.items.map((item, index) => ({
      title: item.title,
      childName: item.childName,
      coverType: item.coverType,
      unitPriceMinor: item.unitPriceMinor,
      editionNumber: order.editionNumbers.get(item.itemId) ?? null,
      // A JPEG: mail programs show no WebP (#44 finding 8).
      imageUrl: publicUrl + coverImagePath(order.orderId, index + 1, 'jpg'),
      family: {
        bookLanguage: item.language.toLowerCase() as BookLanguage,
        family: bookFamilyOf(item.family ?? familyOfRow({ ...item, family: null })),
      },
    })),
    subtotalMinor: snapshot.subtotalMinor,
    discountMinor: snapshot.discountMinor,
    deliveryMinor: snapshot.deliveryMinor,
    totalMinor: snapshot.totalMinor,
    deliveryDays: snapshot.deliveryDays,
    estimatedDelivery: estimatedDelivery(order),
    digitalOnly: snapshot.items.every((item) => !isPrinted(item.coverType)),
  };
}
