// Props the story's words point at, drawn to be placed against a figure or on the ground: cones
// knocked over, a tulip bed, a ball's flight, forks and a half-eaten plate, a coffee table, a
// mesh bag of cones. Reusable by any spread; each is a plain drawing (parts are marked by the
// spread that places them, book/art/scenes/part.ts).

import { ball, cone, whoosh } from './football.ts';
import { bucket } from './garden.ts';
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
  rng,
  rrect,
  shade,
} from './kit.ts';

/** A training cone knocked over, lying on its side with its tip towards +x (or -x). */
export function coneDown(
  x: number,
  baseY: number,
  s = 1,
  dir: 1 | -1 = 1,
  color = '#f59b3c',
): string {
  const w = 70 * s;
  const h = 90 * s;
  const y = baseY - w * 0.42;
  const body = `M${n(x)} ${n(y - w / 2)}L${n(x + dir * h)} ${n(y - w * 0.12)}L${n(x + dir * h)} ${n(y + w * 0.12)}L${n(x)} ${n(y + w / 2)}Z`;
  return (
    ellipse(
      x + dir * h * 0.45,
      baseY + 4,
      h * 0.7,
      10 * s,
      INK,
      'fill-opacity="0.15" stroke-opacity="0.15"',
    ) +
    path(body, color, ink(5)) +
    rrect(
      x - dir * 6 * s - (dir > 0 ? 12 * s : 0),
      y - w * 0.62,
      12 * s,
      w * 1.24,
      4,
      shade(color, 0.15),
      ink(4),
    ) +
    path(
      `M${n(x - dir * 30 * s)} ${n(y - w * 0.8)}q${n(-dir * 10 * s)} ${n(-14 * s)} ${n(-dir * 26 * s)} ${n(-12 * s)}M${n(x - dir * 10 * s)} ${n(y - w * 0.95)}l${n(-dir * 4 * s)} ${n(-22 * s)}`,
      'none',
      `stroke="${INK}" stroke-width="${n(6 * s)}" stroke-linecap="round"`,
    )
  );
}

/** A row of cones standing (true) or knocked over (false) at the given points. */
export function coneLine(
  points: ReadonlyArray<readonly [x: number, y: number, standing: boolean]>,
  s: number,
): string {
  return points
    .map(([x, y, up], i) => (up ? cone(x, y, s) : coneDown(x, y, s, i % 2 ? -1 : 1)))
    .join('');
}

/** One tulip on its stem: cup flower of three petals, two long leaves. */
function tulip(x: number, y: number, h: number, color: string, lean: number): string {
  const top = y - h;
  const tx = x + lean;
  const r = h * 0.16;
  return (
    path(
      `M${n(x)} ${n(y)}Q${n(x + lean * 0.2)} ${n(y - h * 0.5)} ${n(tx)} ${n(top + r)}`,
      'none',
      `stroke="#3f7f36" stroke-width="${n(h * 0.05)}" stroke-linecap="round"`,
    ) +
    path(
      `M${n(x)} ${n(y)}Q${n(x - h * 0.3)} ${n(y - h * 0.35)} ${n(x - h * 0.1)} ${n(y - h * 0.6)}Q${n(x - h * 0.02)} ${n(y - h * 0.3)} ${n(x)} ${n(y)}Z`,
      '#5f9e4f',
      ink(4),
    ) +
    path(
      `M${n(tx - r)} ${n(top)}Q${n(tx - r * 1.1)} ${n(top + r * 1.6)} ${n(tx)} ${n(top + r * 1.6)}Q${n(tx + r * 1.1)} ${n(top + r * 1.6)} ${n(tx + r)} ${n(top)}L${n(tx + r * 0.5)} ${n(top + r * 0.5)}L${n(tx)} ${n(top - r * 0.2)}L${n(tx - r * 0.5)} ${n(top + r * 0.5)}Z`,
      color,
      ink(5),
    ) +
    path(
      `M${n(tx)} ${n(top + r * 0.1)}V${n(top + r * 1.3)}`,
      'none',
      `stroke="${shade(color, 0.2)}" stroke-width="${n(h * 0.025)}"`,
    )
  );
}

