// The team bench after the match (23-24 and 25-26): one dugout drawn in its own world, with what
// lies in it (the blue kit bag at the right end, the ball at the left end, two water bottles, the
// team's jackets on hooks), filmed close on 23-24 and from further back on 25-26 (camera.ts), so
// it is the same bench in the same place on both pages.

import { type Camera, film } from './camera.ts';
import { ball } from './football.ts';
import { sportsBag } from './bedroom.ts';
import { INK, circle, ink, n, path, rect, rrect } from './kit.ts';
import { part } from './part.ts';
import { dugout } from './stadium.ts';

/** The bench in its world: seat top at y = 0, floor at y = 480, from x = 0 to x = 4000. */
export const TEAM_BENCH = {
  x0: 0,
  x1: 4000,
  seatY: 0,
  floorY: 480,
  ballX: 420,
  bagX: 3560,
} as const;

function bottle(x: number, floorY: number, color: string): string {
  return (
    rrect(x - 38, floorY - 210, 76, 210, 26, color, ink(5)) +
    rect(x - 22, floorY - 250, 44, 44, '#f6f1e7', ink(4))
  );
}

function jacket(x: number, y: number, color: string): string {
  return (
    circle(x, y - 20, 16, '#8d8a8f', ink(4)) +
    path(
      `M${n(x - 120)} ${n(y + 30)}Q${n(x)} ${n(y - 30)} ${n(x + 120)} ${n(y + 30)}L${n(x + 150)} ${n(y + 420)}H${n(x - 150)}Z`,
      color,
      ink(5),
    ) +
    path(`M${n(x)} ${n(y)}V${n(y + 420)}`, 'none', `stroke="${INK}" stroke-width="5"`)
  );
}

/** The dugout and its things, in world units; `team` is the team's shirt colour. */
function benchWorld(team: string): string {
  const b = TEAM_BENCH;
  return (
    dugout(b.x0, b.x1, b.seatY, b.floorY) +
    jacket(900, b.seatY - 1020, team) +
    jacket(3150, b.seatY - 1020, team) +
    bottle(2950, b.floorY, '#3d8fd6') +
    bottle(3080, b.floorY, '#7cc05a') +
    part('kit-bag', sportsBag(b.bagX, b.floorY, 1.1, '#3d8fd6')) +
    part('ball', ball(b.ballX, b.floorY - 95, 95, 20))
  );
}

/** The team bench seen by a camera, marked as the part 'bench'. */
export function teamBench(cam: Camera, team: string): string {
  return part('bench', film(cam, benchWorld(team)));
}
