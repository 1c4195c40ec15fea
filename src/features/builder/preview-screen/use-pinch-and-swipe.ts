import { useEffect, useRef, type RefObject } from 'react';

interface Point {
  x: number;
  y: number;
}

interface Handlers {
  zoom: number;
  /** Two fingers apart or together: the new zoom, around the fingers' midpoint. */
  onZoom(zoom: number, around: Point): void;
  /** A sideways swipe at the opening size, or on a zoomed page that was already at its edge. */
  onSwipe(direction: 'left' | 'right'): void;
  onDoubleTap(at: Point): void;
}

const SWIPE_DISTANCE = 50;
const DOUBLE_TAP_MS = 300;
const TAP_SLOP = 12;

function distance(a: Touch, b: Touch): number {
  return Math.hypot(a.clientX - b.clientX, a.clientY - b.clientY);
}

/**
 * Touch gestures on a scrolling viewport: pinch to zoom, double-tap, and swipe to turn. Touch
 * events (not pointer events) because the browser's own panning cancels pointer events; the
 * viewport's `touch-action: pan-x pan-y` leaves pinching to us and panning to the browser.
 */
export function usePinchAndSwipe(target: RefObject<HTMLElement | null>, handlers: Handlers) {
  const latest = useRef(handlers);
  latest.current = handlers;

  useEffect(() => {
    const element = target.current;
    if (!element) return;
    let pinch: { start: number; zoom: number } | null = null;
    let swipe: { x: number; y: number; scrollLeft: number; moved: boolean } | null = null;
    let lastTap: { time: number; x: number; y: number } | null = null;

    const onStart = (event: TouchEvent) => {
      const [a, b] = [event.touches[0], event.touches[1]];
      if (a && b) {
        pinch = { start: distance(a, b), zoom: latest.current.zoom };
        swipe = null;
        event.preventDefault();
      } else if (a && event.touches.length === 1) {
        swipe = { x: a.clientX, y: a.clientY, scrollLeft: element.scrollLeft, moved: false };
      }
    };
    const onMove = (event: TouchEvent) => {
      const [a, b] = [event.touches[0], event.touches[1]];
      if (pinch && a && b) {
        event.preventDefault();
        const zoom = (pinch.zoom * distance(a, b)) / pinch.start;
        latest.current.onZoom(zoom, {
          x: (a.clientX + b.clientX) / 2,
          y: (a.clientY + b.clientY) / 2,
        });
      } else if (swipe && a && Math.hypot(a.clientX - swipe.x, a.clientY - swipe.y) > TAP_SLOP) {
        swipe.moved = true;
      }
    };
    const onEnd = (event: TouchEvent) => {
      if (pinch) {
        if (event.touches.length < 2) pinch = null;
        return;
      }
      const touch = event.changedTouches[0];
      const start = swipe;
      swipe = null;
      if (!start || !touch) return;
      const dx = touch.clientX - start.x;
      const dy = touch.clientY - start.y;
      if (!start.moved) {
        const now = Date.now();
        if (
          lastTap &&
          now - lastTap.time < DOUBLE_TAP_MS &&
          Math.hypot(touch.clientX - lastTap.x, touch.clientY - lastTap.y) < 40
        ) {
          lastTap = null;
          event.preventDefault();
          latest.current.onDoubleTap({ x: touch.clientX, y: touch.clientY });
        } else {
          lastTap = { time: now, x: touch.clientX, y: touch.clientY };
        }
        return;
      }
      if (Math.abs(dx) < SWIPE_DISTANCE || Math.abs(dx) < Math.abs(dy) * 1.5) return;
      // At the opening size a swipe turns the page; zoomed in, it pans until the page's edge first.
      const maxScroll = element.scrollWidth - element.clientWidth;
      const atEdge = dx < 0 ? start.scrollLeft >= maxScroll - 2 : start.scrollLeft <= 2;
      if (latest.current.zoom <= 1.01 || atEdge) latest.current.onSwipe(dx < 0 ? 'left' : 'right');
    };
    element.addEventListener('touchstart', onStart, { passive: false });
    element.addEventListener('touchmove', onMove, { passive: false });
    element.addEventListener('touchend', onEnd, { passive: false });
    return () => {
      element.removeEventListener('touchstart', onStart);
      element.removeEventListener('touchmove', onMove);
      element.removeEventListener('touchend', onEnd);
    };
  }, [target]);
}
