import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { AdminSession, StaffMember } from '#contract/admin.ts';
import { staff, staffSessions } from '../../db/schema-admin.ts';
import { recordAudit } from '../audit/audit-log.ts';
import { decoyHash, verifyPassword } from './passwords.ts';
import { clearCounter, countAttempt, currentCount, type SignInLimits } from './sign-in-limits.ts';
import { emailKeyOf, findActiveStaff, toStaffMember, type StaffContext } from './staff-accounts.ts';

export interface SessionContext extends StaffContext {
  limits: SignInLimits;
  /** A session ends this long after sign-in, whatever happens. */
  sessionTtlMs: number;
  /** …and after this long without a call. */
  idleTimeoutMs: number;
}

export const SESSION_TTL_MS = 12 * 60 * 60_000;
export const IDLE_TIMEOUT_MS = 2 * 60 * 60_000;
/** lastSeenAt is written at most this often, so reading pages does not write on every call. */
const TOUCH_EVERY_MS = 60_000;

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

export interface SignedInStaff {
  staff: StaffMember;
  tokenHash: string;
  csrfToken: string;
  expiresAt: Date;
}

type SignInResult =
  | { ok: true; token: string; session: AdminSession }
  | { ok: false; reason: 'invalid' }
  | { ok: false; reason: 'limited'; retryAfterSeconds: number };

const decoys = new Map<string, Promise<string>>();

function limited(resetAt: Date, at: Date): SignInResult {
  return { ok: false, reason: 'limited', retryAfterSeconds: Math.max(1, Math.ceil((resetAt.getTime() - at.getTime()) / 1000)) };
}

/**
 * Checks an e-mail and password. An unknown address and a wrong password take the same time and
 * get the same answer. Attempts are counted per client and failures per address in the database.
 */
export async function signIn(ctx: SessionContext, input: { email: string; password: string; client: string }): Promise<SignInResult> {
  const at = ctx.now();
  const { limits } = ctx;
  const accountKey = `account:${emailKeyOf(input.email)}`;
  const perClient = await countAttempt(ctx.db, `client:${input.client}`, limits.windowMs, at);
  if (perClient.count > limits.perClient) return limited(perClient.resetAt, at);
  const perAccount = await currentCount(ctx.db, accountKey, limits.windowMs, at);
  if (perAccount.count >= limits.perAccount) return limited(perAccount.resetAt, at);

  const row = await findActiveStaff(ctx.db, input.email);
  const costKey = JSON.stringify(ctx.passwordCost);
  if (!decoys.has(costKey)) decoys.set(costKey, decoyHash(ctx.passwordCost));
  const hash = row?.passwordHash ?? (await decoys.get(costKey)!);
  const matches = await verifyPassword(input.password, hash);
  if (!row || !matches) {
    await countAttempt(ctx.db, accountKey, limits.windowMs, at);
    return { ok: false, reason: 'invalid' };
  }
  await clearCounter(ctx.db, accountKey);

  const token = randomBytes(32).toString('base64url');
  const csrfToken = randomBytes(24).toString('base64url');
  const expiresAt = new Date(at.getTime() + ctx.sessionTtlMs);
  const member = toStaffMember(row);
  await ctx.db.transaction(async (tx) => {
    await tx.insert(staffSessions).values({ tokenHash: hashToken(token), staffId: row.id, csrfToken, createdAt: at, lastSeenAt: at, expiresAt });
    await recordAudit(tx, { staffId: row.id, email: row.email }, { action: 'session.signIn', targetType: 'staff', targetId: row.id }, at);
  });
  return { ok: true, token, session: { staff: member, csrfToken, expiresAt: expiresAt.toISOString() } };
}

/** The signed-in staff member of a session token, or undefined (unknown, expired, idle, removed). */
export async function findSession(ctx: SessionContext, token: string): Promise<SignedInStaff | undefined> {
  const at = ctx.now();
  const tokenHash = hashToken(token);
  const [row] = await ctx.db
    .select({ session: staffSessions, staff })
    .from(staffSessions)
    .innerJoin(staff, eq(staff.id, staffSessions.staffId))
    .where(and(eq(staffSessions.tokenHash, tokenHash), gt(staffSessions.expiresAt, at), isNull(staff.removedAt)));
  if (!row) return undefined;
  const idleFor = at.getTime() - row.session.lastSeenAt.getTime();
  if (idleFor > ctx.idleTimeoutMs) {
    await ctx.db.delete(staffSessions).where(eq(staffSessions.tokenHash, tokenHash));
    return undefined;
  }
  if (idleFor > TOUCH_EVERY_MS) {
    await ctx.db.update(staffSessions).set({ lastSeenAt: at }).where(eq(staffSessions.tokenHash, tokenHash));
  }
  return { staff: toStaffMember(row.staff), tokenHash, csrfToken: row.session.csrfToken, expiresAt: row.session.expiresAt };
}

/** Ends a session (sign-out). */
export async function endSession(ctx: SessionContext, signedIn: SignedInStaff): Promise<void> {
  const at = ctx.now();
  await ctx.db.transaction(async (tx) => {
    await tx.delete(staffSessions).where(eq(staffSessions.tokenHash, signedIn.tokenHash));
    await recordAudit(tx, { staffId: signedIn.staff.id, email: signedIn.staff.email }, { action: 'session.signOut', targetType: 'staff', targetId: signedIn.staff.id }, at);
  });
}

export function toAdminSession(signedIn: SignedInStaff): AdminSession {
  return { staff: signedIn.staff, csrfToken: signedIn.csrfToken, expiresAt: signedIn.expiresAt.toISOString() };
}
