// Dad's and Mum's hair styles, drawn in head space; see hair.ts.

import { OUTLINE } from '#book/art/palette.ts';
import { n } from '#book/art/characters/svg-util.ts';
import { bumps, cap, curlDots, fill, line, onEllipse, shine, type Style } from './shared.ts';

// ---------------------------------------------------------------- dad

export const dadShort: Style = (ctx) => {
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

export const dadQuiff: Style = (ctx) => {
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

export const dadCurly: Style = (ctx) => {
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

export const dadReceding: Style = (ctx) => {
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

export const dadShaved: Style = (ctx) => {
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

export const mumLong: Style = (ctx) => {
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

export const mumBun: Style = (ctx) => {
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

export const mumBob: Style = (ctx) => {
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

export const mumCurls: Style = (ctx) => {
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
