import { createHash } from 'node:crypto';
import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type {
  PersonalDataAddress,
  PersonalDataBook,
  PersonalDataErasure,
  PersonalDataExport,
  PersonalDataOrder,
} from '#contract/personal-data.ts';
import type { Db, Tx } from '#server/db/client.ts';
import {
  deliveryDetails,
  orderSnapshots,
  orderStatusHistory,
  payments,
  placedOrders,
  printFiles,
} from '#server/db/schema/checkout.ts';
import {
  contactMessages,
  orderItems,
  orders,
  outboxMail,
  questionnaireResponses,
  signups,
  subscribers,
} from '#server/db/schema/shop.ts';
import { recordAudit, type Actor } from '#server/services/audit/audit-log.ts';
import { emailKey } from '#contract/email.ts';
import { cancelMailJobs } from './erasure-fence.ts';
import { anonymiseOrders, deleteOrders } from './retention.ts';

/**
 * Everything the shop holds about one e-mail address (GDPR art. 15), and its erasure (art. 17),
 * for the owner to answer a parent's request. Both are written to the audit log with a hash of
 * the address, not the address: the log proves the request was answered to whoever holds the
 * address, and keeps no copy of what was erased.
 */

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** How the audit log names an address: its SHA-256 (of the trimmed, lower-cased address). */
export function auditTargetOf(email: string): string {
  return `sha256:${createHash('sha256').update(emailKey(email)).digest('hex')}`;
}

/** The orders whose delivery details or any snapshot carry the address (case-insensitive). */
async function orderIdsOf(db: Db | Tx, key: string): Promise<string[]> {
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      or(
        sql`exists (select 1 from ${deliveryDetails} d where d.order_id = ${orders.id} and lower(d.email) = ${key})`,
        sql`exists (select 1 from ${orderSnapshots} s where s.order_id = ${orders.id} and lower(s.email) = ${key})`,
      ),
    )
    .orderBy(asc(orders.createdAt), asc(orders.id));
  return rows.map((row) => row.id);
}

function bookOf(item: PersonalDataBook): PersonalDataBook {
  return {
    ...(item.title === undefined ? {} : { title: item.title }),
    language: item.language,
    childName: item.childName,
    childGender: item.childGender,
    dadName: item.dadName,
    mumName: item.mumName,
    dedication: item.dedication,
    coverType: item.coverType,
    childPersonalization: item.childPersonalization,
    dadPersonalization: item.dadPersonalization,
    mumPersonalization: item.mumPersonalization,
  };
}

const address = (stored: PersonalDataAddress): PersonalDataAddress => ({ ...stored });

async function exportOrders(db: Db, ids: string[]): Promise<PersonalDataOrder[]> {
  if (ids.length === 0) return [];
  const [orderRows, items, details, snapshots, paymentRows, history, placed, files] =
    await Promise.all([
      db
        .select()
        .from(orders)
        .where(inArray(orders.id, ids))
        .orderBy(asc(orders.createdAt), asc(orders.id)),
      db
        .select()
        .from(orderItems)
        .where(inArray(orderItems.orderId, ids))
        .orderBy(asc(orderItems.position)),
      db.select().from(deliveryDetails).where(inArray(deliveryDetails.orderId, ids)),
      db
        .select()
        .from(orderSnapshots)
        .where(inArray(orderSnapshots.orderId, ids))
        .orderBy(asc(orderSnapshots.createdAt)),
      db
        .select()
        .from(payments)
        .where(inArray(payments.orderId, ids))
        .orderBy(asc(payments.createdAt)),
      db
        .select()
        .from(orderStatusHistory)
        .where(inArray(orderStatusHistory.orderId, ids))
        .orderBy(asc(orderStatusHistory.id)),
      db.select().from(placedOrders).where(inArray(placedOrders.orderId, ids)),
      db
        .select({
          orderId: printFiles.orderId,
          kind: printFiles.kind,
          byteSize: printFiles.byteSize,
          createdAt: printFiles.createdAt,
        })
        .from(printFiles)
        .where(inArray(printFiles.orderId, ids))
        .orderBy(asc(printFiles.id)),
    ]);
  return orderRows.map((order) => {
    const place = placed.find((row) => row.orderId === order.id);
    const detail = details.find((row) => row.orderId === order.id);
    return {
      orderNumber: place?.orderNumber ?? null,
      status: order.status,
      language: order.language,
      currencyCode: order.currencyCode,
      createdAt: order.createdAt.toISOString(),
      paidAt: iso(place?.paidAt ?? null),
      trackingNumber: place?.trackingNumber ?? null,
      books: items.filter((item) => item.orderId === order.id).map((item) => bookOf(item)),
      deliveryDetails: detail
        ? {
            email: detail.email,
            phone: detail.phone,
            subscribe: detail.subscribe,
            shippingAddress: address(detail.shippingAddress),
            billingAddress: address(detail.billingAddress),
            updatedAt: detail.updatedAt.toISOString(),
          }
        : null,
      snapshots: snapshots
        .filter((snapshot) => snapshot.orderId === order.id)
        .map((snapshot) => ({
          createdAt: snapshot.createdAt.toISOString(),
          email: snapshot.email,
          phone: snapshot.phone,
          shippingAddress: address(snapshot.shippingAddress),
          billingAddress: address(snapshot.billingAddress),
          books: snapshot.items.map((item) => ({
            ...bookOf(item),
            unitPriceMinor: item.unitPriceMinor,
          })),
          couponCode: snapshot.couponCode,
          subtotalMinor: snapshot.subtotalMinor,
          discountMinor: snapshot.discountMinor,
          deliveryMinor: snapshot.deliveryMinor,
          totalMinor: snapshot.totalMinor,
          currencyCode: snapshot.currencyCode,
        })),
      payments: paymentRows
        .filter((payment) => payment.orderId === order.id)
        .map((payment) => ({
          provider: payment.provider,
          amountMinor: payment.amountMinor,
          currencyCode: payment.currencyCode,
          status: payment.status,
          createdAt: payment.createdAt.toISOString(),
          settledAt: iso(payment.settledAt),
        })),
      statusHistory: history
        .filter((row) => row.orderId === order.id)
        .map((row) => ({
          from: row.fromStatus,
          to: row.toStatus,
          at: row.createdAt.toISOString(),
        })),
      printFiles: files
        .filter((file) => file.orderId === order.id)
        .map((file) => ({
          kind: file.kind,
          byteSize: file.byteSize,
          createdAt: file.createdAt.toISOString(),
        })),
    };
  });
}

