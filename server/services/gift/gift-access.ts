import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { GiftView } from '#contract/gift.ts';
import type { Db } from '#server/db/client.ts';
import { countries } from '#server/db/schema/shop.ts';
import type { PlacedOrder } from '#server/services/order/placed-order.ts';
import { postalAddressLines } from '#contract/postal-address.ts';
import { snapshotLanguage } from '#server/services/order/snapshot.ts';

/**
 * Who may see a gift's recipient and message (issue #36): the status link alone shows nothing
 * personal (a forwarded mail, a screenshot: contract/order-status.ts), so, as for the invoices'
 * links (invoices/document-links.ts), the buyer's own links carry `?key=`, an HMAC-SHA256
 * (base64url) of the order id under a key derived from the server's link secret for gift links
 * alone. GET /api/order/{orderId}/gift?key=… answers the recipient and message to that key only.
 */
function giftLinkKey(secret: string | Buffer): Buffer {
  return createHmac('sha256', secret).update('storymade gift links v1').digest();
}

export function giftKey(secret: string | Buffer, orderId: string): string {
  return createHmac('sha256', giftLinkKey(secret)).update(orderId).digest('base64url');
}

/** Whether `key` is the order's gift key (compared in constant time). */
export function isGiftKey(
  secret: string | Buffer,
  orderId: string,
  key: string | undefined,
): boolean {
  if (!key) return false;
  const expected = Buffer.from(giftKey(secret, orderId));
  const given = Buffer.from(key);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The buyer's status link that shows the gift: `${publicUrl}/order-status/{orderId}?key=…`. */
export function giftStatusLink(
  publicUrl: string,
  secret: string | Buffer,
  orderId: string,
): string {
  return `${publicUrl}/order-status/${encodeURIComponent(orderId)}?key=${giftKey(secret, orderId)}`;
}

/** The gift of a paid order as the status page shows it to the buyer; undefined when it is not a gift. */
export async function giftViewOf(db: Db, order: PlacedOrder): Promise<GiftView | undefined> {
  const { snapshot } = order;
  if (!snapshot.isGift) return undefined;
  const address = snapshot.shippingAddress;
  const [country] = await db
    .select({ name: countries.name, code: countries.code })
    .from(countries)
    .where(eq(countries.id, address.countryId));
  return {
    recipient: {
      firstName: address.firstName,
      lastName: address.lastName,
      address1: address.address1,
      address2: address.address2,
      city: address.city,
      zip: address.zip,
      province: address.province,
      countryCode: country?.code ?? '',
      countryName: country?.name ?? '',
      // In the country's order; the page adds the country in its own language (postal-address.ts).
      lines: postalAddressLines(address, country, snapshotLanguage(snapshot), {
        withCountry: false,
      }),
    },
    message: snapshot.giftMessage,
    arriveBy: snapshot.giftArriveBy,
  };
}