/** Mum's tulip bed: a bed of earth with rows of tulips, x0..x1, front edge at y. */
export function tulipBed(x0: number, x1: number, y: number, h = 260, seed = 5): string {
  const r = rng(seed);
  const colors = ['#e4483a', '#f7c948', '#f28b82', '#e4483a', '#c7a4f0'];
  let s = path(
    `M${n(x0)} ${n(y)}Q${n(x0 - 20)} ${n(y - h * 0.55)} ${n(x0 + 120)} ${n(y - h * 0.6)}H${n(x1 - 120)}Q${n(x1 + 20)} ${n(y - h * 0.55)} ${n(x1)} ${n(y)}Z`,
    '#8a5a3b',
    ink(),
  );
  s += path(
    `M${n(x0 + 40)} ${n(y - h * 0.2)}H${n(x1 - 40)}`,
    'none',
    `stroke="${shade('#8a5a3b', 0.2)}" stroke-width="10" stroke-dasharray="30 50"`,
  );
  for (const row of [0.5, 0.15]) {
    const count = Math.round((x1 - x0) / (h * 0.55));
    for (let i = 0; i < count; i++) {
      const x = x0 + 80 + ((x1 - x0 - 160) * (i + (row > 0.3 ? 0.5 : 0))) / count;
      s += tulip(
        x,
        y - h * row,
        h * (0.85 + r() * 0.3) * (row > 0.3 ? 0.85 : 1),
        colors[Math.floor(r() * colors.length)] ?? '#e4483a',
        (r() - 0.5) * h * 0.2,
      );
    }
  }
  return s;
}

/**
 * A ball's flight: a dashed arc from `from` to `to` through a quadratic control point, the ball
 * at the end with motion lines behind it. Returns the drawing and a function giving the arc's
 * height at x (to check it clears a head or a line).
 */
export function flight(
  from: readonly [number, number],
  via: readonly [number, number],
  to: readonly [number, number],
  r: number,
): string {
  const [x0, y0] = from;
  const [cx, cy] = via;
  const [x1, y1] = to;
  const dx = x1 - cx;
  const dy = y1 - cy;
  const k = 320 / Math.hypot(dx, dy);
  return (
    path(
      `M${n(x0)} ${n(y0)}Q${n(cx)} ${n(cy)} ${n(x1)} ${n(y1)}`,
      'none',
      `stroke="${PAPER}" stroke-width="14" stroke-dasharray="34 40" stroke-linecap="round" fill-opacity="0.95" stroke-opacity="0.95"`,
    ) +
    whoosh(x1 - dx * k * 0.5, y1 - dy * k * 0.5, dx * k, dy * k, r * 0.6) +
    ball(x1, y1, r, 30)
  );
}

/** The height of a quadratic arc at parameter t (to place things under it). */
export function arcAt(
  from: readonly [number, number],
  via: readonly [number, number],
  to: readonly [number, number],
  t: number,
): [number, number] {
  const u = 1 - t;
  return [
    u * u * from[0] + 2 * u * t * via[0] + t * t * to[0],
    u * u * from[1] + 2 * u * t * via[1] + t * t * to[1],
  ];
}

/** Petals knocked into the air where something landed in flowers. */
export function petals(x: number, y: number, spread: number, seed = 3): string {
  const r = rng(seed);
  let s = '';
  for (let i = 0; i < 7; i++) {
    const a = -Math.PI * (0.15 + r() * 0.7);
    const d = spread * (0.5 + r() * 0.6);
    s += `<g transform="translate(${n(x + Math.cos(a) * d)} ${n(y + Math.sin(a) * d)}) rotate(${n(r() * 180)})">${ellipse(0, 0, 26, 14, i % 2 ? '#e4483a' : '#f7c948', ink(4))}</g>`;
  }
  return s;
}

/** A small round coffee table seen from the front, top at y (the ball rolls under it). */
export function coffeeTable(
  x: number,
  y: number,
  w: number,
  floorY: number,
  color = '#c98b54',
): string {
  const legs =
    rect(x - w * 0.36, y + 30, 40, floorY - y - 30, shade(color, 0.2), ink(5)) +
    rect(x + w * 0.36 - 40, y + 30, 40, floorY - y - 30, shade(color, 0.2), ink(5));
  return (
    ellipse(x, floorY + 6, w * 0.5, 26, INK, 'fill-opacity="0.12" stroke-opacity="0.12"') +
    legs +
    line(x - w * 0.36 + 20, floorY - 120, x + w * 0.36 - 20, floorY - 120, shade(color, 0.2), 24) +
    ellipse(x, y + 24, w / 2, 44, shade(color, 0.1), ink()) +
    ellipse(x, y, w / 2, 44, color, ink()) +
    ellipse(x - w * 0.12, y - 6, w * 0.18, 14, light(color, 0.25)) +
    // A mug and a magazine on top.
    rrect(x + w * 0.12, y - 110, 90, 100, 18, '#7cc0e8', ink(5)) +
    path(
      `M${n(x - w * 0.34)} ${n(y - 4)}l${n(w * 0.3)} -22l${n(w * 0.06)} 26l${n(-w * 0.3)} 14Z`,
      '#f3c04d',
      ink(4),
    )
  );
}

