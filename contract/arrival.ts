import * as v from 'valibot';

/**
 * 'Choose when it arrives' for a gift (issue #36): the buyer may name the day the gift should
 * arrive by. The days come from the one delivery estimate rule (contract/shop.ts
 * deliveryEstimateDays: the country's delivery time plus the slowest format's printing days, in
 * working days, Monday to Friday), counted here on the calendar:
 *
 * - the earliest day to choose is the estimate from today (an order paid today arrives then);
 * - the latest is GIFT_ARRIVE_MAX_DAYS calendar days from today (a birthday or a holiday in the
 *   next two months; further ahead, prices, stock and addresses change too often);
 * - the order is printed from `printFrom` (the arrival day less the whole estimate) and handed to
 *   the courier on `dispatchOn` (the arrival day less the country's delivery time), so that the
 *   book is neither late nor weeks early at the recipient's door.
 *
 * Days are 'YYYY-MM-DD' strings, the shop's (UTC) calendar, as the status page's estimate.
 */

/** How far ahead (calendar days from today) the arrival day may be. */
export const GIFT_ARRIVE_MAX_DAYS = 60;

export const ARRIVAL_MESSAGES = {
  format: 'The arrival day must be a date (YYYY-MM-DD).',
  tooEarly: 'The gift cannot arrive that soon: choose a later day.',
  tooLate: `The arrival day can be at most ${GIFT_ARRIVE_MAX_DAYS} days ahead.`,
} as const;

/** A calendar day, 'YYYY-MM-DD', that exists. */
export const IsoDaySchema = v.pipe(
  v.string(ARRIVAL_MESSAGES.format),
  v.regex(/^\d{4}-\d{2}-\d{2}$/, ARRIVAL_MESSAGES.format),
  // Valibot runs every check of a pipe: this one must not throw on what the regex refused.
  v.check((day) => {
    const date = new Date(`${day}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === day;
  }, ARRIVAL_MESSAGES.format),
);

/** A day (UTC midnight) of a date or a YYYY-MM-DD string. */
export function dayOf(date: Date | string): Date {
  if (typeof date === 'string') return new Date(`${date}T00:00:00Z`);
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
}

export function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

function isWorkingDay(date: Date): boolean {
  const weekday = date.getUTCDay();
  return weekday !== 0 && weekday !== 6;
}

/** `days` working days (Monday-Friday) after `from` (negative: before), as a day. */
export function addWorkingDays(from: Date | string, days: number): Date {
  const date = dayOf(from);
  const step = days < 0 ? -1 : 1;
  let left = Math.abs(days);
  while (left > 0) {
    date.setUTCDate(date.getUTCDate() + step);
    if (isWorkingDay(date)) left -= 1;
  }
  return date;
}

/** The days a gift ordered on `today` may be chosen to arrive by, both included. */
export function arrivalWindow(
  today: Date,
  estimateDays: number,
): { earliest: string; latest: string } {
  const latest = dayOf(today);
  latest.setUTCDate(latest.getUTCDate() + GIFT_ARRIVE_MAX_DAYS);
  return { earliest: isoDay(addWorkingDays(today, estimateDays)), latest: isoDay(latest) };
}

/** Why `arriveBy` cannot be chosen on `today`, or null when it can. */
export function arrivalProblem(
  arriveBy: string,
  today: Date,
  estimateDays: number,
): (typeof ARRIVAL_MESSAGES)[keyof typeof ARRIVAL_MESSAGES] | null {
  if (!v.is(IsoDaySchema, arriveBy)) return ARRIVAL_MESSAGES.format;
  const { earliest, latest } = arrivalWindow(today, estimateDays);
  if (arriveBy < earliest) return ARRIVAL_MESSAGES.tooEarly;
  if (arriveBy > latest) return ARRIVAL_MESSAGES.tooLate;
  return null;
}

/**
 * When the staff print and dispatch a gift that should arrive by `arriveBy`: printing starts the
 * whole estimate before it, the parcel leaves the country's delivery time before it.
 */
export function dispatchPlan(
  arriveBy: string,
  countryDays: number,
  estimateDays: number,
): { printFrom: string; dispatchOn: string } {
  return {
    printFrom: isoDay(addWorkingDays(arriveBy, -estimateDays)),
    dispatchOn: isoDay(addWorkingDays(arriveBy, -countryDays)),
  };
}
