import { describe, expect, it } from 'vitest';
import { deliveryEstimateDays } from '#contract/shop.ts';
import {
  firstViewOf,
  pageBox,
  readerViews,
} from '#src/features/builder/preview-screen/reader-views.ts';

const PAGES = ['cover', 'dedication', 'page_1-2', 'page_3-4'];

describe('the reader pages', () => {
  it('in portrait reads a spread one page at a time, in landscape whole', () => {
    expect(
      readerViews(PAGES, true).map((view) => [view.image, view.half, view.pageNumber]),
    ).toEqual([
      [0, null, null],
      [1, null, null],
      [2, 'left', 1],
      [2, 'right', 2],
      [3, 'left', 3],
      [3, 'right', 4],
    ]);
    expect(readerViews(PAGES, false).map((view) => view.half)).toEqual([null, null, null, null]);
    expect(firstViewOf(readerViews(PAGES, true), 3)).toBe(4);
  });

  it('opens a page of a spread on a 390 px phone so that 60-unit text is 12 px, and can zoom out to the whole page', () => {
    const [, , left] = readerViews(PAGES, true);
    const box = pageBox(left!, false, { width: 390, height: 788 });
    expect((60 * box.width) / 2450).toBeCloseTo(12, 5);
    expect(box.fitZoom * box.width).toBeCloseTo(390, 5);
  });

  it('fits the cover to the width and a landscape spread to the screen', () => {
    const [cover] = readerViews(PAGES, true);
    expect(pageBox(cover!, false, { width: 390, height: 788 }).width).toBe(390);
    const spread = readerViews(PAGES, false)[2]!;
    const box = pageBox(spread, true, { width: 844, height: 338 });
    expect(box.height).toBeCloseTo(338, 5);
    expect(box.fitZoom).toBe(1);
  });
});

describe('the delivery estimate', () => {
  it("is the country's days plus the slowest format's, and none without printed books", () => {
    expect(deliveryEstimateDays(7, ['softcover'])).toBe(10);
    expect(deliveryEstimateDays(7, ['softcover', 'hardcover'])).toBe(12);
    expect(deliveryEstimateDays(2, ['layflat', 'hardcover'])).toBe(9);
    expect(deliveryEstimateDays(2, ['digital'])).toBeNull();
  });
});
