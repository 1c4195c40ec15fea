import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

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
 * A hash of a random password at `cost`, checked instead when the e-mail is unknown, so an
 * unknown address takes as long to refuse as a wrong password.
 */
export function decoyHash(cost: PasswordCost): Promise<string> {
  return hashPassword(randomBytes(18).toString('base64url'), cost);
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
