// Small drawing kit shared by every scene: numbers, colours, seeded randomness, outlines.
// Units are book units (0.1 mm). Flat fills, one shadow tone, dark-brown outlines, no
// gradients, filters or ids (book/STYLE.md): the scene shares one SVG document with the figures.

import { BLEED, PAGE_HEIGHT } from '#book/types.ts';
import { OUTLINE, STROKE, WHITE } from '#book/art/palette.ts';

/** Dark-brown outline shared with the character art (book/STYLE.md). */
export const INK = OUTLINE;
/** Outline width of foreground objects in units. */
export const LINE: number = STROKE.outline;
/** Thinner outline for things far away. */
export const FAR: number = STROKE.background;
/** Warm white used instead of pure white everywhere. */
export const PAPER = WHITE;

/** Top and bottom edges of the painted area, bleed included. */
export const TOP = -BLEED;
export const BOTTOM = PAGE_HEIGHT + BLEED;

/** Rounds to an integer for compact SVG. */
export function n(v: number): string {
  return String(Math.round(v));
}

/** A deterministic random generator (mulberry32), so a page always looks the same. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function parse(hex: string): [number, number, number] {
  const h = hex.replace('#', '');
  return [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16)) as [number, number, number];
}

function hex(rgb: [number, number, number]): string {
  return `#${rgb
    .map((c) =>
      Math.max(0, Math.min(255, Math.round(c)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/** Mixes two #rrggbb colours; t = 0 gives a, t = 1 gives b. */
export function mix(a: string, b: string, t: number): string {
  const ca = parse(a);
  const cb = parse(b);
  return hex([0, 1, 2].map((i) => ca[i]! + (cb[i]! - ca[i]!) * t) as [number, number, number]);
}

/** The darker tone of the two-tone shading. */
export function shade(color: string, amount = 0.18): string {
  return mix(color, '#3a2418', amount);
}

/** A lighter highlight tone. */
export function light(color: string, amount = 0.25): string {
  return mix(color, '#fffaf0', amount);
}

/** Stroke attributes for the outline, optionally thinner. */
export function ink(width = LINE): string {
  return `stroke="${INK}" stroke-width="${n(width)}" stroke-linejoin="round" stroke-linecap="round"`;
}

export function rect(x: number, y: number, w: number, h: number, fill: string, extra = ''): string {
  return `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" fill="${fill}"${extra ? ` ${extra}` : ''}/>`;
}

export function rrect(
  x: number,
  y: number,
  w: number,
  h: number,
  r: number,
  fill: string,
  extra = '',
): string {
  return `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" rx="${n(r)}" fill="${fill}"${extra ? ` ${extra}` : ''}/>`;
}

export function circle(cx: number, cy: number, r: number, fill: string, extra = ''): string {
  return `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="${fill}"${extra ? ` ${extra}` : ''}/>`;
}

export function ellipse(
  cx: number,
  cy: number,
  rx: number,
  ry: number,
  fill: string,
  extra = '',
): string {
  return `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(rx)}" ry="${n(ry)}" fill="${fill}"${extra ? ` ${extra}` : ''}/>`;
}

export function path(d: string, fill: string, extra = ''): string {
  return `<path d="${d}" fill="${fill}"${extra ? ` ${extra}` : ''}/>`;
}

export function line(
  x1: number,
  y1: number,
  x2: number,
  y2: number,
  color: string,
  width: number,
  extra = '',
): string {
  return `<line x1="${n(x1)}" y1="${n(y1)}" x2="${n(x2)}" y2="${n(y2)}" stroke="${color}" stroke-width="${n(width)}" stroke-linecap="round"${extra ? ` ${extra}` : ''}/>`;
}

/** A soft glow: a few concentric translucent discs (no gradients, no filters). */
export function glow(cx: number, cy: number, r: number, color: string, strength = 0.5): string {
  const rings = 5;
  let s = '';
  for (let i = 0; i < rings; i++) {
    const k = 1 - i / rings;
    s += `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r * k)}" fill="${color}" fill-opacity="${((strength / rings) * 1.6).toFixed(2)}" stroke-opacity="${((strength / rings) * 1.6).toFixed(2)}"/>`;
  }
  return s;
}

/** A smooth closed blob through points around a centre (for bushes, clouds, tree crowns). */
export function blob(
  cx: number,
  cy: number,
  rx: number,
  ry: number,
  lobes: number,
  seed: number,
  wobble = 0.12,
): string {
  const r = rng(seed);
  const pts: [number, number][] = [];
  for (let i = 0; i < lobes; i++) {
    const a = (i / lobes) * Math.PI * 2;
    const k = 1 + (r() - 0.5) * 2 * wobble;
    pts.push([cx + Math.cos(a) * rx * k, cy + Math.sin(a) * ry * k]);
  }
  // Scalloped outline: a quadratic bulge outward between neighbouring points.
  let d = `M${n(pts[0]![0])} ${n(pts[0]![1])}`;
  for (let i = 0; i < lobes; i++) {
    const p = pts[i]!;
    const q = pts[(i + 1) % lobes]!;
    const mx = (p[0] + q[0]) / 2;
    const my = (p[1] + q[1]) / 2;
    d += `Q${n(cx + (mx - cx) * 1.32)} ${n(cy + (my - cy) * 1.32)} ${n(q[0])} ${n(q[1])}`;
  }
  return `${d}Z`;
}

/** A wavy horizontal edge from x0 to x1 around y, closed down to the bottom bleed. */
export function wavyBand(
  x0: number,
  x1: number,
  y: number,
  amp: number,
  waves: number,
  seed: number,
  bottom = BOTTOM,
): string {
  const r = rng(seed);
  const step = (x1 - x0) / waves;
  let d = `M${n(x0)} ${n(bottom)}L${n(x0)} ${n(y)}`;
  for (let i = 0; i < waves; i++) {
    const xa = x0 + step * (i + 0.5);
    const xb = x0 + step * (i + 1);
    const ya = y - amp * (0.4 + r() * 0.9);
    const yb = y + (r() - 0.5) * amp * 0.5;
    d += `Q${n(xa)} ${n(ya)} ${n(xb)} ${n(i === waves - 1 ? y : yb)}`;
  }
  return `${d}L${n(x1)} ${n(bottom)}Z`;
}
