// The small local stadium: a roofed stand with a crowd, floodlights, advertising boards without
// words, the striped pitch, goals, the team bench, scoreboard, confetti and flags.

import { KIT, OUTLINE, SCENE } from '#book/art/palette.ts';
import {
  ball,
  cornerFlag,
  crowd,
  floodlight,
  goal,
  markings,
  pitch,
  scoreboard,
  stand,
} from './football.ts';
import { INK, PAPER, circle, ink, light, line, n, path, rect, rng, rrect, shade } from './kit.ts';
import type { CrowdMood } from './crowd.ts';
import { part } from './part.ts';
import { type Extra, extras } from './people.ts';
import { bunting, hills, tree } from './outdoor.ts';
import { SKY, type TimeOfDay, cloud, sky, sun } from './sky.ts';

/** Team colours in a scene: the child's side follows the child's kit when the composer knows it. */
export interface SceneContext {
  /** Shirt colour of the child's team (defaults to kit T-shirt 1). */
  teamShirt?: string;
  /** Shorts colour of the child's team. */
  teamShorts?: string;
}

export const OPPONENT = { shirt: '#8a63b8', shorts: '#f6f1e7' } as const;
export const REFEREE = { shirt: '#2d2a2e', shorts: '#2d2a2e', hands: undefined } as const;

export function team(ctx?: SceneContext): { shirt: string; shorts: string } {
  return { shirt: ctx?.teamShirt ?? KIT.tshirt1.base, shorts: ctx?.teamShorts ?? KIT.shorts2.base };
}

interface StadiumOptions {
  time: TimeOfDay;
  /** y where the pitch begins (bottom of the advertising boards). */
  horizon?: number;
  crowd?: 'full' | 'sparse' | 'empty';
  /** What the crowd does (crowd.ts): cheer, sit quiet after a loss, or quiet with the away fans cheering. */
  crowdMood?: CrowdMood;
  /** Height of the stand above the boards (default 780; a low camera sees a thin stand). */
  standDepth?: number;
  /** Seed for the crowd so neighbouring pages differ. */
  seed?: number;
  lines?: 'centre' | 'box-left' | 'box-right' | 'side';
  goal?: { x: number; baseY: number; w: number; h: number };
  /** Scoreboard position and the score shown on it (home, away). */
  scoreboard?: { x: number; y: number; score: [number, number] };
  bench?: { x0: number; x1: number; seatY: number; floorY: number };
  confetti?: boolean;
  flags?: boolean;
  bunting?: boolean;
  sunAt?: [number, number];
  /** Background players, drawn after the pitch (behind the family). */
  players?: Extra[];
  cornerFlags?: number[];
  /** Extra props painted after the bench and before the players. */
  props?: string;
}

const AD_COLORS = ['#3d8fd6', '#ffd447', '#e4483a', '#3f9c8f', '#f08a5d', '#8a63b8'];

const BOARD_W = 700;
const BOARD_H = 170;

/** Advertising boards along the touchline: bright panels with simple shapes, no words. */
function boards(width: number, y: number, h: number, seed: number, panels = Infinity): string {
  const r = rng(seed);
  let s = '';
  const w = BOARD_W;
  for (let x = -30, i = 0; x < width + 30 && i < panels; x += w, i++) {
    const c = AD_COLORS[(i + seed) % AD_COLORS.length] ?? '#3d8fd6';
    s += rect(x, y, w, h, c, ink(5));
    const k = r();
    if (k < 0.33) s += circle(x + w / 2, y + h / 2, h * 0.28, light(c, 0.5));
    else if (k < 0.66)
      s += rrect(x + w * 0.2, y + h * 0.3, w * 0.6, h * 0.4, h * 0.2, light(c, 0.5));
    else
      s += path(
        `M${n(x + w * 0.25)} ${n(y + h * 0.75)}L${n(x + w / 2)} ${n(y + h * 0.2)}L${n(x + w * 0.75)} ${n(y + h * 0.75)}Z`,
        light(c, 0.5),
      );
  }
  return s;
}

