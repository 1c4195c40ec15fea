import { useEffect } from 'react';

/**
 * Marks the page as taken over (`<html data-hydrated>`) once React has committed the part of the
 * page it is rendered in: it sits after the route's content, so the mark waits for that content
 * (React hydrates a Suspense boundary after the rest, and the page's fields and buttons answer
 * only then). From then on lib/early-input.ts hands over what the visitor did before, and the
 * end-to-end tests touch the page.
 */
export function PageHydrated(): null {
  useEffect(() => {
    document.documentElement.dataset.hydrated = '';
  }, []);
  return null;
}
