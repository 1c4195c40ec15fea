import { countMailFailure } from '#server/platform/metrics.ts';
import { cleanLine } from '#contract/text.ts';
import { eq, sql } from 'drizzle-orm';
import { createTransport } from 'nodemailer';
import type { Db, Tx } from '#server/db/client.ts';
import { outboxMail } from '#server/db/schema/shop.ts';
import type { JobHandler } from '#server/platform/jobs/runner.ts';
import { mailJobDone, queueMailJob } from './mail-job.ts';
import { log, scrub } from '#server/runtime/log.ts';

interface MailAddress {
  name?: string;
  address: string;
}

interface MailMessage {
  /** One address (already validated by a contract schema). */
  to: string;
  replyTo?: MailAddress;
  subject: string;
  text: string;
  html: string;
  /**
   * The order the mail is about: stored with it, and the mail is not made once the order's
   * personal data is erased (the mailer's `orderFence`), however long ago its job was queued.
   */
  orderId?: string;
}

interface SendOptions {
  /**
   * Checked in the transaction that stores the mail, before it is stored: false, and nothing is
   * stored or sent. Default with `orderId`: the mailer's `orderFence`.
   */
  fence?: (tx: Tx) => Promise<boolean>;
}

/** 'outbox': kept in the outbox_mail table only; 'smtp': handed to the relay in SMTP_URL. */
type MailTransportKind = 'outbox' | 'smtp';

interface SentMail {
  /** The outbox_mail row; null when the fence stopped the mail (nothing stored). */
  id: number | null;
  transport: MailTransportKind;
  /** true once the SMTP relay accepted it; always false for the outbox transport. */
  sent: boolean;
}

/** The one way the server sends mail. */
export interface Mailer {
  readonly transport: MailTransportKind;
  /**
   * Stores the mail in outbox_mail and (SMTP) queues its mail job in the same transaction, then
   * hands it to the relay at once. A relay failure does not throw: the mail stays unsent with
   * `last_error`, and the job runner sends it later (mail-job.ts), with the runner's backoff.
   * A mail whose fence fails (its order or sign-up erased meanwhile) is neither stored nor sent.
   */
  send(message: MailMessage, options?: SendOptions): Promise<SentMail>;
  /**
   * Sends a stored mail the relay has not accepted yet (the mail job's work). Resolves when it is
   * sent (now or before); throws with the relay's reason when it is not, so the job is retried.
   * The mail is claimed first, so two servers never both send it.
   */
  deliverStored(id: number): Promise<void>;
  close(): Promise<void>;
}

export interface MailerOptions {
  db: Db;
  /**
   * Whether a mail about `orderId` may still be made, checked in the transaction that stores it:
   * the shop's is that the order's personal data is not erased (services/notifications/shop-mailer.ts).
   */
  orderFence: (tx: Tx, orderId: string) => Promise<boolean>;
  /** The sender, e.g. { name: 'Storymade', address: SHOP_EMAIL }. */
  from: MailAddress;
  /** smtp://user:pass@host:587 or smtps://…; unset keeps every mail in the outbox table. */
  smtpUrl?: string;
  /** When the mail job first tries a mail the relay did not take (default two minutes later). */
  retryAfterMs?: number;
}

const MAX_SEND_ATTEMPTS = 5;
/** A mail's first retry, after the relay did not take it (or the server stopped while sending). */
const RETRY_AFTER_MS = 2 * 60_000;
/** A claim older than this is taken to be of a server that stopped while sending. */
const CLAIM_LEASE_MS = 10 * 60_000;

