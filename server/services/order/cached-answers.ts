// The cart summary and the order status, the shop's most asked GETs, answered from memory while
// nothing they are computed from has changed (issue 14 item 7), per database handle:
// - PGlite (one process, every write through it): an entry is served with no query at all while
//   the write generation read BEFORE its queries is still the current one, or while no change to
//   its order was announced since then (db/write-generation.ts, migration 0009); after each such
//   change the order's summary and status are computed again in the background, so the next read
//   finds them ready.
// - PostgreSQL (several instances on one database): a summary entry is served with no query while
//   no change to its order was announced since its mark: each instance hears every commit's
//   order_changed on a connection of its own (db/notifications.ts). While that connection is down,
//   or once a change was heard, the entry is served after one primary-key read of
//   cart_versions.version, which triggers bump on every change to an order's books or coupon
//   (migration 0005). The status is not cached there.
// Entries also remember the reference prices they were priced with: a re-read of those misses.

import { eq, sql } from 'drizzle-orm';
import type { OrderStatus } from '#contract/order-status.ts';
import type { InMinorUnits } from '#contract/amounts.ts';
import type { Db } from '#server/db/client.ts';
import { cartVersions } from '#server/db/schema/checkout.ts';
import { orders } from '#server/db/schema/shop.ts';
import {
  orderChangedSince,
  orderChangeMark,
  onOrderChange,
  writeGeneration,
} from '#server/db/write-generation.ts';
import { changesHeard } from '#server/db/notifications.ts';
import { AnswerCache } from '#server/platform/answer-cache.ts';
import { isOpenOrder } from '#contract/order-status.ts';
import { orderStatusResponse } from './placed-order.ts';
import {
  versionedCartSummary,
  type CartSummaryResult,
  type PricedCartSummary,
} from '#server/services/catalogue/pricing.ts';
import {
  referencePrices,
  type ReferencePrices,
} from '#server/services/catalogue/reference-prices.ts';

interface SummaryEntry {
  /** The write generation (PGlite) or cart version (PostgreSQL) the answer is the one of. */
  stamp: number;
  /** PGlite: the cart change mark taken before its queries (null when changes are not heard). */
  mark: number | null;
  reference: ReferencePrices;
  answer: PricedCartSummary;
}

/** A summary being computed, shared by the reads of the same cart that arrive meanwhile. */
interface Computing {
  generation: number | undefined;
  mark: number | null;
  result: ReturnType<typeof versionedCartSummary>;
}

interface Caches {
  summaries: AnswerCache<SummaryEntry>;
  computing: Map<string, Computing>;
  statuses: AnswerCache<{ stamp: number; mark: number | null; answer: InMinorUnits<OrderStatus> }>;
}

const cachesByDb = new WeakMap<Db, Caches>();

function cachesOf(db: Db): Caches {
  let caches = cachesByDb.get(db);
  if (!caches) {
    cachesByDb.set(
      db,
      (caches = {
        summaries: new AnswerCache(),
        computing: new Map(),
        statuses: new AnswerCache(),
      }),
    );
    refreshAfterOrderChanges(db);
  }
  return caches;
}

/**
 * PGlite: after an order changed, its summary (delivered to its own market) and status are
 * computed again once the current work is done, so a visitor's next read is answered from memory
 * rather than by queries that hold the main thread.
 */
function refreshAfterOrderChanges(db: Db): void {
  // PostgreSQL: every instance hears every change; the writer warms its own (warmCartSummary).
  if (writeGeneration(db) === undefined) return;
  const pending = new Set<string>();
  onOrderChange(db, (orderId) => {
    if (pending.size === 0) {
      setImmediate(() => {
        const orderIds = [...pending];
        pending.clear();
        for (const id of orderIds) {
          // A failure here (the database closed) is the next read's to meet.
          cachedCartSummary(db, id).catch(() => undefined);
          cachedOrderStatus(db, id).catch(() => undefined);
        }
      });
    }
    pending.add(orderId);
  });
}

/**
 * After a write to `orderId`'s cart on PostgreSQL, computes its
 * summary in the background on this instance, so the visitor's next read costs one version check.
 */
export function warmCartSummary(db: Db, orderId: string): void {
  if (writeGeneration(db) !== undefined) return;
  setImmediate(() => {
    // A failure here (the database closed) is the next read's to meet.
    cachedCartSummary(db, orderId).catch(() => undefined);
  });
}

/** Keeps `db`'s cart summaries and order statuses computed ahead (PGlite; nothing to do on PostgreSQL). */
export function keepCartSummariesWarm(db: Db): void {
  cachesOf(db);
}

function prepareVersionQuery(db: Db) {
  // With the order's status in the same statement: a paid order's cart is answered to no one.
  return db
    .select({
      version:
        sql<number>`coalesce((select ${cartVersions.version} from ${cartVersions} where ${cartVersions.orderId} = ${orders.id}), 0)`.mapWith(
          Number,
        ),
      status: orders.status,
    })
    .from(orders)
    .where(eq(orders.id, sql.placeholder('orderId')))
    .prepare('summary_cart_version');
}
const versionQueries = new WeakMap<Db, ReturnType<typeof prepareVersionQuery>>();

