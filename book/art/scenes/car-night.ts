// The drive home at night (27-28), a second car composition: the family car seen from the front
// on the road, street lights running back along the road behind it, the family through the
// windscreen: Dad drives, as on the way there (17-18), and tells his story; Mum in the passenger
// seat turns to the child in the back seat, who giggles between the front seats. A bubble over
// Dad shows what he tells: Dad at the child's age, in his own looks (his skin, his hair's colour
// then, his glasses), slipping in the mud, the ball stopping short of the goal.

import { ball, goal } from './football.ts';
import {
  BOTTOM,
  INK,
  PAPER,
  TOP,
  circle,
  ellipse,
  glow,
  ink,
  line,
  n,
  path,
  rect,
  rrect,
  shade,
} from './kit.ts';
import { part } from './part.ts';
import { moon, stars } from './sky.ts';
import type { CharacterSet, ChildCharacter } from '#book/catalogue.ts';
import { drawCharacter } from '#book/art/characters/draw-character.ts';

const BODY = '#f2b33d';
/** The windscreen opening and the dashboard line the figures sit behind. */
export const WINDSCREEN = { x0: 980, x1: 3920, top: 930, dash: 2080 } as const;
/** Where the road runs to behind the car. */
const VANISH = { x: 2450, y: 1420 };

function streetLight(x: number, baseY: number, h: number, toRight: boolean): string {
  const top = baseY - h;
  const arm = (toRight ? 1 : -1) * h * 0.22;
  const w = Math.max(6, h * 0.025);
  return (
    glow(x + arm, top + h * 0.04, h * 0.28, '#ffe8a8', 0.55) +
    line(x, baseY, x, top, INK, w + 8) +
    line(x, baseY, x, top, '#5a6170', w) +
    path(
      `M${n(x)} ${n(top)}Q${n(x + arm * 0.5)} ${n(top - h * 0.05)} ${n(x + arm)} ${n(top + h * 0.02)}`,
      'none',
      `stroke="${INK}" stroke-width="${n(w)}"`,
    ) +
    ellipse(x + arm, top + h * 0.04, h * 0.06, h * 0.025, '#ffe8a8', ink(4)) +
    // the pool of light on the road
    ellipse(x + arm, baseY + h * 0.05, h * 0.3, h * 0.05, '#ffe8a8', 'fill-opacity="0.16"')
  );
}

/** Sky, stars, moon, fields, the road running back to the horizon, street lights, the cabin. */
export function nightRoad(width: number): string {
  const v = VANISH;
  // The words sit on the top left: the stars and the moon keep to the right.
  let s =
    rect(-30, TOP, width + 60, BOTTOM - TOP, '#1d2756') +
    path(
      `M-30 ${v.y - 300}Q${width / 2} ${v.y - 420} ${width + 30} ${v.y - 300}V${v.y}H-30Z`,
      '#2f3b78',
    );
  s +=
    part('stars', stars(2500, 40, width - 60, 820, 30, 27)) + part('moon', moon(4500, 1020, 100));
  s += path(
    `M-30 ${v.y}Q1200 ${v.y - 120} 2450 ${v.y - 40}Q3700 ${v.y - 140} ${width + 30} ${v.y}V${BOTTOM}H-30Z`,
    '#2f4a3e',
    ink(),
  );
  // The road: edges and the dashed middle line run to the vanishing point.
  s += path(
    `M${v.x - 40} ${v.y}L-600 ${BOTTOM}H${width + 600}L${v.x + 40} ${v.y}Z`,
    '#4d4a5e',
    ink(5),
  );
  let dash = '';
  for (let i = 0; i < 7; i++) {
    const a = Math.pow(i / 7, 1.6);
    const b = Math.pow((i + 0.45) / 7, 1.6);
    dash += `M${v.x} ${n(v.y + (BOTTOM - v.y) * a)}L${v.x} ${n(v.y + (BOTTOM - v.y) * b)}`;
  }
  s += path(dash, 'none', `stroke="${PAPER}" stroke-width="22" stroke-opacity="0.8"`);
  // Street lights on both sides, smaller towards the horizon.
  let lights = '';
  for (let i = 0; i < 5; i++) {
    const k = Math.pow(0.62, i);
    const y = v.y + (BOTTOM - 300 - v.y) * k;
    const dx = width * 0.62 * k + 60;
    lights += streetLight(v.x - dx, y, 1500 * k, true) + streetLight(v.x + dx, y, 1500 * k, false);
  }
  s += part('street-lights', lights);
  // The cabin seen through the windscreen: the dark inside, the back seat and the front seats.
  const w = WINDSCREEN;
  s += rrect(w.x0 + 60, w.top + 20, w.x1 - w.x0 - 120, w.dash - w.top, 60, '#3a3552');
  s += rrect(w.x0 + 300, 1500, w.x1 - w.x0 - 600, 700, 120, '#4a5272', ink(5));
  for (const x of [1700, 3230])
    s +=
      rrect(x - 330, 1380, 660, 900, 120, '#414d6b', ink()) +
      rrect(x - 170, 1180, 340, 230, 70, shade('#414d6b', 0.1), ink());
  return s;
}

