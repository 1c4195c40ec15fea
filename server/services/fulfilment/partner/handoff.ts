import { randomBytes } from 'node:crypto';
import { and, asc, eq, gt, inArray, lt, lte, notExists, or, sql } from 'drizzle-orm';
import { printFileKindsOf } from '#contract/admin-orders.ts';
import { isPrinted } from '#contract/digital.ts';
import type { HandoffState, PrintPartnerName } from '#contract/fulfilment.ts';
import type { OrderStatusValue } from '#contract/order-status.ts';
import { BLEED, PAGE_HEIGHT, PAGE_WIDTH } from '#book/types.ts';
import type { Db, Tx } from '#server/db/client.ts';
import { orderSnapshots, placedOrders, printFiles } from '#server/db/schema/checkout.ts';
import { printHandoffs } from '#server/db/schema/fulfilment.ts';
import { countries, orders } from '#server/db/schema/shop.ts';
import { enqueueJob } from '#server/platform/jobs/runner.ts';
import { log, scrub } from '#server/runtime/log.ts';
import { placedOrder, type PlacedOrder } from '#server/services/order/placed-order.ts';
import { changeOrderStatus } from '#server/services/order/staff-order-moves.ts';
import type { Actor } from '#server/services/order/order-moves.ts';
import { printPageCount } from '#server/services/fulfilment/print/book-pdf.ts';
import { heldItems } from '#server/services/fulfilment/proof-holds.ts';
import { giftArrivalPlan } from '#server/services/gift/gift-arrival.ts';
import { PROOF_KIND } from '#server/services/fulfilment/stored-print-files.ts';
import { printFileLink } from './print-links.ts';
import {
  PrintPartnerError,
  type PartnerBook,
  type PartnerJob,
  type PrintPartner,
  type PrintSubmission,
} from './print-partner.ts';

/**
 * The hand-off of a paid order's printed books to the print partner (issue #47), as a job of the
 * runner, idempotent and reconciled like the payments:
 *
 * - made after the hold (PRINT_HOLD_SECONDS from payment: the parent's change window) and after
 *   every kept printed book's files are stored, which happens only when they pass their proof;
 * - the idempotency key is written (a `print_handoffs` row, state `submitting`) before the
 *   partner is called, and every retry sends the same key, so a lost answer or a server stopped
 *   between the partner's answer and our write never makes a second job at the partner;
 * - retried with the runner's growing pause; a refusal is `failed`, and the owner is told;
 * - the partner's stages move the order through the usual moves and their mails (checked when
 *   handed on, in production, shipped with tracking, delivered);
 * - the reconciliation (every minute) reads each open hand-off at the partner, hands on what is due
 *   and was never queued, and cancels at the partner what was cancelled or refunded before
 *   production; one refunded after production is the owner's (the refund's printer alert).
 */
export const HANDOFF_JOB = 'print-handoff';
export const HANDOFF_ALERT_JOB = 'print-handoff-alert';
export const RECONCILE_HANDOFFS_JOB = 'reconcile-print-handoffs';
/**
 * Cancels at the partner at once the hand-off of an order refunded or cancelled (payload:
 * orderId), queued by the refund (refunds/refund-books.ts) rather than left to the reconciliation.
 */
export const HANDOFF_CANCEL_JOB = 'print-handoff-cancel';
export const RECONCILE_HANDOFFS_EVERY_MS = 60_000;

/** PRINT_HOLD_SECONDS default: 12 hours. */
export const DEFAULT_PRINT_HOLD_MS = 12 * 3_600_000;

export interface PrintFulfilment {
  db: Db;
  /** Null: PRINT_PARTNER=manual, staff hand the files on (the zip). */
  partner: PrintPartner | null;
  /** The change window after payment (PRINT_HOLD_SECONDS). */
  holdMs: number;
  publicUrl: string;
  /** Signs the file links (the app's link secret). */
  secret: string | Buffer;
  now: () => Date;
  /** Wakes the job runner after work was queued. */
  wake: () => void;
  /**
   * Wakes this server's job runner at `at` (the end of a hold), so the hand-off is not left to
   * the runner's next poll; every other instance finds it at its own poll.
   */
  wakeAt?: (at: Date) => void;
}

