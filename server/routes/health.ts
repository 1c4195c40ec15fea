import { Hono } from 'hono';
import type { Database } from '../db/client.ts';
import { routeDocs } from './route-docs.ts';

/** How long a good answer of the database is trusted; a failed one is asked again at once. */
const TRUST_UP_MS = 1000;

export function healthRoutes(database: Database) {
  // A monitor may poll every few ms (the preview benchmark does, every 10 ms, while it renders):
  // a ping through PGlite costs ~2 ms of the main thread, so the database is asked at most once a
  // second while it answers.
  let upUntil = 0;
  return new Hono().get('/health', routeDocs['GET /health'], async (c) => {
    const now = Date.now();
    const up = now < upUntil || (await database.ping());
    if (up && now >= upUntil) upUntil = now + TRUST_UP_MS;
    if (!up) upUntil = 0;
    return c.json(
      { status: up ? 'ok' : 'unavailable', database: up ? 'up' : 'down' },
      up ? 200 : 503,
    );
  });
}
