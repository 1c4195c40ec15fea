// The family car seen from the side, cut away so the family shows through the big windows.
// The background paints the road, the landscape outside and the seats; the foreground paints
// the car body with the window openings (even-odd holes), so sitting figures show from the
// chest up, like passengers do.

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
import { hills, house, skyline, tree } from './outdoor.ts';
import { SKY, cloud, moon, sky, stars, sun } from './sky.ts';

type Drive = 'day' | 'evening';

const BODY = '#f2b33d';
/** Window openings: front (driver and Mum) and back (the child). */
const CAR_WINDOWS = {
  front: { x0: 1150, x1: 3050, top: 900, bottom: 1760 },
  back: { x0: 3250, x1: 4350, top: 900, bottom: 1760 },
} as const;

/** Speed streaks behind the car. */
function speed(x: number, y: number): string {
  return path(
    `M${n(x)} ${n(y)}h260M${n(x + 60)} ${n(y + 70)}h200M${n(x + 20)} ${n(y + 140)}h240`,
    'none',
    `stroke="${PAPER}" stroke-width="16" stroke-linecap="round" fill-opacity="0.8" stroke-opacity="0.8"`,
  );
}

/** Road, the world outside, and the seats seen through the windows. */
export function carScene(width: number, drive: Drive): string {
  // Seats sit behind Dad (1750), Mum (2800) and the child (3800).
  const time = drive === 'day' ? 'afternoon' : 'evening';
  const t = SKY[time];
  let s = sky(width, time, 1800);
  if (drive === 'day')
    s += sun(700, 380, 150) + cloud(2200, 420, 1.3, t.cloud, 3) + cloud(3900, 300, 1.1, t.cloud, 6);
  else s += stars(0, 0, width, 900, 36, 9) + moon(4300, 360, 110);
  s += skyline(width, 1500, drive === 'day' ? light(t.far, 0.2) : '#5a5f8a', 14);
  s += hills(width, 1550, t.far, 5, 140, 5);
  if (drive === 'day') {
    s +=
      tree(1800, 1620, 0.9, shade(t.grass, 0.1), 'round', 2) +
      house(2500, 1600, 600, 420, '#f6d7b0', '#c0574a', 2) +
      tree(3500, 1620, 0.8, shade(t.grass, 0.12), 'pine', 3) +
      tree(4200, 1620, 1, shade(t.grass, 0.08), 'round', 4) +
      tree(900, 1620, 0.8, shade(t.grass, 0.14), 'tall', 5);
  } else {
    for (const x of [600, 1900, 3200, 4500])
      s +=
        glow(x, 980, 260, '#ffe8a8', 0.55) +
        line(x, 1650, x, 1000, INK, 22) +
        line(x, 1650, x, 1000, '#5a6170', 12) +
        path(
          `M${n(x - 90)} ${n(1000)}Q${n(x)} ${n(900)} ${n(x + 90)} ${n(1000)}Z`,
          '#ffe8a8',
          ink(5),
        );
    s += house(2350, 1600, 600, 420, '#b9a7c8', '#6a5a8a', 2);
  }
  s += rect(-30, 1600, width + 60, 1000, drive === 'day' ? t.grass : '#3f5e4a', ink());
  s += rect(-30, 2600, width + 60, 430, drive === 'day' ? '#8d8a8f' : '#575468', ink());
  s += path(
    `M-30 2830H${width + 30}`,
    'none',
    `stroke="${PAPER}" stroke-width="26" stroke-dasharray="260 200" fill-opacity="0.85" stroke-opacity="0.85"`,
  );
  s += speed(4700, 1300) + speed(4650, 2200);
  // Inside the car: the back of the cabin and the seats.
  const inside = drive === 'day' ? '#7a6a62' : '#4a4058';
  s += rect(
    CAR_WINDOWS.front.x0 - 200,
    1600,
    CAR_WINDOWS.back.x1 - CAR_WINDOWS.front.x0 + 400,
    300,
    inside,
  );
  const seat = drive === 'day' ? '#5b6b8c' : '#414d6b';
  for (const [x, w] of [
    [1750, 520],
    [2800, 520],
    [3800, 620],
  ] as const) {
    s +=
      rrect(x - w / 2, 1250, w, 900, 90, seat, ink()) +
      rrect(x - w * 0.3, 1050, w * 0.6, 230, 60, shade(seat, 0.12), ink());
  }
  return s;
}

