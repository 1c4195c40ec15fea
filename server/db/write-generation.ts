// A write-generation counter for a PGlite database. Only this process can open a PGlite data
// directory, so every write goes through its client: the counter goes up after every statement that
// is not a plain read and when each transaction or exec starts and ends (commit or rollback).
// An answer computed from reads is current while the generation is the one read BEFORE its queries
// began: any write that became visible since then has moved the counter on. A single statement's
// change is visible only once it has run (PGlite runs one statement at a time), so after it is
// enough; and an INSERT, UPDATE or DELETE that changed no row (a job poll that found nothing, a
// save sent twice) changed nothing to see, so it leaves the counter, and every answer, as it is.

import type { PGlite } from '@electric-sql/pglite';
import type { Db } from './client.ts';

interface Counter {
  value: number;
}

const counters = new WeakMap<Db, Counter>();

/** A plain read: a statement that starts with SELECT (a WITH may hold a write, so it counts as one). */
export function isPlainRead(text: string): boolean {
  return /^\s*select\b/i.test(text);
}

/** A statement that changes rows and nothing else: its result's affectedRows says whether it changed any. */
function isRowWrite(text: string): boolean {
  return /^\s*(?:insert|update|delete)\b/i.test(text);
}

/** Wraps `client`'s query, exec and transaction so that writes through `db` (its drizzle handle) move its generation. */
export function trackWrites(client: PGlite, db: Db): void {
  const counter: Counter = { value: 0 };
  counters.set(db, counter);
  const query = client.query.bind(client);
  client.query = (async (text: string, params?: unknown[], options?: object) => {
    if (isPlainRead(text)) return query(text, params, options);
    let unchanged = false;
    try {
      const result = await query(text, params, options);
      unchanged = result.affectedRows === 0 && isRowWrite(text);
      return result;
    } finally {
      if (!unchanged) counter.value += 1;
    }
  }) as typeof client.query;
  const exec = client.exec.bind(client);
  client.exec = (async (text: string, options?: object) => {
    counter.value += 1;
    try {
      return await exec(text, options);
    } finally {
      counter.value += 1;
    }
  }) as typeof client.exec;
  const transaction = client.transaction.bind(client);
  client.transaction = (async (callback: Parameters<typeof client.transaction>[0]) => {
    counter.value += 1;
    try {
      return await transaction(callback);
    } finally {
      counter.value += 1;
    }
  }) as typeof client.transaction;
}

/** The write generation of a PGlite `db`; undefined for a database whose writes are not all seen here (PostgreSQL). */
export function writeGeneration(db: Db): number | undefined {
  return counters.get(db)?.value;
}
