import { and, asc, eq, isNull, ne } from 'drizzle-orm';
import type { StaffMember, StaffRole } from '#contract/admin.ts';
import type { Db } from '#server/db/client.ts';
import { staff, staffSessions } from '#server/db/schema/staff.ts';
import { recordAudit, type Actor } from '#server/services/audit/audit-log.ts';
import {
  hashPassword,
  oneTimePassword,
  verifyPassword,
  type GateAnswer,
  type HashGate,
  type PasswordCost,
} from './passwords.ts';

export interface StaffContext {
  db: Db;
  now: () => Date;
  passwordCost: PasswordCost;
  /**
   * The server's password hashes within their limits (passwords.ts HashGate); without it (the
   * command line) a hash runs at once.
   */
  hashes?: HashGate;
}

/** Runs one hash through the server's gate (`client`: whose turn it takes), or at once without one. */
export async function hashTurn<T>(
  ctx: Pick<StaffContext, 'hashes'>,
  client: string,
  work: () => Promise<T>,
): Promise<GateAnswer<T>> {
  if (!ctx.hashes) return { ok: true, value: await work() };
  return ctx.hashes.run(client, work);
}

type StaffRow = typeof staff.$inferSelect;

export const emailKeyOf = (email: string) => email.trim().toLowerCase();

export function toStaffMember(row: StaffRow): StaffMember {
  return {
    id: row.id,
    email: row.email,
    role: row.role as StaffRole,
    mustChangePassword: row.mustChangePassword,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The active (not removed) account with this address. */
export async function findActiveStaff(db: Db, email: string): Promise<StaffRow | undefined> {
  const [row] = await db
    .select()
    .from(staff)
    .where(and(eq(staff.emailKey, emailKeyOf(email)), isNull(staff.removedAt)));
  return row;
}

export async function listStaff(db: Db): Promise<StaffMember[]> {
  const rows = await db.select().from(staff).where(isNull(staff.removedAt)).orderBy(asc(staff.id));
  return rows.map(toStaffMember);
}

type AddStaffResult =
  | { ok: true; staff: StaffMember; password: string }
  | { ok: false; reason: 'exists' }
  | { ok: false; reason: 'busy'; retryAfterSeconds: number };

/**
 * Adds an account (or brings back a removed one) with a new password: a one-time password the
 * holder must change at first sign-in, or `password` when the creator chose it (command line).
 */
export async function addStaff(
  ctx: StaffContext,
  actor: Actor,
  input: { email: string; role: StaffRole; password?: string },
): Promise<AddStaffResult> {
  const password = input.password ?? oneTimePassword();
  const hashed = await hashTurn(ctx, `staff:${actor.staffId ?? 'command line'}`, () =>
    hashPassword(password, ctx.passwordCost),
  );
  if (!hashed.ok) return { ok: false, reason: 'busy', retryAfterSeconds: hashed.retryAfterSeconds };
  const passwordHash = hashed.value;
  const at = ctx.now();
  const email = input.email.trim();
  const mustChangePassword = input.password === undefined;
  return ctx.db.transaction(async (tx) => {
    const [existing] = await tx
      .select()
      .from(staff)
      .where(eq(staff.emailKey, emailKeyOf(email)))
      .for('update');
    if (existing && !existing.removedAt) return { ok: false, reason: 'exists' } as const;
    const values = {
      email,
      role: input.role,
      passwordHash,
      mustChangePassword,
      createdAt: at,
      removedAt: null,
    };
    const [row] = existing
      ? await tx.update(staff).set(values).where(eq(staff.id, existing.id)).returning()
      : await tx
          .insert(staff)
          .values({ ...values, emailKey: emailKeyOf(email) })
          .onConflictDoNothing()
          .returning();
    if (!row) return { ok: false, reason: 'exists' } as const;
    const member = toStaffMember(row);
    await recordAudit(
      tx,
      actor,
      {
        action: 'staff.add',
        targetType: 'staff',
        targetId: row.id,
        after: { email: member.email, role: member.role },
      },
      at,
    );
    return { ok: true, staff: member, password } as const;
  });
}

type RemoveStaffResult = 'removed' | 'not-found' | 'self' | 'last-owner';

/** Removes an account (owners only): its sessions end at once. Nobody removes themselves or the last owner. */
export async function removeStaff(
  ctx: StaffContext,
  actor: Actor,
  staffId: number,
): Promise<RemoveStaffResult> {
  if (actor.staffId === staffId) return 'self';
  const at = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(staff)
      .where(and(eq(staff.id, staffId), isNull(staff.removedAt)))
      .for('update');
    if (!row) return 'not-found';
    if (row.role === 'owner') {
      const owners = await tx
        .select({ id: staff.id })
        .from(staff)
        .where(and(eq(staff.role, 'owner'), isNull(staff.removedAt), ne(staff.id, staffId)))
        .for('update');
      if (owners.length === 0) return 'last-owner';
    }
    await tx.update(staff).set({ removedAt: at }).where(eq(staff.id, staffId));
    await tx.delete(staffSessions).where(eq(staffSessions.staffId, staffId));
    await recordAudit(
      tx,
      actor,
      {
        action: 'staff.remove',
        targetType: 'staff',
        targetId: staffId,
        before: { email: row.email, role: row.role },
      },
      at,
    );
    return 'removed';
  });
}

type ChangePasswordResult =
  'changed' | 'wrong-password' | 'not-found' | { busy: true; retryAfterSeconds: number };

/** Changes a password after checking the current one; the account's other sessions end. */
export async function changePassword(
  ctx: StaffContext,
  actor: Actor & { staffId: number },
  input: { currentPassword: string; newPassword: string; keepSessionHash: string },
): Promise<ChangePasswordResult> {
  const [row] = await ctx.db
    .select()
    .from(staff)
    .where(and(eq(staff.id, actor.staffId), isNull(staff.removedAt)));
  if (!row) return 'not-found';
  // Both hashes in one turn of the gate: the check of the current password and the new hash.
  const hashed = await hashTurn(ctx, `staff:${row.id}`, async () =>
    (await verifyPassword(input.currentPassword, row.passwordHash))
      ? hashPassword(input.newPassword, ctx.passwordCost)
      : null,
  );
  if (!hashed.ok) return { busy: true, retryAfterSeconds: hashed.retryAfterSeconds };
  if (hashed.value === null) return 'wrong-password';
  const passwordHash = hashed.value;
  const at = ctx.now();
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(staff)
      .set({ passwordHash, mustChangePassword: false })
      .where(eq(staff.id, row.id));
    await tx
      .delete(staffSessions)
      .where(
        and(eq(staffSessions.staffId, row.id), ne(staffSessions.tokenHash, input.keepSessionHash)),
      );
    await recordAudit(
      tx,
      actor,
      {
        action: 'staff.passwordChange',
        targetType: 'staff',
        targetId: row.id,
        before: { mustChangePassword: row.mustChangePassword },
        after: { mustChangePassword: false },
      },
      at,
    );
  });
  return 'changed';
}
