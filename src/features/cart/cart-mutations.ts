// The cart's writes (remove a book, apply a coupon), apart from cart-api.ts so that the header's
// cart count, which loads on every page, does not bring TanStack's mutation code with it.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as v from 'valibot';
import {
  AppliedCouponSchema,
  DiscountErrorSchema,
  type AppliedCoupon,
  type DiscountErrorCode,
} from '#contract/orders.ts';
import { api, FetchError } from '../../lib/api.ts';
import { CART_QUERY_KEY } from '../../lib/open-order.ts';

/** DELETE /api/orderItems/{id}. An item that is already gone (404: another tab, a retry) counts as removed. */
export async function removeOrderItem(id: string): Promise<void> {
  try {
    await api(`/orderItems/${encodeURIComponent(id)}`, { method: 'DELETE' });
  } catch (error) {
    if (error instanceof FetchError && error.status === 404) return;
    throw error;
  }
}

/** DELETE /api/orderItems/{id}, then the summary is fetched again (and the discount re-checked). */
export function useRemoveOrderItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeOrderItem,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CART_QUERY_KEY }),
  });
}

/** Why a coupon was refused: one of the server's known reasons, or 'failed' for anything else. */
export type CouponFailure = DiscountErrorCode | 'failed';

export class CouponError extends Error {
  constructor(readonly reason: CouponFailure) {
    super(`Coupon refused: ${reason}`);
    this.name = 'CouponError';
  }
}

/** POST /api/order/{orderId}/discount with the code exactly as typed. */
export async function applyCoupon(orderId: string, code: string): Promise<AppliedCoupon> {
  try {
    const data = await api(`/order/${encodeURIComponent(orderId)}/discount`, { method: 'POST', body: { code } });
    return v.parse(AppliedCouponSchema, data);
  } catch (error) {
    if (error instanceof FetchError) {
      const known = v.safeParse(DiscountErrorSchema, error.data);
      if (known.success) throw new CouponError(known.output.code);
    }
    throw new CouponError('failed');
  }
}

export function useApplyCoupon(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation<AppliedCoupon, CouponError, string>({
    mutationFn: (code) => applyCoupon(orderId, code),
    onSettled: () => queryClient.invalidateQueries({ queryKey: CART_QUERY_KEY }),
  });
}
