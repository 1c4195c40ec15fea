import { and, asc, eq, isNull, lt, sql } from 'drizzle-orm';
import { createTransport } from 'nodemailer';
import type { Db } from '../../db/client.ts';
import { outboxMail } from '../../db/schema.ts';

export interface MailAddress {
  name?: string;
  address: string;
}

export interface MailMessage {
  /** One address (already validated by a contract schema). */
  to: string;
  replyTo?: MailAddress;
  subject: string;
  text: string;
  html: string;
}

/** 'outbox': kept in the outbox_mail table only; 'smtp': handed to the relay in SMTP_URL. */
export type MailTransportKind = 'outbox' | 'smtp';

export interface SentMail {
  /** The outbox_mail row. */
  id: number;
  transport: MailTransportKind;
  /** true once the SMTP relay accepted it; always false for the outbox transport. */
  sent: boolean;
}

/** The one way the server sends mail. */
export interface Mailer {
  readonly transport: MailTransportKind;
  /**
   * Stores the mail in outbox_mail, then (SMTP) hands it to the relay. A relay failure does not
   * throw: the mail stays unsent with `last_error` and `retryUnsent()` tries again.
   */
  send(message: MailMessage): Promise<SentMail>;
  /**
   * Sends again the SMTP mails the relay has not accepted (older than two minutes, up to 5 attempts
   * each); returns how many went out. Each retry is claimed first, so two servers never both send it.
   */
  retryUnsent(): Promise<number>;
  close(): Promise<void>;
}

export interface MailerOptions {
  db: Db;
  /** The sender, e.g. { name: 'Storymade', address: SHOP_EMAIL }. */
  from: MailAddress;
  /** smtp://user:pass@host:587 or smtps://…; unset keeps every mail in the outbox table. */
  smtpUrl?: string;
}

export const MAX_SEND_ATTEMPTS = 5;
/** A mail younger than this may still be on its first way out; retries leave it alone. */
const RETRY_AFTER_MS = 2 * 60_000;

/** `"Name" <address>` with the name quoted (RFC 5322), or the bare address. */
export function formatAddress(address: MailAddress): string {
  if (!address.name) return address.address;
  const name = address.name.replace(/[\\"]/g, (ch) => `\\${ch}`);
  return `"${name}" <${address.address}>`;
}

type OutboxRow = typeof outboxMail.$inferSelect;

export function createMailer(options: MailerOptions): Mailer {
  const { db } = options;
  const from = formatAddress(options.from);
  const smtp = options.smtpUrl
    ? createTransport({
        url: options.smtpUrl,
        connectionTimeout: 15_000,
        greetingTimeout: 15_000,
        socketTimeout: 30_000,
      })
    : null;
  const transport: MailTransportKind = smtp ? 'smtp' : 'outbox';

  async function deliver(row: OutboxRow): Promise<boolean> {
    if (!smtp) return false;
    try {
      await smtp.sendMail({
        from,
        to: { name: '', address: row.to },
        ...(row.replyTo ? { replyTo: row.replyTo } : {}),
        subject: row.subject,
        text: row.text,
        html: row.html,
      });
      await db.update(outboxMail).set({ sentAt: new Date(), lastError: null }).where(eq(outboxMail.id, row.id));
      return true;
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      console.error(`Mail ${row.id} to ${row.to} was not sent:`, reason);
      await db.update(outboxMail).set({ lastError: reason.slice(0, 1000) }).where(eq(outboxMail.id, row.id));
      return false;
    }
  }

  return {
    transport,
    async send(message) {
      const [row] = await db
        .insert(outboxMail)
        .values({
          to: message.to,
          replyTo: message.replyTo ? formatAddress(message.replyTo) : null,
          subject: message.subject,
          text: message.text,
          html: message.html,
          transport,
          attempts: smtp ? 1 : 0,
        })
        .returning();
      if (!row) throw new Error('The mail could not be stored.');
      return { id: row.id, transport, sent: await deliver(row) };
    },
    async retryUnsent() {
      if (!smtp) return 0;
      const rows = await db
        .select()
        .from(outboxMail)
        .where(
          and(
            eq(outboxMail.transport, 'smtp'),
            isNull(outboxMail.sentAt),
            lt(outboxMail.attempts, MAX_SEND_ATTEMPTS),
            lt(outboxMail.createdAt, new Date(Date.now() - RETRY_AFTER_MS)),
          ),
        )
        .orderBy(asc(outboxMail.id))
        .limit(50);
      let sent = 0;
      for (const row of rows) {
        const [claimed] = await db
          .update(outboxMail)
          .set({ attempts: sql`${outboxMail.attempts} + 1` })
          .where(and(eq(outboxMail.id, row.id), eq(outboxMail.attempts, row.attempts), isNull(outboxMail.sentAt)))
          .returning();
        if (claimed && (await deliver(claimed))) sent += 1;
      }
      return sent;
    },
    async close() {
      smtp?.close();
    },
  };
}
