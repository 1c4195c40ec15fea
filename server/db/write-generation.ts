// A write-generation counter for a PGlite database. Only this process can open a PGlite data
// directory, so every write goes through its client: the counter goes up after every statement that
// is not a plain read and when each transaction or exec starts and ends (commit or rollback).
// An answer computed from reads is current while the generation is the one read BEFORE its queries
// began: any write that became visible since then has moved the counter on. A single statement's
// change is visible only once it has run (PGlite runs one statement at a time), so after it is
// enough; and an INSERT, UPDATE or DELETE that changed no row (a job poll that found nothing, a
// save sent twice) changed nothing to see, so it leaves the counter, and every answer, as it is.
// Finer, per order: each change to an order's cart version, status or placed row is announced at
// commit on the channel order_changed (migration 0009); while it is heard (db/notifications.ts: on
// PGlite by its client, on PostgreSQL by each instance's listening connection), an answer computed
// from those of one order stays current through writes to other orders (orderChangeMark,
// orderChangedSince), and on PostgreSQL through writes by other instances.

import type { PGlite } from '@electric-sql/pglite';
import { isListening, onListeningChange, onNotification } from './notifications.ts';

/**
 * The database's drizzle handle (client.ts Db), here only the key its counter and order changes
 * are kept under: any object, so client.ts, which wires them in, is the only one of the two
 * that imports the other.
 */
type Db = object;

interface Counter {
  value: number;
}

/** The order changes announced so far: a sequence number per change, the last one of each order. */
interface OrderChanges {
  seq: number;
  last: Map<string, number>;
  /** The highest number forgotten from `last` (kept bounded): an order not in it changed at most then. */
  floor: number;
  listeners: Set<(orderId: string) => void>;
}

const counters = new WeakMap<Db, Counter>();
const orderChanges = new WeakMap<Db, OrderChanges>();
/** How many orders' last change numbers are remembered. */
const REMEMBERED_ORDERS = 50_000;

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

/**
 * Keeps the order changes announced on `db` (db/notifications.ts), for orderChangeMark and
 * orderChangedSince: called once per database handle, before its listening starts.
 */
export function trackOrderChanges(db: Db): void {
  if (orderChanges.has(db)) return;
  const changes: OrderChanges = { seq: 0, last: new Map(), floor: 0, listeners: new Set() };
  orderChanges.set(db, changes);
  onNotification(db, 'order_changed', (orderId) => {
    changes.seq += 1;
    changes.last.delete(orderId);
    changes.last.set(orderId, changes.seq);
    if (changes.last.size > REMEMBERED_ORDERS) {
      const [oldest, seq] = changes.last.entries().next().value as [string, number];
      changes.last.delete(oldest);
      changes.floor = Math.max(changes.floor, seq);
    }
    for (const listener of changes.listeners) listener(orderId);
  });
  // Heard again after a gap (PostgreSQL's listening connection was lost): any order may have
  // changed meanwhile, so every mark taken before is out of date.
  onListeningChange(db, (listening) => {
    if (!listening) return;
    changes.seq += 1;
    changes.last.clear();
    changes.floor = changes.seq;
  });
}

/**
 * A mark to take BEFORE reading an order: what was read of its cart, status and placed row is
 * current while orderChangedSince(db, orderId, mark) is false. Null when changes are not heard here (PostgreSQL,
 * or PGlite before LISTEN ran).
 */
export function orderChangeMark(db: Db): number | null {
  const changes = orderChanges.get(db);
  return changes && isListening(db) ? changes.seq : null;
}

/** Whether a change to `orderId`'s cart, status or placed row was announced after `mark` was taken. */
export function orderChangedSince(db: Db, orderId: string, mark: number): boolean {
  const changes = orderChanges.get(db);
  if (!changes || !isListening(db)) return true;
  return (changes.last.get(orderId) ?? changes.floor) > mark;
}

/** Calls `listener` with the order's id after each announced change to an order. */
export function onOrderChange(db: Db, listener: (orderId: string) => void): void {
  orderChanges.get(db)?.listeners.add(listener);
}

/** The write generation of a PGlite `db`; undefined for a database whose writes are not all seen here (PostgreSQL). */
export function writeGeneration(db: Db): number | undefined {
  return counters.get(db)?.value;
}
