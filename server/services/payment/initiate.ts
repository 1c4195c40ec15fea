import { randomBytes } from 'node:crypto';
import { and, desc, eq, inArray, ne } from 'drizzle-orm';
import { UNPAID_STATUSES } from '#contract/order-status.ts';
import type { Language } from '#contract/markets.ts';
import type { PaymentErrorCode } from '#contract/payments.ts';
import type { Db } from '#server/db/client.ts';
import { log, scrub } from '#server/runtime/log.ts';
import { payments, type StoredAddress } from '#server/db/schema/checkout.ts';
import { countries, orders } from '#server/db/schema/shop.ts';
import { transitionIn } from '#server/services/order/order-moves.ts';
import {
  cartVersionOf,
  draftSnapshot,
  saveSnapshot,
  snapshotLanguage,
} from '#server/services/order/snapshot.ts';
import { raiseAlert } from './alerts.ts';
import { PaymentProviderError, type PaymentAddress, type PaymentProvider } from './provider.ts';
import type { JobRunner } from '#server/platform/jobs/runner.ts';

export interface PaymentDeps {
  db: Db;
  provider: PaymentProvider;
  /** The shop's public address: the provider returns the browser to `${publicUrl}/payment-status`. */
  publicUrl: string;
  now: () => Date;
}

type InitiateResult =
  | { ok: true; paymentLink: string; reference: string; repeated: boolean }
  | { ok: false; code: PaymentErrorCode | 'order_not_found'; error: string };

const REFUSALS = {
  'order-not-found': { code: 'order_not_found', error: 'Order not found.' },
  'no-delivery-details': {
    code: 'no_delivery_details',
    error: 'Please save the delivery details first.',
  },
  'empty-cart': { code: 'empty_cart', error: 'The cart is empty.' },
  'country-not-found': {
    code: 'no_delivery_details',
    error: 'We do not deliver to the selected country.',
  },
} as const;

const ALREADY_PAID = {
  ok: false,
  code: 'already_paid',
  error: 'This order is already paid.',
} as const;

const IN_REVIEW = {
  ok: false,
  code: 'review',
  error:
    'A PayPal payment for this order is being checked by the shop; please do not pay again. Your order is confirmed by e-mail once it is.',
} as const;

/**
 * Without a client key, a repeat for the same cart within this long answers the same attempt (a
 * double tap, a retry after a lost answer); with one, the same key answers it at any age.
 */
export const REPEAT_WINDOW_MS = 30_000;
/** How long a repeat waits for the first request's payment page (the provider is slow to answer). */
const LINK_WAIT_MS = 15_000;

const BASE62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/**
 * A payment reference: 24 characters of [A-Za-z0-9] (about 142 bits), the characters EveryPay
 * and its integrations take everywhere. Rejection sampling keeps every character equally likely.
 */
export function newPaymentReference(length = 24): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248 && out.length < length) out += BASE62[byte % 62];
    }
  }
  return out;
}

type Claimed =
  | {
      kind: 'new';
      reference: string;
      snapshot: Awaited<ReturnType<typeof saveSnapshot>>;
      replaced: string[];
    }
  | { kind: 'repeat'; reference: string }
  | { kind: 'refused'; result: Extract<InitiateResult, { ok: false }> }
  | { kind: 'changed' };

/**
 * POST /api/payment/initiate. One transaction, with the order row locked: the order must be
 * unpaid, the cart must still be the one just drafted (its version, locked), then the frozen
 * snapshot, the payment row and the transition to awaiting_payment (whose result is used). A
 * repeat (same cart version and the same client key, or no key within REPEAT_WINDOW_MS) answers
 * the attempt already made. After commit: the provider is asked for a payment page, and the
 * order's earlier open attempts are cancelled at the provider (a parent pays the newest only).
 */
