// What the database announces at commit (pg_notify), heard by this process: the changes that decide
// whether an answer kept in memory is still current, so a cached answer asks the database nothing.
// Channels (the triggers of migrations 0009 and 0023):
// - order_changed: an order's id, at every change to its cart version, status or placed row;
// - content_changed: what the public pages show changed ('reviews:<language>'; 'reference' when
//   a server loaded new reference data).
// PGlite (one process, every write through it): its client's LISTEN, heard as each statement ends.
// PostgreSQL (any number of instances): one connection of its own per instance runs LISTEN (pg-listener
// in client.ts); while it is down nothing is heard, `listening` is false and every cached answer
// asks the database again, and each new LISTEN starts a new epoch (what was missed meanwhile
// makes every answer kept before it out of date).

import type { Db } from './client.ts';

export const NOTIFY_CHANNELS = ['order_changed', 'content_changed'] as const;
export type NotifyChannel = (typeof NOTIFY_CHANNELS)[number];

type Handler = (payload: string) => void;

interface Hub {
  listening: boolean;
  /** Goes up each time listening starts (again): answers kept under an older epoch are not current. */
  epoch: number;
  handlers: Map<NotifyChannel, Set<Handler>>;
  /** Told when listening starts or stops. */
  states: Set<(listening: boolean) => void>;
}

const hubs = new WeakMap<Db, Hub>();

function hubOf(db: Db): Hub {
  let hub = hubs.get(db);
  if (!hub) {
    hub = { listening: false, epoch: 0, handlers: new Map(), states: new Set() };
    hubs.set(db, hub);
  }
  return hub;
}

/** Calls `handler` with each payload announced on `channel` of `db` from now on. */
export function onNotification(db: Db, channel: NotifyChannel, handler: Handler): void {
  const hub = hubOf(db);
  let set = hub.handlers.get(channel);
  if (!set) hub.handlers.set(channel, (set = new Set()));
  set.add(handler);
}

/** Calls `listener` whenever `db`'s notifications start or stop being heard. */
export function onListeningChange(db: Db, listener: (listening: boolean) => void): void {
  hubOf(db).states.add(listener);
}

/** A notification heard (the listening client's callback). */
export function deliverNotification(db: Db, channel: NotifyChannel, payload: string): void {
  const set = hubs.get(db)?.handlers.get(channel);
  if (!set) return;
  for (const handler of set) handler(payload);
}

/** Whether `db`'s announcements are heard now: only then may an answer be kept without asking. */
export function isListening(db: Db): boolean {
  return hubs.get(db)?.listening ?? false;
}

/** The current listening epoch of `db` (see Hub.epoch). */
export function listeningEpoch(db: Db): number {
  return hubs.get(db)?.epoch ?? 0;
}

/** Set by the listening client: true once LISTEN ran on every channel, false when its connection is lost. */
export function setListening(db: Db, listening: boolean): void {
  const hub = hubOf(db);
  if (hub.listening === listening) return;
  if (listening) hub.epoch += 1;
  hub.listening = listening;
  for (const listener of hub.states) listener(listening);
}
