import { createHmac, timingSafeEqual } from 'node:crypto';
import { isRandomId } from '#contract/ids.ts';

/**
 * The review links of an order, signed with the app's link secret: `<orderId>.<signature>`. One
 * token per order and purpose (the form, the stop link); nobody can make one for another order
 * without the secret. The order's id alone opens neither.
 */
export type ReviewLinkPurpose = 'form' | 'stop';

function signature(secret: string | Buffer, purpose: ReviewLinkPurpose, orderId: string): string {
  return createHmac('sha256', secret)
    .update(`review-${purpose}:${orderId}`)
    .digest('base64url')
    .slice(0, 32);
}

export function reviewToken(
  secret: string | Buffer,
  purpose: ReviewLinkPurpose,
  orderId: string,
): string {
  return `${orderId}.${signature(secret, purpose, orderId)}`;
}

/** The order a token was signed for, or undefined when the signature does not match. */
export function orderOfReviewToken(
  secret: string | Buffer,
  purpose: ReviewLinkPurpose,
  token: string,
): string | undefined {
  const dot = token.indexOf('.');
  if (dot < 0) return undefined;
  const orderId = token.slice(0, dot);
  if (!isRandomId(orderId)) return undefined;
  const given = Buffer.from(token.slice(dot + 1));
  const expected = Buffer.from(signature(secret, purpose, orderId));
  return given.length === expected.length && timingSafeEqual(given, expected) ? orderId : undefined;
}
