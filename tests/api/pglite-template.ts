import { Blob } from 'node:buffer';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, type Database } from '#server/db/client.ts';
import { loadReferenceData } from '#server/db/reference-data.ts';

const root = path.resolve(import.meta.dirname, '../..');

/** What a migrated database is made of: the migrations, the reference data and PGlite's version. */
function templateKey(): string {
  const hash = createHash('sha256');
  const migrations = path.join(root, 'server/db/migrations');
  for (const name of readdirSync(migrations, { recursive: true }).map(String).sort()) {
    const file = path.join(migrations, name);
    if (name.endsWith('.sql') || name.endsWith('.json'))
      hash.update(name).update(readFileSync(file));
  }
  hash.update(readFileSync(path.join(root, 'server/db/reference-data.ts')));
  hash.update(readFileSync(path.join(root, 'node_modules/@electric-sql/pglite/package.json')));
  return hash.digest('hex').slice(0, 16);
}

/** A Blob's bytes: Node's Blob has arrayBuffer(); jsdom's (the unit tests' environment) is read with its FileReader. */
async function bytesOf(blob: globalThis.Blob): Promise<Buffer> {
  if (typeof blob.arrayBuffer === 'function') return Buffer.from(await blob.arrayBuffer());
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(Buffer.from(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob);
  });
}

/**
 * An in-memory PGlite database, migrated and with the reference data, started from a dump of one
 * made before (kept in the system's temporary folder per migrations and reference data): starting
 * PGlite and migrating costs seconds per test file, loading the dump a fraction of that.
 */
export async function openMigratedPglite(): Promise<Database> {
  const file = path.join(os.tmpdir(), `storymade-pglite-${templateKey()}.tar`);
  if (!existsSync(file)) {
    const fresh = openDatabase({ kind: 'pglite', dataDir: null });
    await fresh.migrate();
    await loadReferenceData(fresh.db);
    const client = (
      fresh.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<globalThis.Blob> } }
    ).$client;
    const dump = await bytesOf(await client.dumpDataDir('none'));
    await fresh.close();
    const partial = `${file}.${process.pid}.part`;
    writeFileSync(partial, dump);
    renameSync(partial, file);
  }
  // Node's Blob (jsdom's, in the unit tests' environment, has no arrayBuffer(), which PGlite reads).
  const database = openDatabase({
    kind: 'pglite',
    dataDir: null,
    template: new Blob([readFileSync(file)]) as unknown as globalThis.Blob,
  });
  await database.migrate();
  return database;
}
