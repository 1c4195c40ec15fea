import { startTransition, useEffect, useState } from 'react';

/**
 * `value`, but only once the browser has painted the frame that shows its first use: the big
 * picture repaints at once and the small option drawings (a dozen SVG images to decode) follow
 * in the next frames instead of delaying that paint.
 */
export function useAfterPaint<T>(value: T): T {
  const [late, setLate] = useState(value);
  useEffect(() => {
    if (Object.is(late, value)) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // requestAnimationFrame runs just before the paint; the task queued from it runs after it.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setLate(value)), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [value, late]);
  return late;
}
