// The park seen from a low camera (11-12): the lens just above the grass, so the sky is big, the
// trees tower, the horizon sits low behind the figures and the grass blades close to the lens are
// large. The rain practice of 13-14 keeps the wide view of park.ts.

import { BOTTOM, blob, ink, light, n, path, rect, rng, shade } from './kit.ts';
import { bush, hills, tree } from './outdoor.ts';
import { SKY, cloud, sky, sun } from './sky.ts';

/** Big grass blades in the foreground, as seen from the ground (x0..x1, roots at y). */
export function grassBlades(
  x0: number,
  x1: number,
  y: number,
  h: number,
  color: string,
  seed: number,
): string {
  const r = rng(seed);
  let d = '';
  for (let x = x0; x < x1; x += 22 + r() * 30) {
    const hh = h * (0.4 + r() * 0.6);
    const lean = (r() - 0.5) * hh * 0.5;
    d += `M${n(x - 10)} ${n(y)}Q${n(x + lean * 0.3)} ${n(y - hh * 0.6)} ${n(x + lean)} ${n(y - hh)}Q${n(x + lean * 0.3 + 8)} ${n(y - hh * 0.5)} ${n(x + 12)} ${n(y)}Z`;
  }
  return path(d, color, ink(4));
}

/** The park from a low angle: spread width; `horizon` is where the far grass meets the trees. */
export function parkLowAngle(width: number, horizon = 2050): string {
  const t = SKY.day;
  let s = sky(width, 'day', horizon);
  s += sun(4400, 450, 150);
  s +=
    cloud(2950, 380, 1.1, t.cloud, 4) +
    cloud(3900, 900, 0.8, t.cloud, 9) +
    cloud(1350, 1250, 0.7, t.cloud, 2);
  s += hills(width, horizon - 60, t.far, 14, 90, 5);
  // Trees seen from below: tall, their crowns high in the sky, trunks behind the far grass.
  s +=
    tree(250, horizon + 40, 1.9, shade(t.grass, 0.14), 'tall', 11) +
    tree(2050, horizon + 20, 1.4, shade(t.grass, 0.06), 'round', 12);
  s +=
    tree(4650, horizon + 40, 2.1, shade(t.grass, 0.1), 'round', 13) +
    tree(3350, horizon + 10, 1.0, shade(t.grass, 0.18), 'pine', 14);
  s +=
    bush(1150, horizon + 40, 1.4, shade(t.grass, 0.2), 6) +
    bush(3900, horizon + 30, 1.1, shade(t.grass, 0.16), 7);
  // The grass: a low band, darker towards the lens, a touchline running away.
  s += rect(-30, horizon, width + 60, BOTTOM - horizon, t.grass, ink());
  s += path(
    `M-30 ${horizon + 380}Q2450 ${horizon + 300} ${width + 30} ${horizon + 380}V${BOTTOM}H-30Z`,
    shade(t.grass, 0.07),
  );
  s += path(
    `M-30 ${horizon + 160}L${width + 30} ${horizon + 110}`,
    'none',
    `stroke="${light(t.grass, 0.6)}" stroke-width="14"`,
  );
  s += path(blob(600, horizon + 700, 260, 40, 9, 3), light(t.grass, 0.15));
  s += grassBlades(-30, width + 30, BOTTOM, 170, shade(t.grass, 0.12), 21);
  return s;
}
