import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { sandboxPrintJobs } from '#server/db/schema/fulfilment.ts';
import { enqueueJob, type JobHandler } from '#server/platform/jobs/runner.ts';
import { log, scrub } from '#server/runtime/log.ts';
import {
  PrintPartnerError,
  type PartnerJob,
  type PartnerStage,
  type PrintPartner,
} from './print-partner.ts';

/**
 * The built-in sandbox printer (PRINT_PARTNER=sandbox, the default), like the sandbox payment
 * provider: a fresh `npm start` fulfils end to end. It takes a book at once ('accepted'), starts
 * "printing" it as soon as its job runs ('in_production'), and ships it PRINT_SANDBOX_SHIP_SECONDS
 * after it was taken with a tracking number and an https tracking link; at each stage it calls the
 * shop's webhook as a partner would (POST /api/print-partner/webhook, signed with HMAC-SHA256 in
 * `X-Sandbox-Printer-Signature`). Nothing is printed and nothing is posted.
 */
export const SANDBOX_PRINTER_JOB = 'sandbox-printer-advance';
export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-printer-signature';

type SandboxStatus = 'accepted' | 'in_production' | 'shipped' | 'cancelled';
const STAGES: Record<SandboxStatus, PartnerStage> = {
  accepted: 'accepted',
  in_production: 'in_production',
  shipped: 'shipped',
  cancelled: 'cancelled',
};
/** Where each stage may be reached from. */
const FROM: Record<'in_production' | 'shipped', SandboxStatus[]> = {
  in_production: ['accepted'],
  shipped: ['accepted', 'in_production'],
};

type Row = typeof sandboxPrintJobs.$inferSelect;

function jobOf(row: Row): PartnerJob {
  const status = row.status as SandboxStatus;
  return {
    reference: row.id,
    stage: STAGES[status] ?? 'failed',
    status,
    ...(row.trackingNumber ? { trackingNumber: row.trackingNumber } : {}),
    ...(row.trackingUrl ? { trackingUrl: row.trackingUrl } : {}),
  };
}

export function signSandboxWebhook(secret: string | Buffer, body: string): string {
  return createHmac('sha256', secret).update(body, 'utf8').digest('hex');
}

export interface SandboxPrinterOptions {
  db: Db;
  /** Seconds from taking a book to shipping it (PRINT_SANDBOX_SHIP_SECONDS, default 120). */
  shipSeconds: number;
  /** Signs its webhooks (the app's link secret). */
  secret: string | Buffer;
  /** Where it posts its webhooks: the shop's POST /api/print-partner/webhook. */
  webhookUrl: string;
  /** How it posts them (default fetch; tests route them to the app, or lose them). */
  post?: (url: string, init: RequestInit) => Promise<Response>;
}

