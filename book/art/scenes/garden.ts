// The family's back garden: the house, the shed, the fence, the bucket goal, the washing line
// and Mum's flower bed. Used at late afternoon, early morning and sunset.

import { SCENE } from '#book/art/palette.ts';
import { ball, cone, whoosh } from './football.ts';
import { INK, PAPER, circle, ellipse, ink, line, n, path, rect, rrect, shade } from './kit.ts';
import { part } from './part.ts';
import { bush, fence, flowers, hills, tree, tufts } from './outdoor.ts';
import { SKY, type TimeOfDay, cloud, moon, sky, stars, sun } from './sky.ts';

interface GardenOptions {
  time: TimeOfDay;
  /** Where the sun sits (x, y), if visible. */
  sunAt?: [number, number];
  shed?: 'open' | 'closed' | 'none';
  washingLine?: boolean;
  /** x of the left bucket of the bucket goal, if any (right bucket is 900 further). */
  bucketGoal?: number;
  flowerBed?: boolean;
  /** The ball flying into the flower bed (page 9-10). */
  flyingBall?: boolean;
  /** Dew drops sparkling on the grass (early morning). */
  dew?: boolean;
  /** The house is drawn in the foreground (houseWindowWall); paint only the kitchen inside. */
  houseInFront?: boolean;
  /** Ball lying on the grass at this x. */
  ballOnGrass?: number;
  /**
   * The clouds: the middle of each one's flat base and its size. By default three, clear of the
   * text panel at the top right that every garden spread has: a cloud under a panel shows through
   * it behind the words, or peeks out under its corner, and looks like a smudge.
   */
  clouds?: ReadonlyArray<readonly [x: number, y: number, scale: number]>;
}

const CLOUDS: NonNullable<GardenOptions['clouds']> = [
  [900, 560, 1.4],
  [2450, 1150, 0.8],
  [4150, 1050, 0.7],
];

/** An upside-down bucket used as a goal post. */
export function bucket(x: number, baseY: number, s = 1, color = '#3d8fd6'): string {
  const w = 170 * s;
  const h = 200 * s;
  return (
    path(
      `M${n(x - w / 2)} ${n(baseY)}L${n(x - w * 0.36)} ${n(baseY - h)}H${n(x + w * 0.36)}L${n(x + w / 2)} ${n(baseY)}Z`,
      color,
      ink(),
    ) +
    rect(x - w / 2 - 6, baseY - 30 * s, w + 12, 30 * s, shade(color, 0.15), ink(5)) +
    path(
      `M${n(x - w * 0.45)} ${n(baseY - h * 0.5)}Q${n(x)} ${n(baseY - h * 0.2)} ${n(x + w * 0.45)} ${n(baseY - h * 0.5)}`,
      'none',
      `stroke="${INK}" stroke-width="6"`,
    )
  );
}

/** Geometry of the back of the house: wall, kitchen window, back door. */
function houseGeometry(x: number, baseY: number, w: number) {
  return {
    h: 1750,
    wx: x + 130,
    wy: baseY - 1750 + 350,
    ww: 620,
    wh: 520,
    dx: x + w * 0.68,
    door: w > 1400,
  };
}

/**
 * The back of the family house with the kitchen window and the back door. With hole = true the
 * window glass is left open (even-odd) so a figure standing inside shows through it.
 */
function houseBack(x: number, baseY: number, w: number, time: TimeOfDay, hole = false): string {
  const { h, wx, wy, ww, wh, dx, door } = houseGeometry(x, baseY, w);
  const wallC = '#f1d3b0';
  const lit =
    time === 'evening' || time === 'night' || time === 'sunset' ? '#ffe9a8' : SKY[time].top;
  const holeD = hole ? `M${n(wx)} ${n(wy)}V${n(wy + wh)}H${n(wx + ww)}V${n(wy)}Z` : '';
  let s = path(
    `M${n(x)} ${n(baseY - h)}H${n(x + w)}V${n(baseY + 30)}H${n(x)}Z${holeD}`,
    wallC,
    `${ink()} fill-rule="evenodd"`,
  );
  let bricks = '';
  for (let y = baseY - h + 120; y < baseY; y += 120) {
    if (y > wy - 40 && y < wy + wh + 120) continue;
    bricks += `M${n(x + 60 + ((y / 120) % 2) * 90)} ${n(y)}h120`;
  }
  s += path(
    bricks,
    'none',
    `stroke="${shade(wallC, 0.1)}" stroke-width="10" stroke-linecap="round"`,
  );
  s += path(
    `M${n(x - 60)} ${n(baseY - h)}L${n(x + w / 2)} ${n(baseY - h - 420)}L${n(x + w + 60)} ${n(baseY - h)}Z`,
    '#c0574a',
    ink(),
  );
  // Kitchen window: glass (or the opening), frame, sill, window box with flowers.
  if (!hole) s += rect(wx, wy, ww, wh, lit);
  s +=
    rect(wx, wy, ww, wh, 'none', `stroke="${PAPER}" stroke-width="40"`) +
    rect(wx - 20, wy - 20, ww + 40, wh + 40, 'none', ink()) +
    rect(wx + 20, wy + 20, ww - 40, wh - 40, 'none', ink(5));
  if (!hole) s += line(wx + ww / 2, wy, wx + ww / 2, wy + wh, PAPER, 26);
  s += rect(wx - 40, wy + wh, ww + 80, 50, PAPER, ink(5));
  s +=
    rrect(wx, wy + wh + 50, ww, 110, 20, '#b7794a', ink(5)) +
    flowers(wx + 40, wx + ww - 40, wy + wh + 20, wy + wh + 50, 9, 5);
  if (door) {
    s +=
      rrect(dx, baseY - 980, 420, 980, 30, '#3f9c8f', ink()) +
      rect(dx + 70, baseY - 880, 280, 300, '#cfe9f7', ink(5)) +
      circle(dx + 360, baseY - 480, 20, '#f4c542', ink(4));
    s += rect(dx - 60, baseY - 20, 540, 60, '#c9c2b4', ink(5));
  }
  return s;
}

