import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { UNPAID_STATUSES } from '#contract/order-status.ts';
import type { Language } from '#contract/markets.ts';
import type { PaymentErrorCode } from '#contract/payments.ts';
import type { Db } from '../../db/client.ts';
import { log, scrub } from '../../log.ts';
import { payments } from '../../db/schema-checkout.ts';
import { currentStatus, transitionIn } from '../order-states.ts';
import { draftSnapshot, saveSnapshot, snapshotLanguage } from '../snapshot.ts';
import { PaymentProviderError, type PaymentProvider } from './provider.ts';

export interface PaymentDeps {
  db: Db;
  provider: PaymentProvider;
  /** The shop's public address: the provider returns the browser to `${publicUrl}/payment-status`. */
  publicUrl: string;
  now: () => Date;
}

type InitiateResult =
  | { ok: true; paymentLink: string; reference: string }
  | { ok: false; code: PaymentErrorCode | 'order_not_found'; error: string };

const REFUSALS = {
  'order-not-found': { code: 'order_not_found', error: 'Order not found.' },
  'no-delivery-details': { code: 'no_delivery_details', error: 'Please save the delivery details first.' },
  'empty-cart': { code: 'empty_cart', error: 'The cart is empty.' },
  'country-not-found': { code: 'no_delivery_details', error: 'We do not deliver to the selected country.' },
} as const;

/**
 * POST /api/payment/initiate: freezes what is bought (a new snapshot every time: the cart may have
 * changed since an earlier attempt), records the attempt, moves the order to awaiting_payment and
 * asks the provider for a payment page.
 */
export async function initiatePayment(
  deps: PaymentDeps,
  orderId: string,
  options: { language?: Language | undefined; customerIp?: string | undefined } = {},
): Promise<InitiateResult> {
  const { db } = deps;
  const status = await currentStatus(db, orderId);
  if (!status) return { ok: false, ...REFUSALS['order-not-found'] };
  if (!(UNPAID_STATUSES as readonly string[]).includes(status)) {
    return { ok: false, code: 'already_paid', error: 'This order is already paid.' };
  }
  const draft = await draftSnapshot(db, orderId);
  if (!draft.ok) return { ok: false, ...REFUSALS[draft.reason] };
  const snapshot = await saveSnapshot(db, draft.draft);
  // 24 base62 characters: EveryPay's order_reference takes no '_' (interim in the everypay
  // branch; the "pay" helper's initiate.ts makes the reference at merge).
  const reference = base62(24);
  const now = deps.now();
  await db.transaction(async (tx) => {
    await tx.insert(payments).values({
      reference,
      orderId,
      snapshotId: snapshot.id,
      provider: deps.provider.name,
      amountMinor: snapshot.totalMinor,
      currencyCode: snapshot.currencyCode,
      createdAt: now,
      updatedAt: now,
    });
    await transitionIn(tx, { orderId, to: 'awaiting_payment', from: ['cart', 'payment_failed'], actor: 'customer' });
  });
  try {
    const created = await deps.provider.create({
      reference,
      amountMinor: snapshot.totalMinor,
      currencyCode: snapshot.currencyCode,
      email: snapshot.email,
      locale: options.language ?? snapshotLanguage(snapshot),
      customerUrl: `${deps.publicUrl}/payment-status`,
      customerIp: options.customerIp,
    });
    await db
      .update(payments)
      .set({ providerReference: created.providerReference, paymentLink: created.paymentLink, updatedAt: deps.now() })
      .where(eq(payments.reference, reference));
    return { ok: true, paymentLink: created.paymentLink, reference };
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    log().error({ provider: deps.provider.name, reason: scrub(error.message) }, 'payment provider refused a new payment');
    await db
      .update(payments)
      .set({ status: 'error', providerState: error.message.slice(0, 300), updatedAt: deps.now() })
      .where(eq(payments.reference, reference));
    return {
      ok: false,
      code: 'provider_unavailable',
      error: 'The payment provider cannot be reached just now. Please try again in a moment.',
    };
  }
}

const BASE62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** `length` characters from [A-Za-z0-9], unbiased (bytes of 248 and above are drawn again). */
function base62(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248 && out.length < length) out += BASE62[byte % 62];
    }
  }
  return out;
}
