import { and, eq, gte, isNotNull, isNull, lte, ne, sql } from 'drizzle-orm';
import { FIRST_EDITION_SIZE } from '#book/edition.ts';
import {
  STAFF_DASHBOARD_FIGURES,
  type Dashboard,
  type DashboardAnswer,
} from '#contract/admin-orders.ts';
import type { StaffRole } from '#contract/admin.ts';
import type { CurrencyCode } from '#contract/markets.ts';
import type { OrderStatusValue } from '#contract/order-status.ts';
import type { Db } from '#server/db/client.ts';
import { firstEditionNumbers, orderSnapshots, placedOrders } from '#server/db/schema/checkout.ts';
import { refunds } from '#server/db/schema/money.ts';
import { orders, subscribers } from '#server/db/schema/shop.ts';
import { paymentIssues } from './payment-issues.ts';
import { proofHolds } from '#server/services/fulfilment/proof-holds.ts';

/** Succeeded refunds of the placed order in the row: money (minor units) and books paid back. */
const refundedMinorOf = sql<number>`coalesce((select sum(${refunds.amountMinor}) from ${refunds} where ${refunds.orderId} = ${placedOrders.orderId} and ${refunds.status} = 'succeeded'), 0)`;
const refundedBooksOf = sql<number>`coalesce((select sum(jsonb_array_length(${refunds.itemIds})) from ${refunds} where ${refunds.orderId} = ${placedOrders.orderId} and ${refunds.status} = 'succeeded'), 0)`;

const DAY = 86_400_000;
const dayOf = (date: Date) => date.toISOString().slice(0, 10);

/** Monday 00:00 UTC of the week of `at`. */
export function weekStart(at: Date): Date {
  const day = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  return new Date(day.getTime() - ((day.getUTCDay() + 6) % 7) * DAY);
}

