// The park pitch (sunny practice with cones, or rain with puddles and umbrellas) and the
// school: the playground pitch and the corridor with the notice board.

import { ball, cone, goal } from './football.ts';
import {
  INK,
  PAPER,
  circle,
  ellipse,
  ink,
  light,
  line,
  n,
  path,
  rect,
  rrect,
  shade,
} from './kit.ts';
import { extras, variety } from './people.ts';
import { bunting, bush, fence, hills, puddle, rain, skyline, tree, tufts } from './outdoor.ts';
import { SKY, cloud, sky, sun } from './sky.ts';
import { floor, plant, wall, window } from './indoor.ts';
import { door } from './bedroom.ts';
import { part } from './part.ts';

/** The park pitch. Rain turns the sky grey, adds streaks and puddles. */
export function park(width: number, o: { rain: boolean; cones?: boolean }): string {
  const time = o.rain ? 'rain' : 'day';
  const t = SKY[time];
  const horizon = 1650;
  let s = sky(width, time, horizon);
  if (!o.rain) s += sun(4350, 420, 160);
  const c = o.rain ? '#8e9aab' : t.cloud;
  s +=
    cloud(700, 400, o.rain ? 2.2 : 1.2, c, 1) +
    cloud(2300, 300, o.rain ? 2.6 : 1, c, 4) +
    cloud(3600, 560, o.rain ? 2.2 : 1.3, c, 7);
  if (o.rain)
    s += cloud(1500, 700, 1.8, shade(c, 0.08), 9) + cloud(4400, 300, 2, shade(c, 0.05), 10);
  s += skyline(width, horizon - 80, light(t.far, 0.3), 5);
  s += hills(width, horizon, t.far, 21, 120, 6);
  const trees: [number, number, 'round' | 'pine' | 'tall'][] = [
    [250, 0.9, 'round'],
    [700, 0.75, 'pine'],
    [1150, 1, 'round'],
    [3300, 0.8, 'tall'],
    [3800, 1.05, 'round'],
    [4450, 0.85, 'pine'],
  ];
  trees.forEach(([x, k, kind], i) => {
    s += tree(x, horizon + 80, k, shade(t.grass, 0.1 + (i % 2) * 0.08), kind, i + 2);
  });
  s +=
    bush(1600, horizon + 90, 1, shade(t.grass, 0.15), 4) +
    bush(2950, horizon + 90, 1.2, shade(t.grass, 0.1), 5);
  // The grass pitch with a faint touchline and a small goal far away.
  s += rect(-30, horizon + 60, width + 60, 3030 - horizon - 60, t.grass, ink());
  s += path(
    `M-30 ${horizon + 420}Q2450 ${horizon + 360} 4930 ${horizon + 420}V3030H-30Z`,
    shade(t.grass, 0.06),
  );
  s += path(
    `M-30 ${horizon + 250}L4930 ${horizon + 220}`,
    'none',
    `stroke="${PAPER}" stroke-width="12" fill-opacity="0.8" stroke-opacity="0.8"`,
  );
  s += goal(250, horizon + 240, 700, 340, {});
  // A park bench and a bin.
  s +=
    rect(3980, horizon + 130, 30, 140, '#6b4a32', ink(4)) +
    rect(4380, horizon + 130, 30, 140, '#6b4a32', ink(4)) +
    rrect(3920, horizon + 50, 550, 50, 10, '#b7794a', ink(5)) +
    rrect(3920, horizon - 60, 550, 44, 10, '#b7794a', ink(5));
  s += tufts(-30, width + 30, horizon + 300, 2950, 70, shade(t.grass, 0.18), 8);
  if (o.cones) {
    for (let i = 0; i < 6; i++) s += cone(600 + i * 700, 2400 + (i % 2) * 60, 1.3);
  }
  if (o.rain) {
    s += puddle(900, 2780, 700) + puddle(3300, 2560, 500) + puddle(4300, 2880, 600);
    s += part('rain', rain(-30, width + 30, -30, 3000, 420, 12));
  }
  return s;
}

