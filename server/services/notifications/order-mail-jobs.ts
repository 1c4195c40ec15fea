import { eq } from 'drizzle-orm';
import { isPrinted } from '#contract/digital.ts';
import { toLanguage } from '#contract/markets.ts';
import { deliveryDetails } from '#server/db/schema/checkout.ts';
import { confirmationExtras } from '#server/services/notifications/confirmation-extras.ts';
import {
  DOCUMENTS_MAIL_JOB,
  documentsMailData,
} from '#server/services/notifications/documents-mail.ts';
import type { Seller } from '#server/services/invoices/invoice-pdf.ts';
import type { JobHandler } from '#server/platform/jobs/runner.ts';
import { STATUS_MAIL_JOB } from '#server/services/order/staff-order-moves.ts';
import { orderMailData, placedOrder } from '#server/services/order/placed-order.ts';
import { CONFIRMATION_MAIL_JOB } from '#server/services/payment/settle.ts';
import { refundMailData } from '#server/services/order/refund-views.ts';
import { REFUND_MAIL_JOB } from '#server/services/refunds/refunds.ts';
import { subscribe, type SubscriptionDeps } from '#server/services/subscriptions/subscriptions.ts';
import { documentsMail } from '#server/services/mail/document-mails.ts';
import { orderConfirmationMail } from '#server/services/mail/order-mails.ts';
import { refundMail } from '#server/services/mail/refund-mails.ts';
import {
  MAILED_STATUSES,
  orderStatusMail,
  type MailedStatus,
} from '#server/services/mail/status-mails.ts';
import { giftStatusLink } from '#server/services/gift/gift-access.ts';
import { giftShippedMail } from '#server/services/mail/gift-mails.ts';
import { stillSubscribing } from '#server/services/retention/erasure-fence.ts';
import { CALL_BY_NAME } from '#book/family.ts';
import { BOOK_CHANGED_MAIL_JOB } from '#server/services/fulfilment/book-change.ts';
import { familyOfRow } from '#server/services/catalogue/family-check.ts';
import { bookChangedMail } from '#server/services/mail/book-change-mail.ts';

/** What the order mails' jobs need: the database, the mailer, the shop's address and contact. */
export type OrderMailJobDeps = SubscriptionDeps & {
  seller?: Seller;
  /** The HMAC key of the documents' links in mails. */
  documentSecret: string | Buffer;
  /**
   * When a paid order's books go to the print partner (issue #47), for the confirmation mail;
   * undefined: no partner (PRINT_PARTNER=manual), the mail names no time.
   */
  printHoldUntil?: (order: { paidAt: Date; status: string; printed: boolean }) => Date | null;
};

