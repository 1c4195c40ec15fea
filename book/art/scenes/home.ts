// Home scenes: the living room (morning and evening), the kitchen at dinner time and the
// child's bedroom at night.

import { SCENE } from '#book/art/palette.ts';
import { ball } from './football.ts';
import {
  counter,
  floor,
  lamp,
  picture,
  plant,
  rug,
  shelf,
  sofa,
  wall,
  wallCupboards,
  window,
} from './indoor.ts';
import { bed, clock, nightstand } from './bedroom.ts';
import { stars } from './sky.ts';
import { part } from './part.ts';
import {
  INK,
  PAPER,
  circle,
  ellipse,
  glow,
  ink,
  light,
  line,
  n,
  path,
  rect,
  rrect,
  shade,
} from './kit.ts';

/** A ducking cat peeking out (optional friend in the living room). */
export function cat(x: number, y: number, s: number, color = '#f0a65a'): string {
  const k = (v: number) => v * s;
  return (
    path(
      `M${n(x - k(150))} ${n(y)}Q${n(x - k(160))} ${n(y - k(150))} ${n(x)} ${n(y - k(160))}Q${n(x + k(160))} ${n(y - k(150))} ${n(x + k(150))} ${n(y)}Z`,
      color,
      ink(),
    ) +
    path(
      `M${n(x - k(120))} ${n(y - k(120))}L${n(x - k(135))} ${n(y - k(230))}L${n(x - k(50))} ${n(y - k(160))}ZM${n(x + k(120))} ${n(y - k(120))}L${n(x + k(135))} ${n(y - k(230))}L${n(x + k(50))} ${n(y - k(160))}Z`,
      color,
      ink(),
    ) +
    ellipse(x - k(55), y - k(90), k(18), k(26), INK) +
    ellipse(x + k(55), y - k(90), k(18), k(26), INK) +
    circle(x - k(50), y - k(98), k(6), PAPER) +
    circle(x + k(60), y - k(98), k(6), PAPER) +
    path(
      `M${n(x - k(14))} ${n(y - k(50))}L${n(x + k(14))} ${n(y - k(50))}L${n(x)} ${n(y - k(36))}Z`,
      '#e07a7a',
    ) +
    path(
      `M${n(x - k(60))} ${n(y - k(150))}l${n(k(20))} ${n(k(30))}M${n(x)} ${n(y - k(160))}v${n(k(32))}M${n(x + k(60))} ${n(y - k(150))}l${n(-k(20))} ${n(k(30))}`,
      'none',
      `stroke="${shade(color, 0.3)}" stroke-width="${n(k(12))}" stroke-linecap="round"`,
    )
  );
}

/** Little curved motion marks beside something that wobbles or moves. */
export function wobble(x: number, y: number, h: number): string {
  return path(
    `M${n(x)} ${n(y)}q${n(-h * 0.2)} ${n(h * 0.5)} 0 ${n(h)}M${n(x - h * 0.25)} ${n(y + h * 0.1)}q${n(-h * 0.2)} ${n(h * 0.4)} 0 ${n(h * 0.8)}`,
    'none',
    `stroke="${INK}" stroke-width="9" stroke-linecap="round"`,
  );
}

/** A wall poster of a football match (no words: the composer draws all text). */
function matchPoster(x: number, y: number, w: number, h: number): string {
  return (
    rrect(x, y, w, h, 12, '#3d8fd6', ink()) +
    rect(x + 20, y + h * 0.62, w - 40, h * 0.38 - 20, '#7cc05a') +
    path(
      `M${n(x + w * 0.2)} ${n(y + h * 0.62)}V${n(y + h * 0.42)}H${n(x + w * 0.8)}V${n(y + h * 0.62)}`,
      'none',
      `stroke="${PAPER}" stroke-width="14"`,
    ) +
    ball(x + w / 2, y + h * 0.75, w * 0.1) +
    path(
      `M${n(x + w * 0.5)} ${n(y + h * 0.1)}l${n(w * 0.05)} ${n(h * 0.1)}l${n(w * 0.11)} 0l${n(-w * 0.09)} ${n(h * 0.07)}l${n(w * 0.04)} ${n(h * 0.11)}l${n(-w * 0.11)} ${n(-h * 0.07)}l${n(-w * 0.11)} ${n(h * 0.07)}l${n(w * 0.04)} ${n(-h * 0.11)}l${n(-w * 0.09)} ${n(-h * 0.07)}l${n(w * 0.11)} 0Z`,
      '#ffd447',
      ink(4),
    ) +
    circle(x + 20, y + 20, 12, '#e4483a') +
    circle(x + w - 20, y + 20, 12, '#e4483a')
  );
}

