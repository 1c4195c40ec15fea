import { sql } from 'drizzle-orm';
import { isPrinted } from '#contract/digital.ts';
import type { Db, Tx } from '#server/db/client.ts';
import { orders } from '#server/db/schema/shop.ts';
import { enqueueJob, type JobRunner } from '#server/platform/jobs/runner.ts';
import { schedulePeriodic } from '#server/platform/jobs/schedule.ts';
import type { Mailer } from '#server/platform/mail/mailer.ts';
import { orderMailData, placedOrder } from '#server/services/order/placed-order.ts';
import { reviewRequestMail } from './review-mail.ts';
import { reviewToken } from './review-tokens.ts';

/**
 * The review request (issue #36.3): REVIEW_REQUEST_DAYS after a buyer who agreed at checkout has
 * the book (the order 'delivered', or `markReviewable` called, e.g. when a digital PDF is first
 * downloaded), one mail asks for a review. A periodic scan (REVIEW_REQUESTS_JOB, hourly, claimed
 * once across instances) marks each due order as asked and queues its mail job in the same
 * transaction, so an order is asked once, whatever crashes or how many servers run.
 */
export const REVIEW_REQUEST_DAYS = 5;
/** The default delay (REVIEW_REQUEST_DAYS); the server's is REVIEW_REQUEST_DAYS or REVIEW_REQUEST_SECONDS (env.ts). */
export const REVIEW_REQUEST_DELAY_MS = REVIEW_REQUEST_DAYS * 86_400_000;
export const REVIEW_REQUESTS_JOB = 'review-requests';
export const REVIEW_REQUEST_MAIL_JOB = 'review-request-mail';
export const REVIEW_REQUESTS_EVERY_MS = 60 * 60_000;
/** Orders asked per scan at most (the next scan takes the rest). */
const BATCH = 200;

/**
 * The book reached the buyer other than by the 'delivered' status (a digital edition downloaded):
 * the request is due REVIEW_REQUEST_DAYS after `at`. The first call counts; later ones change nothing.
 */
export async function markReviewable(db: Db | Tx, orderId: string, at: Date): Promise<void> {
  await db
    .update(orders)
    .set({ reviewableAt: sql`coalesce(${orders.reviewableAt}, ${at.toISOString()}::timestamptz)` })
    .where(sql`${orders.id} = ${orderId}`);
}

/** Marks the orders whose request is due at `now` as asked and queues their mails; answers how many. */
export async function queueDueReviewRequests(
  db: Db,
  now: Date,
  delayMs: number = REVIEW_REQUEST_DELAY_MS,
): Promise<number> {
  const cutoff = new Date(now.getTime() - delayMs).toISOString();
  return db.transaction(async (tx) => {
    const result = await tx.execute<{ id: string }>(sql`
      update orders set review_request_sent_at = ${now.toISOString()}::timestamptz
      where id in (
        select o.id from orders o
        join placed_orders p on p.order_id = o.id
        where o.review_consent and o.review_request_sent_at is null and o.anonymised_at is null
          and o.status not in ('cancelled', 'refunded')
          and not exists (select 1 from reviews r where r.order_id = o.id)
          and (
            o.reviewable_at <= ${cutoff}::timestamptz
            or (o.status = 'delivered' and exists (
              select 1 from order_status_history h
              where h.order_id = o.id and h.to_status = 'delivered' and h.created_at <= ${cutoff}::timestamptz))
          )
        order by o.id
        limit ${BATCH}
        for update of o skip locked
      )
      returning id`);
    const ids = (result as unknown as { rows: { id: string }[] }).rows.map((row) => row.id);
    for (const orderId of ids) {
      await enqueueJob(tx, {
        kind: REVIEW_REQUEST_MAIL_JOB,
        dedupeKey: `${REVIEW_REQUEST_MAIL_JOB}:${orderId}`,
        payload: { orderId },
      });
    }
    return ids.length;
  });
}

export interface ReviewJobDeps {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  now: () => Date;
  /** The app's link secret: the form's and the stop link's signatures. */
  linkSecret: string | Buffer;
  /** How long after delivery the request goes (default REVIEW_REQUEST_DELAY_MS). */
  delayMs?: number;
}

/**
 * Sends one order's request, unless meanwhile the buyer withdrew the consent or reviewed, the
 * order was cancelled or refunded in full, or its personal data erased.
 */
export async function sendReviewRequest(deps: ReviewJobDeps, orderId: string): Promise<void> {
  const { db } = deps;
  const result = await db.execute<{ ok: boolean }>(sql`
    select o.review_consent and o.status not in ('cancelled', 'refunded') and o.anonymised_at is null
      and not exists (select 1 from reviews r where r.order_id = o.id) as ok
    from orders o where o.id = ${orderId}`);
  if (!(result as unknown as { rows: { ok: boolean }[] }).rows[0]?.ok) return;
  const order = await placedOrder(db, orderId);
  if (!order) return;
  const { language } = orderMailData(order, deps.publicUrl);
  // 'Your book arrived' only of a printed book kept and delivered; else the buyer has the PDF.
  const printedKept = order.snapshot.items.some(
    (item) => isPrinted(item.coverType) && !order.returned.has(item.itemId),
  );
  const mail = reviewRequestMail({
    language,
    had: printedKept && order.status === 'delivered' ? 'printed' : 'digital',
    orderNumber: order.orderNumber,
    formUrl: `${deps.publicUrl}/review/${reviewToken(deps.linkSecret, 'form', orderId)}`,
    stopUrl: `${deps.publicUrl}/review-stop/${reviewToken(deps.linkSecret, 'stop', orderId)}`,
  });
  await deps.mailer.send({ to: order.snapshot.email, orderId, ...mail });
}

/** The job runner's handlers of the review request (register them with the runner's other handlers). */
export function reviewJobHandlers(deps: ReviewJobDeps) {
  return {
    [REVIEW_REQUESTS_JOB]: async () => {
      await queueDueReviewRequests(deps.db, deps.now(), deps.delayMs);
    },
    [REVIEW_REQUEST_MAIL_JOB]: async (payload: Record<string, unknown>) =>
      sendReviewRequest(deps, String(payload.orderId)),
  };
}

/**
 * The hourly scan, queued through the jobs table (one run per slot across instances); with a delay
 * shorter than an hour (REVIEW_REQUEST_SECONDS, tests) it scans as often as the delay, at most
 * every 2 seconds. Returns stop.
 */
export function scheduleReviewRequests(
  db: Db,
  jobs: JobRunner,
  delayMs: number = REVIEW_REQUEST_DELAY_MS,
): () => void {
  return schedulePeriodic(db, {
    kind: REVIEW_REQUESTS_JOB,
    everyMs: Math.min(REVIEW_REQUESTS_EVERY_MS, Math.max(2_000, delayMs)),
    wake: () => jobs.wake(),
  });
}
