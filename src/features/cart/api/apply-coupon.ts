import * as v from 'valibot';
import {
  AppliedCouponSchema,
  DiscountErrorSchema,
  type AppliedCoupon,
  type DiscountErrorCode,
} from '#contract/orders.ts';
import { api, isFetchError } from '#src/lib/api.ts';
import { CART_QUERY_KEY } from '#src/lib/open-order.ts';
import { useMutation, useQueryClient } from '#src/lib/query-client.ts';

/** Why a coupon was refused: one of the server's known reasons, or 'failed' for anything else. */
type CouponFailure = DiscountErrorCode | 'failed';

class CouponError extends Error {
  constructor(readonly reason: CouponFailure) {
    super(`Coupon refused: ${reason}`);
    this.name = 'CouponError';
  }
}

/** POST /api/order/{orderId}/discount with the code exactly as typed. */
async function applyCoupon(orderId: string, code: string): Promise<AppliedCoupon> {
  try {
    const data = await api(`/order/${encodeURIComponent(orderId)}/discount`, {
      method: 'POST',
      body: { code },
    });
    return v.parse(AppliedCouponSchema, data);
  } catch (error) {
    if (isFetchError(error)) {
      const known = v.safeParse(DiscountErrorSchema, error.data);
      if (known.success) throw new CouponError(known.output.code);
    }
    throw new CouponError('failed');
  }
}

/** The coupon, then the summary fetched again (the discount applied or not). */
export function useApplyCoupon(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation<AppliedCoupon, CouponError, string>({
    mutationFn: (code) => applyCoupon(orderId, code),
    onSettled: () => queryClient.invalidateQueries({ queryKey: CART_QUERY_KEY }),
  });
}
