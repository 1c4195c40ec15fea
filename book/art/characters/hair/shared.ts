// Shared tools of the hair styles: the drawing context, ellipse points, curly and tufty edges,
// outlined fills, strands, the cap behind the head and the shine. Head space (head-geometry.ts).

import { OUTLINE, type HairColour } from '#book/art/palette.ts';
import type { HeadGeometry } from '#book/art/characters/head-geometry.ts';
import { n } from '#book/art/characters/svg-util.ts';

export interface HairDrawing {
  back: string;
  front: string;
}

export interface Ctx {
  g: HeadGeometry;
  c: HairColour;
  /** Outline width in head units. */
  o: number;
  /** Fine line width in head units. */
  f: number;
  /** Skin colour under see-through (shaved) hair. */
  skin: string;
}

export const TIE = '#f27ea9';

/** Point on the ellipse centred (0, cy) with radii rx, ry at angle deg (0 = +x, 90 = up). */
export function onEllipse(cy: number, rx: number, ry: number, deg: number): [number, number] {
  const a = (deg * Math.PI) / 180;
  return [Math.cos(a) * rx, cy - Math.sin(a) * ry];
}

/**
 * A bumpy (curly or tufty) edge along an ellipse from angle a0 to a1 (degrees, decreasing
 * means left to right over the top), as path commands starting with L to the first point.
 */
export function bumps(
  cy: number,
  rx: number,
  ry: number,
  a0: number,
  a1: number,
  count: number,
  bulge: number,
): string {
  let d = '';
  let prev = onEllipse(cy, rx, ry, a0);
  d += `L${n(prev[0])},${n(prev[1])}`;
  for (let i = 1; i <= count; i++) {
    const p = onEllipse(cy, rx, ry, a0 + ((a1 - a0) * i) / count);
    const r = (Math.hypot(p[0] - prev[0], p[1] - prev[1]) / 2) * bulge;
    d += `A${n(r)} ${n(r)} 0 0 1 ${n(p[0])},${n(p[1])}`;
    prev = p;
  }
  return d;
}

/** Soft pointed tufts along an ellipse (tousled hair). */
export function tufts(
  cy: number,
  rx: number,
  ry: number,
  a0: number,
  a1: number,
  count: number,
  spike: number,
): string {
  let d = '';
  let prev = onEllipse(cy, rx, ry, a0);
  d += `L${n(prev[0])},${n(prev[1])}`;
  for (let i = 1; i <= count; i++) {
    const am = a0 + ((a1 - a0) * (i - 0.35)) / count;
    const tip = onEllipse(cy, rx + spike, ry + spike, am);
    const p = onEllipse(cy, rx, ry, a0 + ((a1 - a0) * i) / count);
    d += `Q${n(tip[0] - (p[0] - prev[0]) * 0.15)},${n(tip[1] - 6)} ${n(tip[0])},${n(tip[1])}Q${n(tip[0] + (p[0] - prev[0]) * 0.2)},${n(tip[1] + 4)} ${n(p[0])},${n(p[1])}`;
    prev = p;
  }
  return d;
}

export function fill(ctx: Ctx, d: string, colour = ctx.c.base, extra = ''): string {
  return `<path d="${d}" fill="${colour}" stroke="${OUTLINE}" stroke-width="${n(ctx.o)}" stroke-linejoin="round"${extra}/>`;
}

export function line(ctx: Ctx, d: string, colour: string, width = ctx.f * 1.6): string {
  return `<path d="${d}" fill="none" stroke="${colour}" stroke-width="${n(width)}" stroke-linecap="round" stroke-linejoin="round"/>`;
}

/** Elliptic cap behind the head: radii grow by a (sides) and b (top), from y0 on both sides. */
export function cap(ctx: Ctx, a: number, b: number, y0: number, colour = ctx.c.shadow): string {
  const { W, T, E } = ctx.g;
  const rx = W + a;
  const ry = E - T + b;
  return fill(
    ctx,
    `M${n(-rx)},${n(y0)}L${n(-rx)},${E}A${n(rx)} ${n(ry)} 0 0 1 ${n(rx)},${E}L${n(rx)},${n(y0)}Z`,
    colour,
  );
}

/** The shine stroke on the upper left of the hair. */
export function shine(ctx: Ctx, a: number, b: number, from = 120, to = 150): string {
  const { W, T, E } = ctx.g;
  const p0 = onEllipse(E, W + a, E - T + b, from);
  const p1 = onEllipse(E, W + a, E - T + b, to);
  const rx = W + a;
  const ry = E - T + b;
  return line(
    ctx,
    `M${n(p0[0])},${n(p0[1])}A${n(rx)} ${n(ry)} 0 0 0 ${n(p1[0])},${n(p1[1])}`,
    ctx.c.shine,
    ctx.f * 2.6,
  );
}

export type Style = (ctx: Ctx) => HairDrawing;

export function curlDots(ctx: Ctx, at: readonly (readonly [number, number])[]): string {
  return at
    .map(([x, y]) =>
      line(
        ctx,
        `M${n(x - 8)},${n(y + 2)}Q${n(x)},${n(y - 10)} ${n(x + 8)},${n(y + 2)}`,
        ctx.c.shadow,
        ctx.f * 1.8,
      ),
    )
    .join('');
}

/** Very short buzz cut: the skin shows through a little. */