async function exportNewsletter(db: Db, key: string): Promise<PersonalDataExport['newsletter']> {
  const [subscriber] = await db.select().from(subscribers).where(eq(subscribers.emailKey, key));
  if (!subscriber) return null;
  const signupRows = await db
    .select()
    .from(signups)
    .where(eq(signups.subscriberId, subscriber.id))
    .orderBy(asc(signups.createdAt));
  const answers =
    signupRows.length === 0
      ? []
      : await db
          .select()
          .from(questionnaireResponses)
          .where(
            inArray(
              questionnaireResponses.subscriberId,
              signupRows.map((row) => row.id),
            ),
          )
          .orderBy(asc(questionnaireResponses.questionId));
  return {
    email: subscriber.email,
    preferredLanguage: subscriber.preferredLanguage,
    createdAt: subscriber.createdAt.toISOString(),
    confirmedAt: iso(subscriber.confirmedAt),
    unsubscribedAt: iso(subscriber.unsubscribedAt),
    signups: signupRows.map((signup) => ({
      preferredLanguage: signup.preferredLanguage,
      createdAt: signup.createdAt.toISOString(),
      surveyAnswers: answers
        .filter((answer) => answer.subscriberId === signup.id)
        .map((answer) => ({
          questionId: answer.questionId,
          responseText: answer.responseText,
          submittedAt: answer.submittedAt.toISOString(),
        })),
    })),
  };
}

/**
 * A stored mail's text without the tokens of its links (order status, subscription confirm and
 * unsubscribe): the export may be forwarded, and a link in it would open the order or subscription.
 */
function withoutLinkTokens(text: string): string {
  return text.replace(/([/=])[A-Za-z0-9_-]{20,}/g, '$1[removed]');
}

const messageOf = (key: string) => sql`lower(trim(${contactMessages.email})) = ${key}`;
/** A stored mail's address field holds `key`, alone or as `"Name" <key>` (the contact form's Reply-To). */
const addressIs = (column: typeof outboxMail.to | typeof outboxMail.replyTo, key: string) =>
  sql`(lower(trim(${column})) = ${key} or right(lower(trim(${column})), ${key.length + 2}) = ${`<${key}>`})`;
const mailOf = (key: string) =>
  or(addressIs(outboxMail.to, key), addressIs(outboxMail.replyTo, key));

/** Everything held about `email`; recorded in the audit log. */
export async function exportPersonalData(
  db: Db,
  actor: Actor,
  email: string,
  at: Date,
): Promise<PersonalDataExport> {
  const key = emailKey(email);
  const [orderList, newsletter, messages, mails] = await Promise.all([
    orderIdsOf(db, key).then((ids) => exportOrders(db, ids)),
    exportNewsletter(db, key),
    db.select().from(contactMessages).where(messageOf(key)).orderBy(asc(contactMessages.createdAt)),
    db.select().from(outboxMail).where(mailOf(key)).orderBy(asc(outboxMail.id)),
  ]);
  const data: PersonalDataExport = {
    email: key,
    exportedAt: at.toISOString(),
    orders: orderList,
    newsletter,
    contactMessages: messages.map((message) => ({
      fromName: message.fromName,
      email: message.email,
      message: message.message,
      language: message.language,
      createdAt: message.createdAt.toISOString(),
      handledAt: iso(message.handledAt),
    })),
    mails: mails.map((mail) => ({
      to: mail.to,
      replyTo: mail.replyTo,
      subject: mail.subject,
      text: withoutLinkTokens(mail.text),
      createdAt: mail.createdAt.toISOString(),
      sentAt: iso(mail.sentAt),
    })),
  };
  await recordAudit(
    db,
    actor,
    {
      action: 'personalData.export',
      targetType: 'email',
      targetId: auditTargetOf(email),
      after: {
        orders: data.orders.length,
        newsletter: data.newsletter !== null,
        contactMessages: data.contactMessages.length,
        mails: data.mails.length,
      },
    },
    at,
  );
  return data;
}