/** The kitchen seen through the open window (behind a figure standing at the window). */
function kitchenThroughWindow(x: number, baseY: number, w: number): string {
  const { wx, wy, ww, wh } = houseGeometry(x, baseY, w);
  return (
    rect(wx, wy, ww, wh, '#f6e2bf') +
    rect(wx, wy, ww, wh * 0.35, '#9cc9b9', ink(4)) +
    rect(wx + ww * 0.6, wy + wh * 0.45, ww * 0.3, wh * 0.3, '#f2c48d', ink(4))
  );
}

const HOUSE_SMALL = { x: -30, baseY: 2050, w: 1100 } as const;

/** The house wall with the kitchen window left open, drawn over Mum waving inside (page 33-34). */
export function houseWindowWall(): string {
  return houseBack(HOUSE_SMALL.x, HOUSE_SMALL.baseY, HOUSE_SMALL.w, 'morning', true);
}

/** The garden shed, door open or closed. */
function shed(x: number, baseY: number, open: boolean): string {
  const w = 1000;
  const h = 1050;
  const wood = SCENE.wood;
  let s = rect(x, baseY - h, w, h, wood, ink());
  let planks = '';
  for (let px = x + 100; px < x + w; px += 100) planks += `M${n(px)} ${n(baseY - h)}V${n(baseY)}`;
  s += path(planks, 'none', `stroke="${shade(wood, 0.2)}" stroke-width="8"`);
  s += path(
    `M${n(x - 80)} ${n(baseY - h + 10)}L${n(x + w / 2)} ${n(baseY - h - 330)}L${n(x + w + 80)} ${n(baseY - h + 10)}Z`,
    '#5b6b8c',
    ink(),
  );
  const dx = x + 280;
  const dw = 440;
  if (open) {
    s += rect(dx, baseY - 820, dw, 820, '#4a3426', ink());
    // Tools in the dark: a rake and a spade.
    s +=
      line(dx + 90, baseY - 760, dx + 90, baseY - 40, '#c9955f', 14) +
      path(
        `M${n(dx + 40)} ${n(baseY - 760)}h100`,
        'none',
        `stroke="#9aa3ad" stroke-width="26" stroke-linecap="round"`,
      );
    s +=
      line(dx + 340, baseY - 700, dx + 340, baseY - 160, '#c9955f', 14) +
      path(`M${n(dx + 300)} ${n(baseY - 160)}h80l-10 120h-60Z`, '#9aa3ad', ink(4));
    s += path(
      `M${n(dx + dw)} ${n(baseY - 820)}L${n(dx + dw + 300)} ${n(baseY - 760)}L${n(dx + dw + 300)} ${n(baseY + 40)}L${n(dx + dw)} ${n(baseY)}Z`,
      shade(wood, 0.08),
      ink(),
    );
  } else {
    s +=
      rect(dx, baseY - 820, dw, 820, shade(wood, 0.08), ink()) +
      circle(dx + dw - 60, baseY - 420, 20, '#f4c542', ink(4));
  }
  s +=
    rect(x + w - 220, baseY - 800, 160, 160, '#cfe9f7', ink(5)) +
    line(x + w - 140, baseY - 800, x + w - 140, baseY - 640, INK, 5);
  return s;
}

