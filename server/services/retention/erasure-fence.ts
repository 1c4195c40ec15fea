import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '#server/db/client.ts';
import { deliveryDetails, jobs, payments } from '#server/db/schema/checkout.ts';
import { orders, signups } from '#server/db/schema/shop.ts';
import { MAIL_JOB } from '#server/platform/mail/mail-job.ts';

/**
 * The fence between an erasure and the work queued before it (issue #44, item 1).
 *
 * An erase (personal-data.ts) or the retention job anonymises or deletes an order in one
 * transaction that first locks the order's row (FOR UPDATE). Every later write of a person's data
 * that comes from a job (a print file, the packing slip or gift card, a screen PDF, a mail, the
 * newsletter sign-up of the delivery form's box) is made in a transaction that first takes the
 * same row FOR SHARE and finds it still there and not anonymised. So either the erase committed
 * first, and the write is not made, or the write committed first, and the erase, waiting for the
 * lock, removes it with the rest. However long the job ran before (a print file renders for
 * seconds), and whether it was queued, running or retried later, nothing of the person is written
 * after the erase.
 *
 * The erase also cancels the order's queued and running jobs (cancelJobsOfOrders): they would
 * find the fence anyway, and the runner never runs a cancelled job again.
 */

/**
 * true while the order's personal data may be written: the order exists and is not anonymised.
 * Takes the order's row FOR SHARE for the rest of `tx` (an erase waits for it, or it for the
 * erase, which then answers false).
 */
export async function orderStillHeld(tx: Tx, orderId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.id, orderId), isNull(orders.anonymisedAt)))
    .for('share');
  return row !== undefined;
}

/**
 * Runs `write` in a transaction behind the fence; answers false, writing nothing, once the order
 * is erased (anonymised or deleted).
 */
export async function writeUnlessErased(
  db: Db,
  orderId: string,
  write: (tx: Tx) => Promise<unknown>,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (!(await orderStillHeld(tx, orderId))) return false;
    await write(tx);
    return true;
  });
}

/** Whether the order is gone or anonymised (no lock: a job gives up early; its writes are fenced anyway). */
export async function isErased(db: Db, orderId: string): Promise<boolean> {
  const [row] = await db
    .select({ anonymisedAt: orders.anonymisedAt })
    .from(orders)
    .where(eq(orders.id, orderId));
  return !row || row.anonymisedAt !== null;
}

/**
 * The fence of the newsletter sign-up that the delivery form's box asks for, made by the order's
 * confirmation job: the order is not erased and its box is still ticked (an erase unticks it on
 * every order of the address, those kept to be delivered too: the newsletter was erased). Read
 * after the order's lock, so an erase that committed meanwhile is seen.
 */
export async function stillSubscribing(tx: Tx, orderId: string): Promise<boolean> {
  if (!(await orderStillHeld(tx, orderId))) return false;
  const [details] = await tx
    .select({ subscribe: deliveryDetails.subscribe })
    .from(deliveryDetails)
    .where(eq(deliveryDetails.orderId, orderId));
  return details?.subscribe === true;
}

/** The fence of a newsletter sign-up's confirmation mail: the sign-up was not erased meanwhile. */
export async function signupStillHeld(tx: Tx, signupId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: signups.id })
    .from(signups)
    .where(eq(signups.id, signupId))
    .for('share');
  return row !== undefined;
}

/**
 * The kinds of job whose payload names a payment (`reference`) rather than its order and writes to
 * the person: the mail about an automatic refund (payment/provider-refunds.ts REFUND_MAIL_JOB).
 */
const PAYMENT_MAIL_JOBS = ['payment-refund-mail'];

/**
 * Cancels the queued and running jobs of these orders (in the erase's transaction): the print
 * files, mails and the like that would write the person back. The runner never claims a cancelled
 * job, and a job running now keeps its status cancelled when it ends (runner.ts finish). Money
 * still moves: an automatic refund (`payment-refund`) names its payment and is not cancelled, only
 * the mail about it.
 */
export async function cancelJobsOfOrders(
  tx: Db | Tx,
  orderIds: readonly string[],
  at: Date,
): Promise<number> {
  if (orderIds.length === 0) return 0;
  const ids = [...orderIds];
  const cancelled = await tx
    .update(jobs)
    .set({ status: 'cancelled', finishedAt: at, lastError: 'the personal data was erased' })
    .where(
      and(
        inArray(jobs.status, ['queued', 'running']),
        or(
          inArray(sql`${jobs.payload}->>'orderId'`, ids),
          and(
            inArray(jobs.kind, PAYMENT_MAIL_JOBS),
            inArray(
              sql`${jobs.payload}->>'reference'`,
              tx
                .select({ reference: payments.reference })
                .from(payments)
                .where(inArray(payments.orderId, ids)),
            ),
          ),
        ),
      ),
    )
    .returning({ id: jobs.id });
  return cancelled.length;
}

/** Cancels the mail jobs of stored mails (the mails were deleted: nothing is left to send). */
export async function cancelMailJobs(tx: Db | Tx, mailIds: readonly number[], at: Date) {
  if (mailIds.length === 0) return;
  await tx
    .update(jobs)
    .set({ status: 'cancelled', finishedAt: at, lastError: 'the personal data was erased' })
    .where(
      and(
        eq(jobs.kind, MAIL_JOB),
        inArray(jobs.status, ['queued', 'running']),
        inArray(
          sql`${jobs.payload}->>'mailId'`,
          mailIds.map((id) => String(id)),
        ),
      ),
    );
}
