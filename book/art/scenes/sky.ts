// The sky by time of day and what is in it: sun, moon, stars, clouds.

import {
  BOTTOM,
  FAR,
  PAPER,
  TOP,
  circle,
  ellipse,
  glow,
  ink,
  light,
  mix,
  n,
  path,
  rect,
  rng,
  shade,
  wavyBand,
} from './kit.ts';

export type TimeOfDay =
  'morning' | 'day' | 'afternoon' | 'golden' | 'sunset' | 'evening' | 'night' | 'rain';

interface SkyTone {
  top: string;
  bottom: string;
  cloud: string;
  grass: string;
  far: string;
}

/** Colours of the sky and the land under it for each time of day. */
export const SKY: Record<TimeOfDay, SkyTone> = {
  morning: {
    top: '#9fd3ef',
    bottom: '#fde7c4',
    cloud: '#fffaf2',
    grass: '#8fc95a',
    far: '#b9dc9a',
  },
  day: { top: '#7cc3ec', bottom: '#d7f0fb', cloud: PAPER, grass: '#7dbf4e', far: '#a8d48a' },
  afternoon: {
    top: '#86c4e8',
    bottom: '#fbe9c9',
    cloud: '#fffaf0',
    grass: '#86c250',
    far: '#b2d68c',
  },
  golden: { top: '#f6b26b', bottom: '#fde3a7', cloud: '#fff1d6', grass: '#98b84a', far: '#c9c07a' },
  sunset: { top: '#9c86c9', bottom: '#ffc48a', cloud: '#ffd9c2', grass: '#7fa84f', far: '#c4a49a' },
  evening: {
    top: '#3f4a8a',
    bottom: '#f19a6b',
    cloud: '#f7c2a0',
    grass: '#5f8f46',
    far: '#7e8f72',
  },
  night: { top: '#17204a', bottom: '#3b4a86', cloud: '#5b6aa6', grass: '#35573f', far: '#3d5a5e' },
  rain: { top: '#7e8ea3', bottom: '#c4cfd8', cloud: '#9aa7b6', grass: '#6a9a4c', far: '#8fa88a' },
};

/**
 * The full sky (bleed included): a flat top colour and two soft lighter bands towards the
 * horizon, painted flat in the picture-book way. Always the first shape of a scene.
 */
export function sky(width: number, time: TimeOfDay, horizon = 2000): string {
  const t = SKY[time];
  const w = width + 60;
  let s = rect(-30, TOP, w, BOTTOM - TOP, t.top);
  s += path(
    wavyBand(-30, width + 30, horizon * 0.45, 50, Math.max(3, Math.round(width / 1200)), 41),
    mix(t.top, t.bottom, time === 'evening' ? 0.3 : 0.45),
  );
  s += path(
    wavyBand(-30, width + 30, horizon * 0.72, 40, Math.max(3, Math.round(width / 1000)), 42),
    t.bottom,
  );
  return s;
}

/** A friendly sun with a soft halo. */
export function sun(x: number, y: number, r: number, color = '#ffd447'): string {
  return (
    glow(x, y, r * 2.4, '#fff3b0', 0.6) +
    circle(x, y, r, color, ink()) +
    circle(x - r * 0.3, y - r * 0.3, r * 0.42, light(color, 0.5))
  );
}

/** A crescent moon with a glow. */
export function moon(x: number, y: number, r: number): string {
  const d = `M${n(x)} ${n(y - r)}A${n(r)} ${n(r)} 0 1 0 ${n(x + r * 0.95)} ${n(y + r * 0.3)}A${n(r * 0.8)} ${n(r * 0.8)} 0 1 1 ${n(x)} ${n(y - r)}Z`;
  return glow(x, y, r * 2.2, '#fff6c8', 0.35) + path(d, '#fff1b3', ink());
}

/** Twinkling stars scattered in a box. */
export function stars(
  x0: number,
  y0: number,
  x1: number,
  y1: number,
  count: number,
  seed: number,
): string {
  const r = rng(seed);
  let s = '';
  for (let i = 0; i < count; i++) {
    const x = x0 + r() * (x1 - x0);
    const y = y0 + r() * (y1 - y0);
    const k = 8 + r() * 14;
    if (r() < 0.3) {
      s += path(
        `M${n(x)} ${n(y - k * 2)}Q${n(x)} ${n(y)} ${n(x + k * 2)} ${n(y)}Q${n(x)} ${n(y)} ${n(x)} ${n(y + k * 2)}Q${n(x)} ${n(y)} ${n(x - k * 2)} ${n(y)}Q${n(x)} ${n(y)} ${n(x)} ${n(y - k * 2)}Z`,
        '#fff4c2',
      );
    } else {
      s += circle(
        x,
        y,
        k * 0.55,
        '#fff8dc',
        `fill-opacity="${(0.55 + r() * 0.45).toFixed(2)}" stroke-opacity="${(0.55 + r() * 0.45).toFixed(2)}"`,
      );
    }
  }
  return s;
}

/** A soft cartoon cloud: round bumps on a flat base. */
export function cloud(
  x: number,
  y: number,
  s: number,
  color: string,
  seed = 1,
  outline = true,
): string {
  const r = rng(seed);
  const w = 360 * s;
  const parts = [0.22, 0.32, 0.27, 0.19].map((k) => k * (0.85 + r() * 0.3));
  const total = parts.reduce((a, b) => a + b, 0);
  let d = `M${n(x - w / 2)} ${n(y)}`;
  let cx = x - w / 2;
  for (const k of parts) {
    const bw = (k / total) * w;
    const rad = bw * 0.55;
    cx += bw;
    d += `A${n(rad)} ${n(rad)} 0 1 1 ${n(cx)} ${n(y)}`;
  }
  d += 'Z';
  return (
    path(d, color, outline ? ink(FAR) : '') +
    ellipse(x + w * 0.05, y - 16 * s, w * 0.36, 14 * s, shade(color, 0.07))
  );
}
