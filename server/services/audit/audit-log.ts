import { count, desc } from 'drizzle-orm';
import type { AuditEntry, Paged } from '#contract/admin.ts';
import type { Db, Tx } from '#server/db/client.ts';
import { auditLog } from '#server/db/schema/staff.ts';

/** A database or a transaction: an audit entry is written in the same transaction as its action. */
type DbOrTx = Db | Tx;

/**
 * Who did it: a signed-in staff member, or the command line or a job (`staffId` null); and from
 * where: the client's address as the rate limits read it (the socket's, or X-Forwarded-For's last
 * entry with TRUST_PROXY=1), absent for the command line and jobs. The address is kept as it is,
 * neither truncated nor hashed: telling whose sign-in or download it was is what the log is for.
 */
export interface Actor {
  staffId: number | null;
  email: string;
  address?: string | null;
}

interface AuditRecord {
  /**
   * What was done: 'session.signIn', 'session.signInFailed', 'session.lockout', 'session.slowed',
   * 'session.signOut', 'staff.add', 'order.view', 'order.status', 'order.printFile',
   * 'order.printZip', 'message.list', 'message.handled', 'subscribers.list', 'subscribers.export', …
   */
  action: string;
  targetType?: string;
  targetId?: string | number;
  before?: unknown;
  after?: unknown;
}

export async function recordAudit(
  db: DbOrTx,
  actor: Actor,
  record: AuditRecord,
  at: Date,
): Promise<void> {
  await db.insert(auditLog).values({
    staffId: actor.staffId,
    staffEmail: actor.email,
    clientAddress: actor.address ?? null,
    action: record.action,
    targetType: record.targetType ?? null,
    targetId: record.targetId === undefined ? null : String(record.targetId),
    before: record.before ?? null,
    after: record.after ?? null,
    createdAt: at,
  });
}

const AUDIT_PAGE_SIZE = 50;

/** The audit log, newest first. */
export async function listAudit(db: Db, page: number): Promise<Paged<AuditEntry>> {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(AUDIT_PAGE_SIZE)
      .offset((page - 1) * AUDIT_PAGE_SIZE),
    db.select({ n: count() }).from(auditLog),
  ]);
  return {
    rows: rows.map((row) => ({
      id: row.id,
      staffEmail: row.staffEmail,
      clientAddress: row.clientAddress,
      action: row.action,
      targetType: row.targetType,
      targetId: row.targetId,
      before: row.before,
      after: row.after,
      createdAt: row.createdAt.toISOString(),
    })),
    page,
    pageSize: AUDIT_PAGE_SIZE,
    total: total?.n ?? 0,
  };
}