/** Confetti pieces scattered over an area (small turned rectangles, one path per colour). */
export function confetti(
  x0: number,
  x1: number,
  y0: number,
  y1: number,
  count: number,
  seed: number,
): string {
  const r = rng(seed);
  const colors = ['#e4483a', '#ffd447', '#3d8fd6', '#7cc05a', '#f08a5d', '#c7a4f0', PAPER];
  const byColor = new Map<string, string>();
  for (let i = 0; i < count; i++) {
    const x = x0 + r() * (x1 - x0);
    const y = y0 + r() * (y1 - y0);
    const c = colors[Math.floor(r() * colors.length)] ?? '#ffd447';
    const a = r() * Math.PI;
    const w = 26 + r() * 16;
    const h = 14 + r() * 10;
    const ux = Math.cos(a);
    const uy = Math.sin(a);
    const d = `M${n(x)} ${n(y)}l${n(ux * w)} ${n(uy * w)}l${n(-uy * h)} ${n(ux * h)}l${n(-ux * w)} ${n(-uy * w)}Z`;
    byColor.set(c, (byColor.get(c) ?? '') + d);
  }
  let s = '';
  for (const [c, d] of byColor) s += `<path d="${d}" fill="${c}"/>`;
  return s;
}

/** A covered team bench (dugout) on the touchline. */
export function dugout(x0: number, x1: number, seatY: number, floorY: number): string {
  const top = seatY - 1250;
  return (
    path(
      `M${n(x0)} ${n(floorY)}V${n(top + 80)}Q${n(x0)} ${n(top)} ${n(x0 + 120)} ${n(top)}H${n(x1 - 120)}Q${n(x1)} ${n(top)} ${n(x1)} ${n(top + 80)}V${n(floorY)}`,
      '#dfe9f0',
      `${ink()} fill-opacity="0.8"`,
    ) +
    rect(
      x0 + 40,
      top + 60,
      x1 - x0 - 80,
      floorY - top - 60,
      '#3e4658',
      'fill-opacity="0.55" stroke-opacity="0.55"',
    ) +
    // the bench's shadow on the ground (the players' feet may dangle above it)
    `<ellipse cx="${n((x0 + x1) / 2)}" cy="${n(floorY - 6)}" rx="${n((x1 - x0) / 2 - 70)}" ry="36" fill="${OUTLINE}" fill-opacity="${SCENE.groundShadowOpacity}"/>` +
    rect(x0 + 60, seatY - 20, x1 - x0 - 120, 50, '#3d8fd6', ink(5)) +
    rect(
      x0 + 60,
      seatY - 380,
      x1 - x0 - 120,
      360,
      '#3d8fd6',
      `${ink(5)} fill-opacity="0.9" stroke-opacity="0.9"`,
    ) +
    rect(x0 + 100, seatY + 30, 40, floorY - seatY - 30, '#6f7786', ink(4)) +
    rect(x1 - 140, seatY + 30, 40, floorY - seatY - 30, '#6f7786', ink(4))
  );
}

