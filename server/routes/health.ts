import { Hono } from 'hono';
import type { Database } from '../db/client.ts';

export function healthRoutes(database: Database) {
  return new Hono().get('/health', async (c) => {
    const up = await database.ping();
    return c.json({ status: up ? 'ok' : 'unavailable', database: up ? 'up' : 'down' }, up ? 200 : 503);
  });
}