/** cart_versions.version of an order, 0 before its first change (as the summary query reads it), and whether it is still unpaid. */
async function cartVersionOf(db: Db, orderId: string): Promise<{ version: number; open: boolean }> {
  let query = versionQueries.get(db);
  if (!query) versionQueries.set(db, (query = prepareVersionQuery(db)));
  const [row] = await query.execute({ orderId });
  return { version: row?.version ?? 0, open: row ? isOpenOrder(row.status) : true };
}

/** getCartSummary (services/pricing.ts) from memory when still current. Not for use inside a transaction. */
export async function cachedCartSummary(
  db: Db,
  orderId: string,
  countryId?: number,
): Promise<CartSummaryResult | 'order-placed'> {
  const { summaries, computing } = cachesOf(db);
  const key = `${orderId}:${countryId ?? ''}`;
  // This server's own last change is heard before the mark is taken (PostgreSQL; at once on PGlite).
  const heard = changesHeard(db);
  if (heard) await heard;
  // Read before any query: a write that ends after this moment moves the generation on (and, for
  // this order's cart, is announced after the mark).
  const generation = writeGeneration(db);
  const mark = orderChangeMark(db);
  const entry = summaries.get(key);
  if (entry) {
    // An entry is only ever an unpaid order's: paying it is a change (a new generation on PGlite,
    // announced for the order), and PostgreSQL's version read brings the status along.
    const unchanged = entry.mark !== null && !orderChangedSince(db, orderId, entry.mark);
    const [current, reference] = await Promise.all([
      unchanged ? entry.stamp : (generation ?? cartVersionOf(db, orderId)),
      referencePrices(db),
    ]);
    if (typeof current === 'object' && !current.open) return 'order-placed';
    const stamp = typeof current === 'object' ? current.version : current;
    if (stamp === entry.stamp && reference === entry.reference) {
      // Current as of the mark taken before this check: the next read needs no query until
      // another change to the order is heard.
      if (!unchanged && mark !== null) entry.mark = mark;
      return entry.answer;
    }
  }
  const computed = await computeOnce(db, computing, key, { orderId, countryId, generation, mark });
  if (computed.status !== undefined && !isOpenOrder(computed.status)) return 'order-placed';
  if (typeof computed.answer === 'object') {
    const stamp = generation ?? computed.cartVersion;
    // An answer computed at the same time for the same stamp (a background refresh) stays the one.
    const kept = summaries.get(key);
    if (kept && kept.stamp === stamp && kept.reference === computed.reference) return kept.answer;
    summaries.set(key, { stamp, mark, reference: computed.reference, answer: computed.answer });
  }
  return computed.answer;
}

/**
 * versionedCartSummary, or the computation of the same cart already under way when nothing has
 * changed since it began: no write at all since (PGlite), or no change to the order announced since
 * (PostgreSQL, while changes are heard), and the same reference prices. A cart's first reads on an
 * instance that has not computed it (every instance but the writer, after a restart) then cost one
 * query, not one each: at 1,000 reads a second over 50 carts new to the second of two instances,
 * the reads that arrived meanwhile each sent their own, queued for the pool's connections, and the
 * run's p99 was 389 ms (5–20 ms with this).
 */
async function computeOnce(
  db: Db,
  computing: Map<string, Computing>,
  key: string,
  read: {
    orderId: string;
    countryId?: number;
    generation: number | undefined;
    mark: number | null;
  },
): ReturnType<typeof versionedCartSummary> {
  const { orderId, generation, mark } = read;
  const running = computing.get(key);
  if (
    running &&
    (generation !== undefined
      ? running.generation === generation
      : running.mark !== null && !orderChangedSince(db, orderId, running.mark))
  ) {
    const [shared, reference] = await Promise.all([running.result, referencePrices(db)]);
    if (shared.reference === reference) return shared;
  }
  const flight: Computing = {
    generation,
    mark,
    result: versionedCartSummary(db, orderId, read.countryId),
  };
  computing.set(key, flight);
  const done = () => {
    if (computing.get(key) === flight) computing.delete(key);
  };
  flight.result.then(done, done);
  return flight.result;
}

/**
 * orderStatusResponse (services/placed-order.ts) from memory on PGlite while no write happened
 * since it was read, or, before payment (the status, whether placed and the number of books), while
 * no change to its order was announced since.
 */
export async function cachedOrderStatus(
  db: Db,
  orderId: string,
): Promise<InMinorUnits<OrderStatus> | undefined> {
  const generation = writeGeneration(db);
  if (generation === undefined) return orderStatusResponse(db, orderId);
  const mark = orderChangeMark(db);
  const { statuses } = cachesOf(db);
  const entry = statuses.get(orderId);
  if (
    entry &&
    (entry.stamp === generation ||
      (entry.mark !== null && !orderChangedSince(db, orderId, entry.mark)))
  ) {
    return entry.answer;
  }
  const answer = await orderStatusResponse(db, orderId);
  // A placed order's answer reads more (its history, edition numbers): kept for the generation only.
  if (answer)
    statuses.set(orderId, { stamp: generation, mark: answer.placed ? null : mark, answer });
  return answer;
}