/** The order's mails to the parent, each a job of the runner (registered in server/shop-jobs.ts). */
export function orderMailJobHandlers(deps: OrderMailJobDeps): Record<string, JobHandler> {
  const { db, mailer, publicUrl, documentSecret } = deps;

  async function placed(payload: Record<string, unknown>) {
    const order = await placedOrder(db, String(payload.orderId));
    if (!order) throw new Error('the order of this job is not placed');
    return order;
  }

  return {
    [CONFIRMATION_MAIL_JOB]: async (payload) => {
      const order = await placed(payload);
      const data = {
        ...orderMailData(order, publicUrl),
        ...(await confirmationExtras(db, order, publicUrl, documentSecret)),
        ...(deps.seller ? { contact: { email: deps.seller.email, phone: deps.seller.phone } } : {}),
        printHoldUntil:
          deps.printHoldUntil?.({
            paidAt: order.paidAt,
            status: order.status,
            printed: order.snapshot.items.some(
              (item) => isPrinted(item.coverType) && !order.returned.has(item.itemId),
            ),
          }) ?? null,
        // A gift with a chosen day (#36): the mail names that day instead of the estimate.
        giftArriveBy: order.snapshot.isGift ? order.snapshot.giftArriveBy : null,
        // A gift says so, with its recipient and the card's message (#44 finding 8).
        gift: order.snapshot.isGift
          ? {
              recipientName: `${order.snapshot.shippingAddress.firstName} ${order.snapshot.shippingAddress.lastName}`,
              message: order.snapshot.giftMessage,
            }
          : null,
      };
      await mailer.send({
        to: order.snapshot.email,
        orderId: order.orderId,
        ...orderConfirmationMail(data),
      });
      // 'Subscribe' on the delivery form starts the newsletter's double opt-in (its own mail),
      // behind the erasure's fence: an erase since unticked the box or erased the order.
      const [details] = await db
        .select()
        .from(deliveryDetails)
        .where(eq(deliveryDetails.orderId, order.orderId));
      if (details?.subscribe) {
        await subscribe(
          deps,
          { email: order.snapshot.email, preferredLanguage: data.language },
          { fence: (tx) => stillSubscribing(tx, order.orderId) },
        );
      }
    },
    [REFUND_MAIL_JOB]: async (payload) => {
      const data = await refundMailData(db, Number(payload.refundId), publicUrl, documentSecret);
      if (!data) return;
      const { to, language, ...rest } = data;
      await mailer.send({
        to,
        orderId: String(payload.orderId),
        ...refundMail({ ...rest, language: toLanguage(language) ?? 'en-GB' }),
      });
    },
    [DOCUMENTS_MAIL_JOB]: async (payload) => {
      const order = await placed(payload);
      const data = await documentsMailData(db, order, publicUrl, documentSecret);
      if (!data) return;
      const { to, ...rest } = data;
      await mailer.send({ to, orderId: order.orderId, ...documentsMail(rest) });
    },
    // A paid book changed by the parent in the print hold (fulfilment/book-change.ts).
    [BOOK_CHANGED_MAIL_JOB]: async (payload) => {
      const order = await placed(payload);
      const place = Number(payload.place);
      const item = order.snapshot.items[place - 1];
      if (!item) return;
      const data = orderMailData(order, publicUrl);
      const family = item.family ?? familyOfRow({ ...item, family: null });
      const until =
        deps.printHoldUntil?.({ paidAt: order.paidAt, status: order.status, printed: true }) ??
        null;
      await mailer.send({
        to: order.snapshot.email,
        orderId: order.orderId,
        ...bookChangedMail({
          language: data.language,
          orderNumber: order.orderNumber,
          place: order.snapshot.items.length > 1 ? place : null,
          childName: item.childName,
          grownUps: family.grownUps.map((g) =>
            g.call === CALL_BY_NAME ? (g.name ?? '') : g.name ? `${g.call} (${g.name})` : g.call,
          ),
          dedication: item.dedication,
          changeUntil: until && until > deps.now() ? until : null,
          pageUrl: data.trackingPageUrl,
        }),
      });
    },
    // The status mails (the shipped one with its tracking number): queued by the staff's move.
    [STATUS_MAIL_JOB]: async (payload) => {
      const order = await placed(payload);
      const status = String(payload.status);
      if (!(MAILED_STATUSES as readonly string[]).includes(status)) return;
      const data = orderMailData(order, publicUrl);
      // A gift's buyer hears that the gift is on its way, with the recipient and the message (#36).
      if (status === 'shipped' && order.snapshot.isGift) {
        const recipient = order.snapshot.shippingAddress;
        await mailer.send({
          to: order.snapshot.email,
          orderId: order.orderId,
          ...giftShippedMail({
            language: data.language,
            orderNumber: order.orderNumber,
            recipientName: `${recipient.firstName} ${recipient.lastName}`,
            message: order.snapshot.giftMessage,
            pageUrl: giftStatusLink(publicUrl, documentSecret, order.orderId),
            trackingNumber: order.trackingNumber,
            trackingUrl: order.trackingUrl,
          }),
        });
        return;
      }
      const mail = orderStatusMail({
        language: data.language,
        status: status as MailedStatus,
        orderNumber: order.orderNumber,
        trackingPageUrl: data.trackingPageUrl,
        trackingNumber: order.trackingNumber,
        trackingUrl: order.trackingUrl,
      });
      await mailer.send({ to: order.snapshot.email, orderId: order.orderId, ...mail });
    },
  };
}
