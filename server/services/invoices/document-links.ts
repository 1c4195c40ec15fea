import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The key of a parent's link to an invoice or credit note (issue 31): the order id alone (the
 * status link, forwarded or screenshotted) opens no document with the buyer's name and address;
 * the link in the order's mails carries `?key=`, an HMAC-SHA256 (base64url) of `orderId:number`
 * under a key derived from the server's link secret (PREVIEW_ETAG_SECRET, or the key kept in
 * DATA_DIR: the same on every instance, so a link made by one opens on all).
 */
export function documentKey(secret: string | Buffer, orderId: string, number: string): string {
  return createHmac('sha256', linkKey(secret)).update(`${orderId}:${number}`).digest('base64url');
}

/**
 * The secret also keys the preview ETags (an HMAC anyone can have made of a preview's cache key):
 * the documents' links use a key derived from it for them alone, so no answer of one use is ever
 * a valid value of the other.
 */
function linkKey(secret: string | Buffer): Buffer {
  return createHmac('sha256', secret).update('storymade document links v1').digest();
}

/** Whether `key` is the document's key (compared in constant time). */
export function isDocumentKey(
  secret: string | Buffer,
  orderId: string,
  number: string,
  key: string | undefined,
): boolean {
  if (!key) return false;
  const expected = Buffer.from(documentKey(secret, orderId, number));
  const given = Buffer.from(key);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The absolute link of a document as the mails carry it: `${publicUrl}/api/order/{orderId}/documents/{number}.pdf?key=…`. */
export function documentLink(
  publicUrl: string,
  secret: string | Buffer,
  orderId: string,
  number: string,
): string {
  return `${publicUrl}/api/order/${encodeURIComponent(orderId)}/documents/${encodeURIComponent(number)}.pdf?key=${documentKey(secret, orderId, number)}`;
}