export function partnerNameOf(partner: PrintPartner | null): PrintPartnerName {
  return partner ? partner.name : 'manual';
}

/** When the order's change window ends: payment plus the hold. */
export function printHoldUntil(paidAt: Date, holdMs: number): Date {
  return new Date(paidAt.getTime() + holdMs);
}

/**
 * When an order's printed books go to the partner, as the parent is told (the confirmation mail,
 * the status page): null for an order with nothing printed, or one no longer waiting (moved on,
 * cancelled, refunded).
 */
export function printHoldOf(
  deps: Pick<PrintFulfilment, 'holdMs' | 'partner'>,
  order: { paidAt: Date; status: string; printed: boolean },
): Date | null {
  if (!deps.partner || !order.printed) return null;
  if (order.status !== 'paid' && order.status !== 'checked') return null;
  return printHoldUntil(order.paidAt, deps.holdMs);
}

/**
 * Whether a paid order is still in its change window (nothing handed on yet, the hold not over):
 * the seam for "Change the book" (issue #47 item 2), which may change a book only while this says so.
 */
export async function isInPrintHold(
  deps: Pick<PrintFulfilment, 'db' | 'holdMs' | 'now'>,
  orderId: string,
): Promise<boolean> {
  const [row] = await deps.db
    .select({ paidAt: placedOrders.paidAt, status: orders.status, handoff: printHandoffs.id })
    .from(placedOrders)
    .innerJoin(orders, eq(orders.id, placedOrders.orderId))
    .leftJoin(printHandoffs, eq(printHandoffs.orderId, placedOrders.orderId))
    .where(eq(placedOrders.orderId, orderId));
  if (!row || row.handoff !== null) return false;
  if (row.status !== 'paid' && row.status !== 'checked') return false;
  return deps.now() < printHoldUntil(row.paidAt, deps.holdMs);
}

/**
 * When the order may be handed on: the end of its hold, or for a gift to arrive on a chosen day
 * its print day if later (gift/gift-arrival.ts: printed sooner it would arrive weeks early).
 */
function handOnFrom(order: PlacedOrder, holdMs: number): Date {
  const hold = printHoldUntil(order.paidAt, holdMs);
  const plan = giftArrivalPlan(order.snapshot);
  const printDay = plan ? new Date(`${plan.printFrom}T00:00:00Z`) : null;
  return printDay && printDay > hold ? printDay : hold;
}

/** The printed books of the order still kept (not refunded or cancelled). */
function keptPrinted(order: PlacedOrder) {
  return order.snapshot.items.filter(
    (item) => isPrinted(item.coverType) && !order.returned.has(item.itemId),
  );
}

type Readiness = 'ready' | 'hold' | 'files' | 'nothing' | 'closed';

/** Whether every kept printed book of the order's current snapshot has all its files stored. */
async function filesComplete(tx: Tx, orderId: string, order: PlacedOrder): Promise<boolean> {
  const [row] = await tx
    .select({ items: orderSnapshots.items })
    .from(placedOrders)
    .innerJoin(orderSnapshots, eq(orderSnapshots.id, placedOrders.snapshotId))
    .where(eq(placedOrders.orderId, orderId));
  if (!row) return false;
  const stored = await tx
    .select({ itemId: printFiles.itemId, kind: printFiles.kind })
    .from(printFiles)
    .where(eq(printFiles.orderId, orderId));
  return row.items
    .filter((item) => isPrinted(item.coverType) && !order.returned.has(item.itemId))
    .every((item) =>
      printFileKindsOf(item.coverType).every((kind) =>
        stored.some((file) => file.itemId === item.itemId && file.kind === kind),
      ),
    );
}

async function readiness(deps: PrintFulfilment, order: PlacedOrder): Promise<Readiness> {
  if (order.status !== 'paid' && order.status !== 'checked') return 'closed';
  const books = keptPrinted(order);
  if (books.length === 0) return 'nothing';
  if (deps.now() < handOnFrom(order, deps.holdMs)) return 'hold';
  if ((await heldItems(deps.db, order.orderId)).length > 0) return 'files';
  const stored = await deps.db
    .select({ itemId: printFiles.itemId, kind: printFiles.kind })
    .from(printFiles)
    .where(eq(printFiles.orderId, order.orderId));
  const complete = books.every((item) =>
    printFileKindsOf(item.coverType).every((kind) =>
      stored.some((row) => row.itemId === item.itemId && row.kind === kind),
    ),
  );
  return complete ? 'ready' : 'files';
}

