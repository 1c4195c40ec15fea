import type { ClientFiles } from '#server/web/head.ts';

type Route = ClientFiles['meta']['routes'][number];

/**
 * A built client's files as the page-rendering tests stand them in: a bare index.html with its
 * head marker and root, no files on disk, and `routes` (home and the FAQ by default).
 */
export function standInClient(
  routes: Route[] = [
    { path: '/', page: 'home', index: true },
    { path: '/faq', page: 'faq', index: true },
  ],
): ClientFiles {
  return {
    dir: '/nowhere',
    indexHtml:
      '<!doctype html><html lang="en-GB"><head><title>Storymade</title><!--head-meta--></head><body><div id="root"></div></body></html>',
    meta: { siteName: 'Storymade', ogImage: '/og-image.png', routes, pages: {} },
  };
}
