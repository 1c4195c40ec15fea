/** A gift key as the server makes them (HMAC-SHA256, base64url: 43 characters). */
const GIFT_KEY = /^[A-Za-z0-9_-]{43}$/;

/**
 * The `gift` search parameter of the status link in the buyer's "on its way" mail. A module of
 * its own: the route reads it without pulling in the gift section (and TanStack Query with it).
 */
export function isGiftKey(key: unknown): key is string {
  return typeof key === 'string' && GIFT_KEY.test(key);
}
