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

/**
 * The database's drizzle handle (client.ts Db), here only the key its hub is kept under: any
 * object, so client.ts, which wires the notifications in, is the only one that imports the other.
 */
type Db = object;

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
  /** Writes this process made (PostgreSQL: statements other than a plain read, counted as each ended). */
  writes: number;
  /** The writes whose announcements are surely heard (a sync after them came back). */
  heard: number;
  /** Makes sure everything committed before it was called has been heard (PostgreSQL's listener). */
  sync?: (() => Promise<void>) | undefined;
  syncing?: Promise<void> | undefined;
}

const hubs = new WeakMap<Db, Hub>();

function hubOf(db: Db): Hub {
  let hub = hubs.get(db);
  if (!hub) {
    hub = {
      listening: false,
      epoch: 0,
      handlers: new Map(),
      states: new Set(),
      writes: 0,
      heard: 0,
    };
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

/**
 * PostgreSQL: a statement that may have changed something ended (a commit, or a write outside a
 * transaction). Until a sync after it came back, reads that trust announcements wait for one
 * (changesHeard): this server's own change is heard before its own next read, not just soon.
 */
export function noteWrite(db: Db): void {
  hubOf(db).writes += 1;
}

/** Set by PostgreSQL's listener: a round trip on the listening connection (notifications come first). */
export function setSync(db: Db, sync: (() => Promise<void>) | undefined): void {
  hubOf(db).sync = sync;
}

/**
 * Resolves once every change this process committed so far has been heard (at once on PGlite,
 * whose announcements are heard as each statement ends; on PostgreSQL after one round trip on the
 * listening connection after a write, shared by every read waiting for it). Undefined when there
 * is nothing to wait for: the common case costs no promise.
 */
export function changesHeard(db: Db): Promise<void> | undefined {
  const hub = hubs.get(db);
  if (!hub?.sync || !hub.listening || hub.heard >= hub.writes) return undefined;
  return waitHeard(hub, hub.writes);
}

async function waitHeard(hub: Hub, want: number): Promise<void> {
  while (hub.heard < want && hub.listening && hub.sync) {
    if (!hub.syncing) {
      const target = hub.writes;
      const sync = hub.sync;
      hub.syncing = sync()
        .then(() => {
          hub.heard = Math.max(hub.heard, target);
        })
        .finally(() => {
          hub.syncing = undefined;
        });
    }
    // A failed sync means a lost connection: listening is false then, and the loop ends.
    await hub.syncing.catch(() => undefined);
  }
}
