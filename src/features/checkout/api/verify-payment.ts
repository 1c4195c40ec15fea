import * as v from 'valibot';
import { VerifiedPaymentSchema, type VerifiedPayment } from '#contract/payments.ts';
import { api } from '#src/lib/api.ts';

/** POST /api/payment/verify: the paid order, or a 4xx/5xx (the failure view). */
export async function verifyPayment(paymentReference: string): Promise<VerifiedPayment> {
  return v.parse(
    VerifiedPaymentSchema,
    await api('/payment/verify', { method: 'POST', body: { paymentReference } }),
  );
}