/** Dashed trail of a ball rolling along the floor (from -> to), with bounce marks. */
export function rollTrail(x0: number, x1: number, y: number): string {
  return path(
    `M${n(x0)} ${n(y)}H${n(x1)}`,
    'none',
    `stroke="${PAPER}" stroke-width="12" stroke-dasharray="30 36" stroke-linecap="round" fill-opacity="0.9" stroke-opacity="0.9"`,
  );
}

/** A fork lying on a table top, or held upright with spaghetti twirled round it. */
export function fork(x: number, y: number, len: number, angle: number, twirl = false): string {
  const a = (angle * Math.PI) / 180;
  const ex = x + Math.cos(a) * len;
  const ey = y + Math.sin(a) * len;
  const tine = `M${n(ex)} ${n(ey)}l${n(Math.cos(a) * len * 0.22)} ${n(Math.sin(a) * len * 0.22)}`;
  let s =
    path(
      `M${n(x)} ${n(y)}L${n(ex)} ${n(ey)}${tine}`,
      'none',
      `stroke="${INK}" stroke-width="24" stroke-linecap="round"`,
    ) +
    path(
      `M${n(x)} ${n(y)}L${n(ex)} ${n(ey)}${tine}`,
      'none',
      `stroke="#c9c2b4" stroke-width="12" stroke-linecap="round"`,
    );
  if (twirl) {
    const tx = ex + Math.cos(a) * len * 0.14;
    const ty = ey + Math.sin(a) * len * 0.14;
    s +=
      ellipse(tx, ty, 46, 34, '#f3c76a', ink(5)) +
      path(
        `M${n(tx - 40)} ${n(ty - 6)}q40 -20 80 0M${n(tx - 40)} ${n(ty + 10)}q40 -20 80 0M${n(tx + 20)} ${n(ty + 30)}q10 60 -10 110`,
        'none',
        `stroke="#d9a441" stroke-width="8" stroke-linecap="round"`,
      );
  }
  return s;
}

/** A mesh bag of cones carried by its strings from a hand at (x, y). */
export function coneBag(x: number, y: number, s = 1): string {
  const w = 170 * s;
  const h = 230 * s;
  const top = y + 90 * s;
  let mesh = '';
  for (let i = 1; i < 5; i++)
    mesh += `M${n(x - w / 2 + (w * i) / 5)} ${n(top)}L${n(x - w / 2 + (w * i) / 5 + 20 * s)} ${n(top + h)}`;
  for (let i = 1; i < 4; i++) mesh += `M${n(x - w / 2)} ${n(top + (h * i) / 4)}H${n(x + w / 2)}`;
  return (
    path(
      `M${n(x)} ${n(y)}L${n(x - w / 2)} ${n(top)}M${n(x)} ${n(y)}L${n(x + w / 2)} ${n(top)}`,
      'none',
      `stroke="${INK}" stroke-width="${n(8 * s)}"`,
    ) +
    cone(x - w * 0.2, top + h * 0.95, 1.3 * s) +
    cone(x + w * 0.18, top + h * 0.95, 1.3 * s) +
    cone(x, top + h * 0.6, 1.3 * s) +
    path(
      `M${n(x - w / 2)} ${n(top)}Q${n(x - w * 0.6)} ${n(top + h)} ${n(x)} ${n(top + h + 10 * s)}Q${n(x + w * 0.6)} ${n(top + h)} ${n(x + w / 2)} ${n(top)}Z`,
      'none',
      ink(6 * s),
    ) +
    path(mesh, 'none', `stroke="${INK}" stroke-width="${n(4 * s)}" stroke-opacity="0.6"`) +
    circle(x, y, 14 * s, PAPER, ink(4))
  );
}

/** Two buckets, one inside the other, carried upright by the handle from a hand at (x, y). */
export function bucketsCarried(x: number, y: number, s = 1): string {
  const top = y + 120 * s;
  const upright = (dx: number, color: string) =>
    `<g transform="translate(${n(x + dx)} ${n(top)}) scale(1 -1)">${bucket(0, 0, s, color)}</g>`;
  return (
    upright(30 * s, '#ffd447') +
    upright(0, '#3d8fd6') +
    path(
      `M${n(x - 85 * s)} ${n(top)}Q${n(x)} ${n(y - 40 * s)} ${n(x + 85 * s)} ${n(top)}`,
      'none',
      `stroke="${INK}" stroke-width="${n(9 * s)}"`,
    )
  );
}