/** The living room: morning (page 1-2) or evening lamp light (page 29-30). */
export function livingRoom(width: number, time: 'morning' | 'evening'): string {
  const floorY = 2150;
  const evening = time === 'evening';
  const wallC = evening ? '#e9cfa9' : SCENE.wall;
  let s = wall(width, floorY, wallC, 'stripes');
  s += floor(width, floorY, evening ? '#c48f62' : SCENE.floor, 'wood');
  // Hallway door on the far left, slightly open.
  s +=
    rect(150, floorY - 1250, 560, 1250, shade(wallC, 0.35), ink()) +
    path(`M150 ${floorY}V${floorY - 1250}L430 ${floorY - 1180}V${floorY + 60}Z`, '#c98b54', ink()) +
    circle(390, floorY - 600, 20, '#f4c542', ink(4));
  // Window with curtains.
  s += part(
    evening ? 'evening' : 'morning',
    window(
      1000,
      900,
      900,
      950,
      evening ? 'night' : 'morning',
      PAPER,
      evening ? '#6f8fc9' : '#f28b82',
    ),
  );
  if (!evening)
    s += path(
      `M1000 ${floorY + 20}L1900 ${floorY + 20}L2350 2900L1300 2900Z`,
      '#fff3c4',
      'fill-opacity="0.35" stroke-opacity="0.35"',
    );
  // Right page: poster, shelf, sofa, lamp.
  if (evening) s += glow(4300, 1200, 1300, '#ffe8a8', 0.35);
  s += matchPoster(2850, 880, 500, 680);
  s += picture(3650, 900, 380, 300, 'heart', '#c98b54');
  s += shelf(3550, 1450, 700);
  s += rug(3600, 2650, 1900, evening ? '#8fb4d8' : '#f2b880');
  s += part('sofa', sofa(2750, 1700, 1880, floorY + 250, evening ? '#7fa8c9' : '#6fb0a6'));
  if (evening) {
    s += lamp(4640, floorY + 150, 1350, '#ffd98a');
    // A big floor cushion for Dad.
    s +=
      ellipse(1500, 2830, 430, 70, shade('#f2b880', 0.2), ink()) +
      rrect(1070, 2420, 860, 410, 180, '#f2b880', ink()) +
      ellipse(1500, 2440, 420, 80, light('#f2b880', 0.15), ink(5)) +
      circle(1500, 2450, 20, shade('#f2b880', 0.3));
  } else {
    // The wobbling lamp: tilted a little with motion marks.
    s += part(
      'lamp-wobbles',
      `<g transform="rotate(7 4620 ${floorY + 150})">${lamp(4620, floorY + 150, 1350, '#f6d28b', false)}</g>` +
        wobble(4380, 860, 180) +
        wobble(4860, 930, 150),
    );
    // A cat ducking behind the sofa arm.
    s += part('cat-hides', cat(4700, floorY + 390, 1.1));
  }
  s += plant(2550, floorY + 60, 1);
  return s;
}

