import * as v from 'valibot';
import { InitiatePaymentResponseSchema } from '#contract/payments.ts';
import { api } from '#src/lib/api.ts';
import type { Language } from '#src/lib/languages.ts';

/**
 * A new payment attempt key, made once per press of Pay now: 24 characters of A-Z a-z 0-9 _ -
 * (18 random bytes; crypto.getRandomValues exists outside secure contexts too).
 */
export function newAttemptKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(18));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_');
}

/**
 * POST /api/payment/initiate: the provider's page the browser goes to. With the press's
 * `attemptKey`, a repeat of the same press (same cart) is answered with the same attempt.
 */
export async function initiatePayment(
  orderId: string,
  language: Language,
  attemptKey?: string | null,
): Promise<string> {
  const body = { orderId, language, ...(attemptKey ? { attemptKey } : {}) };
  return v.parse(
    InitiatePaymentResponseSchema,
    await api('/payment/initiate', { method: 'POST', body }),
  ).payment_link;
}
