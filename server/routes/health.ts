import { Hono } from 'hono';
import type { Database } from '#server/db/client.ts';
import { isListening } from '#server/db/notifications.ts';
import type { JobRunner } from '#server/platform/jobs/runner.ts';
import type { PreviewService } from '#server/services/rendering/preview-service.ts';
import { routeDocs } from './route-docs.ts';

/** How long a good answer of the database is trusted; a failed one is asked again at once. */
const TRUST_UP_MS = 1000;

export interface HealthParts {
  database: Database;
  /** The job runner ('manual': runs only when asked, as in tests). */
  jobs?: { runner: JobRunner; mode: 'background' | 'manual' } | undefined;
  previews?: PreviewService | undefined;
}

/**
 * GET /health (as before: the database), /health/live (the process answers: a restart is the
 * cure when it does not) and /health/ready (may it take visitors: the database answers, the job
 * runner runs, the render workers are not closed; 503 otherwise, and a load balancer sends the
 * visitors elsewhere meanwhile).
 */
export function healthRoutes(parts: HealthParts) {
  const { database } = parts;
  // A monitor may poll every few ms (the preview benchmark does, every 10 ms, while it renders):
  // a ping through PGlite costs ~2 ms of the main thread, so the database is asked at most once a
  // second while it answers.
  let upUntil = 0;
  const databaseUp = async () => {
    const now = Date.now();
    const up = now < upUntil || (await database.ping());
    if (up && now >= upUntil) upUntil = now + TRUST_UP_MS;
    if (!up) upUntil = 0;
    return up;
  };
  return new Hono()
    .get('/health', routeDocs['GET /health'], async (c) => {
      const up = await databaseUp();
      return c.json(
        { status: up ? 'ok' : 'unavailable', database: up ? 'up' : 'down' },
        up ? 200 : 503,
      );
    })
    .get('/health/live', routeDocs['GET /health/live'], (c) => c.json({ status: 'ok' }))
    .get('/health/ready', routeDocs['GET /health/ready'], async (c) => {
      const up = await databaseUp();
      const runner = parts.jobs?.runner.state();
      const jobs =
        parts.jobs?.mode === 'manual' ? 'manual' : runner?.started ? 'running' : 'stopped';
      const workers = parts.previews?.workers?.() ?? { started: false, size: 0, closed: false };
      const ready = up && jobs !== 'stopped' && !workers.closed;
      return c.json(
        {
          status: ready ? 'ok' : 'unavailable',
          database: up ? 'up' : 'down',
          // Whether changes are heard from the database (cached answers ask it meanwhile).
          notifications: isListening(database.db) ? 'listening' : 'not listening',
          jobs,
          jobsLastPollSecondsAgo:
            runner?.lastPollAt == null
              ? null
              : Math.round((Date.now() - runner.lastPollAt) / 100) / 10,
          renderWorkers: workers.closed
            ? 'closed'
            : workers.started
              ? `${workers.size} running`
              : 'start with the first preview',
        },
        ready ? 200 : 503,
      );
    });
}