/** Kitchen at dinner time: cupboards, a window at dusk, a clock. The table is the foreground. */
/** Kitchen; seats = [hip x, seat y] of each chair (the child's chair is taller). */
export function kitchen(width: number, seats: [number, number][]): string {
  const floorY = 2250;
  let s = wall(width, floorY, '#f7e6c4', 'tiles');
  s += floor(width, floorY, '#e3c9a0', 'tiles');
  s += window(550, 760, 950, 850, 'evening', PAPER, '#f2b880');
  s += clock(1950, 1000, 150);
  s += picture(200, 900, 200, 260, 'heart', '#b7794a');
  s += wallCupboards(2700, 4100, 900, 480, '#9cc9b9');
  s += counter(2700, 4100, 1700, floorY, '#9cc9b9');
  s += rrect(3000, 1570, 260, 120, 20, '#d0d4da', ink()) + line(3260, 1610, 3360, 1610, INK, 12);
  s += plant(3800, 1660, 0.7);
  // Fridge with two magnets.
  s +=
    rrect(4250, 760, 620, floorY - 760, 40, '#f1ede6', ink()) +
    line(4250, 1300, 4870, 1300, INK, 6) +
    rrect(4300, 1000, 26, 200, 13, '#b8bcc4', ink(4)) +
    rrect(4300, 1400, 26, 260, 13, '#b8bcc4', ink(4)) +
    circle(4600, 1000, 36, '#e4483a', ink(4)) +
    rect(4680, 1500, 90, 110, '#ffd447', ink(4));
  // Pendant lamps above the table, glowing.
  for (const lx of [1250])
    s +=
      glow(lx, 900, 500, '#ffe8a8', 0.3) +
      line(lx, -30, lx, 640, INK, 10) +
      path(`M${lx - 200} 820Q${lx} 560 ${lx + 200} 820Z`, '#e4483a', ink());
  // A chair behind each seated person (back behind the hips).
  for (const [sx, sy] of seats) s += chairFront(sx, sy, 2800, '#e0a35c');
  return s;
}

/** A chair seen from the front behind a seated figure: back rest, seat, legs. */
function chairFront(x: number, seatY: number, floorY: number, color: string): string {
  const w = 440;
  return (
    rrect(x - w / 2, seatY - 720, w, 120, 40, color, ink()) +
    rect(x - w / 2 + 10, seatY - 620, 40, 620, shade(color, 0.12), ink(5)) +
    rect(x + w / 2 - 50, seatY - 620, 40, 620, shade(color, 0.12), ink(5)) +
    rect(x - w / 2 + 10, seatY, 44, floorY - seatY, shade(color, 0.2), ink(5)) +
    rect(x + w / 2 - 54, seatY, 44, floorY - seatY, shade(color, 0.2), ink(5)) +
    rrect(x - w / 2 - 10, seatY - 20, w + 20, 60, 16, color, ink())
  );
}

/** Plate of spaghetti with meatballs on a table top at y. */
export function spaghetti(x: number, y: number): string {
  let strands = '';
  for (let i = 0; i < 7; i++)
    strands += `M${n(x - 130 + i * 22)} ${n(y - 30)}q${n(60)} ${n(-110 + i * 10)} ${n(130 - i * 14)} ${n(-10)}`;
  return (
    ellipse(x, y - 6, 270, 56, PAPER, ink()) +
    ellipse(x, y - 14, 200, 36, '#f1e6d2') +
    path(
      `M${n(x - 170)} ${n(y - 14)}Q${n(x - 120)} ${n(y - 190)} ${n(x)} ${n(y - 180)}Q${n(x + 120)} ${n(y - 190)} ${n(x + 170)} ${n(y - 14)}Z`,
      '#f3c76a',
      ink(5),
    ) +
    path(strands, 'none', `stroke="#d9a441" stroke-width="8" stroke-linecap="round"`) +
    path(
      `M${n(x - 110)} ${n(y - 110)}Q${n(x)} ${n(y - 170)} ${n(x + 100)} ${n(y - 100)}Q${n(x)} ${n(y - 60)} ${n(x - 110)} ${n(y - 110)}Z`,
      '#d9503f',
      ink(4),
    ) +
    circle(x - 50, y - 110, 34, '#9a4a32', ink(4)) +
    circle(x + 40, y - 100, 30, '#9a4a32', ink(4)) +
    path(
      `M${n(x + 120)} ${n(y - 40)}L${n(x + 260)} ${n(y - 260)}`,
      'none',
      `stroke="${INK}" stroke-width="22" stroke-linecap="round"`,
    ) +
    path(
      `M${n(x + 120)} ${n(y - 40)}L${n(x + 260)} ${n(y - 260)}`,
      'none',
      `stroke="#c9c2b4" stroke-width="10" stroke-linecap="round"`,
    )
  );
}

