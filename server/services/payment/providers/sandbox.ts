import { and, eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { sandboxPayments } from '#server/db/schema/checkout.ts';
import {
  PaymentProviderError,
  type PaymentOutcome,
  type PaymentProvider,
  type PaymentState,
} from '#server/services/payment/provider.ts';

/**
 * The built-in test provider (PAYMENT_PROVIDER=sandbox, the default): its hosted test page is
 * served by our own server at /sandbox-pay/{reference} (server/routes/sandbox-pay.ts). No card is
 * asked for and no money moves; a tester picks paid (then confirms a 3-D-Secure-like step),
 * declined or abandoned. Its reference is ours (the payment's reference).
 * `cancelled` is an attempt the shop made unpayable (a newer attempt, or the order paid): the page
 * refuses it. `authorised` is reached only by tests (money held until capture).
 */
export type SandboxState =
  | 'initial'
  | 'waiting_for_3ds'
  | 'authorised'
  | 'settled'
  | 'failed'
  | 'abandoned'
  | 'cancelled'
  | 'refunded';

const OUTCOME: Record<SandboxState, PaymentOutcome> = {
  initial: 'pending',
  waiting_for_3ds: 'pending',
  authorised: 'authorised',
  settled: 'paid',
  failed: 'failed',
  abandoned: 'abandoned',
  cancelled: 'voided',
  refunded: 'refunded',
};

type SandboxRow = typeof sandboxPayments.$inferSelect;

function stateOf(row: SandboxRow): PaymentState {
  const state = row.state as SandboxState;
  return {
    outcome: OUTCOME[state] ?? 'failed',
    providerState: state,
    amountMinor: row.amountMinor,
    currencyCode: row.currencyCode,
    reference: row.reference,
    refundedMinor: row.refundedMinor,
  };
}

export function createSandboxProvider(db: Db): PaymentProvider {
  async function read(reference: string): Promise<SandboxRow | undefined> {
    const [row] = await db
      .select()
      .from(sandboxPayments)
      .where(eq(sandboxPayments.reference, reference));
    return row;
  }
  async function readOrThrow(reference: string): Promise<SandboxRow> {
    const row = await read(reference);
    if (!row) throw new PaymentProviderError('unknown sandbox payment', 404, 'refused');
    return row;
  }
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
      const row = await read(reference);
      if (!row) return { outcome: 'failed', providerState: 'unknown' };
      return stateOf(row);
    },
    async capture(reference, amountMinor) {
      const row = await readOrThrow(reference);
      if (row.state === 'authorised') {
        if (amountMinor !== row.amountMinor)
          throw new PaymentProviderError(
            'capture amount differs from the authorised amount',
            422,
            'refused',
            ['amount'],
          );
        await moveSandboxPayment(db, reference, 'authorised', 'settled');
      } else if (row.state !== 'settled') {
        throw new PaymentProviderError(`a ${row.state} payment cannot be captured`, 422, 'refused');
      }
      return stateOf(await readOrThrow(reference));
    },
    async refund(reference, amountMinor) {
      const row = await readOrThrow(reference);
      if (row.state !== 'settled' && row.state !== 'refunded') {
        throw new PaymentProviderError(`a ${row.state} payment cannot be refunded`, 422, 'refused');
      }
      if (
        !Number.isInteger(amountMinor) ||
        amountMinor <= 0 ||
        row.refundedMinor + amountMinor > row.amountMinor
      ) {
        throw new PaymentProviderError('refund amount is more than what is left', 422, 'refused', [
          'amount',
        ]);
      }
      // Conditional on what was refunded before: two concurrent refunds cannot both pass the check.
      const moved = await db
        .update(sandboxPayments)
        .set({
          state: 'refunded',
          refundedMinor: row.refundedMinor + amountMinor,
          updatedAt: new Date(),
        })
        .where(
          and(
            eq(sandboxPayments.reference, reference),
            eq(sandboxPayments.refundedMinor, row.refundedMinor),
          ),
        )
        .returning({ reference: sandboxPayments.reference });
      if (moved.length === 0)
        throw new PaymentProviderError(
          'the payment changed while refunding; ask again',
          409,
          'refused',
        );
      return stateOf(await readOrThrow(reference));
    },
    async cancel(reference) {
      const row = await readOrThrow(reference);
      const state = row.state as SandboxState;
      if (state === 'initial' || state === 'waiting_for_3ds' || state === 'authorised') {
        // Lost to a concurrent click: the state after is read again, whatever it is.
        await moveSandboxPayment(db, reference, state, 'cancelled');
      }
      return stateOf(await readOrThrow(reference));
    },
  };
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
  const [row] = await db
    .select()
    .from(sandboxPayments)
    .where(eq(sandboxPayments.reference, reference));
  return row;
}