/** An open umbrella whose handle ends at (x, handY): drawn over a figure's raised hand. */
export function umbrella(x: number, handY: number, w: number, color: string): string {
  const top = handY - w * 0.75;
  const rim = top + w * 0.32;
  let scallops = '';
  const parts = 5;
  for (let i = parts - 1; i >= 0; i--) {
    const x0 = x - w / 2 + (w * i) / parts;
    scallops += `Q${n(x0 + w / parts / 2)} ${n(rim - 50)} ${n(x0)} ${n(rim)}`;
  }
  let ribs = '';
  for (let i = 1; i < parts; i++)
    ribs += `M${n(x)} ${n(top)}Q${n(x - w / 2 + (w * i) / parts)} ${n(top + 20)} ${n(x - w / 2 + (w * i) / parts)} ${n(rim - 30)}`;
  return (
    line(x, top, x, handY, INK, 20) +
    line(x, top, x, handY, '#6b4a32', 10) +
    path(
      `M${n(x)} ${n(handY)}q0 50 -40 50q-40 0 -40 -40`,
      'none',
      `stroke="${INK}" stroke-width="14" stroke-linecap="round"`,
    ) +
    path(
      `M${n(x - w / 2)} ${n(rim)}Q${n(x - w / 2)} ${n(top)} ${n(x)} ${n(top)}Q${n(x + w / 2)} ${n(top)} ${n(x + w / 2)} ${n(rim)}${scallops}Z`,
      color,
      ink(),
    ) +
    path(ribs, 'none', `stroke="${shade(color, 0.25)}" stroke-width="6"`) +
    circle(x, top - 16, 16, shade(color, 0.2), ink(4))
  );
}

/**
 * An umbrella blown inside out by the wind (Dad's, 13-14): the canopy a cup opening upwards,
 * the ribs poking out of its rim, tilted with the gust, a few wind lines beside it.
 */
export function umbrellaInsideOut(x: number, handY: number, w: number, color: string): string {
  const tip = handY - w * 0.62; // where the shaft meets the canopy's centre, now its lowest point
  const rimY = tip - w * 0.38;
  const parts = 5;
  const rim = (i: number): [number, number] => [
    x - w / 2 + (w * i) / parts,
    rimY + (i % 2 === 0 ? 0 : -40) + i * 14,
  ];
  let scallops = '';
  for (let i = 1; i <= parts; i++) {
    const [px, py] = rim(i - 1);
    const [qx, qy] = rim(i);
    scallops += `Q${n((px + qx) / 2)} ${n((py + qy) / 2 + 45)} ${n(qx)} ${n(qy)}`;
  }
  const [lx, ly] = rim(0);
  const [rx, ry] = rim(parts);
  const canopy = `M${n(lx)} ${n(ly)}Q${n(x - w * 0.28)} ${n(tip + 10)} ${n(x)} ${n(tip)}Q${n(x + w * 0.28)} ${n(tip + 10)} ${n(rx)} ${n(ry)}`;
  // the rim goes back from right to left with its scallops
  let back = '';
  for (let i = parts; i >= 1; i--) {
    const [px, py] = rim(i);
    const [qx, qy] = rim(i - 1);
    back += `Q${n((px + qx) / 2)} ${n((py + qy) / 2 + 45)} ${n(qx)} ${n(qy)}`;
  }
  let ribs = '';
  for (let i = 0; i <= parts; i++) {
    const [px, py] = rim(i);
    const ox = px + (px - x) * 0.12;
    const oy = py - 60;
    ribs += `M${n(x)} ${n(tip)}L${n(ox)} ${n(oy)}`;
  }
  const wind = `M${n(x - w * 0.9)} ${n(rimY - 60)}q${n(w * 0.2)} -40 ${n(w * 0.35)} 0M${n(x - w * 0.95)} ${n(rimY + 80)}q${n(w * 0.22)} -40 ${n(w * 0.4)} 0`;
  return (
    `<g transform="rotate(14 ${n(x)} ${n(handY)})">` +
    line(x, tip, x, handY, INK, 20) +
    line(x, tip, x, handY, '#6b4a32', 10) +
    path(
      `M${n(x)} ${n(handY)}q0 50 -40 50q-40 0 -40 -40`,
      'none',
      `stroke="${INK}" stroke-width="14" stroke-linecap="round"`,
    ) +
    path(ribs, 'none', `stroke="${INK}" stroke-width="9" stroke-linecap="round"`) +
    path(`${canopy}${back}Z`, color, ink()) +
    path(
      `M${n(lx)} ${n(ly)}${scallops}`,
      'none',
      `stroke="${shade(color, 0.25)}" stroke-width="6"`,
    ) +
    '</g>' +
    path(
      wind,
      'none',
      `stroke="${PAPER}" stroke-width="14" stroke-linecap="round" stroke-opacity="0.8"`,
    )
  );
}

