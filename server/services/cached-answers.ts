// The cart summary and the order status, the shop's most asked GETs, answered from memory while
// nothing they are computed from has changed (issue 14 item 7), per database handle:
// - PGlite (one process, every write through it): an entry is served with no query at all while
//   the write generation read BEFORE its queries is still the current one (db/write-generation.ts).
// - PostgreSQL (several instances on one database): a summary entry is served after one primary-key
//   read of cart_versions.version, which triggers bump on every change to an order's books or
//   coupon (migration 0005); the status is not cached there.
// Entries also remember the reference prices they were priced with: a re-read of those misses.

import { eq, sql } from 'drizzle-orm';
import type { OrderStatus } from '#contract/order-status.ts';
import type { CartSummary } from '#contract/orders.ts';
import type { Db } from '../db/client.ts';
import { cartVersions } from '../db/schema-checkout.ts';
import { writeGeneration } from '../db/write-generation.ts';
import { AnswerCache } from './answer-cache.ts';
import { orderStatusResponse } from './order-tracking.ts';
import { versionedCartSummary, type CartSummaryResult } from './pricing.ts';
import { referencePrices, type ReferencePrices } from './reference-prices.ts';

interface SummaryEntry {
  /** The write generation (PGlite) or cart version (PostgreSQL) the answer is the one of. */
  stamp: number;
  reference: ReferencePrices;
  answer: CartSummary;
}

interface Caches {
  summaries: AnswerCache<SummaryEntry>;
  statuses: AnswerCache<{ stamp: number; answer: OrderStatus }>;
}

const cachesByDb = new WeakMap<Db, Caches>();

function cachesOf(db: Db): Caches {
  let caches = cachesByDb.get(db);
  if (!caches) cachesByDb.set(db, (caches = { summaries: new AnswerCache(), statuses: new AnswerCache() }));
  return caches;
}

function prepareVersionQuery(db: Db) {
  return db
    .select({ version: cartVersions.version })
    .from(cartVersions)
    .where(eq(cartVersions.orderId, sql.placeholder('orderId')))
    .prepare('summary_cart_version');
}
const versionQueries = new WeakMap<Db, ReturnType<typeof prepareVersionQuery>>();

/** cart_versions.version of an order, 0 before its first change (as the summary query reads it). */
async function cartVersionOf(db: Db, orderId: string): Promise<number> {
  let query = versionQueries.get(db);
  if (!query) versionQueries.set(db, (query = prepareVersionQuery(db)));
  const [row] = await query.execute({ orderId });
  return row?.version ?? 0;
}

/** getCartSummary (services/pricing.ts) from memory when still current. Not for use inside a transaction. */
export async function cachedCartSummary(db: Db, orderId: string, countryId?: number): Promise<CartSummaryResult> {
  const { summaries } = cachesOf(db);
  const key = `${orderId}:${countryId ?? ''}`;
  // Read before any query: a write that ends after this moment moves the generation on.
  const generation = writeGeneration(db);
  const entry = summaries.get(key);
  if (entry) {
    const [stamp, reference] = await Promise.all([
      generation ?? cartVersionOf(db, orderId),
      referencePrices(db),
    ]);
    if (stamp === entry.stamp && reference === entry.reference) return entry.answer;
  }
  const computed = await versionedCartSummary(db, orderId, countryId);
  if (typeof computed.answer === 'object') {
    summaries.set(key, { stamp: generation ?? computed.cartVersion, reference: computed.reference, answer: computed.answer });
  }
  return computed.answer;
}

/** orderStatusResponse (services/order-tracking.ts) from memory on PGlite while no write happened since it was read. */
export async function cachedOrderStatus(db: Db, orderId: string): Promise<OrderStatus | undefined> {
  const generation = writeGeneration(db);
  if (generation === undefined) return orderStatusResponse(db, orderId);
  const { statuses } = cachesOf(db);
  const entry = statuses.get(orderId);
  if (entry && entry.stamp === generation) return entry.answer;
  const answer = await orderStatusResponse(db, orderId);
  if (answer) statuses.set(orderId, { stamp: generation, answer });
  return answer;
}
