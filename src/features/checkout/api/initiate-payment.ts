import * as v from 'valibot';
import { InitiatePaymentResponseSchema } from '#contract/payments.ts';
import { api } from '../../../lib/api.ts';
import type { Language } from '../../../lib/languages.ts';

/** POST /api/payment/initiate: the provider's page the browser goes to. */
export async function initiatePayment(orderId: string, language: Language): Promise<string> {
  return v.parse(InitiatePaymentResponseSchema, await api('/payment/initiate', { method: 'POST', body: { orderId, language } })).payment_link;
}