/**
 * Queues the hand-off of an order for when its hold ends (the print-files job calls it once a
 * book's files are stored; the reconciliation for any order due and never queued).
 */
export async function queueHandoff(
  deps: Pick<PrintFulfilment, 'db' | 'holdMs' | 'partner' | 'wakeAt'>,
  order: { orderId: string; paidAt: Date },
  why: string,
): Promise<void> {
  if (!deps.partner) return;
  const runAfter = printHoldUntil(order.paidAt, deps.holdMs);
  const queued = await enqueueJob(deps.db, {
    kind: HANDOFF_JOB,
    dedupeKey: `${HANDOFF_JOB}:${order.orderId}:${why}`,
    payload: { orderId: order.orderId },
    runAfter,
  });
  if (queued) deps.wakeAt?.(runAfter);
}

const BINDINGS = { hardcover: 'hardcover', softcover: 'softcover' } as const;

/** What the partner is sent: the kept printed books with their signed file links, the address. */
async function submissionOf(
  deps: PrintFulfilment,
  order: PlacedOrder,
  idempotencyKey: string,
): Promise<PrintSubmission> {
  const [snap] = await deps.db
    .select({
      address: orderSnapshots.shippingAddress,
      email: orderSnapshots.email,
      phone: orderSnapshots.phone,
      country: countries.code,
    })
    .from(orderSnapshots)
    .innerJoin(
      countries,
      eq(countries.id, sql`(${orderSnapshots.shippingAddress} ->> 'countryId')::int`),
    )
    .where(eq(orderSnapshots.id, order.snapshot.id));
  if (!snap) throw new Error(`order ${order.orderId.slice(0, 6)}… has no shipping address`);
  const files = await deps.db
    .select({ id: printFiles.id, itemId: printFiles.itemId, kind: printFiles.kind })
    .from(printFiles)
    .where(and(eq(printFiles.orderId, order.orderId), sql`${printFiles.kind} <> ${PROOF_KIND}`));
  const now = deps.now();
  const books: PartnerBook[] = keptPrinted(order).map((item) => {
    const place = order.snapshot.items.indexOf(item) + 1;
    const link = (kind: string) => {
      const file = files.find((row) => row.itemId === item.itemId && row.kind === kind);
      if (!file) return undefined;
      return printFileLink(
        deps.publicUrl,
        deps.secret,
        { id: file.id, name: `${order.orderNumber}-${place}-${kind}.pdf` },
        now,
      );
    };
    const binding = BINDINGS[item.coverType as keyof typeof BINDINGS];
    if (!binding) throw new Error(`a ${item.coverType} book has no printable binding`);
    const interiorUrl = link('interior');
    const coverUrl = link('cover');
    if (!interiorUrl || !coverUrl) throw new Error('a book has no stored interior or cover');
    return {
      itemId: item.itemId,
      title: `${order.orderNumber} ${item.childName}`.slice(0, 255),
      binding,
      pageCount: printPageCount(binding),
      quantity: 1,
      // book/types.ts in tenths of a millimetre.
      trimMm: { width: PAGE_WIDTH / 10, height: PAGE_HEIGHT / 10 },
      bleedMm: BLEED / 10,
      colour: 'full',
      interiorUrl,
      coverUrl,
      endpapersUrl: link('endpapers'),
    };
  });
  const address = snap.address;
  return {
    reference: order.orderNumber,
    idempotencyKey,
    books,
    shipping: {
      name: `${address.firstName} ${address.lastName}`.trim(),
      street1: address.address1,
      ...(address.address2 ? { street2: address.address2 } : {}),
      city: address.city,
      postcode: address.zip,
      countryCode: snap.country,
      ...(address.province ? { stateCode: address.province } : {}),
      phone: address.phone || snap.phone,
      email: snap.email,
    },
    shippingLevel: 'MAIL',
  };
}

/**
 * The hand-off job: hands the order's kept printed books to the partner once, when due. Throws
 * (the runner retries with a growing pause) when the partner cannot be reached.
 */
