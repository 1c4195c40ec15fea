import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterFirstPaint, preloadRouteModules } from '#src/lib/after-first-paint.ts';

// The entry (src/main.tsx) fetches the app only after the server's page has been painted.
describe('afterFirstPaint', () => {
  afterEach(() => {
    document.head.innerHTML = '';
    document.body.innerHTML = '';
    vi.useRealTimers();
  });

  it('waits for the first picture of the page while it loads, then lets the app start', async () => {
    document.body.innerHTML = '<img fetchpriority="high" alt="">';
    const picture = document.querySelector('img')!;
    Object.defineProperty(picture, 'complete', { value: false });
    let started = false;
    const waiting = afterFirstPaint(10_000).then(() => (started = true));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(started).toBe(false);
    picture.dispatchEvent(new Event('load'));
    await waiting;
    expect(started).toBe(true);
  });

  it('starts after the cap when nothing is painted (a tab in the background)', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestAnimationFrame', () => 0);
    let started = false;
    const waiting = afterFirstPaint(1500).then(() => (started = true));
    await vi.advanceTimersByTimeAsync(1400);
    expect(started).toBe(false);
    await vi.advanceTimersByTimeAsync(200);
    await waiting;
    expect(started).toBe(true);
    vi.unstubAllGlobals();
  });
});

describe('preloadRouteModules', () => {
  it("preloads the route's modules the server listed, one at a time", async () => {
    document.head.innerHTML = '<meta name="route-modules" content="/assets/a.js /assets/b.js">';
    preloadRouteModules();
    expect(document.querySelectorAll('link[rel="modulepreload"]')).toHaveLength(0);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(
      [...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((link) =>
        link.getAttribute('href'),
      ),
    ).toEqual(['/assets/a.js', '/assets/b.js']);
  });
});
