// The child's hair styles (boys' and girls'), drawn in head space; see hair.ts.

import { OUTLINE } from '#book/art/palette.ts';
import { n } from '#book/art/characters/svg-util.ts';
import {
  bumps,
  cap,
  curlDots,
  fill,
  line,
  onEllipse,
  shine,
  type Style,
  TIE,
  tufts,
} from './shared.ts';

// ---------------------------------------------------------------- child, boy

/** Short, side-swept fringe. */
export const boyShort: Style = (ctx) => {
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
export const boyTousled: Style = (ctx) => {
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
export const boyCurly: Style = (ctx) => {
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

export const boyBuzz: Style = (ctx) => {
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
export const girlLong: Style = (ctx) => {
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
export const girlPigtails: Style = (ctx) => {
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
export const girlCurly: Style = (ctx) => {
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
export const girlPonytail: Style = (ctx) => {
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
