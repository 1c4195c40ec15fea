import { createHash, randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { AdminSession, StaffMember } from '#contract/admin.ts';
import { staff, staffSessions } from '#server/db/schema/staff.ts';
import { recordAudit, type Actor } from '#server/services/audit/audit-log.ts';
import { decoyHash, verifyPassword } from './passwords.ts';
import { clearCounter, countAttempt, signInDelayMs, type SignInLimits } from './sign-in-limits.ts';
import {
  emailKeyOf,
  findActiveStaff,
  hashTurn,
  toStaffMember,
  type StaffContext,
} from './staff-accounts.ts';

export interface SessionContext extends StaffContext {
  limits: SignInLimits;
  /** A session ends this long after sign-in, whatever happens. */
  sessionTtlMs: number;
  /** …and after this long without a call. */
  idleTimeoutMs: number;
  /** Waits before a slowed sign-in's password check (default: a timer). */
  sleep?: (ms: number) => Promise<unknown>;
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
  | { ok: false; reason: 'limited' | 'busy'; retryAfterSeconds: number };

/** The decoy hash per cost (passwords.ts decoyHash): made once, without hashing. */
const decoys = new Map<string, string>();

function limited(resetAt: Date, at: Date): SignInResult {
  return {
    ok: false,
    reason: 'limited',
    retryAfterSeconds: Math.max(1, Math.ceil((resetAt.getTime() - at.getTime()) / 1000)),
  };
}

/** Who a sign-in attempt names, for the audit log: the account when it exists (an unknown address typed is not kept). */
function attemptActor(
  row: { id: number; email: string } | undefined,
  address: string | null,
): Actor {
  return row
    ? { staffId: row.id, email: row.email, address }
    : { staffId: null, email: UNKNOWN_ACCOUNT, address };
}

/** The audit log's name for a sign-in attempt on an address that has no account. */
export const UNKNOWN_ACCOUNT = '(no such account)';

/**
 * Checks an e-mail and password. An unknown address and a wrong password take the same time and
 * get the same answer. Every attempt is counted (one upsert answering the new count) before its
 * password is checked: per client address (any account), per account from that address (the
 * lock: it shuts out only that address), and per account from all addresses (over the ceiling the
 * check waits, growing with the count: slowed, never refused). The limits: rate-limits.ts.
 * Failed sign-ins, locks and slowing are written to the audit log, with the client's address.
 */
export async function signIn(
  ctx: SessionContext,
  input: { email: string; password: string; client: string; address?: string | null },
): Promise<SignInResult> {
  // The server's hashes are all taken (or this client's): refused before anything else, so a
  // flood costs neither a hash nor the database's counting (passwords.ts HashGate). Nothing is
  // checked, so nothing is learnt, whether the account exists or not.
  const busy = ctx.hashes?.refusal(input.client) ?? null;
  if (busy !== null) return { ok: false, reason: 'busy', retryAfterSeconds: busy };
  const at = ctx.now();
  const { limits } = ctx;
  const address = input.address ?? input.client;
  const emailKey = emailKeyOf(input.email);
  const accountKey = `account:${emailKey}`;
  const pairKey = `account:${emailKey}|client:${input.client}`;
  const row = await findActiveStaff(ctx.db, input.email);
  const actor = attemptActor(row, address);
  const target = { targetType: 'staff', ...(row ? { targetId: row.id } : {}) };

  const perClient = await countAttempt(ctx.db, `client:${input.client}`, limits.windowMs, at);
  if (perClient.count > limits.perClient) {
    if (perClient.count === limits.perClient + 1) {
      await recordAudit(
        ctx.db,
        actor,
        {
          action: 'session.lockout',
          ...target,
          after: { scope: 'client', limit: limits.perClient },
        },
        at,
      );
    }
    return limited(perClient.resetAt, at);
  }
  const perPair = await countAttempt(ctx.db, pairKey, limits.windowMs, at);
  if (perPair.count > limits.perAccount) {
    if (perPair.count === limits.perAccount + 1) {
      await recordAudit(
        ctx.db,
        actor,
        {
          action: 'session.lockout',
          ...target,
          after: { scope: 'account-and-client', limit: limits.perAccount },
        },
        at,
      );
    }
    return limited(perPair.resetAt, at);
  }
  const perAccount = await countAttempt(ctx.db, accountKey, limits.windowMs, at);
  const delay = signInDelayMs(limits, perAccount.count);
  if (delay > 0) {
    if (perAccount.count === limits.accountCeiling + 1) {
      await recordAudit(
        ctx.db,
        actor,
        { action: 'session.slowed', ...target, after: { ceiling: limits.accountCeiling } },
        at,
      );
    }
    await (ctx.sleep ?? sleep)(delay);
  }

  const costKey = JSON.stringify(ctx.passwordCost);
  if (!decoys.has(costKey)) decoys.set(costKey, decoyHash(ctx.passwordCost));
  const hash = row?.passwordHash ?? decoys.get(costKey)!;
  // The hash waits for its turn, or is refused before it starts when this client, or the
  // server, has too many running (passwords.ts HashGate): the same for a known account and an
  // unknown one, which is checked against the decoy at the same cost.
  const checked = await hashTurn(ctx, input.client, () => verifyPassword(input.password, hash));
  if (!checked.ok)
    return { ok: false, reason: 'busy', retryAfterSeconds: checked.retryAfterSeconds };
  const matches = checked.value;
  if (!row || !matches) {
    await recordAudit(ctx.db, actor, { action: 'session.signInFailed', ...target }, at);
    return { ok: false, reason: 'invalid' };
  }
  await clearCounter(ctx.db, pairKey);

  const token = randomBytes(32).toString('base64url');
  const csrfToken = randomBytes(24).toString('base64url');
  const expiresAt = new Date(at.getTime() + ctx.sessionTtlMs);
  const member = toStaffMember(row);
  await ctx.db.transaction(async (tx) => {
    await tx.insert(staffSessions).values({
      tokenHash: hashToken(token),
      staffId: row.id,
      csrfToken,
      createdAt: at,
      lastSeenAt: at,
      expiresAt,
    });
    await recordAudit(
      tx,
      actor,
      { action: 'session.signIn', targetType: 'staff', targetId: row.id },
      at,
    );
  });
  return {
    ok: true,
    token,
    session: { staff: member, csrfToken, expiresAt: expiresAt.toISOString() },
  };
}

/** The signed-in staff member of a session token, or undefined (unknown, expired, idle, removed). */
export async function findSession(
  ctx: SessionContext,
  token: string,
): Promise<SignedInStaff | undefined> {
  const at = ctx.now();
  const tokenHash = hashToken(token);
  const [row] = await ctx.db
    .select({ session: staffSessions, staff })
    .from(staffSessions)
    .innerJoin(staff, eq(staff.id, staffSessions.staffId))
    .where(
      and(
        eq(staffSessions.tokenHash, tokenHash),
        gt(staffSessions.expiresAt, at),
        isNull(staff.removedAt),
      ),
    );
  if (!row) return undefined;
  const idleFor = at.getTime() - row.session.lastSeenAt.getTime();
  if (idleFor > ctx.idleTimeoutMs) {
    await ctx.db.delete(staffSessions).where(eq(staffSessions.tokenHash, tokenHash));
    return undefined;
  }
  if (idleFor > TOUCH_EVERY_MS) {
    await ctx.db
      .update(staffSessions)
      .set({ lastSeenAt: at })
      .where(eq(staffSessions.tokenHash, tokenHash));
  }
  return {
    staff: toStaffMember(row.staff),
    tokenHash,
    csrfToken: row.session.csrfToken,
    expiresAt: row.session.expiresAt,
  };
}

/** Ends a session (sign-out). */
export async function endSession(
  ctx: SessionContext,
  signedIn: SignedInStaff,
  address: string | null = null,
): Promise<void> {
  const at = ctx.now();
  await ctx.db.transaction(async (tx) => {
    await tx.delete(staffSessions).where(eq(staffSessions.tokenHash, signedIn.tokenHash));
    await recordAudit(
      tx,
      { staffId: signedIn.staff.id, email: signedIn.staff.email, address },
      { action: 'session.signOut', targetType: 'staff', targetId: signedIn.staff.id },
      at,
    );
  });
}

export function toAdminSession(signedIn: SignedInStaff): AdminSession {
  return {
    staff: signedIn.staff,
    csrfToken: signedIn.csrfToken,
    expiresAt: signedIn.expiresAt.toISOString(),
  };
}
