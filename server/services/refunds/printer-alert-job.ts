import { eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { refunds } from '#server/db/schema/money.ts';
import type { JobHandler } from '#server/platform/jobs/runner.ts';
import type { Mailer } from '#server/platform/mail/mailer.ts';
import { printerAlertMail } from '#server/services/mail/printer-alert-mail.ts';
import { placedOrder } from '#server/services/order/placed-order.ts';
import { PRINTER_ALERT_MAIL_JOB } from './refund-books.ts';

/**
 * The owner's alert when a refund reached books whose print files were already with the printer
 * (queued by refund-books.ts with the refund): mailed to the shop's mailbox. Without a shop
 * address nothing is sent; the back office shows it on the book's card either way.
 */
export function printerAlertJobHandlers(deps: {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  shopEmail?: string | undefined;
}): Record<string, JobHandler> {
  return {
    [PRINTER_ALERT_MAIL_JOB]: async (payload) => {
      if (!deps.shopEmail) return;
      const [refund] = await deps.db
        .select()
        .from(refunds)
        .where(eq(refunds.id, Number(payload.refundId)));
      if (!refund || refund.handedOn.length === 0) return;
      const order = await placedOrder(deps.db, refund.orderId);
      if (!order) return;
      const books = refund.handedOn.flatMap((handed) => {
        const item = order.snapshot.items.find((candidate) => candidate.itemId === handed.itemId);
        return item
          ? [
              {
                childName: item.childName,
                format: item.coverType,
                editionNumber: order.editionNumbers.get(item.itemId) ?? null,
                handedOnAt: new Date(handed.at),
              },
            ]
          : [];
      });
      if (books.length === 0) return;
      await deps.mailer.send({
        to: deps.shopEmail,
        ...printerAlertMail({
          orderNumber: order.orderNumber,
          cancelled: refund.cancel,
          books,
          adminUrl: `${deps.publicUrl}/admin/orders/${refund.orderId}`,
        }),
      });
    },
  };
}
