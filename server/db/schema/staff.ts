import { boolean, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { serialId, timestamptz } from '#server/db/columns.ts';

/**
 * The back office (issue #11): staff accounts, their sessions, sign-in counters and the audit log.
 * Read by server/services/staff and server/services/audit; routes in server/routes/admin.
 */
/**
 * Shop staff who sign in at /admin. `email_key` is the trimmed, lower-cased address (one account
 * per address). `password_hash` is `scrypt$N$r$p$salt$hash` (server/services/staff/passwords.ts).
 * `must_change_password`: set for a one-time password; until changed, only the session and
 * password calls answer. Removing an account sets `removed_at` (the audit log keeps naming it).
 */
export const staff = pgTable('staff', {
  id: serialId(),
  email: text('email').notNull(),
  emailKey: text('email_key').notNull().unique(),
  role: text('role').notNull(),
  passwordHash: text('password_hash').notNull(),
  mustChangePassword: boolean('must_change_password').notNull().default(true),
  createdAt: timestamptz('created_at').notNull(),
  removedAt: timestamptz('removed_at'),
});

/**
 * Signed-in staff. The browser holds a random 256-bit token in an HttpOnly cookie; only its
 * SHA-256 is stored, so a copy of this table signs nobody in. `csrf_token` is sent back in the
 * X-CSRF-Token header of every state-changing call.
 */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    csrfToken: text('csrf_token').notNull(),
    createdAt: timestamptz('created_at').notNull(),
    lastSeenAt: timestamptz('last_seen_at').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
  },
  (t) => [index('staff_sessions_staff_idx').on(t.staffId)],
);

/**
 * Sign-in attempts counted in fixed windows, per client address (`client:…`) and per account
 * (`account:<email key>`, known or not), shared by every server instance.
 */
export const staffSignInCounters = pgTable('staff_sign_in_counters', {
  key: text('key').primaryKey(),
  windowStart: timestamptz('window_start').notNull(),
  count: integer('count').notNull(),
});

/**
 * What staff did: who (`staff_id`, and the address at the time), what (`action`, e.g.
 * 'order.status', and the target), when, from where (`client_address`), and the state before and
 * after (JSON). Append-only: a trigger refuses UPDATE, TRUNCATE and the DELETE of any row younger
 * than two years (migration 0013; older rows may go, as the addresses in them are personal data).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serialId(),
    staffId: integer('staff_id').references(() => staff.id),
    staffEmail: text('staff_email').notNull(),
    clientAddress: text('client_address'),
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: timestamptz('created_at').notNull(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt),
    index('audit_log_target_idx').on(t.targetType, t.targetId),
  ],
);
