import * as v from 'valibot';
import { CreateItemResponseSchema, CreateOrderResponseSchema } from '#contract/orders.ts';
import type { SaveRequest } from '#machines/purchase.ts';
import { savePayloadOf } from '#machines/purchase-payload.ts';
import { api, isFetchError } from '../../../lib/api.ts';
import { forgetOrder } from '../../../lib/open-order.ts';
import { getOrderId, setOrderId } from '../../../lib/order-cookie.ts';

/**
 * Saves the book: PUT /api/orderItems/{id} for an edited one, else POST /api/orderItems into the
 * language's open order, or POST /api/order for a new order (its id goes into the cookie).
 * Answers the item id. The purchase machine's `saveOrder` effect.
 */
export async function saveOrder(request: SaveRequest): Promise<string> {
  const { language, requestId } = request;
  if (request.orderItemId) {
    const body = savePayloadOf(request.draft, {
      language,
      orderId: getOrderId(language) ?? null,
      requestId,
    });
    const answer = await api(`/orderItems/${encodeURIComponent(request.orderItemId)}`, {
      method: 'PUT',
      body,
    });
    return v.parse(CreateItemResponseSchema, answer).id;
  }
  const orderId = getOrderId(language);
  if (orderId) {
    try {
      const body = savePayloadOf(request.draft, { language, orderId, requestId });
      const answer = await api('/orderItems', { method: 'POST', body });
      return v.parse(CreateItemResponseSchema, answer).id;
    } catch (error) {
      // The order in the cookie no longer exists: forget it (and its checkout data), start a new one.
      if (!(isFetchError(error) && error.status === 404)) throw error;
      forgetOrder(language);
    }
  }
  const body = savePayloadOf(request.draft, { language, orderId: null, requestId });
  const answer = v.parse(CreateOrderResponseSchema, await api('/order', { method: 'POST', body }));
  setOrderId(language, answer.orderId);
  return answer.orderItemId;
}
