import { isSpread, type PageId } from '#book/types.ts';

/**
 * How previews are rasterised. Part of the cache key: change a number here and every preview is
 * drawn again. Spreads are 1280 px wide, single pages 640 px (the same pixel density). Since the
 * builder draws its pages itself (vector, crisp at any zoom), these images serve link previews,
 * mails and the browsers that cannot draw: 1280 px is sharp on a phone and on a laptop's preview
 * stage, and a spread is ~60 KB. WebP encoding, rasterising and compositing all scale with the
 * pixels. A cold preview of a two-mum book (a second mum of a new look, bench:preview --family
 * two-mums) on this machine: 1,388 ms at 1600 px (109 ms of CPU an image, until 2026-11-27);
 * 1,256-1,402 ms at 1440 px (98-110 ms); 1,048-1,129 ms at 1280 px (80-86 ms).
 */
export const PREVIEW_SETTINGS = {
  spreadWidth: 1280,
  pageWidth: 640,
  /**
   * Measured on 8 spreads at 1600 px, effort 0, CPU ms / KB an image / PSNR against the raw
   * picture (load 8, so the ms are high; the ratios hold): q70 56 / 100 / 36.2 dB, q75 54 / 104 /
   * 36.4 dB, q82 60 / 122 / 37.4 dB, q85 ~62 / 133 / 37.8 dB; smartSubsample 5x slower; JPEG q90
   * 22 ms but 205 KB; AVIF effort 0 176 ms. q75 looks the same as q82 side by side (flat colours,
   * text edges) and is 15% smaller and ~10% faster.
   */
  webpQuality: 75,
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