/** The car's front over the figures: roof, pillars, bonnet, lights, mirror, wipers, wheel. */
export function carFront(): string {
  const w = WINDSCREEN;
  const outer = `M700 2900V2300Q700 2120 860 2080L${w.x0 - 60} ${w.top - 40}Q${w.x0 + 40} 780 ${w.x0 + 240} 780H${w.x1 - 240}Q${w.x1 - 40} 780 ${w.x1 + 60} ${w.top - 40}L4040 2080Q4200 2120 4200 2300V2900Z`;
  const hole = `M${w.x0 + 80} ${w.dash}L${w.x0 + 180} ${w.top + 40}Q${w.x0 + 200} ${w.top} ${w.x0 + 260} ${w.top}H${w.x1 - 260}Q${w.x1 - 200} ${w.top} ${w.x1 - 180} ${w.top + 40}L${w.x1 - 80} ${w.dash}Z`;
  let s = path(outer + hole, BODY, `${ink()} fill-rule="evenodd"`);
  s += path(`M700 2450H4200V2900H700Z`, shade(BODY, 0.12), ink(5));
  // Headlights on, the grille, the bumper and a plate without letters.
  for (const x of [1150, 3750])
    s += glow(x, 2300, 420, '#fff3b0', 0.5) + ellipse(x, 2300, 230, 120, '#fff7cf', ink());
  s +=
    rrect(1900, 2230, 1100, 170, 60, '#3e4658', ink(5)) +
    rrect(650, 2750, 3600, 180, 80, '#c9c2b4', ink()) +
    rrect(2150, 2560, 600, 150, 20, PAPER, ink(5));
  s +=
    circle(900, 2980, 10, INK) +
    rrect(560, 1900, 180, 130, 40, shade(BODY, 0.15), ink(5)) +
    rrect(4160, 1900, 180, 130, 40, shade(BODY, 0.15), ink(5));
  // Between the front seats the centre console, over the child's knees in the back seat.
  s += rrect(2290, 1880, 600, 200, 50, '#4a4468', ink(5));
  s += path('M2340 1930H2840', 'none', `stroke="${shade('#4a4468', 0.2)}" stroke-width="14"`);
  // Steering wheel in front of the driver (the left seat), the dashboard's top edge, wipers.
  s += path(`M${w.x0 + 80} ${w.dash}H${w.x1 - 80}`, 'none', `stroke="${INK}" stroke-width="22"`);
  s += `<g data-part="steering-wheel">${ellipse(1700, 1990, 260, 80, 'none', `stroke="${INK}" stroke-width="56"`)}${ellipse(1700, 1990, 260, 80, 'none', 'stroke="#3e4658" stroke-width="38"')}</g>`;
  s += path(
    `M1500 ${w.dash - 10}L2300 ${w.dash - 70}M2700 ${w.dash - 10}L3500 ${w.dash - 70}`,
    'none',
    `stroke="${INK}" stroke-width="20" stroke-linecap="round"`,
  );
  // A glint on the glass.
  s += path(
    `M${w.x0 + 900} ${w.top + 80}L${w.x0 + 700} ${w.top + 380}M${w.x0 + 1020} ${w.top + 80}L${w.x0 + 920} ${w.top + 230}`,
    'none',
    `stroke="${PAPER}" stroke-width="22" stroke-linecap="round" stroke-opacity="0.35"`,
  );
  return part('car', s);
}

/** Where the story bubble floats: over the driver's side, clear of the words on the right. */
export const STORY_BUBBLE = { x: 1450, y: 470, rx: 760, ry: 380 } as const;

/**
 * The story Dad tells, in a cloud-shaped bubble over the car: Dad as a child (`kid`, in his own
 * looks: book/art/characters/childhood.ts) in the school cup final, sliding on his bottom in the
 * mud, the ball stopped short of the goal. `from` is Dad's head, where the trail of bubbles starts.
 */
export function dadsStory(from: { x: number; y: number }, kid: ChildCharacter): string {
  const { x: cx, y: cy, rx, ry } = STORY_BUBBLE;
  let s = '';
  // the trail
  for (let i = 0; i < 3; i++) {
    const k = (i + 1) / 4;
    s += circle(
      from.x + (cx - from.x) * k,
      from.y + (cy + ry - from.y) * k,
      26 + 16 * i,
      PAPER,
      ink(5),
    );
  }
  let d = '';
  const lobes = 11;
  for (let i = 0; i <= lobes; i++) {
    const a = (i / lobes) * Math.PI * 2;
    const x = cx + Math.cos(a) * rx;
    const y = cy + Math.sin(a) * ry;
    if (i === 0) d += `M${n(x)} ${n(y)}`;
    else {
      const m = ((i - 0.5) / lobes) * Math.PI * 2;
      d += `Q${n(cx + Math.cos(m) * rx * 1.18)} ${n(cy + Math.sin(m) * ry * 1.22)} ${n(x)} ${n(y)}`;
    }
  }
  s += path(`${d}Z`, '#f3e3c6', ink());
  // Inside: grass, mud, the goal, the ball short of it, the little storyteller on their bottom.
  const g = cy + 180;
  s += path(
    `M${cx - 640} ${g}Q${cx} ${g - 40} ${cx + 640} ${g}Q${cx + 560} ${cy + 330} ${cx} ${cy + 340}Q${cx - 560} ${cy + 330} ${cx - 640} ${g}Z`,
    '#9cc47a',
    ink(4),
  );
  s += ellipse(cx - 200, g + 40, 340, 62, '#7a5535', ink(4));
  s += goal(cx + 230, g + 20, 400, 320, { depth: 40, post: PAPER });
  s += ball(cx + 90, g + 10, 34, 20);
  const set = { child: kid, dad: kid, mum: kid } as unknown as CharacterSet;
  s += `<g transform="translate(${cx - 260} ${g + 80}) rotate(-24) scale(0.44)">${drawCharacter('child', set, 'fall-act', 'surprised')}</g>`;
  s += path(
    `M${cx - 500} ${g + 20}l-50 -60M${cx - 450} ${g - 4}l-20 -80M${cx + 10} ${g + 40}l60 -40`,
    'none',
    `stroke="#7a5535" stroke-width="16" stroke-linecap="round"`,
  );
  return part('dads-story', s);
}