export async function handOffOrder(deps: PrintFulfilment, orderId: string): Promise<void> {
  const { partner, db } = deps;
  if (!partner) return;
  const order = await placedOrder(db, orderId);
  if (!order) return;
  const ready = await readiness(deps, order);
  if (ready === 'hold') {
    const from = handOnFrom(order, deps.holdMs);
    const queued = await enqueueJob(db, {
      kind: HANDOFF_JOB,
      dedupeKey: `${HANDOFF_JOB}:${orderId}:hold:${from.getTime()}`,
      payload: { orderId },
      runAfter: from,
    });
    if (queued) deps.wakeAt?.(from);
    return;
  }
  if (ready !== 'ready') return;
  // The key is recorded before the call: a retry, on this server or another, sends the same one.
  const handoff = await db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ status: orders.status })
      .from(orders)
      .where(eq(orders.id, orderId))
      .for('update');
    if (!locked || (locked.status !== 'paid' && locked.status !== 'checked')) return null;
    // Under the order's lock, which a change of the book takes too (fulfilment/book-change.ts): a
    // change committed since the files were counted removed them, and the books are handed on
    // only once their files are made again, from the change (never half old, half new).
    if (!(await filesComplete(tx, orderId, order))) return null;
    await tx
      .insert(printHandoffs)
      .values({
        orderId,
        partner: partner.name,
        idempotencyKey: randomBytes(16).toString('hex'),
        state: 'submitting',
      })
      .onConflictDoNothing({ target: printHandoffs.orderId });
    const [row] = await tx
      .update(printHandoffs)
      .set({
        attempts: sql`${printHandoffs.attempts} + 1`,
        submitStartedAt: deps.now(),
        updatedAt: deps.now(),
      })
      .where(and(eq(printHandoffs.orderId, orderId), eq(printHandoffs.state, 'submitting')))
      .returning();
    return row ?? null;
  });
  // Handed on before, or waiting for the owner (failed, cancelled).
  if (!handoff) return;
  // The books as they are now (a change of the book before the lock above is in the snapshot).
  const current = (await placedOrder(db, orderId)) ?? order;
  let job: PartnerJob;
  try {
    job = await partner.submit(await submissionOf(deps, current, handoff.idempotencyKey));
  } catch (error) {
    const message = scrub(error instanceof Error ? error.message : String(error)).slice(0, 500);
    if (error instanceof PrintPartnerError && error.kind === 'refused') {
      await markFailed(deps, handoff.id, message, 'refused');
      return;
    }
    await db
      .update(printHandoffs)
      .set({ lastError: message, updatedAt: deps.now() })
      .where(eq(printHandoffs.id, handoff.id));
    throw error;
  }
  await db
    .update(printHandoffs)
    .set({
      state: 'submitted',
      partnerReference: job.reference,
      partnerStatus: job.status,
      acknowledgedAt: deps.now(),
      lastError: null,
      updatedAt: deps.now(),
    })
    .where(and(eq(printHandoffs.id, handoff.id), eq(printHandoffs.state, 'submitting')));
  log().info(
    { order: orderId.slice(0, 8), partner: partner.name, job: job.reference },
    'Books handed on to the print partner',
  );
  await applyPartnerJob(deps, orderId, job);
}

async function markFailed(
  deps: PrintFulfilment,
  handoffId: number,
  message: string,
  why: string,
): Promise<void> {
  const [row] = await deps.db
    .update(printHandoffs)
    .set({ state: 'failed', lastError: message, updatedAt: deps.now() })
    .where(eq(printHandoffs.id, handoffId))
    .returning({ id: printHandoffs.id });
  if (row) await alertOwner(deps, handoffId, why);
}

/** The owner's mail about a hand-off that needs them (once per hand-off and reason). */
async function alertOwner(deps: PrintFulfilment, handoffId: number, why: string): Promise<void> {
  await enqueueJob(deps.db, {
    kind: HANDOFF_ALERT_JOB,
    dedupeKey: `${HANDOFF_ALERT_JOB}:${handoffId}:${why}`,
    payload: { handoffId, why },
  });
  await deps.db
    .update(printHandoffs)
    .set({ alertedAt: deps.now() })
    .where(eq(printHandoffs.id, handoffId));
  deps.wake();
}

