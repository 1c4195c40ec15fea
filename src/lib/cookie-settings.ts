/**
 * The "Cookie settings" channel: the footer asks for the settings, the consent feature listens.
 * (Features do not import each other, so the wire between them lives here.)
 */
type Listener = () => void;

const listeners = new Set<Listener>();

/** Opens the cookie settings (the footer's "Cookie settings" button). */
export function openCookieSettings(): void {
  for (const listener of [...listeners]) listener();
}

/** Calls `listener` whenever the settings are asked for; returns the unsubscribe function. */
export function onOpenCookieSettings(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