/** The stadium, spread or page width. */
export function stadium(width: number, o: StadiumOptions): string {
  const horizon = o.horizon ?? 1500;
  const t = SKY[o.time];
  const seed = o.seed ?? 1;
  const standTop = horizon - (o.standDepth ?? 780);
  let s = sky(width, o.time, standTop + 200);
  if (o.sunAt) s += sun(o.sunAt[0], o.sunAt[1], 160, o.time === 'evening' ? '#ffb25c' : '#ffd447');
  s +=
    cloud(width * 0.2, standTop - 380, 1.1, t.cloud, seed) +
    cloud(width * 0.72, standTop - 460, 1.3, t.cloud, seed + 3);
  s += hills(width, standTop + 40, t.far, seed + 7, 90, 6);
  s +=
    tree(width * 0.06, standTop + 40, 0.6, shade(t.grass, 0.15), 'round', seed) +
    tree(width * 0.94, standTop + 40, 0.55, shade(t.grass, 0.12), 'pine', seed + 1);
  // Floodlights behind the stand.
  const lit = o.time === 'evening' || o.time === 'night' || o.time === 'rain';
  for (const fx of [90, width - 90])
    s += floodlight(fx, standTop + 100, Math.max(400, standTop - 50), lit);
  s += stand(width, standTop, horizon - 120, o.crowd === 'empty' ? '#a9b3c2' : '#8e99ab', true);
  const fans = o.crowd ?? 'full';
  // Rows of seats (they show where the crowd is thin or gone).
  const rows = 5;
  for (let i = 0; i < rows; i++) {
    const y = standTop + 130 + ((horizon - 330 - standTop) * i) / (rows - 1);
    s += path(
      `M-30 ${n(y)}H${n(width + 30)}`,
      'none',
      `stroke="${i % 2 ? '#3d8fd6' : '#4f9fe0'}" stroke-width="${n(44 + i * 6)}" stroke-dasharray="${n(60 + i * 8)} ${n(34 + i * 4)}"`,
    );
  }
  if (fans !== 'empty') {
    const colors = ['#e4483a', '#3d8fd6', '#ffd447', '#f6f1e7', '#8a63b8', '#3f9c8f', '#f08a5d'];
    const mood = {
      mood: o.crowdMood ?? 'cheer',
      away: { x0: width * 0.62, x1: width + 30, shirt: OPPONENT.shirt },
    };
    const rowsFull = Math.max(2, Math.min(5, Math.round((horizon - 190 - standTop - 150) / 110)));
    s += part(
      `crowd-${mood.mood}`,
      fans === 'full'
        ? crowd(
            -30,
            width + 30,
            standTop + 150,
            horizon - 190,
            rowsFull,
            seed + 11,
            colors,
            undefined,
            mood,
          )
        : crowd(
            -30,
            width * 0.35,
            standTop + 250,
            horizon - 190,
            3,
            seed + 11,
            colors,
            undefined,
            mood,
          ) +
            crowd(
              width * 0.62,
              width + 30,
              standTop + 250,
              horizon - 190,
              3,
              seed + 13,
              colors,
              undefined,
              mood,
            ),
    );
  }
  if (o.flags) {
    const r = rng(seed + 5);
    for (let i = 0; i < 8; i++) {
      const x = 150 + r() * (width - 300);
      const c = AD_COLORS[i % AD_COLORS.length] ?? '#e4483a';
      s +=
        line(x, horizon - 160, x, standTop + 60, INK, 8) +
        path(`M${n(x)} ${n(standTop + 60)}q100 -20 200 10v120q-100 -30 -200 -10Z`, c, ink(5));
    }
  }
  if (o.bunting)
    s +=
      bunting(-30, standTop - 100, width / 2, standTop - 60, 60, [
        '#e4483a',
        '#ffd447',
        '#3d8fd6',
        '#7cc05a',
      ]) +
      bunting(width / 2, standTop - 60, width + 30, standTop - 100, 60, [
        '#ffd447',
        '#3d8fd6',
        '#e4483a',
        '#f08a5d',
      ]);
  s += boards(width, horizon - 160, BOARD_H, seed);
  s += pitch(
    width,
    horizon,
    o.time === 'rain' ? '#6e9e52' : o.time === 'evening' ? '#5f9a48' : '#76b955',
    Math.max(7, Math.round(width / 560)),
  );
  s += markings(width, horizon, o.lines ?? 'side');
  for (const cx of o.cornerFlags ?? []) s += cornerFlag(cx, horizon + 70, 260);
  if (o.scoreboard)
    s += part(
      `scoreboard-${o.scoreboard.score.join('-')}`,
      scoreboard(o.scoreboard.x, o.scoreboard.y, 700, 300, o.scoreboard.score),
    );
  if (o.goal) s += part('goal', goal(o.goal.x, o.goal.baseY, o.goal.w, o.goal.h, {}));
  if (o.bench) s += part('bench', dugout(o.bench.x0, o.bench.x1, o.bench.seatY, o.bench.floorY));
  if (o.props) s += o.props;
  if (o.players) s += part('players', extras(o.players));
  if (o.confetti)
    s += part('confetti', confetti(-30, width + 30, -30, horizon + 200, 160, seed + 17));
  return s;
}

/**
 * The parents' homemade banner (19-20), held up on two wooden poles: the cloth from `top` down
 * `h` between the poles at x0 and x1, sagging a little; each pole runs from above the cloth to
 * `grip` below it, where a hand holds it, or (`planted`) the x1 pole down into the grass at that
 * y. Its words (the child's name) are the layout's signBox, drawn with the text.
 */
export function banner(
  x0: number,
  x1: number,
  top: number,
  h: number,
  grip = 380,
  planted?: number,
): string {
  const mid = (x0 + x1) / 2;
  const pole = (x: number, end: number) =>
    line(x, top - 60, x, end, INK, 30) + line(x, top - 60, x, end, '#c9955f', 16);
  return (
    pole(x0, top + h + grip) +
    pole(x1, planted ?? top + h + grip) +
    path(
      `M${n(x0)} ${n(top)}Q${n(mid)} ${n(top + 40)} ${n(x1)} ${n(top)}V${n(top + h)}Q${n(mid)} ${n(top + h + 50)} ${n(x0)} ${n(top + h)}Z`,
      PAPER,
      ink(),
    ) +
    ball(x0, top - 100, 56) +
    ball(x1, top - 100, 56)
  );
}

/**
 * The first `panels` advertising boards of a stadium drawn again in front of the figures, so
 * people standing in the front row of the stand show from the waist up. Same seed and horizon
 * as the stadium, so the boards match the background exactly.
 */
export function frontBoards(width: number, horizon: number, seed: number, panels: number): string {
  return boards(width, horizon - 160, BOARD_H, seed, panels);
}
