import { useCallback, useEffect, useState } from 'react';

/** How long the browser may keep work waiting for an idle moment before it runs anyway. */
const IDLE_TIMEOUT_MS = 2000;

/**
 * False on the server, while the page hydrates and until the browser has an idle moment; true from
 * then on (or at once after `wake()`, e.g. when the visitor reaches for the part). For work that can
 * wait a moment after the page shows, so it runs as a task of its own instead of lengthening the
 * hydration task (a phone stays responsive while the page starts).
 */
export function useIdle(): { idle: boolean; wake: () => void } {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (idle) return;
    const done = () => setIdle(true);
    if (
      typeof window.requestIdleCallback === 'function' &&
      typeof window.cancelIdleCallback === 'function'
    ) {
      const cancel = window.cancelIdleCallback.bind(window);
      const id = window.requestIdleCallback(done, { timeout: IDLE_TIMEOUT_MS });
      return () => cancel(id);
    }
    const id = window.setTimeout(done, 200);
    return () => window.clearTimeout(id);
  }, [idle]);
  const wake = useCallback(() => setIdle(true), []);
  return { idle, wake };
}
