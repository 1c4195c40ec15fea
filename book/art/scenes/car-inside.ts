// The family car from the inside (17-18): the camera sits on the dashboard looking back. Dad
// drives at the left, his hands on the wheel; Mum in the front passenger seat turns round to the
// back; the child sits in the back seat, further back between the front seats, on its cushion,
// the road running away through the rear window. The roof lining across the top is a calm, solid area for the words. The car seen from
// the side (car.ts) is the evening drive home.

import {
  BOTTOM,
  INK,
  PAPER,
  TOP,
  ellipse,
  ink,
  light,
  n,
  path,
  rect,
  rrect,
  shade,
} from './kit.ts';
import { tree } from './outdoor.ts';
import { SKY, cloud } from './sky.ts';
import { part } from './part.ts';

/** Where the roof lining ends and the windows begin. */
export const CAR_INSIDE = { roof: 1000, sill: 1820, dash: 2580 } as const;
/** The back seat: the top of its backrest, the top of its cushion (where a child sits), its front edge. */
export const BACK_SEAT = { back: 1660, cushion: 2230, edge: 2400 } as const;

const SEAT = '#5b6f9c';

/** The road behind the car, seen through the rear window (x0..x1, y0..y1). */
function roadBehind(x0: number, x1: number, y0: number, y1: number): string {
  const t = SKY.afternoon;
  const mid = (x0 + x1) / 2;
  const horizon = y0 + (y1 - y0) * 0.55;
  let s =
    rect(x0, y0, x1 - x0, y1 - y0, t.top) +
    rect(x0, y0 + (y1 - y0) * 0.35, x1 - x0, (y1 - y0) * 0.65, t.bottom);
  s += cloud(x0 + 400, y0 + 160, 0.9, t.cloud, 5);
  s += path(
    `M${n(x0)} ${n(horizon)}Q${n(mid)} ${n(horizon - 90)} ${n(x1)} ${n(horizon)}V${n(y1)}H${n(x0)}Z`,
    t.far,
    ink(5),
  );
  s += rect(x0, horizon + 40, x1 - x0, y1 - horizon - 40, t.grass);
  s += path(
    `M${n(mid - 30)} ${n(horizon + 40)}L${n(mid + 30)} ${n(horizon + 40)}L${n(mid + 600)} ${n(y1)}L${n(mid - 600)} ${n(y1)}Z`,
    '#8d8a86',
    ink(5),
  );
  s += path(
    `M${n(mid)} ${n(horizon + 80)}V${n(horizon + 140)}M${n(mid)} ${n(horizon + 220)}V${n(y1)}`,
    'none',
    `stroke="${PAPER}" stroke-width="16" stroke-dasharray="60 60"`,
  );
  s +=
    tree(x0 + 260, horizon + 60, 0.5, '#6fae4e', 'round', 3) +
    tree(x1 - 280, horizon + 60, 0.45, '#7fb85a', 'pine', 4);
  return s;
}

/** Trees rushing past a side window (x0..x1, y0..y1), streaked with speed. */
function sideWindow(x0: number, x1: number, y0: number, y1: number, seed: number): string {
  const t = SKY.afternoon;
  let s =
    rect(x0, y0, x1 - x0, y1 - y0, t.top) +
    rect(x0, y0 + (y1 - y0) * 0.55, x1 - x0, (y1 - y0) * 0.45, t.far);
  s += tree((x0 + x1) / 2, y1 + 60, 0.9, '#6fae4e', 'round', seed);
  s += path(
    `M${n(x0 + 40)} ${n(y0 + 200)}h${n((x1 - x0) * 0.6)}M${n(x0 + 90)} ${n(y0 + 280)}h${n((x1 - x0) * 0.5)}`,
    'none',
    `stroke="${PAPER}" stroke-width="14" stroke-linecap="round" stroke-opacity="0.8"`,
  );
  return s;
}

/** A front seat's backrest and headrest behind a sitting figure whose hips are at x. */
function frontSeat(x: number, top: number, bottom: number): string {
  return (
    rrect(x - 130, top - 220, 260, 200, 60, shade(SEAT, 0.08), ink()) +
    rect(x - 60, top - 40, 30, 60, '#9aa3ad', ink(4)) +
    rect(x + 30, top - 40, 30, 60, '#9aa3ad', ink(4)) +
    path(
      `M${n(x - 400)} ${n(bottom)}L${n(x - 360)} ${n(top + 60)}Q${n(x - 350)} ${n(top)} ${n(x - 280)} ${n(top)}H${n(x + 280)}Q${n(x + 350)} ${n(top)} ${n(x + 360)} ${n(top + 60)}L${n(x + 400)} ${n(bottom)}Z`,
      SEAT,
      ink(),
    ) +
    path(
      `M${n(x - 250)} ${n(top + 120)}V${n(bottom)}M${n(x + 250)} ${n(top + 120)}V${n(bottom)}`,
      'none',
      `stroke="${shade(SEAT, 0.2)}" stroke-width="12"`,
    )
  );
}

