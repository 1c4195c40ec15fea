// Hair styles, drawn in head space (see head-geometry.ts). Every style has a back layer (drawn
// behind the body and the face) and a front layer (drawn last, over glasses arms). Front layers
// stop above the ears so glasses arms and hearing aids stay visible.

import type { Role } from '../../types.ts';
import { OUTLINE, STROKE, type HairColour } from '../palette.ts';
import type { HeadGeometry } from './head-geometry.ts';
import { n } from './svg-util.ts';

interface HairDrawing {
  back: string;
  front: string;
}

interface Ctx {
  g: HeadGeometry;
  c: HairColour;
  /** Outline width in head units. */
  o: number;
  /** Fine line width in head units. */
  f: number;
  /** Skin colour under see-through (shaved) hair. */
  skin: string;
}

const TIE = '#f27ea9';

/** Point on the ellipse centred (0, cy) with radii rx, ry at angle deg (0 = +x, 90 = up). */
function onEllipse(cy: number, rx: number, ry: number, deg: number): [number, number] {
  const a = (deg * Math.PI) / 180;
  return [Math.cos(a) * rx, cy - Math.sin(a) * ry];
}

/**
 * A bumpy (curly or tufty) edge along an ellipse from angle a0 to a1 (degrees, decreasing
 * means left to right over the top), as path commands starting with L to the first point.
 */
