// Outdoor building blocks: sky by time of day, sun, moon, stars, clouds, hills, grass, trees,
// bushes, flowers, fences, houses, rain.

import {
  INK,
  PAPER,
  blob,
  circle,
  ellipse,
  ink,
  light,
  line,
  n,
  path,
  rect,
  rng,
  rrect,
  shade,
  wavyBand,
} from './kit.ts';

/** Rolling hills band, closed to the bottom. */
export function hills(
  width: number,
  y: number,
  color: string,
  seed: number,
  amp = 140,
  waves = 4,
): string {
  return path(wavyBand(-30, width + 30, y, amp, waves, seed), color, ink());
}

/** Flat ground from y down, with a gently wavy top edge. */
export function ground(width: number, y: number, color: string, seed = 3, amp = 30): string {
  return path(
    wavyBand(-30, width + 30, y, amp, Math.max(3, Math.round(width / 900)), seed),
    color,
    ink(),
  );
}

/** Little grass tufts scattered over an area. */
export function tufts(
  x0: number,
  x1: number,
  y0: number,
  y1: number,
  count: number,
  color: string,
  seed: number,
): string {
  const r = rng(seed);
  let d = '';
  for (let i = 0; i < count; i++) {
    const x = x0 + r() * (x1 - x0);
    const y = y0 + r() * (y1 - y0);
    const h = 24 + r() * 26;
    d += `M${n(x - 18)} ${n(y)}Q${n(x - 12)} ${n(y - h * 0.6)} ${n(x - 20)} ${n(y - h)}M${n(x)} ${n(y)}Q${n(x + 2)} ${n(y - h)} ${n(x + 4)} ${n(y - h * 1.2)}M${n(x + 16)} ${n(y)}Q${n(x + 14)} ${n(y - h * 0.6)} ${n(x + 24)} ${n(y - h * 0.9)}`;
  }
  return path(d, 'none', `stroke="${color}" stroke-width="7" stroke-linecap="round"`);
}

/** Small flowers scattered along a strip. */
export function flowers(
  x0: number,
  x1: number,
  y0: number,
  y1: number,
  count: number,
  seed: number,
  colors = ['#f28b82', '#fbd46d', PAPER, '#c7a4f0'],
): string {
  const r = rng(seed);
  let s = '';
  for (let i = 0; i < count; i++) {
    const x = x0 + r() * (x1 - x0);
    const y = y0 + r() * (y1 - y0);
    const k = 12 + r() * 8;
    const c = colors[Math.floor(r() * colors.length)] ?? PAPER;
    s += line(x, y, x, y + k * 2.2, '#4f8a3a', 5);
    s += circle(x, y, k, c, ink(4)) + circle(x, y, k * 0.4, '#f6b73c');
  }
  return s;
}