/** The inside of the car: roof lining, windows, the back seat, the front seats behind Dad and Mum. */
export function carInside(width: number, o: { dad: number; child: number; mum: number }): string {
  const { roof, sill } = CAR_INSIDE;
  const lining = '#ece4d6';
  let s = rect(-30, TOP, width + 60, BOTTOM - TOP, lining);
  // The lining's soft seams and the grab handles.
  s += path(
    `M-30 ${roof - 360}Q${width / 2} ${roof - 470} ${width + 30} ${roof - 360}`,
    'none',
    `stroke="${shade(lining, 0.08)}" stroke-width="14"`,
  );
  s += rect(-30, roof - 60, width + 60, BOTTOM - roof + 60, '#6e6a73');
  // The windows: left and right side windows, the rear window in the middle, the pillars between.
  s += sideWindow(-30, 1000, roof, sill, 6) + sideWindow(3900, width + 30, roof, sill, 8);
  s += part('road-behind', roadBehind(1450, 3450, roof + 40, sill));
  s += path(
    `M1000 ${roof}L1450 ${roof + 40}V${sill}H1000Z M3450 ${roof + 40}L3900 ${roof}V${sill}H3450Z`,
    '#7d7884',
    ink(),
  );
  s += rect(-30, roof - 40, width + 60, 60, lining, ink(5));
  // The back seat, further back than the front seats: its backrest with a headrest behind each
  // place, and the cushion the child sits on (its top seen from above, its front edge below).
  const { back, cushion, edge } = BACK_SEAT;
  let seat = rrect(1250, back, 2400, cushion - back + 40, 120, SEAT, ink());
  for (const hx of [1700, o.child])
    seat += rrect(hx - 150, back - 150, 300, 190, 60, shade(SEAT, 0.06), ink(5));
  seat += path(`M1200 ${cushion}H3700L3780 ${edge}H1120Z`, light(SEAT, 0.12), ink());
  seat += rect(1120, edge, 2660, BOTTOM - edge, shade(SEAT, 0.16), ink());
  s += part('back-seat', seat);
  s += frontSeat(o.dad, 1480, 3030) + frontSeat(o.mum, 1500, 3030);
  return s;
}

/** The dashboard across the bottom, the steering wheel before Dad, his hands on it. */
export function dashboard(width: number, wheelX: number, wheelY: number): string {
  const { dash } = CAR_INSIDE;
  const d = '#3f3b45';
  let s = path(
    `M-30 ${dash}Q${width / 2} ${dash - 90} ${width + 30} ${dash}V${BOTTOM}H-30Z`,
    d,
    ink(),
  );
  s += path(
    `M-30 ${dash + 120}Q${width / 2} ${dash + 30} ${width + 30} ${dash + 120}`,
    'none',
    `stroke="${light(d, 0.15)}" stroke-width="18"`,
  );
  for (const vx of [2150, 2750])
    s +=
      rrect(vx - 120, dash + 160, 240, 110, 30, shade(d, 0.3), ink(5)) +
      path(
        `M${vx - 90} ${dash + 195}h180M${vx - 90} ${dash + 235}h180`,
        'none',
        `stroke="${light(d, 0.3)}" stroke-width="10"`,
      );
  s += part(
    'steering-wheel',
    ellipse(wheelX, wheelY, 430, 300, 'none', `stroke="${INK}" stroke-width="92"`) +
      ellipse(wheelX, wheelY, 430, 300, 'none', `stroke="#2d2a30" stroke-width="70"`) +
      rect(wheelX - 40, wheelY, 80, BOTTOM - wheelY, '#2d2a30', ink(6)) +
      ellipse(wheelX, wheelY + 40, 120, 80, '#2d2a30', ink(6)),
  );
  return s;
}

/** A seat belt across a sitting figure, shoulder (x0, y0) to hip (x1, y1). */
export function seatBelt(x0: number, y0: number, x1: number, y1: number): string {
  return (
    path(
      `M${n(x0)} ${n(y0)}L${n(x1)} ${n(y1)}`,
      'none',
      `stroke="${INK}" stroke-width="62" stroke-linecap="round"`,
    ) +
    path(
      `M${n(x0)} ${n(y0)}L${n(x1)} ${n(y1)}`,
      'none',
      `stroke="#4a4a55" stroke-width="46" stroke-linecap="round"`,
    )
  );
}
