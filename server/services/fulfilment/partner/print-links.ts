import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The links a print partner fetches a book's files by (issue #47): the stored print file's id,
 * an expiry and an HMAC-SHA256 of both under the app's link secret, so a link opens one file until
 * it expires and guessing one is hopeless. GET /api/print-files/{id}/{expires}/{signature}/{name}
 * (routes/print-partner.ts) answers 404 to anything else.
 */

/** How long a link works: the partner fetches at once, or after Lulu's production delay (2 days at most). */
export const PRINT_LINK_TTL_MS = 7 * 86_400_000;

function signatureOf(secret: string | Buffer, fileId: number, expires: number): string {
  return createHmac('sha256', secret)
    .update(`print-file:${fileId}:${expires}`, 'utf8')
    .digest('base64url');
}

export function printFileLink(
  publicUrl: string,
  secret: string | Buffer,
  file: { id: number; name: string },
  now: Date,
): string {
  const expires = Math.floor((now.getTime() + PRINT_LINK_TTL_MS) / 1000);
  const name = file.name.replace(/[^A-Za-z0-9._-]/g, '_');
  return `${publicUrl}/api/print-files/${file.id}/${expires}/${signatureOf(secret, file.id, expires)}/${encodeURIComponent(name)}`;
}

/** The file id a link opens, or null when its signature is wrong or it expired. */
export function verifyPrintFileLink(
  secret: string | Buffer,
  params: { id: string; expires: string; signature: string },
  now: Date,
): number | null {
  if (!/^\d{1,12}$/.test(params.id) || !/^\d{1,12}$/.test(params.expires)) return null;
  const id = Number(params.id);
  const expires = Number(params.expires);
  if (expires * 1000 < now.getTime()) return null;
  const expected = Buffer.from(signatureOf(secret, id, expires));
  const given = Buffer.from(params.signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return id;
}
