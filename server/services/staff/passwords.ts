import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { performance } from 'node:perf_hooks';

/** scrypt's cost: N (CPU and memory, a power of two), r (block size), p (parallelism). */
export interface PasswordCost {
  N: number;
  r: number;
  p: number;
}

/** OWASP's minimum for scrypt: N=2^17, r=8, p=1 (128 MiB and a few hundred ms per hash). */
export const DEFAULT_PASSWORD_COST: PasswordCost = { N: 2 ** 17, r: 8, p: 1 };

const KEY_LENGTH = 32;
const SALT_LENGTH = 16;

function derive(password: string, salt: Buffer, cost: PasswordCost): Promise<Buffer> {
  // scrypt needs 128 * N * r bytes; Node's default ceiling (32 MiB) is below OWASP's cost.
  const options: ScryptOptions = { ...cost, maxmem: 256 * cost.N * cost.r };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** `scrypt$N$r$p$salt$hash` (base64url) with a fresh random salt. */
export async function hashPassword(
  password: string,
  cost: PasswordCost = DEFAULT_PASSWORD_COST,
): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await derive(password, salt, cost);
  return [
    'scrypt',
    cost.N,
    cost.r,
    cost.p,
    salt.toString('base64url'),
    key.toString('base64url'),
  ].join('$');
}

function parseHash(stored: string): { cost: PasswordCost; salt: Buffer; key: Buffer } | null {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !key) return null;
  const cost = { N: Number(n), r: Number(r), p: Number(p) };
  if (![cost.N, cost.r, cost.p].every((value) => Number.isInteger(value) && value > 0)) return null;
  return { cost, salt: Buffer.from(salt, 'base64url'), key: Buffer.from(key, 'base64url') };
}

/** true when `password` matches `stored`; compared in constant time. A malformed hash never matches. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseHash(stored);
  if (!parsed) return false;
  const key = await derive(password, parsed.salt, parsed.cost);
  return key.length === parsed.key.length && timingSafeEqual(key, parsed.key);
}

/**
 * A stored hash at `cost` that no password matches (a random salt and a random key), checked
 * instead when the e-mail is unknown: the check derives a key at the same cost as for a real
 * account, so an unknown address takes as long to refuse as a wrong password. Made without
 * hashing, so the first unknown address costs no more than the others.
 */
export function decoyHash(cost: PasswordCost): string {
  return [
    'scrypt',
    cost.N,
    cost.r,
    cost.p,
    randomBytes(SALT_LENGTH).toString('base64url'),
    randomBytes(KEY_LENGTH).toString('base64url'),
  ].join('$');
}

/**
 * How many password hashes this server runs at once, and lets wait (issue #44, item 3). A hash
 * at the shop's cost takes 128 MiB and a core for about a second on libuv's thread pool (four
 * threads): twenty sign-ins for addresses that do not exist, each hashed to answer like a wrong
 * password, kept every pool thread and both cores busy, and static files and the owner's own
 * sign-in waited 10-14 s. Bounded, a flood is refused before anything is hashed, and the rest of
 * the server keeps a core and the pool. The bound is this process's (its cores and memory), not a
 * limit shared by instances: the shared per-address limits are the sign-in counters.
 */
export interface HashLimits {
  /** Hashes running at once. */
  concurrent: number;
  /** Hashes waiting for their turn; a hash asked for beyond these is refused at once. */
  waiting: number;
  /** Hashes running or waiting for one client (address, or a signed-in account): more are refused. */
  perClient: number;
}

/**
 * One hash at a time on a machine of one or two cores, two with more; four may wait (a few
 * seconds at most), two per client (a double click, or the password page beside a sign-in).
 */
export const DEFAULT_HASH_LIMITS: HashLimits = {
  concurrent: Math.max(1, Math.min(2, availableParallelism() - 1)),
  waiting: 4,
  perClient: 2,
};

export type GateAnswer<T> = { ok: true; value: T } | { ok: false; retryAfterSeconds: number };

/** Runs password hashes within HashLimits (one per server process, shared by its sign-ins and password changes). */
export interface HashGate {
  /**
   * Runs `work` (one hash) when its turn comes, or answers at once, without running it, when
   * the client has `perClient` hashes running or waiting or every place in the queue is taken:
   * with the seconds after which the queue has room again (at least 1).
   */
  run<T>(client: string, work: () => Promise<T>): Promise<GateAnswer<T>>;
  /**
   * The answer `run` would give now without running anything: null when there is room, else the
   * seconds to wait. A sign-in asks first, so a flood is refused before any database work.
   */
  refusal(client: string): number | null;
  /** The hashes running and waiting now. */
  readonly load: { running: number; waiting: number };
}

export function createHashGate(limits: HashLimits = DEFAULT_HASH_LIMITS): HashGate {
  let running = 0;
  const queue: (() => void)[] = [];
  const perClient = new Map<string, number>();
  /** The time a hash takes here (a moving average), for Retry-After. */
  let averageMs = 1000;

  function release(): void {
    const next = queue.shift();
    // The place passes to the next in the queue, or is free.
    if (next) next();
    else running -= 1;
  }
  function leave(client: string): void {
    const left = (perClient.get(client) ?? 1) - 1;
    if (left <= 0) perClient.delete(client);
    else perClient.set(client, left);
  }

  function refusal(client: string): number | null {
    const full = running >= limits.concurrent && queue.length >= limits.waiting;
    if ((perClient.get(client) ?? 0) < limits.perClient && !full) return null;
    const ahead = running + queue.length;
    return Math.max(1, Math.ceil(((ahead / limits.concurrent) * averageMs) / 1000));
  }

  return {
    refusal,
    async run(client, work) {
      const refused = refusal(client);
      if (refused !== null) return { ok: false, retryAfterSeconds: refused };
      const mine = perClient.get(client) ?? 0;
      const free = running < limits.concurrent;
      perClient.set(client, mine + 1);
      try {
        if (free) running += 1;
        else await new Promise<void>((resolve) => queue.push(resolve));
        const started = performance.now();
        try {
          return { ok: true, value: await work() };
        } finally {
          averageMs = averageMs * 0.7 + (performance.now() - started) * 0.3;
          release();
        }
      } finally {
        leave(client);
      }
    },
    get load() {
      return { running, waiting: queue.length };
    },
  };
}

/** A one-time password for a new account: 20 characters from an alphabet without look-alikes. */
export function oneTimePassword(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = randomBytes(40);
  let out = '';
  // Rejection sampling keeps every character equally likely (256 is not a multiple of 55).
  for (const byte of bytes) {
    if (byte >= 220) continue;
    out += alphabet[byte % alphabet.length];
    if (out.length === 20) return out;
  }
  return out + oneTimePassword().slice(out.length);
}
