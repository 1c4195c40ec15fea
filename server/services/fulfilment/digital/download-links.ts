import { createHmac, timingSafeEqual } from 'node:crypto';
import { DOWNLOAD_LINK_DAYS } from '#contract/digital.ts';

/**
 * The digital edition's download links (#36 item 2): `/api/digital/{token}` where the token is
 * `{itemId}.{expires}.{signature}`: the paid book's item id (random, 144 bits), the moment the link
 * stops working (seconds since the epoch) and an HMAC-SHA256 (base64url) of both under a key
 * derived from the server's link secret (the same on every instance), so nobody can make a link,
 * change a link's book or lengthen its life. A new link can be mailed at any time; old ones keep
 * working until they expire.
 */
const DAY_MS = 24 * 60 * 60 * 1000;

function downloadKey(secret: string | Buffer): Buffer {
  // A key for download links alone, so no other use of the secret is ever a valid signature here.
  return createHmac('sha256', secret).update('storymade digital downloads v1').digest();
}

function signature(secret: string | Buffer, itemId: string, expires: number): string {
  return createHmac('sha256', downloadKey(secret))
    .update(`${itemId}.${expires}`)
    .digest('base64url');
}

/** A token for the book `itemId`, working until `now` + DOWNLOAD_LINK_DAYS. */
export function downloadToken(
  secret: string | Buffer,
  itemId: string,
  now: Date,
  days = DOWNLOAD_LINK_DAYS,
): { token: string; expiresAt: Date } {
  const expires = Math.floor((now.getTime() + days * DAY_MS) / 1000);
  return {
    token: `${itemId}.${expires}.${signature(secret, itemId, expires)}`,
    expiresAt: new Date(expires * 1000),
  };
}

export type TokenCheck =
  | { ok: true; itemId: string; expiresAt: Date }
  /** Signed by us but past its time: the book is known (to say so in its language). */
  | { ok: false; reason: 'expired'; itemId: string }
  /** Not a link we made (changed, cut short, made up). */
  | { ok: false; reason: 'invalid' };

/** Checks a token's signature (in constant time), then its expiry. */
export function checkDownloadToken(secret: string | Buffer, token: string, now: Date): TokenCheck {
  const [itemId, expiresText, given, extra] = token.split('.');
  if (!itemId || !expiresText || !given || extra !== undefined || !/^\d{1,12}$/.test(expiresText))
    return { ok: false, reason: 'invalid' };
  const expires = Number(expiresText);
  const expected = Buffer.from(signature(secret, itemId, expires));
  const actual = Buffer.from(given);
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected))
    return { ok: false, reason: 'invalid' };
  if (now.getTime() >= expires * 1000) return { ok: false, reason: 'expired', itemId };
  return { ok: true, itemId, expiresAt: new Date(expires * 1000) };
}

/** The absolute link a mail carries. */
export function downloadLink(publicUrl: string, token: string): string {
  return `${publicUrl}/api/digital/${token}`;
}