function bumps(
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
function tufts(
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

function fill(ctx: Ctx, d: string, colour = ctx.c.base, extra = ''): string {
  return `<path d="${d}" fill="${colour}" stroke="${OUTLINE}" stroke-width="${n(ctx.o)}" stroke-linejoin="round"${extra}/>`;
}

function line(ctx: Ctx, d: string, colour: string, width = ctx.f * 1.6): string {
  return `<path d="${d}" fill="none" stroke="${colour}" stroke-width="${n(width)}" stroke-linecap="round" stroke-linejoin="round"/>`;
}

/** Elliptic cap behind the head: radii grow by a (sides) and b (top), from y0 on both sides. */
function cap(ctx: Ctx, a: number, b: number, y0: number, colour = ctx.c.shadow): string {
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
function shine(ctx: Ctx, a: number, b: number, from = 120, to = 150): string {
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

type Style = (ctx: Ctx) => HairDrawing;

// ---------------------------------------------------------------- child, boy

/** Short, side-swept fringe. */
const boyShort: Style = (ctx) => {
  const { W, T, E } = ctx.g;
  const rx = W + 8;
  const ry = E - T + 14;
  const front =
    `M${-rx},${E - 14}A${rx} ${ry} 0 0 1 ${rx},${E - 14}` +
    `L${W - 4},${E - 14}C${W - 4},${T + 50} ${W - 20},${T + 40} ${W - 40},${T + 38}` +
    `C${20},${T + 36} ${-14},${T + 48} ${-40},${T + 68}` +
    `L${-50},${T + 52}L${-64},${T + 70}L${-72},${T + 54}` +
    `C${-W + 6},${T + 60} ${-W + 4},${E - 40} ${-W + 4},${E - 14}Z`;
  return {
    back: cap(ctx, 10, 16, E + 6),
    front:
      fill(ctx, front) +
      line(
        ctx,
        `M${W - 30},${T + 20}C${20},${T + 14} ${-20},${T + 30} ${-44},${T + 50}`,
        ctx.c.shadow,
      ) +
      shine(ctx, -4, 0, 112, 142),
  };
};

/** Tousled tufts on top. */
const boyTousled: Style = (ctx) => {
  const { W, T, E } = ctx.g;
  const rx = W + 6;
  const ry = E - T + 10;
  const front =
    `M${-rx},${E - 14}` +
    tufts(E, rx, ry, 180, 0, 9, 22) +
    `L${rx},${E - 14}L${W - 4},${E - 14}C${W - 4},${T + 70} ${W - 14},${T + 50} ${W - 30},${T + 52}` +
    `L${W - 44},${T + 66}L${W - 58},${T + 48}L${12},${T + 62}L${-8},${T + 44}L${-32},${T + 64}L${-50},${T + 46}` +
    `C${-W + 10},${T + 50} ${-W + 2},${E - 40} ${-W + 4},${E - 14}Z`;
  return {
    back: cap(ctx, 12, 18, E + 6),
    front: fill(ctx, front) + shine(ctx, -6, -4, 116, 140),
  };
};

/** Short curls. */
const boyCurly: Style = (ctx) => {
  const { W, T, E } = ctx.g;
  const rx = W + 8;
  const ry = E - T + 14;
  const front =
    `M${-rx},${E - 14}` +
    bumps(E, rx, ry, 178, 2, 11, 1.25) +
    `L${W - 2},${E - 14}` +
    bumps(E - 6, W - 6, E - T - 48, 20, 160, 7, 1.15).replace(/^L/, 'L') +
    `L${-W + 2},${E - 14}Z`;
  return {
    back: fill(
      ctx,
      `M${-rx - 6},${E + 8}` + bumps(E, rx + 6, ry + 6, 185, -5, 12, 1.2) + `Z`,
      ctx.c.shadow,
    ),
    front:
      fill(ctx, front) +
      curlDots(ctx, [
        [-40, T + 4],
        [8, T - 2],
        [52, T + 8],
        [-70, T + 26],
        [78, T + 30],
      ]),
  };
};

function curlDots(ctx: Ctx, at: readonly (readonly [number, number])[]): string {
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
const boyBuzz: Style = (ctx) => {
  const { W, T, E } = ctx.g;
  const rx = W + 3;
  const ry = E - T + 5;
  const front =
    `M${-rx},${E - 14}A${rx} ${ry} 0 0 1 ${rx},${E - 14}L${W - 6},${E - 14}` +
    `C${W - 6},${T + 44} ${W - 24},${T + 34} ${W - 40},${T + 34}L${-W + 40},${T + 34}C${-W + 24},${T + 34} ${-W + 6},${T + 44} ${-W + 6},${E - 14}Z`;
  return {
    back: '',
    front:
      `<path d="${front}" fill="${ctx.skin}"/><path d="${front}" fill="${ctx.c.base}" fill-opacity="0.82"/>` +
      `<path d="M${-rx},${E - 14}A${rx} ${ry} 0 0 1 ${rx},${E - 14}" fill="none" stroke="${OUTLINE}" stroke-width="${n(ctx.o)}"/>` +
      `<path d="M${-W + 8},${E - 14}C${-W + 6},${T + 44} ${-W + 24},${T + 34} ${-W + 40},${T + 34}L${W - 40},${T + 34}C${W - 24},${T + 34} ${W - 6},${T + 44} ${W - 8},${E - 14}" fill="none" stroke="${ctx.c.shadow}" stroke-width="${n(ctx.f * 1.4)}"/>` +
      shine(ctx, -3, -3, 118, 138),
  };
};

// ---------------------------------------------------------------- child, girl

/** Long straight hair with a full fringe, falling behind the shoulders. */
const girlLong: Style = (ctx) => {
  const { W, T, E } = ctx.g;
  const rx = W + 14;
  const ry = E - T + 16;
  const len = 190;
  const back =
    `M${-rx},${E}A${rx} ${ry} 0 0 1 ${rx},${E}` +
    `C${rx + 8},${E + 80} ${rx + 14},${E + len - 40} ${rx + 6},${E + len}` +
    `Q${rx - 30},${E + len + 16} ${W - 40},${E + len - 6}L${-W + 40},${E + len - 6}` +
    `Q${-rx + 30},${E + len + 16} ${-rx - 6},${E + len}C${-rx - 14},${E + len - 40} ${-rx - 8},${E + 80} ${-rx},${E}Z`;
  const frx = W + 8;
  const fry = E - T + 12;
  const front =
    `M${-frx},${E - 16}A${frx} ${fry} 0 0 1 ${frx},${E - 16}L${W - 6},${E - 16}` +
    `C${W - 6},${T + 80} ${W - 14},${T + 60} ${W - 28},${T + 58}` +
    `Q${W - 44},${T + 62} ${W - 54},${T + 54}Q${W - 70},${T + 64} ${W - 86},${T + 54}` +
    `Q${0},${T + 64} ${-18},${T + 54}Q${-34},${T + 64} ${-50},${T + 54}Q${-66},${T + 64} ${-78},${T + 56}` +
    `C${-W + 10},${T + 60} ${-W + 6},${T + 80} ${-W + 6},${E - 16}Z`;
  return {
    back:
      fill(ctx, back, ctx.c.shadow) +
      line(
        ctx,
        `M${W - 6},${E + 60}Q${W + 4},${E + 120} ${W - 10},${E + 170}`,
        ctx.c.base,
        ctx.f * 2,
      ),
    front: fill(ctx, front) + shine(ctx, -4, 0, 112, 144),
  };
};

/** Two pigtails with pink ties and a centre parting. */
const girlPigtails: Style = (ctx) => {
  const { W, T, E } = ctx.g;
  const rx = W + 8;
  const ry = E - T + 12;
  const front =
    `M${-rx},${E - 16}A${rx} ${ry} 0 0 1 ${rx},${E - 16}L${W - 6},${E - 16}` +
    `C${W - 6},${T + 60} ${W - 40},${T + 34} ${2},${T + 30}` +
    `C${-W + 40},${T + 34} ${-W + 6},${T + 60} ${-W + 6},${E - 16}Z`;
  const tail = (s: 1 | -1): string => {
    const x0 = s * (W + 6);
    const d =
      `M${x0},${E - 44}C${x0 + s * 70},${E - 60} ${x0 + s * 96},${E + 30} ${x0 + s * 70},${E + 110}` +
      `Q${x0 + s * 56},${E + 90} ${x0 + s * 40},${E + 104}Q${x0 + s * 44},${E + 40} ${x0 + s * 4},${E - 16}Z`;
    return (
      fill(ctx, d) +
      line(
        ctx,
        `M${x0 + s * 24},${E - 20}Q${x0 + s * 56},${E + 10} ${x0 + s * 58},${E + 70}`,
        ctx.c.shadow,
      ) +
      `<ellipse cx="${x0 + s * 8}" cy="${E - 32}" rx="12" ry="16" fill="${TIE}" stroke="${OUTLINE}" stroke-width="${n(ctx.o)}"/>`
    );
  };
  return {
    back: cap(ctx, 12, 16, E + 4) + tail(-1) + tail(1),
    front:
      fill(ctx, front) +
      line(ctx, `M${2},${T + 30}L${2},${T - 4}`, ctx.c.shadow) +
      shine(ctx, -4, 0, 116, 146),
  };
};

/** Big soft curls to the chin. */
const girlCurly: Style = (ctx) => {
  const { W, T, E } = ctx.g;
  const rx = W + 34;
  const ry = E - T + 30;
  const start = onEllipse(E + 10, rx, ry + 10, 235);
  const back =
    bumps(E + 10, rx, ry + 10, 235, -55, 15, 1.2).replace(/^L/, 'M') +
    `Q0,${E + 150} ${n(start[0])},${n(start[1])}Z`;
  const frx = W + 12;
  const fry = E - T + 16;
  const front =
    `M${-frx},${E - 16}` +
    bumps(E, frx, fry, 178, 2, 10, 1.2) +
    `L${W - 4},${E - 16}` +
    bumps(E - 10, W - 4, E - T - 56, 12, 168, 6, 1.25) +
    `L${-W + 4},${E - 16}Z`;
  return {
    back:
      fill(ctx, back, ctx.c.shadow) +
      curlDots(ctx, [
        [-W - 14, E + 40],
        [W + 18, E + 50],
        [-W + 2, E + 96],
        [W - 8, E + 92],
      ]),
    front:
      fill(ctx, front) +
      curlDots(ctx, [
        [-36, T - 6],
        [20, T - 10],
        [64, T + 8],
        [-72, T + 18],
      ]),
  };
};

/** High ponytail swinging to one side. */
const girlPonytail: Style = (ctx) => {
  const { W, T, E } = ctx.g;
  const rx = W + 6;
  const ry = E - T + 10;
  const front =
    `M${-rx},${E - 16}A${rx} ${ry} 0 0 1 ${rx},${E - 16}L${W - 6},${E - 16}` +
    `C${W - 6},${T + 54} ${W - 30},${T + 36} ${W - 60},${T + 38}` +
    `C${-10},${T + 40} ${-W + 6},${T + 56} ${-W + 6},${E - 16}Z`;
  const tail =
    `M${W - 30},${T + 4}C${W + 60},${T - 30} ${W + 96},${T + 60} ${W + 70},${E + 120}` +
    `Q${W + 58},${E + 96} ${W + 36},${E + 110}Q${W + 58},${E + 30} ${W + 20},${T + 44}Z`;
  return {
    back:
      fill(ctx, tail) +
      line(ctx, `M${W + 20},${T + 10}Q${W + 70},${T + 30} ${W + 62},${E + 80}`, ctx.c.shadow) +
      cap(ctx, 8, 12, E + 4),
    front:
      fill(ctx, front) +
      `<ellipse cx="${W - 22}" cy="${T + 10}" rx="16" ry="12" transform="rotate(40 ${W - 22} ${T + 10})" fill="${TIE}" stroke="${OUTLINE}" stroke-width="${n(ctx.o)}"/>` +
      line(ctx, `M${-W + 30},${T + 40}Q${-10},${T + 8} ${W - 36},${T + 14}`, ctx.c.shadow) +
      shine(ctx, -3, -2, 122, 150),
  };
};

// ---------------------------------------------------------------- dad

const dadShort: Style = (ctx) => {
  const { W, T, E } = ctx.g;
  const rx = W + 6;
  const ry = E - T + 10;
  const front =
    `M${-rx},${E - 8}A${rx} ${ry} 0 0 1 ${rx},${E - 8}L${W - 4},${E - 8}` +
    `C${W - 2},${T + 60} ${W - 12},${T + 42} ${W - 40},${T + 40}` +
    `Q${20},${T + 34} ${-30},${T + 42}L${-40},${T + 30}Q${-60},${T + 40} ${-W + 14},${T + 48}` +
    `C${-W + 4},${T + 60} ${-W + 2},${E - 30} ${-W + 4},${E - 8}Z`;
  return {
    back: cap(ctx, 8, 12, E + 4),
    front:
      fill(ctx, front) +
      line(ctx, `M${-40},${T + 30}Q${-30},${T + 10} ${-36},${T - 2}`, ctx.c.shadow) +
      shine(ctx, -3, -2, 112, 136),
  };
};

const dadQuiff: Style = (ctx) => {
  const { W, T, E } = ctx.g;
  const rx = W + 6;
  const front =
    `M${-rx},${E - 8}C${-rx - 2},${T + 10} ${-60},${T - 18} ${-10},${T - 22}` +
    `C${40},${T - 40} ${W + 20},${T - 30} ${W + 4},${T + 20}` +
    `C${rx + 2},${T + 40} ${rx},${E - 30} ${rx},${E - 8}L${W - 4},${E - 8}` +
    `C${W - 4},${T + 60} ${W - 20},${T + 44} ${W - 40},${T + 36}` +
    `C${20},${T + 50} ${-40},${T + 40} ${-W + 12},${T + 50}` +
    `C${-W + 4},${T + 60} ${-W + 2},${E - 30} ${-W + 4},${E - 8}Z`;
  return {
    back: cap(ctx, 8, 12, E + 4),
    front:
      fill(ctx, front) +
      line(ctx, `M${-40},${T + 6}C${0},${T - 20} ${40},${T - 20} ${70},${T + 4}`, ctx.c.shadow) +
      line(
        ctx,
        `M${-50},${T + 24}C${0},${T + 4} ${50},${T + 6} ${W - 24},${T + 22}`,
        ctx.c.shine,
        ctx.f * 2.4,
      ),
  };
};

const dadCurly: Style = (ctx) => {
  const { W, T, E } = ctx.g;
  const rx = W + 8;
  const ry = E - T + 12;
  const front =
    `M${-rx},${E - 8}` +
    bumps(E, rx, ry, 178, 2, 10, 1.2) +
    `L${W - 4},${E - 8}` +
    bumps(E - 4, W - 4, E - T - 44, 14, 166, 6, 1.15) +
    `L${-W + 4},${E - 8}Z`;
  return {
    back: cap(ctx, 10, 14, E + 4),
    front:
      fill(ctx, front) +
      curlDots(ctx, [
        [-36, T + 2],
        [16, T - 4],
        [56, T + 10],
        [-66, T + 24],
      ]),
  };
};

const dadReceding: Style = (ctx) => {
  const { W, T, E } = ctx.g;
  const rx = W + 5;
  const ry = E - T + 8;
  const front =
    `M${-rx},${E - 8}A${rx} ${ry} 0 0 1 ${rx},${E - 8}L${W - 4},${E - 8}` +
    `C${W - 4},${T + 50} ${W - 10},${T + 40} ${W - 26},${T + 26}` +
    `C${40},${T + 8} ${20},${T + 24} ${0},${T + 26}C${-20},${T + 24} ${-40},${T + 8} ${-W + 26},${T + 26}` +
    `C${-W + 10},${T + 40} ${-W + 4},${T + 50} ${-W + 4},${E - 8}Z`;
  return {
    back: cap(ctx, 7, 10, E + 4),
    front: fill(ctx, front) + shine(ctx, -2, -2, 128, 146),
  };
};

const dadShaved: Style = (ctx) => {
  const { W, T, E } = ctx.g;
  const rx = W + 2;
  const ry = E - T + 3;
  const front =
    `M${-rx},${E - 8}A${rx} ${ry} 0 0 1 ${rx},${E - 8}L${W - 4},${E - 8}` +
    `C${W - 4},${T + 40} ${W - 26},${T + 28} ${0},${T + 30}C${-W + 26},${T + 28} ${-W + 4},${T + 40} ${-W + 4},${E - 8}Z`;
  return {
    back: '',
    front:
      `<path d="${front}" fill="${ctx.skin}"/><path d="${front}" fill="${ctx.c.base}" fill-opacity="0.55"/>` +
      `<path d="M${-rx},${E - 8}A${rx} ${ry} 0 0 1 ${rx},${E - 8}" fill="none" stroke="${OUTLINE}" stroke-width="${n(ctx.o)}"/>`,
  };
};

// ---------------------------------------------------------------- mum

const mumLong: Style = (ctx) => {
  const { W, T, E } = ctx.g;
  const rx = W + 14;
  const ry = E - T + 16;
  const len = 210;
  const back =
    `M${-rx},${E}A${rx} ${ry} 0 0 1 ${rx},${E}` +
    `C${rx + 10},${E + 80} ${rx + 16},${E + len - 40} ${rx + 10},${E + len}` +
    `Q${rx - 20},${E + len + 20} ${W - 30},${E + len - 4}L${-W + 30},${E + len - 4}` +
    `Q${-rx + 20},${E + len + 20} ${-rx - 10},${E + len}C${-rx - 16},${E + len - 40} ${-rx - 10},${E + 80} ${-rx},${E}Z`;
  const frx = W + 8;
  const fry = E - T + 12;
  const front =
    `M${-frx},${E - 12}A${frx} ${fry} 0 0 1 ${frx},${E - 12}L${W - 4},${E - 12}` +
    `C${W - 4},${T + 70} ${W - 20},${T + 40} ${W - 50},${T + 36}` +
    `C${0},${T + 34} ${-40},${T + 60} ${-W + 6},${T + 90}` +
    `L${-W + 4},${E - 12}Z`;
  return {
    back:
      fill(ctx, back, ctx.c.shadow) +
      line(
        ctx,
        `M${-W},${E + 60}Q${-W - 10},${E + 130} ${-W + 6},${E + 190}`,
        ctx.c.base,
        ctx.f * 2,
      ),
    front:
      fill(ctx, front) +
      line(
        ctx,
        `M${W - 44},${T + 20}C${0},${T + 20} ${-40},${T + 40} ${-W + 14},${T + 70}`,
        ctx.c.shadow,
      ) +
      shine(ctx, -4, 0, 100, 130),
  };
};

const mumBun: Style = (ctx) => {
  const { W, T, E } = ctx.g;
  const rx = W + 6;
  const ry = E - T + 10;
  const front =
    `M${-rx},${E - 12}A${rx} ${ry} 0 0 1 ${rx},${E - 12}L${W - 4},${E - 12}` +
    `C${W - 4},${T + 60} ${W - 40},${T + 30} ${0},${T + 28}` +
    `C${-W + 40},${T + 30} ${-W + 4},${T + 60} ${-W + 4},${E - 12}Z`;
  return {
    back:
      `<circle cx="0" cy="${T - 24}" r="44" fill="${ctx.c.base}" stroke="${OUTLINE}" stroke-width="${n(ctx.o)}"/>` +
      line(ctx, `M-26,${T - 30}Q0,${T - 60} 26,${T - 34}`, ctx.c.shadow) +
      line(ctx, `M-20,${T - 12}Q4,${T - 34} 30,${T - 16}`, ctx.c.shadow) +
      cap(ctx, 6, 10, E + 4),
    front:
      fill(ctx, front) +
      line(ctx, `M${-60},${T + 40}Q${-30},${T + 10} ${-4},${T - 2}`, ctx.c.shadow) +
      line(ctx, `M${60},${T + 40}Q${30},${T + 10} ${4},${T - 2}`, ctx.c.shadow) +
      shine(ctx, -3, -2, 118, 148),
  };
};

const mumBob: Style = (ctx) => {
  const { W, T, E } = ctx.g;
  const rx = W + 22;
  const ry = E - T + 20;
  const back =
    `M${-rx},${E}A${rx} ${ry} 0 0 1 ${rx},${E}C${rx + 4},${E + 50} ${rx + 6},${E + 80} ${rx - 6},${E + 104}` +
    `Q${W - 10},${E + 116} ${W - 30},${E + 100}L${-W + 30},${E + 100}Q${-W + 10},${E + 116} ${-rx + 6},${E + 104}` +
    `C${-rx - 6},${E + 80} ${-rx - 4},${E + 50} ${-rx},${E}Z`;
  const frx = W + 12;
  const fry = E - T + 14;
  const front =
    `M${-frx},${E - 12}A${frx} ${fry} 0 0 1 ${frx},${E - 12}L${W - 4},${E - 12}` +
    `C${W - 2},${T + 60} ${W - 10},${T + 50} ${W - 24},${T + 56}` +
    `Q${W - 60},${T + 70} ${-10},${T + 46}Q${-50},${T + 30} ${-W + 6},${T + 56}` +
    `L${-W + 4},${E - 12}Z`;
  return {
    back: fill(ctx, back, ctx.c.shadow),
    front:
      fill(ctx, front) +
      line(ctx, `M${W - 30},${T + 40}Q${0},${T + 30} ${-W + 20},${T + 40}`, ctx.c.shadow) +
      shine(ctx, -4, 0, 112, 144),
  };
};

const mumCurls: Style = (ctx) => {
  const { W, T, E } = ctx.g;
  const rx = W + 40;
  const ry = E - T + 34;
  const start = onEllipse(E + 20, rx, ry + 16, 245);
  const back =
    bumps(E + 20, rx, ry + 16, 245, -65, 17, 1.2).replace(/^L/, 'M') +
    `Q0,${E + 190} ${n(start[0])},${n(start[1])}Z`;
  const frx = W + 14;
  const fry = E - T + 18;
  const front =
    `M${-frx},${E - 14}` +
    bumps(E, frx, fry, 178, 2, 10, 1.2) +
    `L${W - 4},${E - 14}` +
    bumps(E - 10, W - 4, E - T - 52, 12, 168, 6, 1.25) +
    `L${-W + 4},${E - 14}Z`;
  return {
    back:
      fill(ctx, back, ctx.c.shadow) +
      curlDots(ctx, [
        [-W - 20, E + 40],
        [W + 24, E + 50],
        [-W - 6, E + 120],
        [W + 4, E + 116],
      ]),
    front:
      fill(ctx, front) +
      curlDots(ctx, [
        [-34, T - 8],
        [22, T - 10],
        [62, T + 8],
        [-68, T + 16],
      ]),
  };
};

const STYLES: Record<string, Style> = {
  'child:short': boyShort,
  'child:tousled': boyTousled,
  'child:curly:boy': boyCurly,
  'child:buzz': boyBuzz,
  'child:long': girlLong,
  'child:pigtails': girlPigtails,
  'child:curly:girl': girlCurly,
  'child:ponytail': girlPonytail,
  'dad:short': dadShort,
  'dad:quiff': dadQuiff,
  'dad:curly': dadCurly,
  'dad:receding': dadReceding,
  'dad:shaved': dadShaved,
  'mum:long': mumLong,
  'mum:bun': mumBun,
  'mum:bob': mumBob,
  'mum:curls': mumCurls,
};

/** Draw a hair style in head space. styleKey comes from the catalogue option. */
export function drawHair(
  role: Role,
  styleKey: string,
  gender: string | undefined,
  g: HeadGeometry,
  colour: HairColour,
  skin: string,
): HairDrawing {
  const style = STYLES[`${role}:${styleKey}:${gender ?? ''}`] ?? STYLES[`${role}:${styleKey}`];
  if (!style) throw new Error(`no hair drawing for ${role} ${styleKey}`);
  return style({ g, c: colour, o: STROKE.outline / g.scale, f: STROKE.fine / g.scale, skin });
}