const RANK: Record<HandoffState, number> = {
  submitting: 0,
  submitted: 1,
  in_production: 2,
  shipped: 3,
  delivered: 4,
  cancelled: 5,
  failed: 5,
};
const STATE_OF: Record<PartnerJob['stage'], HandoffState> = {
  accepted: 'submitted',
  in_production: 'in_production',
  shipped: 'shipped',
  delivered: 'delivered',
  cancelled: 'cancelled',
  failed: 'failed',
};

/** Only an https link is shown to the parent as the tracking link. */
function httpsOnly(url: string | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url).protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

/**
 * What the partner says of the job, applied: the hand-off's state and tracking, and the order's
 * moves up to the stage (each a conditional move with its mail, so a webhook and a reconciliation
 * saying the same thing move it once).
 */
export async function applyPartnerJob(
  deps: PrintFulfilment,
  orderId: string,
  job: PartnerJob,
): Promise<void> {
  const { db } = deps;
  const [handoff] = await db.select().from(printHandoffs).where(eq(printHandoffs.orderId, orderId));
  if (!handoff) return;
  const state = STATE_OF[job.stage];
  const before = handoff.state as HandoffState;
  const forward = RANK[state] > RANK[before];
  const trackingUrl = httpsOnly(job.trackingUrl);
  await db
    .update(printHandoffs)
    .set({
      partnerStatus: job.status,
      checkedAt: deps.now(),
      ...(forward ? { state, updatedAt: deps.now() } : {}),
      ...(job.trackingNumber ? { trackingNumber: job.trackingNumber } : {}),
      ...(trackingUrl ? { trackingUrl } : {}),
      ...(job.stage === 'failed' && job.message ? { lastError: job.message.slice(0, 500) } : {}),
    })
    .where(eq(printHandoffs.id, handoff.id));
  if (job.stage === 'failed' || job.stage === 'cancelled') {
    // Cancelled by us is expected; by the partner, or refused, is the owner's to decide.
    if (forward && handoff.alertedAt === null) await alertOwner(deps, handoff.id, job.stage);
    return;
  }
  const actor: Actor = `provider:${handoff.partner}`;
  const move = (to: Exclude<OrderStatusValue, 'cancelled'>, from: OrderStatusValue[], extra = {}) =>
    changeOrderStatus(
      { db },
      {
        orderId,
        to,
        actor,
        from,
        note: handoff.partnerReference ?? job.reference,
        ...extra,
      },
    );
  const reached = RANK[state];
  if (reached >= RANK.submitted) await move('checked', ['paid']);
  if (reached >= RANK.in_production) await move('in_production', ['checked']);
  if (reached >= RANK.shipped)
    await move('shipped', ['in_production'], {
      trackingNumber: job.trackingNumber ?? null,
      trackingUrl,
    });
  if (reached >= RANK.delivered) await move('delivered', ['shipped']);
  deps.wake();
}

/** A webhook from the partner: verified, then the job is read again (never trusted by its body). */
export async function onPartnerWebhook(
  deps: PrintFulfilment,
  headers: Headers,
  rawBody: string,
): Promise<'ok' | 'bad-signature' | 'unknown' | 'no-partner'> {
  if (!deps.partner) return 'no-partner';
  const said = deps.partner.readWebhook(headers, rawBody);
  if (!said) return 'bad-signature';
  const [handoff] = await deps.db
    .select({ orderId: printHandoffs.orderId })
    .from(printHandoffs)
    .where(eq(printHandoffs.partnerReference, said.reference));
  // A job whose acknowledgement we have not written yet: the reconciliation reads it.
  if (!handoff) return 'unknown';
  await applyPartnerJob(deps, handoff.orderId, await deps.partner.status(said.reference));
  return 'ok';
}

const DAY = 86_400_000;
/** Orders paid longer ago than this are not handed on by the reconciliation (a partner set up later). */
const DUE_FOR_MS = 30 * DAY;
/** Shipped parcels are followed this long for their delivery. */
const SHIPPED_FOR_MS = 60 * DAY;
/** A submission left unanswered this long (a stopped server) is made again, with its key. */
const STALE_SUBMIT_MS = 10 * 60_000;
const BATCH = 200;