/** A tree: round (leafy), pine, or blossom. baseY is where the trunk meets the ground. */
export function tree(
  x: number,
  baseY: number,
  s: number,
  leaf: string,
  kind: 'round' | 'pine' | 'tall' = 'round',
  seed = 7,
): string {
  const trunk = '#8a5a3b';
  if (kind === 'pine') {
    const h = 900 * s;
    const w = 420 * s;
    let tiers = '';
    for (let i = 0; i < 3; i++) {
      const ty = baseY - 160 * s - i * h * 0.26;
      const tw = w * (1 - i * 0.22);
      const d = `M${n(x - tw / 2)} ${n(ty)}Q${n(x)} ${n(ty + 40 * s)} ${n(x + tw / 2)} ${n(ty)}L${n(x)} ${n(ty - h * 0.42)}Z`;
      tiers += path(d, i % 2 ? shade(leaf, 0.1) : leaf, ink());
    }
    return rect(x - 30 * s, baseY - 200 * s, 60 * s, 200 * s, trunk, ink()) + tiers;
  }
  const crownH = kind === 'tall' ? 620 * s : 460 * s;
  const crownW = kind === 'tall' ? 380 * s : 520 * s;
  const trunkH = kind === 'tall' ? 380 * s : 300 * s;
  const cy = baseY - trunkH - crownH * 0.38;
  const trunkD = `M${n(x - 40 * s)} ${n(baseY)}Q${n(x - 30 * s)} ${n(baseY - trunkH * 0.6)} ${n(x - 24 * s)} ${n(baseY - trunkH - 40 * s)}L${n(x + 24 * s)} ${n(baseY - trunkH - 40 * s)}Q${n(x + 30 * s)} ${n(baseY - trunkH * 0.6)} ${n(x + 40 * s)} ${n(baseY)}Z`;
  const crown = path(blob(x, cy, crownW / 2, crownH / 2, 9, seed), leaf, ink());
  const shadeCrown = path(
    blob(x + crownW * 0.1, cy + crownH * 0.18, crownW * 0.34, crownH * 0.26, 7, seed + 1),
    shade(leaf, 0.12),
  );
  const hi = ellipse(
    x - crownW * 0.17,
    cy - crownH * 0.2,
    crownW * 0.13,
    crownH * 0.08,
    light(leaf, 0.25),
  );
  return path(trunkD, trunk, ink()) + crown + shadeCrown + hi;
}

/** A rounded bush sitting on baseY. */
export function bush(x: number, baseY: number, s: number, color: string, seed = 11): string {
  const w = 300 * s;
  const h = 180 * s;
  return (
    path(`${blob(x, baseY - h * 0.45, w / 2, h / 2, 7, seed, 0.08)}`, color, ink()) +
    ellipse(x + w * 0.1, baseY - h * 0.3, w * 0.28, h * 0.18, shade(color, 0.12)) +
    rect(
      x - w / 2 - 10,
      baseY - 2,
      w + 20,
      14,
      shade(color, 0.25),
      'fill-opacity="0.35" stroke-opacity="0.35"',
    )
  );
}

/** A wooden picket fence between x0 and x1 standing on baseY. */
export function fence(x0: number, x1: number, baseY: number, h: number, color = '#f3e3c3'): string {
  const gap = 110;
  let pickets = '';
  for (let x = x0; x < x1; x += gap) {
    pickets += path(
      `M${n(x)} ${n(baseY)}L${n(x)} ${n(baseY - h + 26)}L${n(x + 30)} ${n(baseY - h)}L${n(x + 60)} ${n(baseY - h + 26)}L${n(x + 60)} ${n(baseY)}Z`,
      color,
      ink(5),
    );
  }
  const rail = (y: number) => rect(x0 - 20, y, x1 - x0 + 40, 34, shade(color, 0.12), ink(5));
  return rail(baseY - h * 0.72) + rail(baseY - h * 0.3) + pickets;
}

/** A house seen from the front. baseY = ground line. */
export function house(
  x: number,
  baseY: number,
  w: number,
  h: number,
  wall: string,
  roof: string,
  seed = 1,
): string {
  const r = rng(seed);
  const roofH = h * 0.55;
  const body = rect(x, baseY - h, w, h, wall, ink());
  const roofD = `M${n(x - w * 0.08)} ${n(baseY - h + 6)}L${n(x + w / 2)} ${n(baseY - h - roofH)}L${n(x + w * 1.08)} ${n(baseY - h + 6)}Z`;
  const chimney = rect(
    x + w * 0.68,
    baseY - h - roofH * 0.85,
    w * 0.1,
    roofH * 0.5,
    shade(wall, 0.2),
    ink(),
  );
  const doorW = w * 0.2;
  const door =
    rrect(x + w * 0.4, baseY - h * 0.48, doorW, h * 0.48, 14, shade(roof, 0.1), ink()) +
    circle(x + w * 0.4 + doorW * 0.8, baseY - h * 0.24, 8, '#f4c542');
  const win = (wx: number, wy: number) => {
    const ww = w * 0.2;
    const lit = r() < 0.5 ? '#fff3c4' : '#bfe3f2';
    return (
      rect(wx, wy, ww, ww * 0.9, lit, ink(5)) +
      line(wx + ww / 2, wy, wx + ww / 2, wy + ww * 0.9, INK, 4) +
      line(wx, wy + ww * 0.45, wx + ww, wy + ww * 0.45, INK, 4)
    );
  };
  return (
    chimney +
    path(roofD, roof, ink()) +
    body +
    rect(x, baseY - h, w, h * 0.1, shade(wall, 0.1)) +
    door +
    win(x + w * 0.1, baseY - h * 0.78) +
    win(x + w * 0.7, baseY - h * 0.78) +
    win(x + w * 0.7, baseY - h * 0.42)
  );
}

