import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { log } from '#server/runtime/log.ts';
import { MIGRATIONS_FOLDER } from '#server/runtime/paths.ts';
import * as schema from './schema/shop.ts';
import {
  deliverNotification,
  noteWrite,
  NOTIFY_CHANNELS,
  setListening,
  setSync,
  type NotifyChannel,
} from './notifications.ts';
import { isPlainRead, trackOrderChanges, trackWrites } from './write-generation.ts';

type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction of `Db` (the argument of db.transaction's callback). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs the SQL migrations in server/db/migrations (the same for both kinds). */
  migrate(): Promise<void>;
  /** true when a trivial query answers. */
  ping(): Promise<boolean>;
  /** The statements sent to the database so far (the metrics' count, and the tests'). */
  statements(): number;
  close(): Promise<void>;
}

/**
 * Connections of the pool of each PostgreSQL instance (PG_POOL_MAX, default 10): see
 * docs/operations.md for sizing it against max_connections and the request rate.
 */
export const DEFAULT_POOL_MAX = 10;
/** How long a lost listening connection waits before it connects again (doubling up to the last). */
const LISTEN_RETRY_MS = [250, 1000, 5000];

const migrationsFolder = MIGRATIONS_FOLDER;

type DatabaseOptions =
  // null: in memory (tests); `template`: a PGlite data directory dump to start from (tests keep a migrated one)
  | { kind: 'pglite'; dataDir: string | null; template?: Blob }
  | {
      kind: 'postgres';
      url: string;
      /**
       * Told when an idle pooled connection fails (PostgreSQL restarted, or an administrator ended
       * it); the pool drops it and opens a new one when needed. Default: one line on stderr.
       */
      onConnectionError?: (error: Error) => void;
      /** Connections in the pool (default DEFAULT_POOL_MAX). */
      poolMax?: number;
    };

export function openDatabase(options: DatabaseOptions): Database {
  if (options.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolMax ?? DEFAULT_POOL_MAX,
      // A connection once opened stays open (pg-pool closed one idle for 10 s): cached answers send
      // no query, so under load the pool's connections idled out, and the next query opened a new
      // one (a new PostgreSQL backend, its catalogue read afresh) on the cores that serve the
      // requests: a p99 of 50–150 ms in the seconds after, at 3,000 requests a second on two instances.
      idleTimeoutMillis: 0,
    });
    const db = drizzlePg(pool, { schema });
    let closed: Promise<void> | null = null;
    let statements = 0;
    // Every statement goes through one of the pool's clients (pool.query too): counted there, and
    // each write, as it ends, noted for changesHeard (db/notifications.ts).
    pool.on('connect', (client) => {
      const query = client.query.bind(client) as (...args: unknown[]) => unknown;
      (client as { query: unknown }).query = (...args: unknown[]) => {
        statements += 1;
        const first = args[0];
        const text = typeof first === 'string' ? first : (first as { text?: string }).text;
        if (typeof text !== 'string' || isPlainRead(text)) return query(...args);
        const written = () => noteWrite(db as unknown as Db);
        const last = args.length - 1;
        if (typeof args[last] === 'function') {
          const callback = args[last] as (...result: unknown[]) => void;
          args[last] = (...result: unknown[]) => {
            written();
            callback(...result);
          };
          return query(...args);
        }
        const result = query(...args);
        if (result instanceof Promise) return result.finally(written);
        written();
        return result;
      };
    });
    trackOrderChanges(db as unknown as Db);
    let listener: PgListener | undefined;
    // Without a listener, an error on an idle connection is thrown and ends the process.
    const onConnectionError =
      options.onConnectionError ??
      ((error: Error) =>
        log().error(
          { reason: error.message },
          'PostgreSQL: a pooled connection failed and is dropped',
        ));
    pool.on('error', (error) => {
      // While closing, connections being ended may still hear the server hang up: nothing to say.
      if (!closed) onConnectionError(error);
    });
    return {
      db: db as unknown as Db,
      kind: 'postgres',
      migrate: async () => {
        await migratePg(db, { migrationsFolder });
        listener ??= listenPostgres(options.url, db as unknown as Db, onConnectionError);
        await listener.started;
      },
      ping: () => ping(db as unknown as Db),
      statements: () => statements,
      close: () => (closed ??= Promise.all([listener?.stop(), pool.end()]).then(() => undefined)),
    };
  }
  let client: PGlite;
  if (options.dataDir === null) {
    client = options.template ? new PGlite({ loadDataDir: options.template }) : new PGlite();
  } else {
    const dir = path.join(options.dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
    client = new PGlite(dir);
  }
  const db = drizzlePglite(client, { schema });
  // Every write goes through this client: cached answers are checked against its write generation.
  trackWrites(client, db as unknown as Db);
  trackOrderChanges(db as unknown as Db);
  let statements = 0;
  const query = client.query.bind(client);
  client.query = ((...args: Parameters<typeof client.query>) => {
    statements += 1;
    return query(...args);
  }) as typeof client.query;
  let listening = false;
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    migrate: async () => {
      await migratePglite(db, { migrationsFolder });
      // The announcing triggers are in (migrations 0009, 0023): from now on they are heard, each
      // as the statement that made it ends.
      if (listening) return;
      listening = true;
      for (const channel of NOTIFY_CHANNELS)
        await client.listen(channel, (payload) =>
          deliverNotification(db as unknown as Db, channel, payload),
        );
      setListening(db as unknown as Db, true);
    },
    ping: () => ping(db as unknown as Db),
    statements: () => statements,
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}

