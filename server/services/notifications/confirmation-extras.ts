import { and, eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { invoices } from '#server/db/schema/money.ts';
import { countries } from '#server/db/schema/shop.ts';
import type { PlacedOrder } from '#server/services/order/placed-order.ts';
import { documentLink } from '#server/services/invoices/document-links.ts';
import { postalAddressLines } from '#contract/postal-address.ts';
import { snapshotLanguage } from '#server/services/order/snapshot.ts';

/**
 * What the confirmation mail adds to the order (issue 30, item 8): the delivery address, a link
 * to the invoice PDF (with its key: the order id alone opens no invoice) and the shop's contact.
 */
export async function confirmationExtras(
  db: Db,
  order: PlacedOrder,
  publicUrl: string,
  secret: string | Buffer,
) {
  const address = order.snapshot.shippingAddress;
  const [[country], [invoice]] = await Promise.all([
    db
      .select({ code: countries.code, name: countries.name })
      .from(countries)
      .where(eq(countries.id, address.countryId)),
    db
      .select({ number: invoices.displayNumber })
      .from(invoices)
      .where(and(eq(invoices.orderId, order.orderId), eq(invoices.kind, 'invoice'))),
  ]);
  return {
    // In the country's order, the country named in the mail's language (postal-address.ts).
    deliveryAddress: postalAddressLines(address, country, snapshotLanguage(order.snapshot)),
    invoice: invoice
      ? {
          number: invoice.number,
          url: documentLink(publicUrl, secret, order.orderId, invoice.number),
        }
      : null,
  };
}
