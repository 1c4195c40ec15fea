// Home seen from closer cameras: the dinner table at eye level (5-6), the family from the chest
// up behind the table, the tablecloth filling the bottom of the spread. The wide kitchen and the
// living room are in home.ts.

import {
  BOTTOM,
  INK,
  PAPER,
  TOP,
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
import { picture, window } from './indoor.ts';
import { clock } from './bedroom.ts';
import { spaghetti } from './home.ts';
import { part } from './part.ts';
import { fork } from './props.ts';

/** The back of the table: where the cloth's top surface begins (the hands rest on it). */
export const TABLE_CLOSE = { back: 1900, front: 2640 } as const;

/** The kitchen wall behind the table, close: window at dusk, a picture, the clock. */
export function kitchenClose(width: number): string {
  const wallC = '#f4dfb8';
  let s = rect(-30, TOP, width + 60, BOTTOM - TOP, wallC);
  let tiles = '';
  for (let y = 1300; y < TABLE_CLOSE.back; y += 120) tiles += `M-30 ${y}H${width + 30}`;
  for (let x = 0; x < width + 30; x += 120) tiles += `M${x} 1300V${TABLE_CLOSE.back}`;
  s +=
    rect(-30, 1300, width + 60, TABLE_CLOSE.back - 1300, light(wallC, 0.35)) +
    path(tiles, 'none', `stroke="${shade(wallC, 0.12)}" stroke-width="6"`);
  s += part('evening', window(250, 420, 900, 760, 'evening', PAPER, '#f2b880'));
  s += picture(1900, 560, 260, 320, 'heart', '#b7794a');
  s += part('clock', clock(3700, 860, 130));
  // The pendant lamp over the middle of the table, lit: it is evening.
  s +=
    glow(2450, 820, 700, '#ffe8a8', 0.35) +
    line(2450, TOP, 2450, 640, INK, 10) +
    path('M2220 820Q2450 540 2680 820Z', '#e4483a', ink()) +
    ellipse(2450, 830, 120, 26, '#fff1b3', ink(5));
  return s;
}

/** The chair backs behind the people at the table: one at each x, none where nobody sits. */
export function chairBacks(chairs: readonly number[]): string {
  return chairs
    .map((x) =>
      part(
        'chair',
        rrect(x - 300, 1420, 600, 150, 50, '#e0a35c', ink()) +
          rect(x - 270, 1560, 50, 400, shade('#e0a35c', 0.12), ink(5)) +
          rect(x + 220, 1560, 50, 400, shade('#e0a35c', 0.12), ink(5)),
      ),
    )
    .join('');
}

/** A plate of spaghetti on the table: full, or half eaten with a fork laid down beside it. */
export function dinnerPlate(x: number, y: number, s: number, state: 'full' | 'half'): string {
  if (state === 'full')
    return `<g transform="translate(${n(x)} ${n(y)}) scale(${s})">${spaghetti(0, 0)}</g>`;
  const k = (v: number) => v * s;
  return (
    ellipse(x, y - k(6), k(270), k(56), PAPER, ink()) +
    ellipse(x, y - k(14), k(200), k(36), '#f1e6d2') +
    path(
      `M${n(x - k(120))} ${n(y - k(14))}Q${n(x - k(60))} ${n(y - k(110))} ${n(x + k(20))} ${n(y - k(100))}Q${n(x + k(80))} ${n(y - k(90))} ${n(x + k(90))} ${n(y - k(14))}Z`,
      '#f3c76a',
      ink(5),
    ) +
    path(
      `M${n(x - k(60))} ${n(y - k(60))}q${n(k(50))} ${n(k(-30))} ${n(k(110))} 0`,
      'none',
      `stroke="#d9503f" stroke-width="${n(k(26))}" stroke-linecap="round"`,
    ) +
    circle(x + k(10), y - k(70), k(28), '#9a4a32', ink(4)) +
    path(
      `M${n(x + k(120))} ${n(y - k(20))}q${n(k(50))} ${n(k(-10))} ${n(k(90))} ${n(k(6))}`,
      'none',
      `stroke="#d9503f" stroke-width="${n(k(12))}" stroke-linecap="round" stroke-opacity="0.7"`,
    )
  );
}

/** The dinner table close up: the checked cloth filling the bottom of the spread. */
export function tableClose(width: number): string {
  const { back, front } = TABLE_CLOSE;
  const cloth = '#f6f1e7';
  let s = path(`M-30 ${back}H${width + 30}V${BOTTOM}H-30Z`, cloth, ink());
  let checks = '';
  for (let x = -30; x < width + 60; x += 260)
    checks += `M${n(x)} ${n(back)}L${n(2450 + (x - 2450) * 1.25)} ${n(front)}V${n(BOTTOM)}`;
  s += path(checks, 'none', 'stroke="#ef8a7e" stroke-width="56" stroke-opacity="0.5"');
  s += path(
    `M-30 ${n((back + front) / 2)}H${width + 30}`,
    'none',
    'stroke="#ef8a7e" stroke-width="50" stroke-opacity="0.5"',
  );
  s += path(
    `M-30 ${front}Q1200 ${front + 40} 2450 ${front}T${width + 30} ${front}V${BOTTOM}H-30Z`,
    shade(cloth, 0.06),
    ink(),
  );
  return s;
}

const PLATE_Y = TABLE_CLOSE.back + 230;

function glass(x: number): string {
  const y = PLATE_Y;
  return (
    rrect(x, y - 230, 100, 190, 26, '#dff1fa', ink(5)) + rect(x + 10, y - 150, 80, 100, '#b9dff2')
  );
}

/** A grown-up's place at the table: the half-eaten plate, the fork put down, a glass. */
export function grownUpPlace(role: 'dad' | 'mum', x: number): string {
  const y = PLATE_Y;
  return role === 'dad'
    ? part('dinner-dad', dinnerPlate(x, y, 1.05, 'half') + fork(x + 320, y + 10, 220, 8)) +
        glass(x - 480)
    : part('dinner-mum', dinnerPlate(x, y, 1.05, 'half') + fork(x - 320, y + 10, 220, 172)) +
        glass(x + 330);
}

/**
 * The child's place: a full plate, the fork twirling the same strand, held at `hand` (its tines
 * down in the spaghetti); the bread basket beside.
 */
export function childPlace(x: number, breadX: number, hand = { x: x + 130, y: 1850 }): string {
  const y = PLATE_Y;
  const angle = (Math.atan2(y - 40 - hand.y, x + 40 - hand.x) * 180) / Math.PI;
  return (
    part(
      'spaghetti-twirled',
      dinnerPlate(x, y + 10, 1.1, 'full') +
        fork(hand.x, hand.y, Math.hypot(x + 40 - hand.x, y - 40 - hand.y) * 0.8, angle, true),
    ) +
    glass(x - 420) +
    path(
      `M${n(breadX - 100)} ${y + 10}L${n(breadX - 130)} ${y - 100}H${n(breadX + 230)}L${n(breadX + 200)} ${y + 10}Z`,
      '#c98b54',
      ink(5),
    ) +
    ellipse(breadX, y - 110, 70, 40, '#f3cf8a', ink(4))
  );
}