export function createSandboxPrinter(options: SandboxPrinterOptions): PrintPartner & {
  handlers: Record<string, JobHandler>;
} {
  const { db } = options;
  const post = options.post ?? ((url, init) => fetch(url, init));

  async function read(reference: string): Promise<Row | undefined> {
    const [row] = await db
      .select()
      .from(sandboxPrintJobs)
      .where(eq(sandboxPrintJobs.id, reference));
    return row;
  }

  /** Calls the shop's webhook as a partner does; a lost call is the reconciliation's to find. */
  async function notify(row: Row): Promise<void> {
    const body = JSON.stringify({ event: 'job.status_changed', job: row.id, status: row.status });
    try {
      const res = await post(options.webhookUrl, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          [SANDBOX_SIGNATURE_HEADER]: signSandboxWebhook(options.secret, body),
        },
        body,
        signal: AbortSignal.timeout(10_000),
      });
      if (!res.ok) throw new Error(`the shop answered ${res.status}`);
    } catch (error) {
      log().warn(
        { job: row.id, reason: scrub(String(error)) },
        "The sandbox printer could not call the shop's webhook",
      );
    }
  }

  async function advance(reference: string, to: 'in_production' | 'shipped'): Promise<void> {
    const tracking =
      to === 'shipped'
        ? (() => {
            const number = `SBX${randomBytes(5).toString('hex').toUpperCase()}`;
            return {
              trackingNumber: number,
              trackingUrl: `https://tracking.example.com/sandbox-printer/${number}`,
            };
          })()
        : {};
    const [moved] = await db
      .update(sandboxPrintJobs)
      .set({ status: to, ...tracking, updatedAt: new Date() })
      .where(and(eq(sandboxPrintJobs.id, reference), inArray(sandboxPrintJobs.status, FROM[to])))
      .returning();
    if (moved) await notify(moved);
  }

  return {
    name: 'sandbox',
    label: 'Sandbox printer',
    async submit(submission) {
      if (submission.books.length === 0)
        throw new PrintPartnerError('a print job needs at least one book', 400, 'refused');
      for (const book of submission.books) {
        if (!/^https?:\/\//.test(book.interiorUrl) || !/^https?:\/\//.test(book.coverUrl))
          throw new PrintPartnerError(
            'every book needs its interior and cover links',
            400,
            'refused',
          );
      }
      const id = `SBX-${randomBytes(6).toString('hex').toUpperCase()}`;
      const shipAt = new Date(Date.now() + options.shipSeconds * 1000);
      const row = await db.transaction(async (tx) => {
        const [made] = await tx
          .insert(sandboxPrintJobs)
          .values({
            id,
            idempotencyKey: submission.idempotencyKey,
            reference: submission.reference,
            status: 'accepted',
            books: submission.books.map((book) => ({
              product: book.binding,
              pageCount: book.pageCount,
              quantity: book.quantity,
            })),
            shipAt,
          })
          .onConflictDoNothing({ target: sandboxPrintJobs.idempotencyKey })
          .returning();
        if (!made) {
          // The same key again: the job made the first time, never a second one.
          const [first] = await tx
            .select()
            .from(sandboxPrintJobs)
            .where(eq(sandboxPrintJobs.idempotencyKey, submission.idempotencyKey));
          return first!;
        }
        await enqueueJob(tx, {
          kind: SANDBOX_PRINTER_JOB,
          dedupeKey: `${SANDBOX_PRINTER_JOB}:${id}:in_production`,
          payload: { job: id, to: 'in_production' },
        });
        await enqueueJob(tx, {
          kind: SANDBOX_PRINTER_JOB,
          dedupeKey: `${SANDBOX_PRINTER_JOB}:${id}:shipped`,
          payload: { job: id, to: 'shipped' },
          runAfter: shipAt,
        });
        return made;
      });
      return jobOf(row);
    },
    async status(reference) {
      const row = await read(reference);
      if (!row) throw new PrintPartnerError('unknown sandbox print job', 404, 'refused');
      return jobOf(row);
    },
    async cancel(reference) {
      await db
        .update(sandboxPrintJobs)
        .set({ status: 'cancelled', updatedAt: new Date() })
        .where(and(eq(sandboxPrintJobs.id, reference), eq(sandboxPrintJobs.status, 'accepted')));
      const row = await read(reference);
      if (!row) throw new PrintPartnerError('unknown sandbox print job', 404, 'refused');
      return jobOf(row);
    },
    readWebhook(headers, rawBody) {
      const given = headers.get(SANDBOX_SIGNATURE_HEADER) ?? '';
      const expected = signSandboxWebhook(options.secret, rawBody);
      if (
        given.length !== expected.length ||
        !timingSafeEqual(Buffer.from(given), Buffer.from(expected))
      )
        return null;
      try {
        const body = JSON.parse(rawBody) as { job?: unknown };
        return typeof body.job === 'string' ? { reference: body.job } : null;
      } catch {
        return null;
      }
    },
    handlers: {
      [SANDBOX_PRINTER_JOB]: async (payload) => {
        const to = payload.to === 'shipped' ? 'shipped' : 'in_production';
        await advance(String(payload.job), to);
      },
    },
  };
}