async function ping(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}

interface PgListener {
  /** Settles once LISTEN ran (or the first attempt failed: it is tried again in the background). */
  started: Promise<void>;
  stop(): Promise<void>;
}

/**
 * One connection of this instance's own (not the pool's) that runs LISTEN on every channel of
 * db/notifications.ts and hands on what it hears. When it is lost (PostgreSQL restarted, a network
 * cut), nothing is heard until it is back: cached answers ask the database meanwhile, and the new
 * LISTEN starts a new epoch (everything kept before it is out of date).
 */
function listenPostgres(url: string, db: Db, onError: (error: Error) => void): PgListener {
  let stopped = false;
  let current: pg.Client | undefined;
  let attempt = 0;
  let retry: NodeJS.Timeout | undefined;
  const connect = async (): Promise<void> => {
    const client = new pg.Client({ connectionString: url });
    current = client;
    let lost = false;
    const onLost = (error?: Error) => {
      if (lost) return;
      lost = true;
      setSync(db, undefined);
      setListening(db, false);
      if (stopped) return;
      if (error) onError(error);
      void client.end().catch(() => undefined);
      const wait = LISTEN_RETRY_MS[Math.min(attempt, LISTEN_RETRY_MS.length - 1)]!;
      attempt += 1;
      retry = setTimeout(() => void connect(), wait);
      retry.unref();
    };
    client.on('error', onLost);
    client.on('end', () => onLost());
    client.on('notification', (message) => {
      if ((NOTIFY_CHANNELS as readonly string[]).includes(message.channel))
        deliverNotification(db, message.channel as NotifyChannel, message.payload ?? '');
    });
    try {
      await client.connect();
      for (const channel of NOTIFY_CHANNELS) await client.query(`LISTEN ${channel}`);
      if (stopped) return;
      attempt = 0;
      // PostgreSQL sends a listening session what was announced before it answers its next
      // query: a round trip here after a commit means that commit's announcements are heard.
      setSync(db, async () => {
        await client.query('select 1');
      });
      setListening(db, true);
    } catch (error) {
      onLost(error as Error);
    }
  };
  return {
    started: connect(),
    async stop() {
      stopped = true;
      clearTimeout(retry);
      setListening(db, false);
      await current?.end().catch(() => undefined);
    },
  };
}
