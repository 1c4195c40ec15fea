import { isSpread, type PageId } from '#book/types.ts';

/**
 * How previews are rasterised. Part of the cache key: change a number here and every preview is
 * drawn again. Spreads are 1600 px wide (sharp on a laptop at full width and on a phone in
 * landscape, where a 2x screen shows ~800 CSS px), single pages 800 px (the same pixel density).
 */
export const PREVIEW_SETTINGS = {
  spreadWidth: 1600,
  pageWidth: 800,
  webpQuality: 82,
  /**
   * sharp's WebP effort (0 fastest … 6 smallest). Measured over the whole book at 1600 px:
   * effort 0 ~34 ms of CPU an image, effort 1 ~42 ms (5% smaller), effort 2 ~50 ms (~20%
   * smaller), effort 4 three times as long. The preview is a speed-first, cache-forever image.
   */
  webpEffort: 0,
} as const;

export function previewWidth(page: PageId): number {
  return isSpread(page) ? PREVIEW_SETTINGS.spreadWidth : PREVIEW_SETTINGS.pageWidth;
}
