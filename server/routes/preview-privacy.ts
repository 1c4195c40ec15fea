import { createHmac, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * What keeps the shared preview cache from telling one visitor what another previewed (a child's
 * name with its characters is personal data):
 * - the hash a client sees (ETag, Content-Location) is an HMAC of the cache key with a secret
 *   (PREVIEW_ETAG_SECRET, the same on every instance, so each answers the same ETag), so nobody
 *   can compute it for a name and probe GET /api/preview/images/{hash};
 * - an image a client did not draw itself (drawn for another client, or found in the disk cache)
 *   is answered no sooner than drawing it took, and it counts against that client's render limit
 *   the first time, as a render would: neither the time nor a 429 tells it was cached. Turning back
 *   and forth through one's own preview stays instant and free.
 * The diagnostic headers (X-Preview-Cache, Server-Timing) are sent in development only.
 */
export interface PreviewPrivacy {
  /** The hash clients see for a cache key. */
  publicKey(key: string): string;
  /** The cache key of a hash this process handed out, or null. */
  keyOf(publicKey: string): string | null;
  /** True when `client` has had this image from us before (so it is free and instant for it). */
  seenBy(key: string, client: string): boolean;
  /** Records that `client` had the image; `drawMs` when it was drawn for this request. */
  record(key: string, client: string, drawMs?: number): void;
  /** How long an answer `client` did not draw must take: what drawing it took (or usually takes). */
  delayFor(key: string): number;
}

const MAX_KEYS = 20_000;
const MAX_CLIENTS_PER_KEY = 64;
/** Before any render was timed (a fresh process answering from its disk cache). */
const DEFAULT_DRAW_MS = 400;

interface Entry {
  publicKey: string;
  clients: Set<string>;
  drawMs: number | undefined;
}

/**
 * The ETag key of a server started without PREVIEW_ETAG_SECRET: made once and kept in
 * `DATA_DIR/preview-etag-secret`, so one instance answers the same ETags after a restart.
 */
export function storedPreviewSecret(dataDir: string): string {
  const file = path.join(dataDir, 'preview-etag-secret');
  try {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length >= 32) return stored;
  } catch {
    // not made yet
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

/** `secret`: the HMAC key of the public hashes; default a random one of this process (tests). */
export function createPreviewPrivacy(secret: string | Buffer = randomBytes(32)): PreviewPrivacy {
  const entries = new Map<string, Entry>();
  const byPublic = new Map<string, string>();
  const recentDraws: number[] = [];

  const hmac = (key: string) => createHmac('sha256', secret).update(key).digest('hex');
  const entry = (key: string): Entry => {
    let found = entries.get(key);
    if (found) {
      // Most recently used last, so the oldest is dropped first.
      entries.delete(key);
      entries.set(key, found);
      return found;
    }
    found = { publicKey: hmac(key), clients: new Set(), drawMs: undefined };
    entries.set(key, found);
    byPublic.set(found.publicKey, key);
    if (entries.size > MAX_KEYS) {
      const [oldest, old] = entries.entries().next().value as [string, Entry];
      entries.delete(oldest);
      byPublic.delete(old.publicKey);
    }
    return found;
  };
  const typicalDraw = () => {
    if (recentDraws.length === 0) return DEFAULT_DRAW_MS;
    const sorted = [...recentDraws].sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 2)]!;
  };

  return {
    publicKey: (key) => entry(key).publicKey,
    keyOf: (publicKey) => byPublic.get(publicKey) ?? null,
    seenBy: (key, client) => entries.get(key)?.clients.has(client) ?? false,
    record(key, client, drawMs) {
      const e = entry(key);
      if (e.clients.size >= MAX_CLIENTS_PER_KEY) e.clients.clear();
      e.clients.add(client);
      if (drawMs !== undefined) {
        e.drawMs = drawMs;
        recentDraws.push(drawMs);
        if (recentDraws.length > 200) recentDraws.shift();
      }
    },
    delayFor(key) {
      return entries.get(key)?.drawMs ?? typicalDraw();
    },
  };
}
