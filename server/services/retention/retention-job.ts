import type { Db } from '#server/db/client.ts';
import { enqueueJob } from '#server/platform/jobs/runner.ts';
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

/** The job's handler, registered with the runner (jobs/shop-jobs.ts). */
export function retentionJobHandler(db: Db, settings: RetentionSettings, now: () => Date) {
  return async () => {
    await runRetention(db, settings, now());
  };
}
