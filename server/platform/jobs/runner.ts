import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '#server/db/client.ts';
import { log, scrub } from '#server/runtime/log.ts';
import { jobs } from '#server/db/schema/checkout.ts';

/** A transaction on the database (a job is queued in the transaction that makes it necessary). */

/**
 * The one loop that runs every later work of the shop (mails, print files, refunds, payment
 * checks, retention): each job is a row of the jobs table, enqueued in the transaction that makes
 * it necessary, claimed once by any instance with FOR UPDATE SKIP LOCKED, retried with a growing
 * pause (5 attempts). A job left 'running' by an instance that died is claimed again after 10
 * minutes. A job 'cancelled' (an erasure: retention/erasure-fence.ts) is never claimed. Each
 * kind's handler lives beside the feature it serves and is registered in shop-jobs.ts; periodic
 * work is queued by schedule.ts.
 */
export type JobRow = typeof jobs.$inferSelect;
export type JobHandler = (payload: Record<string, unknown>, job: JobRow) => Promise<void>;

export const MAX_JOB_ATTEMPTS = 5;
const STALE_AFTER_MS = 10 * 60_000;

/** Queues a job once: the same `dedupeKey` again changes nothing. true when it was queued now. */
export async function enqueueJob(
  db: Db | Tx,
  job: { kind: string; dedupeKey: string; payload: Record<string, unknown>; runAfter?: Date },
): Promise<boolean> {
  const rows = await db
    .insert(jobs)
    .values(job)
    .onConflictDoNothing({ target: jobs.dedupeKey })
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/**
 * Claims the next job that is due (or stale), or undefined when there is none. Mails go first: a
 * parent waits for the confirmation at the payment page, while print files (tens of seconds each)
 * are for the shop; otherwise a mail would wait behind every print job queued before it.
 */
export async function claimJob(db: Db): Promise<JobRow | undefined> {
  const staleBefore = new Date(Date.now() - STALE_AFTER_MS);
  const rows = await db.execute<{ id: number }>(sql`
    update ${jobs} set status = 'running', locked_at = now(), attempts = attempts + 1
    where id = (
      select id from ${jobs}
      where (status = 'queued' and run_after <= now()) or (status = 'running' and locked_at < ${staleBefore})
      order by (kind not like '%mail%'), id limit 1
      for update skip locked
    )
    returning id`);
  const id = (rows as unknown as { rows: { id: number }[] }).rows[0]?.id;
  if (id === undefined) return undefined;
  const [job] = await db.select().from(jobs).where(eq(jobs.id, id));
  return job;
}

/**
 * Records how a claimed job ended: done, or queued again with a growing pause (failed after the
 * last attempt). Only while it is still 'running': a job cancelled meanwhile (its order's personal
 * data erased, retention/erasure-fence.ts) stays cancelled and is never retried.
 */
async function finish(db: Db, job: JobRow, error: unknown): Promise<void> {
  const stillRunning = and(eq(jobs.id, job.id), eq(jobs.status, 'running'));
  if (error === null) {
    await db
      .update(jobs)
      .set({ status: 'done', finishedAt: new Date(), lastError: null })
      .where(stillRunning);
    return;
  }
  const message = error instanceof Error ? error.message : String(error);
  const final = job.attempts >= MAX_JOB_ATTEMPTS;
  await db
    .update(jobs)
    .set({
      status: final ? 'failed' : 'queued',
      lastError: message.slice(0, 2000),
      runAfter: new Date(Date.now() + job.attempts * job.attempts * 30_000),
      ...(final ? { finishedAt: new Date() } : {}),
    })
    .where(stillRunning);
}

export interface JobRunner {
  /** Polls for due jobs every `pollMs` until stopped. */
  start(): void;
  /** Looks for work now (after a commit that queued some). */
  wake(): void;
  /** Runs due jobs one after another until none is left; answers how many ran (tests, scripts). */
  runUntilIdle(): Promise<number>;
  /** Stops polling and waits for the job under way. */
  stop(): Promise<void>;
  /** Whether it polls (started and not stopped) and when it last looked for due jobs (ms since the epoch). */
  state(): { started: boolean; lastPollAt: number | null };
}

export function createJobRunner(options: {
  db: Db;
  handlers: Record<string, JobHandler>;
  pollMs?: number;
  onError?: (job: JobRow, error: unknown) => void;
}): JobRunner {
  const { db, handlers } = options;
  const onError =
    options.onError ??
    ((job, error) =>
      log().error(
        { job: job.kind, jobId: job.id, attempt: job.attempts, reason: scrub(String(error)) },
        'Job failed',
      ));
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<number> | null = null;
  let again = false;
  let stopped = true;
  let lastPollAt: number | null = null;

  async function runOne(): Promise<boolean> {
    lastPollAt = Date.now();
    const job = await claimJob(db);
    if (!job) return false;
    const handler = handlers[job.kind];
    try {
      if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
      await handler(job.payload, job);
      await finish(db, job, null);
    } catch (error) {
      onError(job, error);
      await finish(db, job, error);
    }
    return true;
  }

  function runUntilIdle(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      let count = 0;
      do {
        again = false;
        while (await runOne()) count += 1;
      } while (again);
      return count;
    })().finally(() => {
      running = null;
    });
    return running;
  }

  const tick = () => {
    runUntilIdle().catch((error: unknown) =>
      log().error({ reason: scrub(String(error)) }, 'The job runner failed'),
    );
  };

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      timer = setInterval(tick, options.pollMs ?? 5_000);
      timer.unref();
      tick();
    },
    wake() {
      if (!stopped) tick();
    },
    runUntilIdle,
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = null;
      await running?.catch(() => 0);
    },
    state: () => ({ started: !stopped, lastPollAt }),
  };
}