export async function initiatePayment(
  deps: PaymentDeps,
  orderId: string,
  options: {
    language?: Language | undefined;
    customerIp?: string | undefined;
    attemptKey?: string | undefined;
  } = {},
): Promise<InitiateResult> {
  const { db } = deps;
  let claimed: Claimed = { kind: 'changed' };
  // The cart changed between the draft and the lock: drafted again (a parent editing in another tab).
  for (let round = 0; round < 3 && claimed.kind === 'changed'; round += 1) {
    const draft = await draftSnapshot(db, orderId);
    if (!draft.ok) {
      if (draft.reason === 'order-not-found') return { ok: false, ...REFUSALS[draft.reason] };
      const [order] = await db
        .select({ status: orders.status })
        .from(orders)
        .where(eq(orders.id, orderId));
      // A paid order's cart reads empty to the summary: say it is paid.
      if (order && !(UNPAID_STATUSES as readonly string[]).includes(order.status))
        return ALREADY_PAID;
      return { ok: false, ...REFUSALS[draft.reason] };
    }
    claimed = await claim(deps, orderId, draft.draft, options.attemptKey);
  }
  if (claimed.kind === 'changed')
    return {
      ok: false,
      code: 'provider_unavailable',
      error: 'The cart kept changing; please try again.',
    };
  if (claimed.kind === 'refused') return claimed.result;
  if (claimed.kind === 'repeat') return waitForLink(deps, claimed.reference);

  const { reference, snapshot, replaced } = claimed;
  let result: InitiateResult;
  try {
    const created = await deps.provider.create({
      reference,
      amountMinor: snapshot.totalMinor,
      currencyCode: snapshot.currencyCode,
      email: snapshot.email,
      locale: options.language ?? snapshotLanguage(snapshot),
      customerUrl: `${deps.publicUrl}/payment-status`,
      customerIp: options.customerIp,
      ...(await paymentAddresses(db, snapshot)),
    });
    await db
      .update(payments)
      .set({
        providerReference: created.providerReference,
        paymentLink: created.paymentLink,
        updatedAt: deps.now(),
      })
      .where(eq(payments.reference, reference));
    result = { ok: true, paymentLink: created.paymentLink, reference, repeated: false };
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    log().error(
      { provider: deps.provider.name, kind: error.kind, reason: scrub(error.message) },
      'payment provider refused a new payment',
    );
    await db
      .update(payments)
      .set({ status: 'error', providerState: error.message.slice(0, 300), updatedAt: deps.now() })
      .where(eq(payments.reference, reference));
    // 401/403: the provider refused the shop itself (credentials, account): nothing the parent
    // typed is wrong, and the owner must act.
    const shopRefused = error.kind === 'refused' && (error.status === 401 || error.status === 403);
    if (shopRefused) {
      await raiseAlert(db, {
        kind: 'provider_access',
        detail: `${deps.provider.name} refused a new payment: ${scrub(error.message)}`,
      });
    }
    result = shopRefused
      ? {
          ok: false,
          code: 'payments_unavailable',
          error:
            'The shop cannot take payments just now. Nothing was charged; we have been told and will fix it. Please try again later or contact us.',
        }
      : error.kind === 'refused'
        ? {
            ok: false,
            code: 'provider_refused',
            error:
              'The payment provider did not accept this payment. Please check the delivery details (e-mail and address) or contact us.',
          }
        : {
            ok: false,
            code: 'provider_unavailable',
            error: 'The payment provider cannot be reached just now. Please try again in a moment.',
          };
  }
  await cancelAttempts(deps, replaced);
  return result;
}

async function claim(
  deps: PaymentDeps,
  orderId: string,
  draft: Parameters<typeof saveSnapshot>[1],
  clientKey: string | undefined,
): Promise<Claimed> {
  const now = deps.now();
  const attemptKey = `${draft.cartVersion}:${clientKey ?? ''}`;
  return deps.db.transaction(async (tx) => {
    // Locked in the order settlePayment locks them (cart version, then the order): a change being
    // written is waited for, and a later one waits for this transaction.
    const version = await cartVersionOf(tx, orderId, true);
    const [order] = await tx
      .select({ status: orders.status })
      .from(orders)
      .where(eq(orders.id, orderId))
      .for('update');
    if (!order) return { kind: 'refused', result: { ok: false, ...REFUSALS['order-not-found'] } };
    if (!(UNPAID_STATUSES as readonly string[]).includes(order.status))
      return { kind: 'refused', result: ALREADY_PAID };
    if (version !== draft.cartVersion) return { kind: 'changed' };
    // A PayPal payment waiting for the shop's review pays the order once reviewed: no second one.
    const [inReview] = await tx
      .select({ reference: payments.reference })
      .from(payments)
      .where(and(eq(payments.orderId, orderId), inArray(payments.status, ['review'])))
      .limit(1);
    if (inReview) return { kind: 'refused', result: IN_REVIEW };
    // Only the newest attempt is repeated: an older one was cancelled when a newer one began.
    const [latest] = await tx
      .select({
        reference: payments.reference,
        status: payments.status,
        attemptKey: payments.attemptKey,
        createdAt: payments.createdAt,
      })
      .from(payments)
      .where(eq(payments.orderId, orderId))
      .orderBy(desc(payments.createdAt))
      .limit(1);
    const same =
      latest?.status === 'initiated' &&
      latest.attemptKey === attemptKey &&
      (clientKey !== undefined || latest.createdAt.getTime() > now.getTime() - REPEAT_WINDOW_MS)
        ? latest
        : undefined;
    if (same) return { kind: 'repeat', reference: same.reference };

    const snapshot = await saveSnapshot(tx, draft);
    const reference = newPaymentReference();
    const open = await tx
      .select({ providerReference: payments.providerReference })
      .from(payments)
      .where(
        and(
          eq(payments.orderId, orderId),
          eq(payments.status, 'initiated'),
          ne(payments.reference, reference),
        ),
      );
    await tx.insert(payments).values({
      reference,
      orderId,
      snapshotId: snapshot.id,
      provider: deps.provider.name,
      amountMinor: snapshot.totalMinor,
      currencyCode: snapshot.currencyCode,
      attemptKey,
      createdAt: now,
      updatedAt: now,
    });
    const moved = await transitionIn(tx, {
      orderId,
      to: 'awaiting_payment',
      from: ['cart', 'payment_failed'],
      actor: 'customer',
    });
    // Already awaiting payment (an earlier attempt) is the one other state a new attempt may start from.
    if (!moved.ok && moved.current !== 'awaiting_payment') {
      throw new Error(`order moved to ${moved.current} under its lock`);
    }
    const replaced = open.flatMap((row) => (row.providerReference ? [row.providerReference] : []));
    return { kind: 'new', reference, snapshot, replaced };
  });
}