/** A washing line between two poles with clothes pegged on. */
export function washingLine(x0: number, x1: number, y: number, baseY: number): string {
  const pole = (x: number) =>
    line(x, baseY, x, y - 40, INK, 26) + line(x, baseY, x, y - 40, '#c9c2b4', 14);
  const mid = (x0 + x1) / 2;
  let s =
    pole(x0) +
    pole(x1) +
    path(
      `M${n(x0)} ${n(y)}Q${n(mid)} ${n(y + 140)} ${n(x1)} ${n(y)}`,
      'none',
      `stroke="${INK}" stroke-width="5"`,
    );
  const items: [number, string, 'shirt' | 'sock' | 'towel'][] = [
    [0.16, '#e4483a', 'shirt'],
    [0.34, '#ffd447', 'towel'],
    [0.52, PAPER, 'sock'],
    [0.6, PAPER, 'sock'],
    [0.78, '#3d8fd6', 'shirt'],
  ];
  for (const [t, c, kind] of items) {
    const x = x0 + (x1 - x0) * t;
    const yy = y + 4 * t * (1 - t) * 140 * 0.98;
    if (kind === 'shirt')
      s += path(
        `M${n(x - 110)} ${n(yy + 10)}L${n(x - 40)} ${n(yy)}H${n(x + 40)}L${n(x + 110)} ${n(yy + 10)}L${n(x + 90)} ${n(yy + 90)}L${n(x + 60)} ${n(yy + 80)}V${n(yy + 260)}H${n(x - 60)}V${n(yy + 80)}L${n(x - 90)} ${n(yy + 90)}Z`,
        c,
        ink(5),
      );
    if (kind === 'towel')
      s += rect(x - 100, yy, 200, 280, c, ink(5)) + rect(x - 100, yy + 220, 200, 24, '#f08a5d');
    if (kind === 'sock')
      s += path(
        `M${n(x - 25)} ${n(yy)}V${n(yy + 150)}Q${n(x - 25)} ${n(yy + 200)} ${n(x + 40)} ${n(yy + 200)}Q${n(x + 70)} ${n(yy + 170)} ${n(x + 25)} ${n(yy + 150)}V${n(yy)}Z`,
        c,
        ink(5),
      );
    s += rect(x - 10, yy - 20, 20, 40, '#c0574a', ink(3));
  }
  return s;
}

/** A flower bed along the fence. */
function flowerBed(x0: number, x1: number, y: number): string {
  let s = path(
    `M${n(x0)} ${n(y + 60)}Q${n(x0)} ${n(y - 40)} ${n((x0 + x1) / 2)} ${n(y - 50)}Q${n(x1)} ${n(y - 40)} ${n(x1)} ${n(y + 60)}Z`,
    '#9a6a48',
    ink(),
  );
  for (let x = x0 + 80; x < x1 - 40; x += 130)
    s += bush(x, y + 10, 0.45, SCENE.grassDark, Math.round(x));
  s += flowers(x0 + 40, x1 - 40, y - 160, y - 20, Math.round((x1 - x0) / 70), 8);
  return s;
}

