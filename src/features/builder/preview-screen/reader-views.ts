// The full-screen reader's pages ('views'): in portrait each spread is read one page at a time
// (its left half, then its right half); in landscape a spread is one view. Pure, for the reader
// and its tests.

import { pageShape } from './page-label.ts';

/** Width:height of one page; a spread is two of them side by side. */
const PAGE_ASPECT = 2450 / 3000;
/** Page units across one page (1 unit = 0.1 mm). */
export const PAGE_UNITS = 2450;
/**
 * The smallest story text the book's layout sets (in page units): text boxes start at 70-90 and
 * shrink to fit long text, the smallest in the book today being 60. The portrait reader opens at a
 * scale that draws this at 12 CSS px, so every spread reads on a phone without zooming.
 */
const SMALLEST_TEXT_UNITS = 60;
const READING_TEXT_PX = 12;

interface ReaderView {
  /** Index into the preview's images. */
  image: number;
  /** Which half of a spread; null for a single page or a whole spread. */
  half: 'left' | 'right' | null;
  /** The page number of a half ('page_7-8' left -> 7), else null. */
  pageNumber: number | null;
}

export function readerViews(pages: readonly string[], portrait: boolean): ReaderView[] {
  return pages.flatMap((page, image): ReaderView[] => {
    const spread = /^page_(\d+)-(\d+)$/.exec(page);
    if (!portrait || pageShape(page) === 'single' || !spread)
      return [{ image, half: null, pageNumber: null }];
    return [
      { image, half: 'left', pageNumber: Number(spread[1]) },
      { image, half: 'right', pageNumber: Number(spread[2]) },
    ];
  });
}

/** The first view of an image (its left half in portrait). */
export function firstViewOf(views: readonly ReaderView[], image: number): number {
  return Math.max(
    0,
    views.findIndex((view) => view.image === image),
  );
}

export interface PageBox {
  /** CSS px of the page (or whole spread) at zoom 1. */
  width: number;
  height: number;
  /** The zoom that shows the whole page in the viewport (<= 1 when the reading size overflows it). */
  fitZoom: number;
}

/**
 * The size of a view at zoom 1 in a viewport: a whole spread, a single page and a landscape view
 * fit the viewport; a page of a spread in portrait is at least the reading size (the smallest text
 * 12 CSS px), which may be a little wider than a phone, so it pans.
 */
export function pageBox(
  view: ReaderView,
  wide: boolean,
  viewport: { width: number; height: number },
): PageBox {
  const aspect = wide ? PAGE_ASPECT * 2 : PAGE_ASPECT;
  const fitWidth = Math.min(viewport.width, viewport.height * aspect);
  const readingWidth = view.half ? (PAGE_UNITS * READING_TEXT_PX) / SMALLEST_TEXT_UNITS : 0;
  const width = Math.max(fitWidth, readingWidth);
  return { width, height: width / aspect, fitZoom: fitWidth / width };
}
