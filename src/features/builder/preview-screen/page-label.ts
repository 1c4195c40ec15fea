import type { TFunction } from 'i18next';

/** Which frame a page needs: the covers and the dedication are single pages, the rest are spreads. */
export function pageShape(page: string): 'single' | 'spread' {
  return page === 'cover' || page === 'dedication' || page === 'back-cover' ? 'single' : 'spread';
}

/**
 * 'cover' -> 'Cover', 'dedication' -> 'Dedication page', 'page_1-2' -> 'Pages 1-2', 'back-cover'
 * -> 'Back cover' (localised).
 */
export function pageLabel(t: TFunction<'preview'>, page: string): string {
  if (page === 'cover') return t('pages.cover');
  if (page === 'back-cover') return t('pages.backCover');
  if (page === 'dedication') return t('pages.dedication');
  const spread = /^page_(\d+)-(\d+)$/.exec(page);
  if (spread) return t('pages.spread', { from: spread[1], to: spread[2] });
  return page;
}