/** The car body with window holes, wheels, lights, steering wheel and a glint on the glass. */
export function carBody(drive: Drive): string {
  const f = CAR_WINDOWS.front;
  const b = CAR_WINDOWS.back;
  const outer =
    'M220 2560L220 1960Q220 1790 420 1760L1000 1700L1300 900Q1360 730 1560 730L4280 730Q4460 730 4520 880L4700 1720Q4740 1820 4740 1960L4740 2560Q4740 2640 4660 2640L300 2640Q220 2640 220 2560Z';
  const holes = `M${f.x0} ${f.bottom}L${f.x0 + 300} ${f.top}H${f.x1}V${f.bottom}ZM${b.x0} ${f.top}H${b.x1}L${b.x1 + 180} ${b.bottom}H${b.x0}Z`;
  let s = path(outer + holes, BODY, `${ink()} fill-rule="evenodd"`);
  // Lower body shade, door lines, handles, mirror, lights.
  s += path(
    'M220 2250H4740V2560Q4740 2640 4660 2640H300Q220 2640 220 2560Z',
    shade(BODY, 0.12),
    ink(5),
  );
  s +=
    line(f.x1 + 100, 760, f.x1 + 100, 2600, INK, 7) +
    line(b.x1 + 100, 900, b.x1 + 180, 2250, INK, 7);
  s +=
    rrect(2400, 1900, 220, 50, 25, shade(BODY, 0.3), ink(5)) +
    rrect(3900, 1900, 220, 50, 25, shade(BODY, 0.3), ink(5));
  s += rrect(1040, 1600, 170, 120, 40, shade(BODY, 0.15), ink(5));
  s +=
    rrect(190, 1880, 140, 120, 40, drive === 'evening' ? '#fff3b0' : '#fffaf2', ink(5)) +
    rrect(4650, 1880, 110, 140, 30, '#e4483a', ink(5));
  if (drive === 'evening')
    s += path(
      'M190 1900L-30 1780V2140L190 2000Z',
      '#fff3b0',
      'fill-opacity="0.45" stroke-opacity="0.45"',
    );
  s +=
    rrect(140, 2330, 200, 90, 30, '#c9c2b4', ink(5)) +
    rrect(4640, 2330, 140, 90, 30, '#c9c2b4', ink(5));
  for (const wx of [1050, 3900]) {
    s +=
      circle(wx, 2620, 300, '#2d2a2e', ink()) +
      circle(wx, 2620, 150, '#c9c2b4', ink(5)) +
      circle(wx, 2620, 50, '#8d8a8f', ink(4));
    s += path(
      `M${n(wx - 380)} 2620A380 380 0 0 1 ${n(wx + 380)} 2620`,
      'none',
      `stroke="${INK}" stroke-width="8"`,
    );
  }
  // Steering wheel in front of the driver, wholly inside the front window (above the door's
  // edge at f.bottom and right of the windscreen's slant), tilted like a real one seen from the side.
  s +=
    `<g transform="rotate(12 1420 1570)">` +
    ellipse(1420, 1570, 55, 150, 'none', `stroke="${INK}" stroke-width="44"`) +
    ellipse(1420, 1570, 55, 150, 'none', 'stroke="#3e4658" stroke-width="28"') +
    '</g>';
  s += line(1410, 1600, 1330, 1745, INK, 30) + line(1410, 1600, 1330, 1745, '#3e4658', 16);
  // Glass glints.
  s += path(
    `M${f.x0 + 500} ${f.top + 60}L${f.x0 + 300} ${f.top + 420}M${f.x0 + 620} ${f.top + 60}L${f.x0 + 520} ${f.top + 240}M${b.x1 - 200} ${f.top + 60}L${b.x1 - 380} ${f.top + 380}`,
    'none',
    `stroke="${PAPER}" stroke-width="26" stroke-linecap="round" fill-opacity="0.45" stroke-opacity="0.45"`,
  );
  // Roof rack.
  s += rrect(1700, 660, 2400, 40, 20, '#8d8a8f', ink(5));
  return s;
}
