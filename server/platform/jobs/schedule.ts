import { randomBytes } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { jobs } from '#server/db/schema/checkout.ts';
import { log, scrub } from '#server/runtime/log.ts';
import { enqueueJob } from './runner.ts';

/**
 * When periodic work is queued. The timers here only queue rows in the jobs table (deduplicated
 * across instances); the job runner (runner.ts) is the one loop that runs them.
 */

/**
 * Periodic work through the jobs table, claimed once across instances: every instance enqueues
 * `${kind}:${slot}` (slot = the time divided by `everyMs`) every `everyMs`, and the dedupe key lets
 * one row in per slot, so one instance runs it. At start, each instance also enqueues a run of its
 * own (`${kind}:start:${random}`), so work missed while the shop was down is done at once rather
 * than at the next slot. `wake` is called after enqueueing (the job runner's wake). Finished rows
 * of the kind older than a day (or two periods) are deleted as it goes. Returns stop.
 */
export function schedulePeriodic(
  db: Db,
  options: {
    kind: string;
    everyMs: number;
    payload?: Record<string, unknown>;
    wake?: () => void;
    atStart?: boolean;
  },
): () => void {
  const { kind, everyMs } = options;
  const payload = options.payload ?? {};
  const enqueue = (dedupeKey: string) => {
    enqueueJob(db, { kind, dedupeKey, payload })
      .then((queued) => {
        if (queued) options.wake?.();
      })
      .catch((error: unknown) =>
        log().error(
          { job: kind, reason: scrub(String(error)) },
          'Could not schedule a periodic job',
        ),
      );
  };
  if (options.atStart ?? true) enqueue(`${kind}:start:${randomBytes(8).toString('hex')}`);
  const timer = setInterval(() => {
    enqueue(`${kind}:${Math.floor(Date.now() / everyMs)}`);
    // One row a slot: the finished ones older than a day are dropped (a slot is never enqueued again).
    db.delete(jobs)
      .where(
        and(
          eq(jobs.kind, kind),
          eq(jobs.status, 'done'),
          lt(jobs.finishedAt, new Date(Date.now() - Math.max(everyMs * 2, 86_400_000))),
        ),
      )
      .catch((error: unknown) =>
        log().error({ job: kind, reason: scrub(String(error)) }, 'Could not prune a periodic job'),
      );
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
