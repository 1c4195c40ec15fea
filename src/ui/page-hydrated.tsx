import { useEffect, useLayoutEffect } from 'react';

/**
 * The parts of the page React hydrates each on its own (a lazy Suspense boundary) that the mark
 * waits for: the route's content always, and whatever part the page's frame says it has.
 */
type Part = 'content' | 'consent';
const expected = new Set<Part>(['content']);
const committed = new Set<Part>();

function markIfWhole(): void {
  if ([...expected].every((part) => committed.has(part)))
    document.documentElement.dataset.hydrated = '';
}

/**
 * Marks the page as taken over (`<html data-hydrated>`) once React has committed every part of the
 * page: it sits after the route's content (`part="content"`), so the mark waits for that content
 * (React hydrates a Suspense boundary after the rest, and the page's fields and buttons answer
 * only then), and after the cookie banner (`part="consent"`), a lazy boundary of its own that may
 * hydrate after the content. From then on lib/early-input.ts hands over what the visitor did
 * before (a press on the banner included), and the end-to-end tests touch the page.
 */
export function PageHydrated({ part = 'content' }: { part?: Part }): null {
  useEffect(() => {
    committed.add(part);
    markIfWhole();
  }, [part]);
  return null;
}

/**
 * Says the page has `part` (a lazy boundary with its own `<PageHydrated part>`), from a component
 * outside that boundary: its layout effect runs when the frame is hydrated, before any part's mark.
 */
export function useHydratedPart(part: Part): void {
  useLayoutEffect(() => {
    expected.add(part);
  }, [part]);
}
