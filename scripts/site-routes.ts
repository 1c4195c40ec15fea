// The app's routes as the server sees them: which page's title and description to write into
// the HTML, and whether search engines may index it. Read by vite.config.ts at build time, which
// writes dist/client/head-meta.json for the server. `$name` is a path parameter.
export const SITE_ROUTES: { path: string; page: string; index: boolean }[] = [
  { path: '/', page: 'home', index: true },
  { path: '/about-us', page: 'about', index: true },
  { path: '/contact-us', page: 'contact', index: true },
  { path: '/faq', page: 'faq', index: true },
  { path: '/delivery', page: 'delivery', index: true },
  { path: '/privacy-policy', page: 'privacy', index: true },
  { path: '/terms', page: 'terms', index: true },
  { path: '/terms-and-conditions', page: 'terms', index: false },
  { path: '/ugc-terms', page: 'ugc', index: true },
  { path: '/YouCanDoIt', page: 'product', index: true },
  { path: '/thank-you', page: 'thankYou', index: false },
  { path: '/thank-you-reward', page: 'reward', index: false },
  { path: '/personalizeTest/$bookName', page: 'personalize', index: false },
  { path: '/personalize/$bookName', page: 'personalize', index: false },
  { path: '/personalize/edit/$orderItemId', page: 'personalize', index: false },
  { path: '/personalizeDad/$bookName', page: 'personalizeDad', index: false },
  { path: '/personalizeDad/edit/$orderItemId', page: 'personalizeDad', index: false },
  { path: '/personalizeMum/$bookName', page: 'personalizeMum', index: false },
  { path: '/personalizeMum/edit/$orderItemId', page: 'personalizeMum', index: false },
  { path: '/dedication/$bookName', page: 'dedication', index: false },
  { path: '/dedication/edit/$orderItemId', page: 'dedication', index: false },
  { path: '/preview/$bookName', page: 'preview', index: false },
  { path: '/preview/edit/$orderItemId', page: 'preview', index: false },
  { path: '/coverChoice/$bookName', page: 'coverChoice', index: false },
  { path: '/coverChoice/edit/$orderItemId', page: 'coverChoice', index: false },
  { path: '/cart', page: 'cart', index: false },
  { path: '/checkout/delivery', page: 'checkout', index: false },
  { path: '/payment-status', page: 'paymentStatus', index: false },
  { path: '/order-status/$orderId', page: 'orderStatus', index: false },
  { path: '/order-status/$orderId/change/$place/$step', page: 'changeBook', index: false },
  { path: '/confirm-subscription/$token', page: 'confirmSubscription', index: false },
  { path: '/subscription-confirmed', page: 'subscriptionConfirmed', index: false },
  { path: '/unsubscribe/$token', page: 'unsubscribe', index: false },
  { path: '/review/$token', page: 'review', index: false },
  { path: '/review-stop/$token', page: 'reviewStop', index: false },
  { path: '/admin', page: 'admin', index: false },
  { path: '/admin/sign-in', page: 'admin', index: false },
  { path: '/admin/password', page: 'admin', index: false },
  { path: '/admin/orders', page: 'admin', index: false },
  { path: '/admin/orders/$orderId', page: 'admin', index: false },
  { path: '/admin/messages', page: 'admin', index: false },
  { path: '/admin/community', page: 'admin', index: false },
  { path: '/admin/staff', page: 'admin', index: false },
  { path: '/admin/audit', page: 'admin', index: false },
  { path: '/admin/personal-data', page: 'admin', index: false },
  { path: '/admin/reviews', page: 'admin', index: false },
];

/** The paths a visitor can open, as the router's generated route tree lists them (its FileRoutesByTo). */
export function routeTreePaths(routeTreeSource: string): string[] {
  const block = /export interface FileRoutesByTo \{([\s\S]*?)\n\}/.exec(routeTreeSource)?.[1] ?? '';
  return [...block.matchAll(/^\s*'([^']+)':/gm)].map((match) => match[1]!);
}

/**
 * What differs between SITE_ROUTES and the app's routes: a route the server would serve without
 * its title (missing) or an entry for a route that is gone (unknown). The build stops on either.
 */
export function siteRoutesMismatch(routePaths: readonly string[]): {
  missing: string[];
  unknown: string[];
} {
  const listed = new Set(SITE_ROUTES.map((route) => route.path));
  const routes = new Set(routePaths);
  return {
    missing: routePaths.filter((path) => !listed.has(path)),
    unknown: [...listed].filter((path) => !routes.has(path)),
  };
}