/** `"Name" <address>` with the name quoted (RFC 5322), or the bare address. */
function formatAddress(address: MailAddress): string {
  if (!address.name) return address.address;
  const name = cleanLine(address.name).replace(/[\\"]/g, (ch) => `\\${ch}`);
  if (!name) return address.address;
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
      await db
        .update(outboxMail)
        .set({ sentAt: new Date(), lastError: null, claimedAt: null })
        .where(eq(outboxMail.id, row.id));
      return true;
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      log().error({ mailId: row.id, reason: scrub(reason) }, 'mail not sent');
      countMailFailure();
      await db
        .update(outboxMail)
        .set({ lastError: scrub(reason).slice(0, 1000), claimedAt: null })
        .where(eq(outboxMail.id, row.id));
      return false;
    }
  }

  const retryAfterMs = options.retryAfterMs ?? RETRY_AFTER_MS;

  /**
   * Claims the unsent SMTP mail `id` for this server: one UPDATE of the row picked FOR UPDATE SKIP
   * LOCKED, which sets claimed_at and counts the attempt. Two servers never hold the same mail; a
   * claim older than the lease is free again.
   */
  async function claim(id: number): Promise<OutboxRow | undefined> {
    const leaseOver = new Date(Date.now() - CLAIM_LEASE_MS);
    const rows = await db.execute<{ id: number }>(sql`
      update ${outboxMail} set claimed_at = now(), attempts = ${outboxMail.attempts} + 1
      where ${outboxMail.id} = (
        select ${outboxMail.id} from ${outboxMail}
        where ${outboxMail.id} = ${id} and ${outboxMail.transport} = 'smtp'
          and ${outboxMail.sentAt} is null and ${outboxMail.attempts} < ${MAX_SEND_ATTEMPTS}
          and (${outboxMail.claimedAt} is null or ${outboxMail.claimedAt} < ${leaseOver})
        for update skip locked)
      returning ${outboxMail.id} as id`);
    const claimed =
      (rows as unknown as { rows?: { id: number }[] }).rows ??
      (rows as unknown as { id: number }[]);
    if (claimed[0]?.id === undefined) return undefined;
    const [row] = await db.select().from(outboxMail).where(eq(outboxMail.id, id));
    return row;
  }

  return {
    transport,
    async send(message, sendOptions = {}) {
      const fence =
        sendOptions.fence ??
        (message.orderId === undefined
          ? undefined
          : (tx: Tx) => options.orderFence(tx, message.orderId!));
      const row = await db.transaction(async (tx) => {
        if (fence && !(await fence(tx))) return null;
        const [stored] = await tx
          .insert(outboxMail)
          .values({
            to: message.to,
            replyTo: message.replyTo ? formatAddress(message.replyTo) : null,
            // Headers are built from cleaned text: no control, direction or invisible characters
            // (contract/text.ts), whatever was stored before the rule refused them.
            subject: cleanLine(message.subject),
            text: message.text,
            html: message.html,
            transport,
            attempts: 0,
            orderId: message.orderId ?? null,
          })
          .returning();
        if (!stored) throw new Error('The mail could not be stored.');
        // The job is the mail's way out if the first attempt fails or never ends (a crash).
        if (smtp) await queueMailJob(tx, stored.id, new Date(Date.now() + retryAfterMs));
        return stored;
      });
      if (!row) return { id: null, transport, sent: false };
      if (!smtp) return { id: row.id, transport, sent: false };
      const claimed = await claim(row.id);
      const sent = claimed ? await deliver(claimed) : false;
      // Sent: its job has nothing left to do.
      if (sent) await mailJobDone(db, row.id);
      return { id: row.id, transport, sent };
    },
    async deliverStored(id) {
      const [row] = await db.select().from(outboxMail).where(eq(outboxMail.id, id));
      if (!row || row.sentAt || !smtp) return;
      const claimed = await claim(id);
      if (!claimed) {
        // Deleted meanwhile (an erasure): nothing is left to send.
        const [still] = await db
          .select({ id: outboxMail.id })
          .from(outboxMail)
          .where(eq(outboxMail.id, id));
        if (!still) return;
        throw new Error(
          row.attempts >= MAX_SEND_ATTEMPTS
            ? `mail ${id} was tried ${row.attempts} times`
            : `mail ${id} is being sent by another server`,
        );
      }
      if (await deliver(claimed)) return;
      const [after] = await db.select().from(outboxMail).where(eq(outboxMail.id, id));
      throw new Error(after?.lastError ?? `mail ${id} was not sent`);
    },
    async close() {
      smtp?.close();
    },
  };
}

/** The mail job's handler, registered with the runner (shop-jobs.ts): sends the stored mail. */
export function mailJobHandler(mailer: Mailer): JobHandler {
  return (payload) => mailer.deliverStored(Number(payload.mailId));
}
