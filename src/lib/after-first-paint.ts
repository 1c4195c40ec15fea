/**
 * Settles once the page the server sent has been painted (its first contentful paint, and the
 * page's first picture, the `fetchpriority="high"` image, when it is still loading), or after
 * `capMs` whatever happened (a tab opened in the background paints nothing). The app's
 * JavaScript is fetched only then, so on a phone's network the HTML, its inline styles and the
 * first picture have the connection to themselves and the first screen comes sooner; the page
 * is readable and its links work before it is hydrated.
 */
export function afterFirstPaint(capMs = 1500): Promise<void> {
  return new Promise((resolve) => {
    let settled = false;
    const settle = () => {
      if (settled) return;
      settled = true;
      resolve();
    };
    setTimeout(settle, capMs);
    // After the next frame: the paint has been presented, not only scheduled.
    const nextFrame = () => requestAnimationFrame(() => setTimeout(settle, 0));
    const painted = () => {
      const picture = document.querySelector<HTMLImageElement>('img[fetchpriority="high"]');
      if (!picture || picture.complete) return nextFrame();
      picture.addEventListener('load', nextFrame, { once: true });
      picture.addEventListener('error', nextFrame, { once: true });
    };
    const paintTiming =
      typeof PerformanceObserver !== 'undefined' &&
      PerformanceObserver.supportedEntryTypes?.includes('paint');
    if (!paintTiming) {
      requestAnimationFrame(painted);
      return;
    }
    const observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      painted();
    });
    observer.observe({ type: 'paint', buffered: true });
  });
}

/**
 * Starts fetching (soon, not at once) the route's chunks and translations the server listed in
 * `<meta name="route-modules">`, as `<link rel="modulepreload">` (in parallel with the app's own
 * code, instead of one after the other as the router asks for them).
 */
export function preloadRouteModules(): void {
  const list = document.querySelector<HTMLMetaElement>('meta[name="route-modules"]')?.content ?? '';
  // One link a task: each starts a fetch, a few milliseconds of the main thread on a slow phone.
  for (const href of list.split(' ').filter(Boolean)) {
    setTimeout(() => {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = href;
      document.head.append(link);
    }, 0);
  }
}
