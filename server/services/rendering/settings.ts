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
   * sharp's WebP effort (0 fastest … 6 smallest). Measured on a 1600 px spread: effort 1 costs
   * ~40 ms of CPU for ~100 KB, effort 2 ~50 ms for ~82 KB, effort 4 ~3x as long for ~78 KB.
   */
  webpEffort: 1,
} as const;

export function previewWidth(page: PageId): number {
  return isSpread(page) ? PREVIEW_SETTINGS.spreadWidth : PREVIEW_SETTINGS.pageWidth;
}