/** Rain streaks over an area, with an optional splash row on the ground. */
export function rain(
  x0: number,
  x1: number,
  y0: number,
  y1: number,
  count: number,
  seed: number,
): string {
  const r = rng(seed);
  let d = '';
  for (let i = 0; i < count; i++) {
    const x = x0 + r() * (x1 - x0);
    const y = y0 + r() * (y1 - y0);
    const len = 50 + r() * 60;
    d += `M${n(x)} ${n(y)}l${n(-len * 0.25)} ${n(len)}`;
  }
  return path(
    d,
    'none',
    'stroke="#e8f2fb" stroke-width="7" stroke-linecap="round" fill-opacity="0.8" stroke-opacity="0.8"',
  );
}

/** A puddle on the ground. */
export function puddle(x: number, y: number, w: number): string {
  return (
    ellipse(x, y, w / 2, w * 0.11, '#9cc0d8', ink(5)) +
    ellipse(x - w * 0.12, y - w * 0.02, w * 0.2, w * 0.03, '#d8ecf7')
  );
}

/** A distant town silhouette strip (no outlines, soft colour). */
export function skyline(width: number, baseY: number, color: string, seed: number): string {
  const r = rng(seed);
  let d = `M-30 ${n(baseY)}`;
  let x = -30;
  while (x < width + 30) {
    const w = 140 + r() * 220;
    const h = 120 + r() * 260;
    if (r() < 0.35) {
      d += `L${n(x)} ${n(baseY - h)}L${n(x + w / 2)} ${n(baseY - h - 90)}L${n(x + w)} ${n(baseY - h)}`;
    } else {
      d += `L${n(x)} ${n(baseY - h)}L${n(x + w)} ${n(baseY - h)}`;
    }
    x += w;
  }
  d += `L${n(width + 30)} ${n(baseY)}Z`;
  return path(d, color);
}

/** Bunting: a string of little triangle flags hanging between two points. */
export function bunting(
  x0: number,
  y0: number,
  x1: number,
  y1: number,
  sag: number,
  colors: string[],
): string {
  const midX = (x0 + x1) / 2;
  const midY = (y0 + y1) / 2 + sag;
  let s = path(
    `M${n(x0)} ${n(y0)}Q${n(midX)} ${n(midY + sag)} ${n(x1)} ${n(y1)}`,
    'none',
    `stroke="${INK}" stroke-width="5"`,
  );
  const count = Math.max(4, Math.round(Math.abs(x1 - x0) / 150));
  for (let i = 1; i < count; i++) {
    const t = i / count;
    const x = (1 - t) * (1 - t) * x0 + 2 * (1 - t) * t * midX + t * t * x1;
    const y = (1 - t) * (1 - t) * y0 + 2 * (1 - t) * t * (midY + sag) + t * t * y1;
    const c = colors[i % colors.length] ?? '#f28b82';
    s += path(`M${n(x - 45)} ${n(y)}L${n(x + 45)} ${n(y)}L${n(x)} ${n(y + 95)}Z`, c, ink(4));
  }
  return s;
}