/** Playground children: they play football in the background of the school yard. */
function playground(y: number): string {
  const kids = [
    { x: 700, pose: 'run' as const, shirt: '#8bc66b', flip: false },
    { x: 1150, pose: 'kick' as const, shirt: '#f3c04d', flip: true },
    { x: 1650, pose: 'run' as const, shirt: '#c7a4f0', flip: true },
    { x: 2100, pose: 'cheer' as const, shirt: '#6aaed6', flip: false },
    { x: 2900, pose: 'run' as const, shirt: '#f08a5d', flip: false },
  ];
  return (
    extras(
      kids.map((k, i) => ({
        x: k.x,
        y: y + (i % 2) * 40,
        h: 560,
        shirt: k.shirt,
        shorts: '#38507a',
        pose: k.pose,
        flip: k.flip,
        ...variety(i),
      })),
    ) + ball(1420, y - 60, 45)
  );
}

/** The school yard: brick school, climbing frame, a small painted pitch with children playing. */
export function schoolYard(width: number): string {
  const t = SKY.morning;
  const horizon = 1550;
  let s = sky(width, 'morning', horizon);
  s += sun(4350, 420, 150) + cloud(3000, 330, 1.2, t.cloud, 3) + cloud(1200, 760, 0.8, t.cloud, 4);
  // School building, long and low, with a little clock tower on the right page.
  const bx = -30;
  const bw = 3500;
  const top = 880;
  s += rect(bx, top, bw, horizon - top + 40, '#d9826a', ink());
  let bricks = '';
  for (let y = top + 80; y < horizon; y += 90) {
    for (let x = bx + 60 + ((y / 90) % 2) * 120; x < bx + bw - 120; x += 380)
      bricks += `M${n(x)} ${n(y)}h100`;
  }
  s += path(
    bricks,
    'none',
    `stroke="${shade('#d9826a', 0.12)}" stroke-width="10" stroke-linecap="round"`,
  );
  s += rect(bx - 60, top - 80, bw + 120, 90, '#8a5a6b', ink());
  const ex = 2950;
  for (let i = 0; i < 6; i++) {
    const wx = 150 + i * 480;
    if (wx > ex - 300 && wx < ex + 500) continue;
    s +=
      rect(wx, top + 140, 300, 280, '#cfe9f7', ink()) +
      line(wx + 150, top + 140, wx + 150, top + 420, PAPER, 16) +
      rect(wx - 20, top + 420, 340, 30, PAPER, ink(4));
  }
  s +=
    path(
      `M${n(ex - 120)} ${n(top - 80)}V${n(top - 380)}L${n(ex + 160)} ${n(top - 560)}L${n(ex + 440)} ${n(top - 380)}V${n(top - 80)}Z`,
      '#d9826a',
      ink(),
    ) +
    path(
      `M${n(ex - 170)} ${n(top - 360)}L${n(ex + 160)} ${n(top - 600)}L${n(ex + 490)} ${n(top - 360)}Z`,
      '#8a5a6b',
      ink(),
    );
  s +=
    circle(ex + 160, top - 250, 110, PAPER, ink()) +
    line(ex + 160, top - 250, ex + 160, top - 330, INK, 10) +
    line(ex + 160, top - 250, ex + 220, top - 230, INK, 10);
  s +=
    rrect(ex - 40, top + 120, 400, horizon - top - 80, 40, '#3f9c8f', ink()) +
    line(ex + 160, top + 120, ex + 160, horizon + 40, INK, 6);
  // Trees and fence on the right.
  s +=
    tree(4000, horizon + 40, 1.05, '#6fae4e', 'round', 5) +
    tree(4600, horizon + 40, 0.85, '#7fb85a', 'tall', 6);
  s += fence(3550, width + 30, horizon + 40, 380, '#e9d6b4');
  // Tarmac yard with a painted pitch.
  s += rect(-30, horizon + 40, width + 60, 3030 - horizon - 40, '#c4beb5', ink());
  s += path(`M-30 ${horizon + 40}H${width + 30}V${horizon + 160}H-30Z`, '#b3ada4');
  s +=
    rect(300, horizon + 220, 3200, 700, '#89b86a', ink(5)) +
    rect(350, horizon + 260, 3100, 620, 'none', `stroke="${PAPER}" stroke-width="14"`) +
    line(1900, horizon + 260, 1900, horizon + 880, PAPER, 14) +
    ellipse(1900, horizon + 570, 220, 120, 'none', `stroke="${PAPER}" stroke-width="14"`);
  s +=
    goal(250, horizon + 750, 300, 300, { depth: 40 }) +
    goal(3250, horizon + 750, 300, 300, { depth: 40 });
  // Hopscotch painted at the front left.
  for (let i = 0; i < 6; i++)
    s += rect(250 + i * 190, 2700, 180, 160, 'none', `stroke="#f3c04d" stroke-width="14"`);
  s += part('others-play', playground(horizon + 730));
  return s;
}

