import { useSyncExternalStore } from 'react';

/**
 * Room kept free at the bottom of the window, in CSS px: the cookie banner's height while it is
 * shown, plus any bar fixed at the bottom (the phone cart's checkout bar with its hint). The page
 * keeps it below its content (the body's bottom padding) and the back-to-top button floats above it.
 *
 * Not a custom property on <html>: a custom property is inherited, so setting one there restyles
 * every element of the page (~7 ms on this machine, four times that on a slow phone, in the task that
 * hydrates the banner), while the body's padding restyles the body alone.
 */
let inset = 0;
const listeners = new Set<() => void>();
/** Each fixed part's height: 'banner' (the cookie banner), 'bar' (a page's bottom bar). */
const parts = new Map<string, number>();

export function setBottomInset(px: number, part: 'banner' | 'bar' = 'banner'): void {
  parts.set(part, Math.max(0, Math.ceil(px)));
  let next = 0;
  for (const height of parts.values()) next += height;
  if (next === inset) return;
  inset = next;
  document.body.style.paddingBottom = next ? `${next}px` : '';
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The room kept free at the bottom of the window (0 on the server). */
export function useBottomInset(): number {
  return useSyncExternalStore(
    subscribe,
    () => inset,
    () => 0,
  );
}
