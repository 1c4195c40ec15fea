import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '#server/db/client.ts';
import { jobs } from '#server/db/schema/checkout.ts';
import { enqueueJob } from '#server/platform/jobs/runner.ts';

/**
 * A stored SMTP mail on its way out, as a job of the one job runner: queued with the mail (in its
 * transaction), done at once when the first attempt succeeds, otherwise run when due and retried
 * with the runner's backoff until the relay takes it. Its handler is the mailer's
 * (mailer.ts mailJobHandler).
 */
export const MAIL_JOB = 'mail';

const dedupeKey = (mailId: number) => `${MAIL_JOB}:${mailId}`;

/** Queues the delivery of the stored mail `mailId`, due at `runAfter`. */
export async function queueMailJob(db: Db | Tx, mailId: number, runAfter: Date): Promise<void> {
  await enqueueJob(db, {
    kind: MAIL_JOB,
    dedupeKey: dedupeKey(mailId),
    payload: { mailId },
    runAfter,
  });
}

/** The mail went out on its first attempt: its queued job is done. */
export async function mailJobDone(db: Db, mailId: number): Promise<void> {
  await db
    .update(jobs)
    .set({ status: 'done', finishedAt: new Date() })
    .where(and(eq(jobs.dedupeKey, dedupeKey(mailId)), eq(jobs.status, 'queued')));
}