/**
 * The billing address, and the shipping address when something is posted, as the provider takes
 * them (ISO country codes; a US or Canadian state as ISO 3166-2).
 */
async function paymentAddresses(
  db: Db,
  snapshot: {
    billingAddress: StoredAddress;
    shippingAddress: StoredAddress;
    items: readonly { coverType: string }[];
  },
): Promise<{ billing?: PaymentAddress; shipping?: PaymentAddress }> {
  const ids = [snapshot.billingAddress.countryId, snapshot.shippingAddress.countryId];
  const rows = await db
    .select({ id: countries.id, code: countries.code })
    .from(countries)
    .where(inArray(countries.id, ids));
  const codeOf = (id: number) => rows.find((row) => row.id === id)?.code;
  const convert = (address: StoredAddress): PaymentAddress | undefined => {
    const country = codeOf(address.countryId);
    if (!country) return undefined;
    const line1 = [address.address1, address.address2].filter(Boolean).join(', ');
    return {
      line1,
      city: address.city,
      postcode: address.zip,
      country,
      ...(address.province && /^[A-Z]{2}$/.test(address.province)
        ? { state: `${country}-${address.province}` }
        : {}),
    };
  };
  const posted = snapshot.items.some((item) => item.coverType !== 'digital');
  const billing = convert(snapshot.billingAddress);
  const shipping = posted ? convert(snapshot.shippingAddress) : undefined;
  return { ...(billing ? { billing } : {}), ...(shipping ? { shipping } : {}) };
}

/** A repeat: the first request's payment page, once it has one. */
async function waitForLink(deps: PaymentDeps, reference: string): Promise<InitiateResult> {
  const until = Date.now() + LINK_WAIT_MS;
  for (;;) {
    const [row] = await deps.db
      .select({ status: payments.status, paymentLink: payments.paymentLink })
      .from(payments)
      .where(eq(payments.reference, reference));
    if (row?.paymentLink)
      return { ok: true, paymentLink: row.paymentLink, reference, repeated: true };
    if (!row || row.status !== 'initiated' || Date.now() > until) {
      return {
        ok: false,
        code: 'provider_unavailable',
        error: 'The payment provider cannot be reached just now. Please try again in a moment.',
      };
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Makes attempts unpayable at the provider (after commit; a failure is logged and left to the
 * reconciliation and, should one still be paid, the automatic refund).
 */
export async function cancelAttempts(
  deps: PaymentDeps,
  providerReferences: readonly string[],
): Promise<void> {
  for (const providerReference of providerReferences) {
    try {
      await deps.provider.cancel(providerReference);
    } catch (error) {
      log().warn(
        {
          provider: deps.provider.name,
          reason: scrub(error instanceof Error ? error.message : String(error)),
        },
        'could not cancel an earlier payment attempt',
      );
    }
  }
}

/**
 * What the payment routes need of the shop's jobs (shop-jobs.ts ShopJobs): the payments'
 * dependencies, and the job runner to wake when a payment queued work (a mail, a refund).
 */
export interface PaymentWork {
  payments: PaymentDeps;
  jobs: JobRunner;
}
