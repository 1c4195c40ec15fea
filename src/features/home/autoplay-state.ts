/** What the cover carousel's autoplay is doing, and why. Only 'playing' advances the slides. */
type AutoplayState = 'playing' | 'hovered' | 'focused' | 'paused';

interface AutoplayInputs {
  /** The visitor pressed pause (or prefers reduced motion and has not pressed play). */
  paused: boolean;
  /** Keyboard focus is inside the carousel. */
  focused: boolean;
  /** The pointer is over the carousel. */
  hovered: boolean;
}

/** Pause wins over focus, focus over hover; otherwise it plays. */
export function autoplayState({ paused, focused, hovered }: AutoplayInputs): AutoplayState {
  if (paused) return 'paused';
  if (focused) return 'focused';
  if (hovered) return 'hovered';
  return 'playing';
}

/** Home carousel constants (docs/product-rules.md section 9). */
export const CAROUSEL_AUTOPLAY_MS = 3000;
/**
 * Embla's `duration` is not in milliseconds: each 1/60 s step adds (distance / duration) to the
 * velocity, then multiplies it by the friction 0.68. At 22 a slide comes within half a pixel of
 * its place after ~770 ms, the closest to the 800 ms slide of docs/product-rules.md section 9 (20 -> ~620 ms, 25 -> ~970 ms).
 */
export const EMBLA_DURATION = 22;
