// The stadium from several camera set-ups (issue #32: the match is not one backdrop): the big
// scoreboard after the final whistle (21-22), the players' tunnel before the next match (35-36),
// and the pitch seen from the stand (37-38). The wide touchline view (19-20, 41-42) and the low
// view at the goal (39-40) are stadium() with its horizon and stand depth (stadium.ts); the team
// bench close and far (23-26) is team-bench.ts under two cameras.

import { OPPONENT, stadium, type SceneContext } from './stadium.ts';
import { crowd } from './crowd.ts';
import { ball, markings, pitch, scoreboard, stand } from './football.ts';
import { BOTTOM, INK, PAPER, TOP, ink, light, n, path, rect, rrect, rng, shade } from './kit.ts';
import { part } from './part.ts';
import { type Extra, extras } from './people.ts';
import { cloud, sky } from './sky.ts';

const FAN_COLORS = ['#e4483a', '#3d8fd6', '#ffd447', '#f6f1e7', '#3f9c8f', '#f08a5d'];

/**
 * 21-22, full time: the big scoreboard over the stand shows the score, the home crowd sits quiet,
 * the away fans and the other team cheer. The missed ball lies past the far post of the goal.
 */
export function scoreboardShot(width: number, score: [number, number], players: Extra[]): string {
  const horizon = 1780;
  return (
    stadium(width, {
      time: 'afternoon',
      horizon,
      standDepth: 700,
      crowdMood: 'split',
      lines: 'box-left',
      seed: 5,
      players,
    }) +
    part('goal', goalFar(260, horizon + 260)) +
    part('ball-wide', ball(1560, horizon + 230, 48, 30)) +
    part(`scoreboard-${score.join('-')}`, scoreboard(2950, 140, 1650, 700, score))
  );
}

/** A small goal far away on the left, seen from the side of the pitch. */
function goalFar(x: number, baseY: number): string {
  const w = 1100;
  const h = 480;
  let net = '';
  for (let i = 1; i < 14; i++) net += `M${n(x + (w * i) / 14)} ${n(baseY - h)}v${n(h)}`;
  for (let j = 1; j < 7; j++) net += `M${n(x)} ${n(baseY - (h * j) / 7)}h${n(w)}`;
  return (
    path(net, 'none', `stroke="${PAPER}" stroke-width="4" stroke-opacity="0.75"`) +
    path(
      `M${n(x)} ${n(baseY)}V${n(baseY - h)}H${n(x + w)}V${n(baseY)}`,
      'none',
      `stroke="${INK}" stroke-width="30" stroke-linejoin="round"`,
    ) +
    path(
      `M${n(x)} ${n(baseY)}V${n(baseY - h)}H${n(x + w)}V${n(baseY)}`,
      'none',
      `stroke="${PAPER}" stroke-width="16" stroke-linejoin="round"`,
    )
  );
}

/** The tunnel's mouth: the arch the players walk out of (35-36). */
export const TUNNEL = { x0: 2050, x1: 4550, top: 430, floorY: 2420 } as const;

/**
 * 35-36, before the next match: inside the players' tunnel, looking out through its arch at the
 * bright pitch and the stand, where Mum and Dad stand in the front row (their slots are inside the
 * arch; `tunnelRail` hides their legs). The child stands in the tunnel in the foreground.
 */
export function tunnelShot(width: number, ctx: SceneContext | undefined, players: Extra[]): string {
  void ctx;
  const t = TUNNEL;
  const outside = stadium(width, {
    time: 'day',
    horizon: 2000,
    standDepth: 820,
    lines: 'centre',
    seed: 11,
    players,
  });
  const r = 620;
  const arch = `M${t.x0} ${t.floorY}V${t.top + r}A${r} ${r} 0 0 1 ${t.x0 + r} ${t.top}H${t.x1 - r}A${r} ${r} 0 0 1 ${t.x1} ${t.top + r}V${t.floorY}Z`;
  const frame = `M-30 ${TOP}H${width + 30}V${BOTTOM}H-30Z${arch}`;
  const wall = '#4d5568';
  let s = path(frame, wall, `${ink()} fill-rule="evenodd"`);
  // Light from the arch on the floor, the floor's perspective lines and the wall's panels.
  s += path(
    `M-30 ${BOTTOM}L${t.x0} ${t.floorY}H${t.x1}L${width + 30} ${BOTTOM}Z`,
    '#646b7c',
    ink(5),
  );
  s += path(
    `M${t.x0 + 200} ${t.floorY}L${t.x0 - 900} ${BOTTOM}H${t.x1 + 300}L${t.x1 - 200} ${t.floorY}Z`,
    '#fff3c4',
    'fill-opacity="0.22"',
  );
  let lines = '';
  for (let i = 1; i < 6; i++) {
    const fx = t.x0 + ((t.x1 - t.x0) * i) / 6;
    lines += `M${n(fx)} ${t.floorY}L${n(width / 2 + (fx - width / 2) * 2.4)} ${BOTTOM}`;
  }
  s += path(lines, 'none', `stroke="${shade('#646b7c', 0.15)}" stroke-width="8"`);
  // Wall panels and the ceiling lights running towards the arch.
  let panels = '';
  for (let x = -30; x < t.x0 - 100; x += 420)
    panels += `M${n(x)} 600V${n(2300 + (t.x0 - x) * 0.25)}`;
  s += path(panels, 'none', `stroke="${shade(wall, 0.2)}" stroke-width="10"`);
  for (let i = 0; i < 4; i++) {
    const k = i / 4;
    const x = 200 + (t.x0 - 400) * k;
    const y = 140 + 200 * k;
    s +=
      rrect(x, y, 320 - 140 * k, 60 - 20 * k, 20, '#fff3c4', ink(4)) +
      path(
        `M${n(x - 40)} ${n(y + 60)}L${n(x + 360 - 140 * k)} ${n(y + 60)}L${n(x + 500)} ${n(y + 700)}H${n(x - 180)}Z`,
        '#fff3c4',
        'fill-opacity="0.08"',
      );
  }
  return outside + part('tunnel', s);
}

