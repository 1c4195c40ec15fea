import * as v from 'valibot';
import {
  CreateItemResponseSchema,
  CreateOrderResponseSchema,
  type CartAccessErrorCode,
} from '#contract/orders.ts';
import type { SaveRequest } from '#machines/purchase.ts';
import { savePayloadOf } from '#machines/purchase-payload.ts';
import { api, isFetchError } from '#src/lib/api.ts';
import { forgetOrder } from '#src/lib/open-order.ts';
import { getOrderId, setOrderId } from '#src/lib/order-cookie.ts';

function isNotYourCart(error: { status?: number; data?: unknown }): boolean {
  return (
    error.status === 403 &&
    (error.data as { code?: unknown } | undefined)?.code ===
      ('not_your_cart' satisfies CartAccessErrorCode)
  );
}

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
      // The order in the cookie no longer exists (404), or this browser no longer holds its cart
      // (403 `not_your_cart`: its cart key, an httpOnly cookie, was cleared): forget it (and its
      // checkout data), start a new one.
      if (!(isFetchError(error) && (error.status === 404 || isNotYourCart(error)))) throw error;
      forgetOrder(language);
    }
  }
  const body = savePayloadOf(request.draft, { language, orderId: null, requestId });
  const answer = v.parse(CreateOrderResponseSchema, await api('/order', { method: 'POST', body }));
  setOrderId(language, answer.orderId);
  return answer.orderItemId;
}