/**
 * The reconciliation (every minute, and at start): a lost webhook, a stopped server or a lost job
 * changes nothing, because every open hand-off is read at the partner; orders due and never queued
 * are queued; hand-offs of orders cancelled or refunded since are cancelled at the partner.
 */
export async function reconcileHandoffs(
  deps: PrintFulfilment,
): Promise<{ checked: number; queued: number; cancelled: number }> {
  const { db, partner } = deps;
  if (!partner) return { checked: 0, queued: 0, cancelled: 0 };
  const now = deps.now();
  let queued = 0;
  let cancelled = 0;
  // 1. Due and never handed on.
  const due = await db
    .select({ orderId: placedOrders.orderId, paidAt: placedOrders.paidAt })
    .from(placedOrders)
    .innerJoin(orders, eq(orders.id, placedOrders.orderId))
    .where(
      and(
        inArray(orders.status, ['paid', 'checked']),
        lte(placedOrders.paidAt, new Date(now.getTime() - deps.holdMs)),
        gt(placedOrders.paidAt, new Date(now.getTime() - DUE_FOR_MS)),
        notExists(
          db
            .select({ one: sql`1` })
            .from(printHandoffs)
            .where(eq(printHandoffs.orderId, placedOrders.orderId)),
        ),
      ),
    )
    .orderBy(asc(placedOrders.paidAt))
    .limit(BATCH);
  const slot = Math.floor(now.getTime() / RECONCILE_HANDOFFS_EVERY_MS);
  for (const order of due) {
    await queueHandoff(deps, order, `due:${slot}`);
    queued += 1;
  }
  // 2. Submissions a stopped server left unanswered: made again, with their key.
  const stale = await db
    .select({ orderId: printHandoffs.orderId })
    .from(printHandoffs)
    .where(
      and(
        eq(printHandoffs.state, 'submitting'),
        lt(printHandoffs.submitStartedAt, new Date(now.getTime() - STALE_SUBMIT_MS)),
      ),
    )
    .limit(BATCH);
  for (const row of stale) {
    await enqueueJob(db, {
      kind: HANDOFF_JOB,
      dedupeKey: `${HANDOFF_JOB}:${row.orderId}:stale:${slot}`,
      payload: { orderId: row.orderId },
    });
    queued += 1;
  }
  // 3. Every open hand-off read at the partner.
  const open = await db
    .select({
      handoff: printHandoffs,
      status: orders.status,
    })
    .from(printHandoffs)
    .innerJoin(orders, eq(orders.id, printHandoffs.orderId))
    .where(
      and(
        inArray(printHandoffs.state, ['submitted', 'in_production', 'shipped']),
        sql`${printHandoffs.partnerReference} is not null`,
        eq(printHandoffs.partner, partner.name),
        or(
          sql`${printHandoffs.state} <> 'shipped'`,
          gt(printHandoffs.updatedAt, new Date(now.getTime() - SHIPPED_FOR_MS)),
        ),
      ),
    )
    .orderBy(sql`${printHandoffs.checkedAt} asc nulls first`)
    .limit(BATCH);
  for (const { handoff, status } of open) {
    try {
      const order = await placedOrder(db, handoff.orderId);
      const keep = order ? keptPrinted(order).length > 0 : false;
      const closed = status === 'cancelled' || status === 'refunded' || !keep;
      if (closed && handoff.state === 'submitted') {
        if (await cancelAtPartner(deps, handoff.orderId)) cancelled += 1;
        continue;
      }
      await applyPartnerJob(deps, handoff.orderId, await partner.status(handoff.partnerReference!));
    } catch (error) {
      log().error(
        { order: handoff.orderId.slice(0, 8), reason: scrub(String(error)) },
        'Reading a print hand-off at the partner failed',
      );
    }
  }
  if (queued + cancelled > 0) deps.wake();
  return { checked: open.length, queued, cancelled };
}

/**
 * The refund's cancel at the partner (HANDOFF_CANCEL_JOB): an order refunded or cancelled, or with
 * no printed book kept, whose hand-off is taken and not yet in production is cancelled there now;
 * one in production alerts the owner (cancelAtPartner). Anything else changes nothing.
 */
