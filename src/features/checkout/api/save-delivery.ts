import type { DeliveryPayloadInput } from '#contract/checkout.ts';
import { api } from '#src/lib/api.ts';

/** POST /api/order/{orderId}/delivery-address. */
export async function saveDelivery(orderId: string, payload: DeliveryPayloadInput): Promise<void> {
  await api(`/order/${encodeURIComponent(orderId)}/delivery-address`, {
    method: 'POST',
    body: payload,
  });
}
