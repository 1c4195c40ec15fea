import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { staffSignInCounters } from '../../db/schema-admin.ts';

export interface SignInLimits {
  /** Sign-in attempts per client address per window. */
  perClient: number;
  /** Failed sign-ins per account (e-mail, known or not) per window; a success clears it. */
  perAccount: number;
  windowMs: number;
}

export const DEFAULT_SIGN_IN_LIMITS: SignInLimits = { perClient: 30, perAccount: 10, windowMs: 15 * 60_000 };

/**
 * Counts one for `key` in a fixed window and answers the new count and the window's end. One
 * statement (insert or update), so concurrent attempts on any number of instances count once each.
 */
export async function countAttempt(db: Db, key: string, windowMs: number, at: Date): Promise<{ count: number; resetAt: Date }> {
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

/** The current count of `key` (0 when its window has ended). */
export async function currentCount(db: Db, key: string, windowMs: number, at: Date): Promise<{ count: number; resetAt: Date }> {
  const rows = await db
    .select()
    .from(staffSignInCounters)
    .where(sql`${staffSignInCounters.key} = ${key} and ${staffSignInCounters.windowStart} > ${new Date(at.getTime() - windowMs)}`);
  const row = rows[0];
  return row ? { count: row.count, resetAt: new Date(row.windowStart.getTime() + windowMs) } : { count: 0, resetAt: at };
}

export async function clearCounter(db: Db, key: string): Promise<void> {
  await db.delete(staffSignInCounters).where(sql`${staffSignInCounters.key} = ${key}`);
}