export async function cancelIfClosed(deps: PrintFulfilment, orderId: string): Promise<boolean> {
  const [handoff] = await deps.db
    .select({ state: printHandoffs.state, status: orders.status })
    .from(printHandoffs)
    .innerJoin(orders, eq(orders.id, printHandoffs.orderId))
    .where(eq(printHandoffs.orderId, orderId));
  if (!handoff || handoff.state !== 'submitted') return false;
  const order = await placedOrder(deps.db, orderId);
  const keep = order ? keptPrinted(order).length > 0 : false;
  if (handoff.status !== 'cancelled' && handoff.status !== 'refunded' && keep) return false;
  return cancelAtPartner(deps, orderId);
}

/**
 * Cancels an order's hand-off at the partner (a refund or cancel before production, or the
 * owner's button): true when the partner cancelled it; when it is printing already, the owner
 * is alerted (the book is made: stop it by hand or let it go).
 */
export async function cancelAtPartner(deps: PrintFulfilment, orderId: string): Promise<boolean> {
  const { db, partner } = deps;
  const [handoff] = await db.select().from(printHandoffs).where(eq(printHandoffs.orderId, orderId));
  if (!partner || !handoff?.partnerReference || handoff.partner !== partner.name) return false;
  const job = await partner.cancel(handoff.partnerReference);
  if (job.stage === 'cancelled') {
    await db
      .update(printHandoffs)
      .set({ state: 'cancelled', partnerStatus: job.status, updatedAt: deps.now() })
      .where(eq(printHandoffs.id, handoff.id));
    return true;
  }
  await applyPartnerJob(deps, orderId, job);
  if (handoff.alertedAt === null) await alertOwner(deps, handoff.id, 'not-cancelled');
  return false;
}

/**
 * The owner's "Hand on again" of a failed or cancelled hand-off of an unshipped order: a new key
 * (the partner's old job stays as it was), and the job queued now.
 */
export async function retryHandoff(
  deps: PrintFulfilment,
  orderId: string,
): Promise<'queued' | 'not-found' | 'not-allowed'> {
  if (!deps.partner) return 'not-allowed';
  const [row] = await deps.db
    .update(printHandoffs)
    .set({
      state: 'submitting',
      partner: deps.partner.name,
      idempotencyKey: randomBytes(16).toString('hex'),
      partnerReference: null,
      partnerStatus: null,
      lastError: null,
      alertedAt: null,
      acknowledgedAt: null,
      updatedAt: deps.now(),
    })
    .where(
      and(
        eq(printHandoffs.orderId, orderId),
        inArray(printHandoffs.state, ['failed', 'cancelled']),
        notExists(
          deps.db
            .select({ one: sql`1` })
            .from(orders)
            .where(
              and(
                eq(orders.id, orderId),
                inArray(orders.status, ['cancelled', 'refunded', 'shipped', 'delivered']),
              ),
            ),
        ),
      ),
    )
    .returning({ id: printHandoffs.id });
  if (!row) {
    const [exists] = await deps.db
      .select({ id: printHandoffs.id })
      .from(printHandoffs)
      .where(eq(printHandoffs.orderId, orderId));
    return exists ? 'not-allowed' : 'not-found';
  }
  await enqueueJob(deps.db, {
    kind: HANDOFF_JOB,
    dedupeKey: `${HANDOFF_JOB}:${orderId}:retry:${row.id}:${deps.now().getTime()}`,
    payload: { orderId },
  });
  deps.wake();
  return 'queued';
}

/** An order's hand-off row, if any (the back office). */
export async function handoffOf(db: Db, orderId: string) {
  const [row] = await db.select().from(printHandoffs).where(eq(printHandoffs.orderId, orderId));
  return row;
}

/** Whether the owner may press each button now. */
export function handoffActions(
  handoff: { state: string; partnerReference: string | null },
  orderStatus: string,
): { canRetry: boolean; canCancel: boolean } {
  const open = !['cancelled', 'refunded', 'shipped', 'delivered'].includes(orderStatus);
  return {
    canRetry: open && (handoff.state === 'failed' || handoff.state === 'cancelled'),
    canCancel: handoff.state === 'submitted' && handoff.partnerReference !== null,
  };
}
