import { and, eq, inArray } from 'drizzle-orm';
import { PARCEL_FILE_KINDS, type ParcelFileKind } from '#contract/admin-orders.ts';
import type { Language } from '#contract/markets.ts';
import type { Db } from '../../db/client.ts';
import { printFiles, type StoredAddress } from '../../db/schema-checkout.ts';
import { countries } from '../../db/schema.ts';
import { isDigitalOnly } from '../digital/digital-editions.ts';
import { mailText } from '../mail/mail-text.ts';
import type { PlacedOrder } from '../placed-order.ts';
import { renderGiftCardPdf, renderPackingSlipPdf } from '../print/order-pdfs.ts';
import { snapshotLanguage } from '../snapshot.ts';
import { storePrintFile } from '../stored-print-files.ts';

/**
 * The parcel's print files of a paid order (issue #36), stored beside the books' files under the
 * item id `order:{orderId}` (print_files is one row per item and kind): the packing slip of every
 * order, and the gift card of a gift. Made by the print-files job; repeating it adds what is missing.
 */
export function parcelItemId(orderId: string): string {
  return `order:${orderId}`;
}

/** The parcel files an order needs: the packing slip, and the gift card when it is a gift. */
export function parcelKindsOf(order: PlacedOrder): ParcelFileKind[] {
  // An order of digital PDFs only has no parcel (#36): nothing to pack, no slip, no card.
  if (isDigitalOnly(order.snapshot.items)) return [];
  return order.snapshot.isGift ? [...PARCEL_FILE_KINDS] : ['packing-slip'];
}

/** The address lines as a courier reads them: name, street, town with postcode, region, country. */
export function addressLines(
  address: StoredAddress,
  country: { code: string; name: string } | undefined,
  language: Language,
): string[] {
  let countryName = country?.name ?? '';
  try {
    if (country)
      countryName =
        new Intl.DisplayNames([language], { type: 'region' }).of(country.code) ?? countryName;
  } catch {
    // The English name from the reference data.
  }
  return [
    `${address.firstName} ${address.lastName}`.trim(),
    address.address1,
    address.address2,
    [address.zip, address.city].filter(Boolean).join(' '),
    address.province,
    countryName,
  ].filter((line) => line.trim() !== '');
}

async function render(db: Db, order: PlacedOrder, kind: ParcelFileKind): Promise<Buffer> {
  const { snapshot } = order;
  const language = snapshotLanguage(snapshot);
  if (kind === 'gift-card') {
    return renderGiftCardPdf({
      language,
      orderNumber: order.orderNumber,
      message: snapshot.giftMessage,
      key: order.orderId,
    });
  }
  const [country] = await db
    .select({ code: countries.code, name: countries.name })
    .from(countries)
    .where(eq(countries.id, snapshot.shippingAddress.countryId));
  const t = mailText(language);
  return renderPackingSlipPdf({
    language,
    orderNumber: order.orderNumber,
    paidAt: order.paidAt,
    isGift: snapshot.isGift,
    shipTo: addressLines(snapshot.shippingAddress, country, language),
    currencyCode: snapshot.currencyCode,
    items: snapshot.items.map((item) => ({
      title: item.title,
      childName: item.childName,
      format: t(`mail-gift:slip.formats.${item.coverType}`, { defaultValue: item.coverType }),
      unitPriceMinor: item.unitPriceMinor,
    })),
    subtotalMinor: snapshot.subtotalMinor,
    discountMinor: snapshot.discountMinor,
    deliveryMinor: snapshot.deliveryMinor,
    totalMinor: snapshot.totalMinor,
    key: order.orderId,
  });
}

/** Makes and stores the parcel files the order lacks (idempotent; concurrent runs store one of each). */
export async function makeParcelFiles(db: Db, order: PlacedOrder): Promise<void> {
  const itemId = parcelItemId(order.orderId);
  const kinds = parcelKindsOf(order);
  const have = await db
    .select({ kind: printFiles.kind })
    .from(printFiles)
    .where(and(eq(printFiles.itemId, itemId), inArray(printFiles.kind, kinds)));
  for (const kind of kinds) {
    if (have.some((row) => row.kind === kind)) continue;
    const bytes = await render(db, order, kind);
    // Erased meanwhile (retention/erasure-fence.ts): the slip with the address is not stored.
    if (
      !(await storePrintFile(db, {
        orderId: order.orderId,
        itemId,
        kind,
        bytes,
        editionNumber: null,
      }))
    )
      return;
  }
}