/** Colourful drawing pinned to the notice board (no words). */
function pinned(
  x: number,
  y: number,
  w: number,
  h: number,
  paper: string,
  art: string,
  tilt: number,
): string {
  return `<g transform="rotate(${tilt} ${n(x + w / 2)} ${n(y + h / 2)})">${rect(x, y, w, h, paper, ink(5))}${art}${circle(x + w / 2, y + 24, 16, '#e4483a', ink(3))}</g>`;
}

/** The school corridor: lockers, coat pegs, a classroom door and the notice board with the match poster. */
export function corridor(width: number): string {
  const floorY = 2250;
  let s = wall(width, floorY, '#dcebd6', 'plain');
  s += rect(-30, 1450, width + 60, floorY - 1450, '#b9d7c5');
  s += rect(-30, 1430, width + 60, 40, '#f6f1e7', ink(5));
  s += floor(width, floorY, '#d9c9ae', 'tiles');
  s += window(300, 880, 900, 500, 'day', PAPER);
  s += bunting(-30, 820, 2350, 820, 40, ['#e4483a', '#ffd447', '#3d8fd6', '#7cc05a']);
  s += plant(2250, floorY + 40, 1) + plant(4150, floorY + 40, 0.8);
  // Coat pegs with bags.
  const bagColors = ['#e4483a', '#3d8fd6', '#ffd447', '#8bc66b'];
  for (let i = 0; i < 4; i++) {
    const x = 400 + i * 260;
    s += circle(x, 1560, 18, '#9aa3ad', ink(4));
    s +=
      rrect(x - 90, 1580, 180, 240, 50, bagColors[i] ?? '#e4483a', ink()) +
      rect(x - 60, 1680, 120, 70, light(bagColors[i] ?? '#e4483a', 0.3), ink(4));
  }
  // Notice board on the right page with the big match poster.
  const nx = 2850;
  const ny = 520;
  s +=
    rrect(nx, ny, 1500, 1000, 20, '#c98b54', ink()) + rect(nx + 50, ny + 50, 1400, 900, '#d9b48a');
  let cork = '';
  for (let i = 0; i < 80; i++)
    cork += `M${n(nx + 70 + ((i * 137) % 1360))} ${n(ny + 70 + ((i * 251) % 860))}h1`;
  s += path(cork, 'none', 'stroke="#b98f62" stroke-width="14" stroke-linecap="round"');
  const poster =
    rect(nx + 520, ny + 520, 460, 200, '#7cc05a') +
    path(
      `M${n(nx + 580)} ${n(ny + 520)}V${n(ny + 420)}H${n(nx + 920)}V${n(ny + 520)}`,
      'none',
      `stroke="${PAPER}" stroke-width="12"`,
    ) +
    ball(nx + 750, ny + 600, 55) +
    path(
      `M${n(nx + 540)} ${n(ny + 200)}l40 -60l40 60l40 -60l40 60l40 -60l40 60l40 -60l40 60l40 -60l40 60`,
      'none',
      `stroke="#e4483a" stroke-width="16" stroke-linecap="round" stroke-linejoin="round"`,
    ) +
    rrect(nx + 560, ny + 260, 380, 60, 20, '#ffd447') +
    rrect(nx + 600, ny + 340, 300, 40, 20, '#3d8fd6');
  s += pinned(nx + 480, ny + 90, 540, 680, PAPER, poster, -2);
  s += pinned(
    nx + 120,
    ny + 140,
    300,
    360,
    '#fff3c4',
    circle(nx + 270, ny + 330, 90, '#f8b84e', ink(4)),
    5,
  );
  s += pinned(
    nx + 1100,
    ny + 160,
    300,
    300,
    '#fde0e0',
    path(
      `M${n(nx + 1250)} ${n(ny + 400)}l-90 -90a50 50 0 0 1 90 -60a50 50 0 0 1 90 60Z`,
      '#ef7a7a',
      ink(4),
    ),
    -4,
  );
  s += pinned(
    nx + 1120,
    ny + 560,
    300,
    320,
    '#dff1fa',
    path(`M${n(nx + 1140)} ${n(ny + 860)}l80 -160l60 90l50 -50l70 120Z`, '#7fb26a', ink(4)),
    3,
  );
  s += pinned(
    nx + 140,
    ny + 600,
    280,
    300,
    '#e9f5d9',
    rect(nx + 190, ny + 700, 180, 120, '#c7a4f0', ink(4)),
    -3,
  );
  // Classroom door.
  s += door(4450, floorY, 440, 1300, '#3d8fd6');
  s += door(1500, floorY, 440, 1300, '#f08a5d');
  return s;
}

/** Butterflies fluttering around the child (nervous excitement). Foreground. */
export function butterflies(points: [number, number][]): string {
  const colors = ['#f3c04d', '#f28b82', '#c7a4f0', '#6aaed6'];
  return points
    .map(([x, y], i) => {
      const c = colors[i % colors.length] ?? '#f3c04d';
      return `<g transform="translate(${n(x)} ${n(y)}) rotate(${((i * 37) % 50) - 25})">${ellipse(-34, -20, 36, 46, c, ink(5))}${ellipse(34, -20, 36, 46, c, ink(5))}${ellipse(-26, 30, 24, 30, light(c, 0.3), ink(5))}${ellipse(26, 30, 24, 30, light(c, 0.3), ink(5))}${ellipse(0, 0, 10, 50, INK)}${path('M-4 -46q-20 -40 -30 -40M4 -46q20 -40 30 -40', 'none', `stroke="${INK}" stroke-width="5" stroke-linecap="round"`)}</g>`;
    })
    .join('');
}
