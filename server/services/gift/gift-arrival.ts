import { dispatchPlan } from '#contract/arrival.ts';
import { deliveryEstimateDays } from '#contract/shop.ts';

/** A gift's chosen arrival day with the days the staff print and dispatch it by (contract/arrival.ts). */
export interface GiftArrivalPlan {
  arriveBy: string;
  printFrom: string;
  dispatchOn: string;
}

/**
 * The plan of a paid gift with an arrival day, from its snapshot: the estimate paid for
 * (`deliveryDays`, the country's days plus the slowest format's) split by the same rule
 * (contract/shop.ts deliveryEstimateDays) into printing and the courier's days. Null without a day.
 */
export function giftArrivalPlan(snapshot: {
  isGift: boolean;
  giftArriveBy: string | null;
  deliveryDays: number | null;
  items: readonly { coverType: string }[];
}): GiftArrivalPlan | null {
  if (!snapshot.isGift || !snapshot.giftArriveBy || snapshot.deliveryDays === null) return null;
  const printing = deliveryEstimateDays(
    0,
    snapshot.items.map((item) => item.coverType),
  );
  if (printing === null) return null;
  const plan = dispatchPlan(
    snapshot.giftArriveBy,
    snapshot.deliveryDays - printing,
    snapshot.deliveryDays,
  );
  return { arriveBy: snapshot.giftArriveBy, ...plan };
}
