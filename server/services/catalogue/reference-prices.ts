// The prices a cart is computed from (cover prices, delivery costs, coupons), read from the
// database once and kept in memory: they change only when a server starts with new reference data
// (server/db/reference-data.ts, REFERENCE_DATA_VERSION) or by a migration, never by a request.
// Each server re-reads them after REFERENCE_TTL_MS, and at once when another instance announces
// new reference data (content_changed 'reference', db/reference-data.ts).

import { eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { onNotification } from '#server/db/notifications.ts';
import { FOOTBALL_STORY } from '#server/db/reference-data.ts';
import { coupons, coverPrices, deliveryCosts } from '#server/db/schema/shop.ts';
import type { CouponRule } from './coupons.ts';

export const REFERENCE_TTL_MS = 30_000;

export interface ReferencePrices {
  /** The price of a cover in minor units, by `${currencyCode}:${coverType}`. */
  coverPrice: ReadonlyMap<string, number>;
  /** The delivery cost in minor units, by `${countryId}:${currencyCode}`. */
  deliveryCost: ReadonlyMap<string, number>;
  /** Coupons by code (inactive ones too: a summary says why a coupon no longer applies). */
  coupons: ReadonlyMap<string, CouponRule>;
}

const loaded = new WeakMap<Db, { at: number; prices: Promise<ReferencePrices> }>();

/** The prices as text, to tell whether a re-read found anything new. */
function fingerprint(prices: ReferencePrices): string {
  return JSON.stringify([...prices.coverPrice, ...prices.deliveryCost, ...prices.coupons]);
}

async function load(db: Db): Promise<ReferencePrices> {
  const [prices, costs, rules] = await Promise.all([
    db
      .select({
        coverType: coverPrices.coverType,
        currencyCode: coverPrices.currencyCode,
        priceMinor: coverPrices.priceMinor,
      })
      .from(coverPrices)
      .where(eq(coverPrices.productId, FOOTBALL_STORY.id)),
    db.select().from(deliveryCosts),
    db.select().from(coupons),
  ]);
  return {
    coverPrice: new Map(prices.map((p) => [`${p.currencyCode}:${p.coverType}`, p.priceMinor])),
    deliveryCost: new Map(costs.map((c) => [`${c.countryId}:${c.currencyCode}`, c.costMinor])),
    coupons: new Map(rules.map((rule) => [rule.code, rule])),
  };
}

/**
 * The reference prices of `db`, from memory when read less than REFERENCE_TTL_MS ago. A re-read
 * that finds the same prices answers the same object as before, so answers computed from them
 * (cached-answers.ts) stay current.
 */
const watched = new WeakSet<Db>();

export function referencePrices(db: Db, now = Date.now()): Promise<ReferencePrices> {
  if (!watched.has(db)) {
    watched.add(db);
    onNotification(db, 'content_changed', (payload) => {
      if (payload !== 'reference') return;
      // Read again at the next call (a re-read finding the same prices keeps the same object).
      const kept = loaded.get(db);
      if (kept) kept.at = -Infinity;
    });
  }
  const cached = loaded.get(db);
  if (cached && now - cached.at < REFERENCE_TTL_MS) return cached.prices;
  const previous = cached?.prices.catch(() => undefined);
  const prices = Promise.all([load(db), previous]).then(([fresh, before]) =>
    before && fingerprint(before) === fingerprint(fresh) ? before : fresh,
  );
  loaded.set(db, { at: now, prices });
  // A failed read is not kept: the next call reads again.
  prices.catch(() => {
    if (loaded.get(db)?.prices === prices) loaded.delete(db);
  });
  return prices;
}
