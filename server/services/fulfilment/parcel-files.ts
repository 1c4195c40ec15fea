import { and, eq, inArray } from 'drizzle-orm';
import { PARCEL_FILE_KINDS, type ParcelFileKind } from '#contract/admin-orders.ts';
import { isPrinted } from '#contract/digital.ts';
import type { Language } from '#contract/markets.ts';
import type { Db } from '#server/db/client.ts';
import { printFiles, type StoredAddress } from '#server/db/schema/checkout.ts';
import { countries } from '#server/db/schema/shop.ts';
import { discountShares } from '#server/services/invoices/invoice-lines.ts';
import { mailText } from '#server/services/mail/mail-text.ts';
import { postalAddressLines } from '#contract/postal-address.ts';
import type { PlacedOrder } from '#server/services/order/placed-order.ts';
import {
  renderGiftCardPdf,
  renderPackingSlipPdf,
  type PackingSlipInput,
} from './print/order-pdfs.ts';
import { keptOf } from '#server/services/order/returned-books.ts';
import { itemsFingerprint, snapshotLanguage } from '#server/services/order/snapshot.ts';
import { storePrintFile } from './stored-print-files.ts';

/** Makes an order's parcel files again (payload: orderId): after a refund changed what is in the parcel. */
export const PARCEL_FILES_JOB = 'parcel-files';

/**
 * The parcel's print files of a paid order (issue #36), stored beside the books' files under the
 * item id `order:{orderId}` (print_files is one row per item and kind): the packing slip of every
 * order, and the gift card of a gift. Made by the print-files job; repeating it adds what is missing.
 */
export function parcelItemId(orderId: string): string {
  return `order:${orderId}`;
}

/** The printed books that go in the parcel: those kept (not refunded or cancelled). */
export function parcelBooksOf(order: PlacedOrder) {
  return keptOf(order.snapshot.items, order.returned).filter((item) => isPrinted(item.coverType));
}

/** The parcel files an order needs: the packing slip, and the gift card when it is a gift. */
export function parcelKindsOf(order: PlacedOrder): ParcelFileKind[] {
  // No printed book kept (PDFs only, #36, or every printed book paid back): no parcel, no slip, no card.
  if (parcelBooksOf(order).length === 0) return [];
  return order.snapshot.isGift ? [...PARCEL_FILE_KINDS] : ['packing-slip'];
}

/**
 * What the packing slip lists: the books in the parcel, the kept PDFs sent by mail (not for a
 * gift: its recipient gets none), and the totals of what was kept: each kept book at its price,
 * the discount of the kept books (their shares, as invoiced), the delivery unless it was paid back.
 */
export function parcelContents(
  order: PlacedOrder,
  language: Language,
): Pick<
  PackingSlipInput,
  'items' | 'byMail' | 'subtotalMinor' | 'discountMinor' | 'deliveryMinor' | 'totalMinor'
> {
  const { snapshot } = order;
  const t = mailText(language);
  const shares = discountShares(snapshot);
  const kept = snapshot.items.flatMap((item, index) =>
    order.returned.has(item.itemId) ? [] : [{ item, share: shares[index] ?? 0 }],
  );
  const line = ({ item }: (typeof kept)[number]) => ({
    title: item.title,
    childName: item.childName,
    format: t(`mail-gift:slip.formats.${item.coverType}`, { defaultValue: item.coverType }),
    unitPriceMinor: item.unitPriceMinor,
  });
  const subtotalMinor = kept.reduce((sum, { item }) => sum + item.unitPriceMinor, 0);
  const discountMinor = kept.reduce((sum, { share }) => sum + share, 0);
  // The delivery goes back only with the last book (refunds/refunds.ts): while a book is kept, it was paid.
  const deliveryMinor = kept.length ? snapshot.deliveryMinor : 0;
  return {
    items: kept.filter(({ item }) => isPrinted(item.coverType)).map(line),
    byMail: snapshot.isGift ? [] : kept.filter(({ item }) => !isPrinted(item.coverType)).map(line),
    subtotalMinor,
    discountMinor,
    deliveryMinor,
    totalMinor: subtotalMinor - discountMinor + deliveryMinor,
  };
}

/**
 * The address lines as a courier reads them in the parcel's country: name, street, town and
 * postcode in that country's order, the country in the slip's language (postal-address.ts).
 */
export function addressLines(
  address: StoredAddress,
  country: { code: string; name: string } | undefined,
  language: Language,
): string[] {
  return postalAddressLines(address, country, language);
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
  return renderPackingSlipPdf({
    language,
    orderNumber: order.orderNumber,
    paidAt: order.paidAt,
    isGift: snapshot.isGift,
    shipTo: addressLines(snapshot.shippingAddress, country, language),
    currencyCode: snapshot.currencyCode,
    // Only what is in the parcel, at what was kept (#43 item 4).
    ...parcelContents(order, language),
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
    // Stored only while the books returned and the paid books are the ones it was made from: a
    // refund or a change of a book (its child's name on the slip) meanwhile deleted the parcel's
    // files and queued them again. Erased meanwhile (retention/erasure-fence.ts): the slip with the
    // address is not stored.
    const stored = await storePrintFile(
      db,
      { orderId: order.orderId, itemId, kind, bytes, editionNumber: null },
      {
        returnedCount: order.returned.size,
        booksFingerprint: itemsFingerprint(order.snapshot.items),
      },
    );
    if (!stored) return;
  }
}
