import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import * as v from 'valibot';
import { CountriesSchema } from '#contract/catalogue.ts';
import type { DeliveryPayloadInput } from '#contract/checkout.ts';
import { CartSummarySchema } from '#contract/orders.ts';
import { InitiatePaymentResponseSchema, VerifiedPaymentSchema, type VerifiedPayment } from '#contract/payments.ts';
import { api } from '../../lib/api.ts';
import type { Language } from '../../lib/languages.ts';

/** GET /api/delivery/countries?country={language}: the countries we deliver to, costs in the market's currency. */
export function countriesQueryOptions(language: Language) {
  return queryOptions({
    queryKey: ['delivery', 'countries', language] as const,
    staleTime: 60 * 60 * 1000,
    queryFn: async ({ signal }) => v.parse(CountriesSchema, await api('/delivery/countries', { query: { country: language }, signal })),
  });
}

/** GET /api/order/summary/{orderId}?country={language}&countryId={id}: the server's prices for the chosen country. */
export function deliverySummaryQueryOptions(orderId: string, language: Language, countryId: number) {
  return queryOptions({
    queryKey: ['cart', 'summary', language, orderId, countryId] as const,
    staleTime: 0,
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) =>
      v.parse(
        CartSummarySchema,
        await api(`/order/summary/${encodeURIComponent(orderId)}`, { query: { country: language, countryId: String(countryId) }, signal }),
      ),
  });
}

/** POST /api/order/{orderId}/delivery-address. */
export async function saveDelivery(orderId: string, payload: DeliveryPayloadInput): Promise<void> {
  await api(`/order/${encodeURIComponent(orderId)}/delivery-address`, { method: 'POST', body: payload });
}

/** POST /api/payment/initiate: the provider's page the browser goes to. */
export async function initiatePayment(orderId: string, language: Language): Promise<string> {
  return v.parse(InitiatePaymentResponseSchema, await api('/payment/initiate', { method: 'POST', body: { orderId, language } })).payment_link;
}

/** POST /api/payment/verify: the paid order, or a 4xx/5xx (the failure view). */
export async function verifyPayment(paymentReference: string): Promise<VerifiedPayment> {
  return v.parse(VerifiedPaymentSchema, await api('/payment/verify', { method: 'POST', body: { paymentReference } }));
}
