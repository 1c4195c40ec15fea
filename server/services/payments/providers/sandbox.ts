import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { sandboxPayments } from '../../../db/schema-checkout.ts';
import { sandboxRefunds } from '../../../db/schema-money.ts';
import { PaymentProviderError, type PaymentOutcome, type PaymentProvider, type PaymentState } from '../provider.ts';

/**
 * The built-in test provider (PAYMENT_PROVIDER=sandbox, the default): its hosted test page is
 * served by our own server at /sandbox-pay/{reference} (server/routes/sandbox-pay.ts). No card is
 * asked for and no money moves; a tester picks paid (then confirms a 3-D-Secure-like step),
 * declined or abandoned. Its reference is ours (the payment's reference).
 */
export type SandboxState = 'initial' | 'waiting_for_3ds' | 'settled' | 'failed' | 'abandoned';

const OUTCOME: Record<SandboxState, PaymentOutcome> = {
  initial: 'pending',
  waiting_for_3ds: 'pending',
  settled: 'paid',
  failed: 'failed',
  abandoned: 'abandoned',
};

export function createSandboxProvider(db: Db): PaymentProvider {
  return {
    name: 'sandbox',
    async create(input) {
      await db.insert(sandboxPayments).values({
        reference: input.reference,
        amountMinor: input.amountMinor,
        currencyCode: input.currencyCode,
        customerUrl: input.customerUrl,
        locale: input.locale,
      });
      return {
        providerReference: input.reference,
        // Same-origin path: the page is ours, so the browser stays on the address it uses (its
        // session storage included) even where that differs from PUBLIC_URL (local tests).
        paymentLink: `/sandbox-pay/${encodeURIComponent(input.reference)}`,
      };
    },
    async state(reference): Promise<PaymentState> {
      const [row] = await db.select().from(sandboxPayments).where(eq(sandboxPayments.reference, reference));
      if (!row) return { outcome: 'failed', providerState: 'unknown' };
      const state = row.state as SandboxState;
      const refunded = await refundedOf(db, reference);
      if (state === 'settled' && refunded > 0) {
        return { outcome: 'refunded', providerState: 'refunded', amountMinor: row.amountMinor, currencyCode: row.currencyCode, reference, refundedMinor: refunded };
      }
      return { outcome: OUTCOME[state] ?? 'failed', providerState: state, amountMinor: row.amountMinor, currencyCode: row.currencyCode, reference };
    },
    /**
     * Records a refund of a settled payment (several partial ones allowed, never more than was
     * paid): the payment row is locked while the refunds so far are added up.
     */
    async refund(reference, amountMinor): Promise<PaymentState> {
      if (!Number.isInteger(amountMinor) || amountMinor <= 0) throw new PaymentProviderError('refund amount must be a positive whole number of minor units', 400);
      return db.transaction(async (tx) => {
        const [row] = await tx.select().from(sandboxPayments).where(eq(sandboxPayments.reference, reference)).for('update');
        if (!row) throw new PaymentProviderError('no such sandbox payment', 404);
        if (row.state !== 'settled') throw new PaymentProviderError(`a ${row.state} sandbox payment cannot be refunded`, 422);
        const before = await refundedOf(tx, reference);
        if (before + amountMinor > row.amountMinor) throw new PaymentProviderError('the refund exceeds what is left of the payment', 422);
        await tx.insert(sandboxRefunds).values({ reference, amountMinor });
        return {
          outcome: 'refunded',
          providerState: 'refunded',
          amountMinor: row.amountMinor,
          currencyCode: row.currencyCode,
          reference,
          refundedMinor: before + amountMinor,
        };
      });
    },
  };
}

/** Minor units refunded of a sandbox payment so far. */
async function refundedOf(db: Db | Parameters<Parameters<Db['transaction']>[0]>[0], reference: string): Promise<number> {
  const [row] = await db
    .select({ sum: sql<number>`coalesce(sum(${sandboxRefunds.amountMinor}), 0)`.mapWith(Number) })
    .from(sandboxRefunds)
    .where(eq(sandboxRefunds.reference, reference));
  return row?.sum ?? 0;
}

/** What the test page's buttons do: the next state from the current one, or null when final. */
export function sandboxNext(
  current: SandboxState,
  action: 'paid' | 'declined' | 'abandoned' | 'confirm' | 'reject',
): SandboxState | null {
  if (current === 'initial') {
    if (action === 'paid') return 'waiting_for_3ds';
    if (action === 'declined') return 'failed';
    if (action === 'abandoned') return 'abandoned';
  }
  if (current === 'waiting_for_3ds') {
    if (action === 'confirm') return 'settled';
    if (action === 'reject') return 'failed';
    if (action === 'abandoned') return 'abandoned';
  }
  return null;
}

/** Moves a sandbox payment on, conditionally (two clicks cannot both move it). */
export async function moveSandboxPayment(
  db: Db,
  reference: string,
  from: SandboxState,
  to: SandboxState,
): Promise<boolean> {
  const rows = await db
    .update(sandboxPayments)
    .set({ state: to, updatedAt: new Date() })
    .where(and(eq(sandboxPayments.reference, reference), eq(sandboxPayments.state, from)))
    .returning({ state: sandboxPayments.state });
  return rows.length > 0;
}

export async function sandboxPayment(db: Db, reference: string) {
  const [row] = await db.select().from(sandboxPayments).where(eq(sandboxPayments.reference, reference));
  return row;
}