/** The back garden, spread width. */
export function garden(width: number, o: GardenOptions): string {
  const t = SKY[o.time];
  const fenceY = 1850;
  let s = sky(width, o.time, fenceY);
  if (o.time === 'evening' || o.time === 'night') s += stars(0, 0, width, 700, 20, 3);
  if (o.sunAt)
    s +=
      o.time === 'night'
        ? moon(o.sunAt[0], o.sunAt[1], 120)
        : sun(
            o.sunAt[0],
            o.sunAt[1],
            o.time === 'sunset' ? 240 : 170,
            o.time === 'sunset' ? '#ffa94d' : '#ffd447',
          );
  (o.clouds ?? CLOUDS).forEach(([x, y, scale], i) => (s += cloud(x, y, scale, t.cloud, 2 + 3 * i)));
  s += hills(width, 1650, t.far, 12, 160, 5);
  s +=
    tree(3600, 1720, 1.1, shade(t.grass, 0.1), 'round', 3) +
    tree(4500, 1760, 0.9, shade(t.grass, 0.05), 'tall', 4) +
    tree(300, 1750, 0.95, shade(t.grass, 0.12), 'round', 6);
  s += fence(-30, width + 30, fenceY, 420, o.time === 'evening' ? '#e6cfae' : '#f3e3c3');
  s += rect(-30, fenceY - 2, width + 60, 3032 - fenceY, t.grass, ink());
  s += path(
    `M-30 ${fenceY + 300}Q1200 ${fenceY + 200} 2450 ${fenceY + 320}T4930 ${fenceY + 260}V3030H-30Z`,
    SCENE.grassLight,
    'fill-opacity="0.35" stroke-opacity="0.35"',
  );
  if (o.shed && o.shed !== 'none') s += part('shed', shed(200, fenceY + 180, o.shed === 'open'));
  else if (o.houseInFront)
    s += kitchenThroughWindow(HOUSE_SMALL.x, HOUSE_SMALL.baseY, HOUSE_SMALL.w);
  else s += houseBack(-30, fenceY + 200, 1650, o.time);
  if (o.flowerBed) s += flowerBed(3350, 4900, fenceY + 120);
  if (o.washingLine) s += washingLine(1700, 3050, 900, fenceY + 150);
  s += tufts(-30, width + 30, fenceY + 250, 2980, 70, shade(t.grass, 0.15), 31);
  if (o.dew) {
    let d = '';
    for (let i = 0; i < 60; i++)
      d += `M${n((i * 997) % width)} ${n(fenceY + 250 + ((i * 613) % 800))}h1`;
    s += path(
      d,
      'none',
      `stroke="${PAPER}" stroke-width="16" stroke-linecap="round" fill-opacity="0.9" stroke-opacity="0.9"`,
    );
  }
  if (o.bucketGoal !== undefined) {
    s += bucket(o.bucketGoal, 2420, 1, '#3d8fd6') + bucket(o.bucketGoal + 900, 2420, 1, '#ffd447');
  }
  if (o.flyingBall)
    s +=
      path(
        `M2000 2550Q3000 100 4450 1560`,
        'none',
        `stroke="${PAPER}" stroke-width="12" stroke-dasharray="30 40" fill-opacity="0.9" stroke-opacity="0.9"`,
      ) +
      whoosh(4450, 1560, 360, 300) +
      ball(4450, 1560, 95, 30);
  if (o.ballOnGrass !== undefined)
    s +=
      ellipse(o.ballOnGrass, 2780, 120, 20, INK, 'fill-opacity="0.18" stroke-opacity="0.18"') +
      ball(o.ballOnGrass, 2690, 95, 15);
  return s;
}

/** The two buckets and the cones Dad and Mum bring out of the shed (foreground). */
export function shedTreasures(): string {
  return (
    cone(3000, 2820, 1.2) +
    cone(3150, 2860, 1.2) +
    cone(3080, 2700, 1.2) +
    bucket(3560, 2790, 1, '#3d8fd6') +
    bucket(3730, 2815, 1, '#ffd447')
  );
}

/** A wooden garden bench, seen from the front; seat top at seatY. */
export function gardenBench(x0: number, x1: number, seatY: number, floorY: number): string {
  const wood = '#b7794a';
  let slats = '';
  for (let i = 0; i < 3; i++)
    slats += rrect(
      x0 + 30,
      seatY - 560 + i * 130,
      x1 - x0 - 60,
      90,
      20,
      i === 1 ? shade(wood, 0.08) : wood,
      ink(5),
    );
  return (
    rect(x0 + 60, seatY - 640, 56, 640, shade(wood, 0.2), ink(5)) +
    rect(x1 - 116, seatY - 640, 56, 640, shade(wood, 0.2), ink(5)) +
    slats +
    rect(x0 + 80, seatY, 60, floorY - seatY, shade(wood, 0.25), ink(5)) +
    rect(x1 - 140, seatY, 60, floorY - seatY, shade(wood, 0.25), ink(5)) +
    rrect(x0, seatY - 30, x1 - x0, 80, 20, wood, ink()) +
    rrect(x0 - 30, seatY - 230, 90, 60, 20, wood, ink(5)) +
    rrect(x1 - 60, seatY - 230, 90, 60, 20, wood, ink(5))
  );
}

/** A steaming mug held at (x, y) (the hand centre). */
export function mug(x: number, y: number, color = '#f28b82'): string {
  return (
    path(
      `M${n(x - 40)} ${n(y - 120)}q-30 -40 0 -80q30 -40 0 -80M${n(x + 30)} ${n(y - 120)}q-30 -40 0 -80`,
      'none',
      `stroke="${PAPER}" stroke-width="12" stroke-linecap="round" fill-opacity="0.8" stroke-opacity="0.8"`,
    ) +
    rrect(x - 80, y - 110, 150, 170, 24, color, ink()) +
    path(
      `M${n(x + 70)} ${n(y - 80)}q70 10 0 90`,
      'none',
      `stroke="${INK}" stroke-width="26" stroke-linecap="round"`,
    ) +
    path(
      `M${n(x + 70)} ${n(y - 80)}q70 10 0 90`,
      'none',
      `stroke="${color}" stroke-width="12" stroke-linecap="round"`,
    ) +
    circle(x - 5, y - 20, 30, PAPER)
  );
}

/** Three training cones stacked, held at (x, y). */
export function coneStack(x: number, y: number): string {
  return cone(x, y + 110, 1.4) + cone(x, y + 50, 1.4) + cone(x, y - 10, 1.4);
}