/** Paid orders still being made or delivered: their details are needed until then. */
const FINISHED = ['delivered', 'cancelled'];

/**
 * Erases what the shop holds about `email`, in one transaction with its audit row: finished and
 * unpaid-but-charged orders anonymised, other unpaid orders deleted, orders under way and unpaid
 * orders whose payment is under way kept (and named in the answer), the newsletter subscription
 * (with its survey answers), contact messages and stored mails deleted: sent or not, but for the
 * unsent mails of the orders kept to be delivered (a status mail waiting for the relay).
 *
 * The erasure wins over the work queued before it (issue #44, item 1; erasure-fence.ts): the jobs
 * of the erased orders and the mail jobs of the deleted mails are cancelled, the 'subscribe' box
 * of every order of the address is unticked (a kept order's confirmation job signs nobody up),
 * and a job running now finds the fence when it writes: no print file, packing slip, screen PDF,
 * mail or sign-up of the person is written after this transaction.
 */
export async function erasePersonalData(
  db: Db,
  actor: Actor,
  email: string,
  at: Date,
): Promise<PersonalDataErasure> {
  const key = emailKey(email);
  return db.transaction(async (tx) => {
    const ids = await orderIdsOf(tx, key);
    const rows =
      ids.length === 0
        ? []
        : await tx
            .select({
              id: orders.id,
              status: orders.status,
              orderNumber: placedOrders.orderNumber,
              charged: sql<boolean>`exists (select 1 from ${payments} y where y.order_id = ${orders.id} and y.settled_at is not null)`,
            })
            .from(orders)
            .leftJoin(placedOrders, eq(placedOrders.orderId, orders.id))
            .where(and(inArray(orders.id, ids), isNull(orders.anonymisedAt)))
            .for('update', { of: orders });
    // A payment under way may still be paid: deleting its order would take money for nothing.
    const paying = (row: (typeof rows)[number]) =>
      row.orderNumber === null && row.status === 'awaiting_payment' && !row.charged;
    const kept = rows.filter(
      (row) => (row.orderNumber !== null && !FINISHED.includes(row.status)) || paying(row),
    );
    const toAnonymise = rows.filter(
      (row) =>
        (row.orderNumber !== null && FINISHED.includes(row.status)) ||
        (row.orderNumber === null && row.charged),
    );
    const toDelete = rows.filter((row) => row.orderNumber === null && !row.charged && !paying(row));
    // An order kept to be delivered keeps its mails still on their way (a status mail the relay
    // has not taken yet); every other mail to or from the address goes, sent or not.
    const keptIds = kept.map((row) => row.id);
    const keptStillToSend = and(
      eq(outboxMail.transport, 'smtp'),
      isNull(outboxMail.sentAt),
      sql`${outboxMail.attempts} < 5`,
      inArray(outboxMail.orderId, keptIds),
    );
    const mails = await tx
      .delete(outboxMail)
      .where(and(mailOf(key), sql`not coalesce(${keptStillToSend}, false)`))
      .returning({ id: outboxMail.id });
    await cancelMailJobs(
      tx,
      mails.map((mail) => mail.id),
      at,
    );
    const anonymised = await anonymiseOrders(
      tx,
      toAnonymise.map((row) => row.id),
      at,
    );
    const deleted = await deleteOrders(
      tx,
      toDelete.map((row) => row.id),
      at,
    );
    // The newsletter is erased: no order's box asks for it again (the kept ones' jobs included).
    await tx
      .update(deliveryDetails)
      .set({ subscribe: false })
      .where(inArray(deliveryDetails.orderId, ids));
    const newsletter = await tx
      .delete(subscribers)
      .where(eq(subscribers.emailKey, key))
      .returning({ id: subscribers.id });
    const messages = await tx
      .delete(contactMessages)
      .where(messageOf(key))
      .returning({ id: contactMessages.id });
    const result: PersonalDataErasure = {
      ordersAnonymised: anonymised.length,
      ordersDeleted: deleted.length,
      ordersKept: kept.map((row) => ({ orderNumber: row.orderNumber, status: row.status })),
      newsletterRemoved: newsletter.length > 0,
      messagesDeleted: messages.length,
      mailsDeleted: mails.length,
    };
    await recordAudit(
      tx,
      actor,
      {
        action: 'personalData.erase',
        targetType: 'email',
        targetId: auditTargetOf(email),
        after: result,
      },
      at,
    );
    return result;
  });
}