/** The dashboard: orders by status, books sold, revenue per currency, first edition, newsletter, orders per day (UTC days). */
export async function getDashboard(db: Db, at: Date): Promise<Dashboard> {
  const week = weekStart(at);
  const month = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
  const today = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  const since = new Date(today.getTime() - 29 * DAY);
  const growthSince = new Date(at.getTime() - 30 * DAY);
  const weeksSince = new Date(weekStart(at).getTime() - 7 * 7 * DAY);
  const placed = () =>
    db
      .select({
        status: orders.status,
        paidAt: placedOrders.paidAt,
        // Net of the books refunded.
        books:
          sql<number>`jsonb_array_length(${orderSnapshots.items}) - ${refundedBooksOf}`.mapWith(
            Number,
          ),
        totalMinor: orderSnapshots.totalMinor,
        currencyCode: orderSnapshots.currencyCode,
      })
      .from(placedOrders)
      .innerJoin(orders, sql`${orders.id} = ${placedOrders.orderId}`)
      .innerJoin(orderSnapshots, sql`${orderSnapshots.id} = ${placedOrders.snapshotId}`);
  const [byStatus, revenue, recent, edition, newsletter, confirmations, issues, refunded, holds] =
    await Promise.all([
      db
        .select({ status: orders.status, n: sql<number>`count(*)`.mapWith(Number) })
        .from(placedOrders)
        .innerJoin(orders, sql`${orders.id} = ${placedOrders.orderId}`)
        .groupBy(orders.status),
      db
        // Net revenue: what was paid less what was refunded (a cancelled order counts nothing).
        .select({
          currencyCode: orderSnapshots.currencyCode,
          minor: sql<number>`sum(${orderSnapshots.totalMinor} - ${refundedMinorOf})`.mapWith(
            Number,
          ),
        })
        .from(placedOrders)
        .innerJoin(orders, sql`${orders.id} = ${placedOrders.orderId}`)
        .innerJoin(orderSnapshots, sql`${orderSnapshots.id} = ${placedOrders.snapshotId}`)
        .where(ne(orders.status, 'cancelled'))
        .groupBy(orderSnapshots.currencyCode)
        .orderBy(orderSnapshots.currencyCode),
      placed().where(
        gte(
          placedOrders.paidAt,
          new Date(Math.min(since.getTime(), month.getTime(), week.getTime())),
        ),
      ),
      // Counted as books sold are: a copy is sold while its printed book is kept. A number comes
      // back when its book is refunded before printing; one refunded after its files went to the
      // printer is retired (held, never given again), counted apart.
      db
        .select({
          sold: sql<number>`count(${firstEditionNumbers.orderItemId}) filter (where ${firstEditionNumbers.retiredAt} is null)`.mapWith(
            Number,
          ),
          retired:
            sql<number>`count(*) filter (where ${firstEditionNumbers.retiredAt} is not null)`.mapWith(
              Number,
            ),
        })
        .from(firstEditionNumbers)
        .where(lte(firstEditionNumbers.number, FIRST_EDITION_SIZE)),
      db
        .select({
          confirmed:
            sql<number>`count(*) filter (where ${subscribers.confirmedAt} is not null and ${subscribers.unsubscribedAt} is null)`.mapWith(
              Number,
            ),
          pending:
            sql<number>`count(*) filter (where ${subscribers.confirmedAt} is null and ${subscribers.unsubscribedAt} is null)`.mapWith(
              Number,
            ),
        })
        .from(subscribers),
      db
        .select({ confirmedAt: subscribers.confirmedAt })
        .from(subscribers)
        .where(
          and(
            isNotNull(subscribers.confirmedAt),
            isNull(subscribers.unsubscribedAt),
            gte(subscribers.confirmedAt, weeksSince),
          ),
        ),
      paymentIssues(db),
      db
        .select({
          currencyCode: refunds.currencyCode,
          minor: sql<number>`sum(${refunds.amountMinor})`.mapWith(Number),
          count: sql<number>`count(*)`.mapWith(Number),
        })
        .from(refunds)
        .where(eq(refunds.status, 'succeeded'))
        .groupBy(refunds.currencyCode)
        .orderBy(refunds.currencyCode),
      proofHolds(db),
    ]);
  const sold = recent.filter((row) => row.status !== 'cancelled');
  const perDay = new Map<string, number>();
  for (let i = 0; i < 30; i += 1) perDay.set(dayOf(new Date(since.getTime() + i * DAY)), 0);
  for (const row of recent) {
    const key = dayOf(row.paidAt);
    if (perDay.has(key)) perDay.set(key, (perDay.get(key) ?? 0) + 1);
  }
  const weekly = Array.from({ length: 8 }, (_, i) => new Date(weeksSince.getTime() + i * 7 * DAY));
  return {
    byStatus: Object.fromEntries(byStatus.map((row) => [row.status, row.n])) as Partial<
      Record<OrderStatusValue, number>
    >,
    booksSold: {
      week: sold.filter((row) => row.paidAt >= week).reduce((sum, row) => sum + row.books, 0),
      month: sold.filter((row) => row.paidAt >= month).reduce((sum, row) => sum + row.books, 0),
    },
    revenue: revenue.map((row) => ({
      currencyCode: row.currencyCode as CurrencyCode,
      minor: row.minor,
    })),
    refunds: refunded.map((row) => ({
      currencyCode: row.currencyCode as CurrencyCode,
      minor: row.minor,
      count: row.count,
    })),
    firstEdition: {
      sold: edition[0]?.sold ?? 0,
      retired: edition[0]?.retired ?? 0,
      of: FIRST_EDITION_SIZE,
    },
    newsletter: {
      confirmed: newsletter[0]?.confirmed ?? 0,
      pending: newsletter[0]?.pending ?? 0,
      confirmedLast30Days: confirmations.filter((row) => row.confirmedAt! >= growthSince).length,
      weekly: weekly.map((start) => ({
        weekStart: dayOf(start),
        confirmed: confirmations.filter(
          (row) =>
            row.confirmedAt! >= start && row.confirmedAt!.getTime() < start.getTime() + 7 * DAY,
        ).length,
      })),
    },
    ordersPerDay: [...perDay].map(([day, n]) => ({ day, orders: n })),
    paymentIssues: issues,
    proofHolds: holds,
  };
}

/**
 * The dashboard as `role` may see it: an owner all of it; staff only the figures of
 * STAFF_DASHBOARD_FIGURES (orders and books), picked by name, so a figure added later is the
 * owner's until it is listed there.
 */
export function dashboardFor(role: StaffRole, dashboard: Dashboard): DashboardAnswer {
  if (role === 'owner') return dashboard;
  return Object.fromEntries(
    STAFF_DASHBOARD_FIGURES.map((key) => [key, dashboard[key]]),
  ) as DashboardAnswer;
}
