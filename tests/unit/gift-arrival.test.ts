import { describe, expect, it } from 'vitest';
import {
  addWorkingDays,
  arrivalProblem,
  arrivalWindow,
  dispatchPlan,
  isoDay,
} from '#contract/arrival.ts';

// 'Choose when it arrives' (contract/arrival.ts): the window a buyer may choose from and the days
// staff print and dispatch by, all counted with the delivery estimate's working days.

// Friday 27 November 2026.
const FRIDAY = new Date('2026-11-27T15:00:00Z');

describe('gift arrival days', () => {
  it('counts working days over weekends, forwards and back', () => {
    expect(isoDay(addWorkingDays(FRIDAY, 1))).toBe('2026-11-30');
    expect(isoDay(addWorkingDays(FRIDAY, 5))).toBe('2026-12-04');
    expect(isoDay(addWorkingDays('2026-11-30', -1))).toBe('2026-11-27');
    expect(isoDay(addWorkingDays('2026-12-06', -1))).toBe('2026-12-04');
  });

  it('opens from the delivery estimate to 60 calendar days ahead', () => {
    // Latvia's 2 days + a hardcover's 5: 7 working days from a Friday is the Tuesday after next.
    expect(arrivalWindow(FRIDAY, 7)).toEqual({ earliest: '2026-12-08', latest: '2027-01-26' });
    expect(arrivalProblem('2026-12-07', FRIDAY, 7)).toBe(
      'The gift cannot arrive that soon: choose a later day.',
    );
    expect(arrivalProblem('2026-12-08', FRIDAY, 7)).toBeNull();
    expect(arrivalProblem('2027-01-26', FRIDAY, 7)).toBeNull();
    expect(arrivalProblem('2027-01-27', FRIDAY, 7)).toBe(
      'The arrival day can be at most 60 days ahead.',
    );
    expect(arrivalProblem('2026-13-01', FRIDAY, 7)).toBe(
      'The arrival day must be a date (YYYY-MM-DD).',
    );
  });

  it('prints the whole estimate before the day and dispatches the transit time before it', () => {
    // To arrive by Thursday 24 December: 7 working days back to print, 2 back to hand over.
    expect(dispatchPlan('2026-12-24', 2, 7)).toEqual({
      printFrom: '2026-12-15',
      dispatchOn: '2026-12-22',
    });
    // A Saturday arrival: counted back from the Saturday itself.
    expect(dispatchPlan('2026-12-19', 2, 7)).toEqual({
      printFrom: '2026-12-10',
      dispatchOn: '2026-12-17',
    });
  });
});