/** The dinner table in front of the family (foreground of page 5-6). */
export function kitchenTable(plates: number[]): string {
  const y = 2080;
  let s =
    rect(950, y + 120, 50, 700, '#8f5a34', ink()) + rect(3900, y + 120, 50, 700, '#8f5a34', ink());
  s += path(
    `M480 ${y - 30}H4100L4160 ${y + 260}Q3800 ${y + 300} 3450 ${y + 260}Q3100 ${y + 300} 2750 ${y + 260}Q2450 ${y + 300} 2150 ${y + 260}Q1800 ${y + 300} 1450 ${y + 260}Q900 ${y + 300} 420 ${y + 260}Z`,
    '#f6f1e7',
    ink(),
  );
  let checks = '';
  for (let x = 580; x < 4100; x += 200) checks += `M${n(x)} ${n(y - 26)}V${n(y + 270)}`;
  s += path(
    checks,
    'none',
    'stroke="#ef8a7e" stroke-width="44" fill-opacity="0.55" stroke-opacity="0.55"',
  );
  s += path(
    `M440 ${y + 40}H4140`,
    'none',
    'stroke="#ef8a7e" stroke-width="40" fill-opacity="0.55" stroke-opacity="0.55"',
  );
  for (const px of plates)
    s += `<g transform="translate(${px} ${y + 60}) scale(0.72)">${spaghetti(0, 0)}</g>`;
  // Glasses of water and a bread basket.
  for (const px of plates)
    s +=
      rrect(px + 300, y - 120, 80, 150, 20, '#dff1fa', ink(5)) +
      rect(px + 308, y - 60, 64, 84, '#b9dff2');
  s +=
    path(`M3950 ${y}L3920 ${y - 110}H4140L4110 ${y}Z`, '#c98b54', ink(5)) +
    ellipse(3990, y - 120, 50, 30, '#f3cf8a', ink(4)) +
    ellipse(4070, y - 125, 50, 30, '#eec27a', ink(4));
  return s;
}

/** The bed on the left page of the bedroom spread (mattress top = BED.y). */
export const BED = { x: 520, w: 1850, y: 2080, floorY: 2600 } as const;

/** Where the bedroom's wall meets its ceiling (world units), and the ceiling light. */
export const CEILING = { y: 1000, lamp: 1150 } as const;

/**
 * The child's bedroom at night: the star lamp throws its glowing stars onto the ceiling (the
 * ceiling's plane above the cornice, with its round light), a starry window, a football on the
 * shelf, the bed.
 */
