// Butterflies: the nervous flutter of 35-36 ('the butterflies came too'), a few small bright
// butterflies around the child's tummy with dotted flight paths.

import { INK, ellipse, ink, n, path, rng } from './kit.ts';
import { part } from './part.ts';

const WINGS = ['#ffd447', '#f08a5d', '#c7a4f0', '#7cc05a', '#3d8fd6'];

/** One butterfly at (x, y), size s (about 60-110), wings turned by `turn` degrees. */
export function butterfly(x: number, y: number, s: number, color: string, turn = 0): string {
  const k = s / 100;
  const wing = (dx: number) =>
    ellipse(x + dx * 55 * k, y - 30 * k, 55 * k, 45 * k, color, ink(5)) +
    ellipse(x + dx * 42 * k, y + 32 * k, 38 * k, 30 * k, color, ink(5));
  return (
    `<g transform="rotate(${n(turn)} ${n(x)} ${n(y)})">` +
    wing(-1) +
    wing(1) +
    ellipse(x, y, 12 * k, 55 * k, INK) +
    path(
      `M${n(x - 4 * k)} ${n(y - 50 * k)}q-20 ${n(-40 * k)} ${n(-40 * k)} ${n(-50 * k)}M${n(x + 4 * k)} ${n(y - 50 * k)}q20 ${n(-40 * k)} ${n(40 * k)} ${n(-50 * k)}`,
      'none',
      `stroke="${INK}" stroke-width="${n(Math.max(3, 5 * k))}" stroke-linecap="round"`,
    ) +
    '</g>'
  );
}

/** A little flock of butterflies around (cx, cy), with a dotted loop of flight. */
export function butterflies(
  cx: number,
  cy: number,
  spread: number,
  count: number,
  seed: number,
): string {
  const r = rng(seed);
  let s = path(
    `M${n(cx - spread)} ${n(cy + spread * 0.2)}C${n(cx - spread * 0.3)} ${n(cy - spread * 0.9)} ${n(cx + spread * 0.5)} ${n(cy + spread * 0.6)} ${n(cx + spread)} ${n(cy - spread * 0.3)}`,
    'none',
    `stroke="${INK}" stroke-width="6" stroke-dasharray="4 26" stroke-linecap="round" stroke-opacity="0.6"`,
  );
  for (let i = 0; i < count; i++) {
    const a = (i / count) * Math.PI * 2 + r();
    const d = spread * (0.55 + r() * 0.45);
    s += butterfly(
      cx + Math.cos(a) * d,
      cy + Math.sin(a) * d * 0.7,
      70 + r() * 40,
      WINGS[i % WINGS.length] ?? '#ffd447',
      (r() - 0.5) * 60,
    );
  }
  return part('butterflies', s);
}