/** The front of the stand in the arch, drawn over Mum's and Dad's legs (35-36 foreground). */
export function tunnelRail(): string {
  const t = TUNNEL;
  const y = 1640;
  return (
    rect(t.x0 + 20, y, t.x1 - t.x0 - 40, 130, '#8e99ab', ink(5)) +
    rect(t.x0 + 20, y, t.x1 - t.x0 - 40, 26, light('#8e99ab', 0.3), ink(4))
  );
}

/**
 * 37-38, from the stand: a high camera over the near stand, the pitch below it running up to the
 * far stand at the top. Mum and Dad stand in the near stand (bottom left), the crowd around them
 * seen from behind; the child dribbles on the pitch below.
 */
export function fromTheStand(width: number, players: Extra[]): string {
  const far = 640;
  let s = sky(width, 'day', 300) + cloud(width * 0.75, 60, 0.8, PAPER, 4);
  s += stand(width, 120, far - 60, '#8e99ab', true);
  s += part('crowd-cheer', crowd(-30, width + 30, 230, far - 110, 3, 41, FAN_COLORS));
  s += rect(-30, far - 90, width + 60, 100, '#3d8fd6', ink(5));
  s += pitch(width, far, '#76b955', 9) + markings(width, far, 'centre');
  s += part('players', extras(players));
  return s;
}

/**
 * The near stand of 37-38 (the bottom-left corner, seen from high in it): its rows of steps full
 * of fans, the rows further back smaller; the front row, where Mum and Dad stand among the fans
 * (their slots), runs along its edge to the pitch with a red rail.
 */
export function nearStand(width: number): string {
  void width;
  const edge = 'M-30 1700L1950 2060L2300 3030H-30Z';
  let s = path(edge, '#a9b3c2', ink());
  // Rows of fans, back to front, each a step: wider and bigger the nearer it is.
  const rows = [
    [1720, 1880, 0.9],
    [1900, 2080, 1.15],
    [2110, 2320, 1.4],
    [2340, 2580, 1.65],
  ] as const;
  rows.forEach(([y0, y1, scale], i) => {
    const right = 1950 + ((y1 - 1700) / (3030 - 1700)) * 350 - 60;
    s += crowd(-30, right - (2060 - y1) * 0.2, y0, y1 - 40, 1, 51 + i, FAN_COLORS, undefined, {
      scale,
    });
    s += path(
      `M-30 ${y1}L${n(right + 40)} ${n(y1 + 20)}`,
      'none',
      `stroke="${shade('#a9b3c2', 0.22)}" stroke-width="16"`,
    );
  });
  s +=
    path(
      'M-30 1700L1950 2060L2300 3030',
      'none',
      `stroke="${INK}" stroke-width="26" stroke-linecap="round" stroke-linejoin="round"`,
    ) +
    path(
      'M-30 1700L1950 2060L2300 3030',
      'none',
      `stroke="#e4483a" stroke-width="14" stroke-linecap="round" stroke-linejoin="round"`,
    );
  return part('stand', s);
}

/** Fans in the nearest row, seen from behind (the backs of heads and shoulders), foreground. */
export function fansFromBehind(
  x0: number,
  x1: number,
  y: number,
  size: number,
  seed: number,
): string {
  const r = rng(seed);
  const skins = ['#f6cba5', '#633f29', '#e2ab7c', '#c48654', '#91603d', '#fde4d0'];
  const hairs = ['#2f2623', '#6e4327', '#ebc66b', '#c9562c', '#a97c50'];
  let s = '';
  for (let x = x0; x < x1; x += size * (2.2 + r() * 0.5)) {
    const shirt = FAN_COLORS[Math.floor(r() * FAN_COLORS.length)] ?? '#e4483a';
    const skin = skins[Math.floor(r() * skins.length)] ?? '#f6cba5';
    const hair = hairs[Math.floor(r() * hairs.length)] ?? '#2f2623';
    const hy = y - size * 1.1 + r() * size * 0.2;
    const up = r() < 0.45;
    if (up)
      s +=
        path(
          `M${n(x - size * 0.8)} ${n(y - size * 0.2)}L${n(x - size * 1.1)} ${n(hy - size * 1.3)}M${n(x + size * 0.8)} ${n(y - size * 0.2)}L${n(x + size * 1.1)} ${n(hy - size * 1.3)}`,
          'none',
          `stroke="${INK}" stroke-width="${n(size * 0.5)}" stroke-linecap="round"`,
        ) +
        path(
          `M${n(x - size * 0.8)} ${n(y - size * 0.2)}L${n(x - size * 1.1)} ${n(hy - size * 1.3)}M${n(x + size * 0.8)} ${n(y - size * 0.2)}L${n(x + size * 1.1)} ${n(hy - size * 1.3)}`,
          'none',
          `stroke="${skin}" stroke-width="${n(size * 0.36)}" stroke-linecap="round"`,
        );
    s += rrect(x - size, y - size * 0.4, size * 2, size * 1.6, size * 0.6, shirt, ink(5));
    s += `<circle cx="${n(x)}" cy="${n(hy)}" r="${n(size * 0.62)}" fill="${skin}" ${ink(5)}/>`;
    s += `<circle cx="${n(x)}" cy="${n(hy - size * 0.06)}" r="${n(size * 0.6)}" fill="${hair}"/>`;
  }
  return s;
}

export { OPPONENT };