export function bedroom(width: number): string {
  const floorY = 2200;
  let s = wall(width, floorY, '#3f4f86', 'dots', 9);
  // The ceiling: a darker plane above the cornice, its far corners running back, a round light.
  const c = CEILING.y;
  s += path(`M-30 -30H${width + 30}V${c}H-30Z`, '#2f3b6c');
  s += path(
    `M-30 ${c - 420}L300 ${c}M${width + 30} ${c - 420}L${width - 300} ${c}`,
    'none',
    `stroke="${shade('#2f3b6c', 0.25)}" stroke-width="16"`,
  );
  s += rect(-30, c - 10, width + 60, 44, '#e9e2f5', ink(5));
  s += ellipse(CEILING.lamp, 240, 240, 60, '#d9d2ee', ink(5));
  // The stars the lamp throws glow on the ceiling, all over it.
  s += part(
    'ceiling-stars',
    stars(-30, 340, width + 30, c - 60, 46, 5) + stars(300, 120, 2200, 500, 10, 23),
  );
  s += window(3000, 1150, 1000, 800, 'night', '#e9e2f5', '#7a6fb0');
  s += shelf(4200, 1350, 560, '#c98b54');
  s += picture(4380, 1100, 340, 240, 'ball', '#c98b54');
  s += picture(1300, 1150, 300, 330, 'heart', '#c98b54');
  s += rug(3600, 2720, 1700, '#c7a4f0');
  s += bed(BED.x, BED.w, BED.y, BED.floorY, '#f28b82');
  s += nightstand(60, floorY + 300);
  // The star lamp on the nightstand: a little glowing star.
  s += path('M190 1930l30 60h65l-52 40l20 65l-63 -40l-63 40l20 -65l-52 -40h65Z', '#ffe08a', ink(5));
  // Slippers and a ball on the rug.
  s +=
    ellipse(3000, 2850, 110, 40, '#7cc0e8', ink(5)) +
    ellipse(3220, 2870, 110, 40, '#7cc0e8', ink(5));
  // A chest of drawers with a toy box and a ball.
  s +=
    rrect(4000, 1750, 760, 620, 24, '#c98b54', ink()) +
    rrect(4040, 1800, 680, 250, 16, '#d9a06a', ink(5)) +
    rrect(4040, 2080, 680, 250, 16, '#d9a06a', ink(5)) +
    circle(4380, 1925, 18, '#f4c542', ink(4)) +
    circle(4380, 2205, 18, '#f4c542', ink(4));
  s +=
    ball(4550, 1640, 110, 20) +
    rrect(4080, 1580, 300, 170, 20, '#7cc0e8', ink(5)) +
    circle(4160, 1560, 50, '#ffd447', ink(5));
  s += ball(2900, 2860, 100, 40);
  return s;
}

/**
 * The duvet over the child in bed (foreground of page 31-32): from the headboard to `x1`, its top
 * at `topY` (the child's chest), a white turned-down sheet along the top, then falling to the
 * bed's blanket so Dad and Mum sit on it beyond `x1`.
 */
export function duvet(x1: number, topY: number): string {
  const x0 = BED.x - 10;
  const y = BED.y;
  // it hangs over the side of the bed, down past the child's feet
  const bottom = y + 390;
  const fill = '#f28b82';
  const d =
    `M${n(x0)} ${n(topY + 20)}Q${n((x0 + x1) / 2)} ${n(topY - 25)} ${n(x1 - 80)} ${n(topY + 10)}` +
    `Q${n(x1 + 40)} ${n(topY + 40)} ${n(x1 + 60)} ${n(y - 60)}L${n(x1 + 90)} ${n(y + 150)}Q${n(x1 + 70)} ${n(bottom)} ${n(x1 - 20)} ${n(bottom)}` +
    `Q${n((x0 + x1) / 2)} ${n(bottom + 30)} ${n(x0 + 40)} ${n(bottom)}Z`;
  let checks = '';
  for (let x = x0 + 170; x < x1; x += 250) checks += `M${n(x)} ${n(topY + 80)}V${n(bottom + 10)}`;
  const sheet = `M${n(x0 + 10)} ${n(topY + 30)}Q${n((x0 + x1) / 2)} ${n(topY - 10)} ${n(x1 - 90)} ${n(topY + 22)}`;
  return (
    path(d, fill, ink()) +
    path(checks, 'none', `stroke="${light(fill, 0.3)}" stroke-width="18" stroke-opacity="0.7"`) +
    path(sheet, 'none', `stroke="${INK}" stroke-width="62" stroke-linecap="round"`) +
    path(sheet, 'none', `stroke="${PAPER}" stroke-width="50" stroke-linecap="round"`)
  );
}
