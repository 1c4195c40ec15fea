import { lt, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { rateLimitCounters } from '#server/db/schema/shop.ts';
import type { RateLimitRule } from './rate-limits.ts';

export interface RateCounter {
  /** Counts one for `client`: null while within the limit, else the seconds until the window ends. */
  take(client: string): Promise<number | null>;
}

/** Expired windows are swept by about one counted request in this many. */
const SWEEP_EVERY = 500;

/**
 * Fixed windows per client in the database (rate_limit_counters), so every server on one
 * PostgreSQL counts a client once: one upsert per counted request that starts a new window when
 * the old one has ended and otherwise adds one, answering the count and the window's start.
 */
export function createDbRateCounter(
  db: Db,
  name: string,
  rule: RateLimitRule,
  now: () => Date,
): RateCounter {
  const prefix = `${name}:${rule.limit}:${rule.windowMs}:`;
  const t = rateLimitCounters;
  return {
    async take(client) {
      const at = now().getTime();
      const fresh = sql`${t.windowStart} + ${rule.windowMs} <= ${at}`;
      const [row] = await db
        .insert(t)
        .values({ key: prefix + client, windowStart: at, count: 1, expiresAt: at + rule.windowMs })
        .onConflictDoUpdate({
          target: t.key,
          set: {
            count: sql`case when ${fresh} then 1 else ${t.count} + 1 end`,
            windowStart: sql`case when ${fresh} then ${at} else ${t.windowStart} end`,
            expiresAt: sql`case when ${fresh} then ${at + rule.windowMs} else ${t.expiresAt} end`,
          },
        })
        .returning({ count: t.count, windowStart: t.windowStart });
      if (Math.random() * SWEEP_EVERY < 1) {
        db.delete(t)
          .where(lt(t.expiresAt, at))
          .catch(() => {});
      }
      if (!row || row.count <= rule.limit) return null;
      return Math.max(1, Math.ceil((Number(row.windowStart) + rule.windowMs - at) / 1000));
    },
  };
}
