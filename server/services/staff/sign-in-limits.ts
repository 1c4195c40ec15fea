import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { staffSignInCounters } from '#server/db/schema/staff.ts';

// The limits themselves live with the shop's other limits (server/platform/rate-limits.ts).
export {
  DEFAULT_SIGN_IN_LIMITS,
  signInDelayMs,
  type SignInLimits,
} from '#server/platform/rate-limits.ts';

/**
 * Counts one for `key` in a fixed window and answers the new count and the window's end. One
 * statement (insert or update … returning), so concurrent attempts on any number of instances
 * count once each, and each learns its own place in the count before anything else is done.
 */
export async function countAttempt(
  db: Db,
  key: string,
  windowMs: number,
  at: Date,
): Promise<{ count: number; resetAt: Date }> {
  const windowOpen = new Date(at.getTime() - windowMs);
  const [row] = await db
    .insert(staffSignInCounters)
    .values({ key, windowStart: at, count: 1 })
    .onConflictDoUpdate({
      target: staffSignInCounters.key,
      set: {
        count: sql`case when ${staffSignInCounters.windowStart} <= ${windowOpen} then 1 else ${staffSignInCounters.count} + 1 end`,
        windowStart: sql`case when ${staffSignInCounters.windowStart} <= ${windowOpen} then ${at} else ${staffSignInCounters.windowStart} end`,
      },
    })
    .returning({ count: staffSignInCounters.count, windowStart: staffSignInCounters.windowStart });
  if (!row) throw new Error('The sign-in counter was not written.');
  return { count: row.count, resetAt: new Date(row.windowStart.getTime() + windowMs) };
}

export async function clearCounter(db: Db, key: string): Promise<void> {
  await db.delete(staffSignInCounters).where(sql`${staffSignInCounters.key} = ${key}`);
}
