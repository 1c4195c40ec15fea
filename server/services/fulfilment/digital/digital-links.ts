import { DOWNLOAD_LINK_DAYS } from '#contract/digital.ts';
import type { Db } from '#server/db/client.ts';
import type { Mailer } from '#server/platform/mail/mailer.ts';
import { placedOrder } from '#server/services/order/placed-order.ts';
import { keptOf } from '#server/services/order/returned-books.ts';
import { snapshotLanguage } from '#server/services/order/snapshot.ts';
import { digitalLinksMail } from './digital-mail.ts';
import { markLinksMailed, pdfItemsOf } from './digital-editions.ts';
import { downloadLink, downloadToken } from './download-links.ts';

export interface DigitalLinkDeps {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  /** The server's link secret (the same on every instance). */
  secret: string | Buffer;
  now: () => Date;
}

/**
 * The links mail job: new signed links to every PDF the order keeps, mailed to the order's address
 * (never shown on the status page: a status link is not an identity). `again`: the parent asked.
 */
export async function sendDigitalLinks(
  deps: DigitalLinkDeps,
  orderId: string,
  again: boolean,
): Promise<void> {
  const order = await placedOrder(deps.db, orderId);
  if (!order) throw new Error('the order of this job is not placed');
  // Links to the PDFs kept only: a refunded or cancelled book's is never mailed (#44 finding 2).
  const books = pdfItemsOf(keptOf(order.snapshot.items, order.returned));
  if (books.length === 0) return;
  const now = deps.now();
  const links = books.map((item) => ({
    childName: item.childName,
    ...downloadToken(deps.secret, item.itemId, now, DOWNLOAD_LINK_DAYS),
  }));
  const mail = digitalLinksMail({
    language: snapshotLanguage(order.snapshot),
    orderNumber: order.orderNumber,
    pageUrl: `${deps.publicUrl}/order-status/${order.orderId}`,
    books: links.map((link) => ({
      childName: link.childName,
      url: downloadLink(deps.publicUrl, link.token),
    })),
    expiresAt: links[0]!.expiresAt,
    again,
  });
  await deps.mailer.send({ to: order.snapshot.email, orderId, ...mail });
  await markLinksMailed(deps.db, orderId, now);
}
