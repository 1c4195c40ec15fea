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
import { log } from '#server/platform/log.ts';
import { MIGRATIONS_FOLDER } from '#server/platform/paths.ts';
import * as schema from './schema/shop.ts';
import { listenForOrderChanges, trackWrites } from './write-generation.ts';

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
  close(): Promise<void>;
}

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
    };

export function openDatabase(options: DatabaseOptions): Database {
  if (options.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: options.url, max: 10 });
    const db = drizzlePg(pool, { schema });
    let closed: Promise<void> | null = null;
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
      migrate: () => migratePg(db, { migrationsFolder }),
      ping: () => ping(db as unknown as Db),
      close: () => (closed ??= pool.end()),
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
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    migrate: async () => {
      await migratePglite(db, { migrationsFolder });
      await listenForOrderChanges(client, db as unknown as Db);
    },
    ping: () => ping(db as unknown as Db),
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
