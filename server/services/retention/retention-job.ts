import type { Db } from '#server/db/client.ts';
import { enqueueJob, type JobRunner } from '#server/platform/jobs/runner.ts';
import { log, scrub } from '#server/runtime/log.ts';
import { runRetention, type RetentionSettings } from './retention.ts';

/**
 * The retention job: queued once a day (`retention:<YYYY-MM-DD>`, the jobs table's dedupe key,
 * so every instance may queue it and it is queued once) and claimed by one instance through the
 * job runner (FOR UPDATE SKIP LOCKED). Each server queues it at start and every few hours
 * (jobs/schedule.ts), so a day's run is never missed while one server is up.
 */
export const RETENTION_JOB = 'retention';

/** Queues the day's retention run; true when it was queued now (false: already queued today). */
export function queueRetention(db: Db, at: Date): Promise<boolean> {
  const day = at.toISOString().slice(0, 10);
  return enqueueJob(db, {
    kind: RETENTION_JOB,
    dedupeKey: `${RETENTION_JOB}:${day}`,
    payload: { day },
  });
}

/** The job's handler, registered with the runner (server/shop-jobs.ts). */
export function retentionJobHandler(db: Db, settings: RetentionSettings, now: () => Date) {
  return async () => {
    await runRetention(db, settings, now());
  };
}

/** How often each server checks that the day's retention run is queued. */
const RETENTION_CHECK_EVERY_MS = 3 * 60 * 60_000;

/** Queues the day's run now and every few hours, and wakes the runner when it queued one. */
export function startRetentionSchedule(options: {
  db: Db;
  jobs: JobRunner;
  now?: () => Date;
  everyMs?: number;
}): { stop(): void } {
  const now = options.now ?? (() => new Date());
  const tick = () => {
    queueRetention(options.db, now())
      .then((queued) => {
        if (queued) options.jobs.wake();
      })
      .catch((error: unknown) =>
        log().error({ reason: scrub(String(error)) }, 'Could not queue the retention job'),
      );
  };
  tick();
  const timer = setInterval(tick, options.everyMs ?? RETENTION_CHECK_EVERY_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
