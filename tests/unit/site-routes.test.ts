// @vitest-environment node
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { routeTreePaths, siteRoutesMismatch } from '../../scripts/site-routes.ts';

describe("the server's list of pages", () => {
  it('has an entry for every route of the app and none for a route that is gone', () => {
    const paths = routeTreePaths(readFileSync('src/route-tree.gen.ts', 'utf8'));
    expect(paths).toContain('/');
    expect(paths).toContain('/order-status/$orderId');
    expect(paths.length).toBeGreaterThan(30);
    expect(siteRoutesMismatch(paths)).toEqual({ missing: [], unknown: [] });
  });

  it('names what differs', () => {
    const paths = routeTreePaths(readFileSync('src/route-tree.gen.ts', 'utf8'));
    const changed = [...paths.filter((path) => path !== '/faq'), '/gift-cards'];
    expect(siteRoutesMismatch(changed)).toEqual({ missing: ['/gift-cards'], unknown: ['/faq'] });
  });
});
