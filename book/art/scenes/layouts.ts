// Every page of 'You can do it' as a layout: the painted scene (background and optional
// foreground), where the family stands, and where the story text goes. The composer
// (book/render-page.ts) draws background, then the figures at the slots, then the foreground,
// then the text. Follows the scene notes in book/story/scenes.ts.

import { PAGE_WIDTH, SPREAD_WIDTH, type CharacterSlot, type PageId, type Pose, type Role, type TextBox } from '../../types.ts';
import { poseAnchors } from '../characters/draw-character.ts';
import { carBody, carScene } from './car.ts';
import { coverScene, dedicationScene } from './cover.ts';
import { ball, whoosh } from './football.ts';
import { coneStack, garden, gardenBench, houseWindowWall, mug, shedTreasures } from './garden.ts';
import { BED, bedroom, duvet, kitchen, kitchenTable, livingRoom } from './home.ts';
import { butterflies, corridor, park, schoolYard, umbrella, umbrellaInsideOut } from './park.ts';
import { variety, type Extra } from './people.ts';
import { OPPONENT, REFEREE, banner, frontBoards, stadium, team, type SceneContext } from './stadium.ts';
import { sportsBag } from './indoor.ts';

export type { SceneContext } from './stadium.ts';

export interface SpreadLayout {
  /** 2450 for the cover and the dedication, 4900 for spreads. */
  width: number;
  /** SVG fragment (no <svg> wrapper) painting the full scene including the 30-unit bleed. */
  background: (ctx?: SceneContext) => string;
  /** Props drawn over the figures (a table edge, a car body, an umbrella, the ball at a foot). */
  foreground?: (ctx?: SceneContext) => string;
  /** Where child, dad and mum stand: feet centre at (x, y). */
  slots: CharacterSlot[];
  /** Where the story text goes. */
  textBoxes: TextBox[];
  /** Cover only: the title with the child's name. */
  titleBox?: TextBox;
  /** Where words painted in the picture go (the banner of 19-20; book/story signs). */
  signBox?: TextBox;
}

/** Figure heights at scale 1 (book/STYLE.md). */
export const FIGURE_HEIGHT: Record<Role, number> = { child: 1150, dad: 1700, mum: 1700 };

export interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/**
 * The box a figure covers at scale 1, unflipped, relative to its feet, from the pose's key
 * points (book/art/characters poseAnchors): head circle, hands and shoes with room for the
 * shoe length, the fists and the sleeves. tests/book/scenes.test.ts checks the real drawings
 * stay inside it.
 */
export function figureBox(role: Role, pose: Pose): Box {
  const a = poseAnchors(role, pose);
  const head = a.headRadius * 1.06;
  const hand = 75;
  const shoe = 135;
  const x0 = Math.min(a.neck.x - head, a.headTop.x - head, a.handL.x - hand, a.handR.x - hand, a.elbowL.x - hand, a.elbowR.x - hand, a.footL.x - shoe, a.footR.x - shoe);
  const x1 = Math.max(a.neck.x + head, a.headTop.x + head, a.handL.x + hand, a.handR.x + hand, a.elbowL.x + hand, a.elbowR.x + hand, a.footL.x + shoe, a.footR.x + shoe);
  const y0 = Math.min(a.headTop.y - Math.max(25, a.headRadius * 0.2), a.handL.y - hand, a.handR.y - hand);
  return { x0, y0, x1, y1: 45 };
}

/** The page area a figure covers at its slot. */
export function slotBounds(slot: CharacterSlot): Box {
  const b = figureBox(slot.role, slot.pose);
  const s = slot.scale;
  const x0 = slot.flip ? slot.x - b.x1 * s : slot.x + b.x0 * s;
  const x1 = slot.flip ? slot.x - b.x0 * s : slot.x + b.x1 * s;
  return { x0: Math.round(x0), y0: Math.round(slot.y + b.y0 * s), x1: Math.round(x1), y1: Math.round(slot.y + b.y1 * s) };
}

/** The seat is this far below the hip centre of a sitting figure (scale 1). */
const SEAT_DROP: Record<Role, number> = { child: 28, dad: 42, mum: 40 };

/** A sitting slot whose seat (under the hips) is at (sx, sy). */
export function seated(role: Role, sx: number, sy: number, scale: number, flip = false, pose: Pose = 'sit'): CharacterSlot {
  const hip = poseAnchors(role, pose).hip;
  return { role, pose, x: Math.round(sx - (flip ? -hip.x : hip.x) * scale), y: Math.round(sy + (-hip.y - SEAT_DROP[role]) * scale), scale, flip };
}

/** Where a figure's +x hand (the waving one) is on the page. */
export function handOf(s: CharacterSlot): { x: number; y: number } {
  const h = poseAnchors(s.role, s.pose).handR;
  return { x: s.x + (s.flip ? -h.x : h.x) * s.scale, y: s.y + h.y * s.scale };
}

/** Where the kicking (+x) foot of a figure is on the page. */
function kickingFoot(s: CharacterSlot): { x: number; y: number } {
  const f = poseAnchors(s.role, s.pose).footR;
  return { x: s.x + (s.flip ? -f.x : f.x) * s.scale, y: s.y + f.y * s.scale };
}

const W = SPREAD_WIDTH;

/** The story's type size in units (64 = 6.4 mm = 18 pt) and the least it may shrink to. */
export const STORY_SIZE = 64;
export const STORY_MIN_SIZE = 58;

function text(x: number, y: number, width: number, height: number, extra: Partial<TextBox> = {}): TextBox {
  return { x, y, width, height, align: 'center', size: STORY_SIZE, minSize: STORY_MIN_SIZE, ...extra };
}

/**
 * The text-safe places (tests/book/text-safe.test.ts checks every line against the art): calm
 * sky or wall at the top of the left or right page, or the same place on a soft panel where
 * clouds, trees, a stand roof or wall stars run behind the words.
 */
const TOP_LEFT = text(220, 130, 2010, 700);
const TOP_LEFT_PANEL = text(220, 130, 2010, 700, { panel: true });
const TOP_RIGHT_PANEL = text(2670, 130, 2010, 700, { panel: true });
/** Over a night sky or a dark wall: light letters on a dark panel. */
const TOP_LEFT_NIGHT_PANEL = text(220, 130, 2010, 640, { ink: 'light', panel: true });
const TOP_RIGHT_NIGHT = text(2670, 110, 2010, 700, { ink: 'light' });

function slot(role: Role, pose: Pose, x: number, y: number, scale: number, flip = false): CharacterSlot {
  return { role, pose, x, y, scale, flip };
}

/** A ball lying at a foot. */
function ballAt(x: number, y: number, r = 95): string {
  return ball(x, y - r, r, 20);
}

function players(ctx: SceneContext | undefined, list: (Omit<Extra, 'shirt' | 'shorts'> & { side: 'us' | 'them' | 'ref' })[]): Extra[] {
  const us = team(ctx);
  return list.map(({ side, ...e }, i) => ({
    ...variety(i + 3),
    ...e,
    ...(side === 'us' ? us : side === 'them' ? OPPONENT : { shirt: REFEREE.shirt, shorts: REFEREE.shorts }),
  }));
}

// Slots that other props are placed against (a ball at a foot, a mug in a hand).
const COVER_KID = slot('child', 'kick', 1300, 2880, 1.3);
const P1_KID = slot('child', 'run', 1800, 2800, 1.15);
const P3_KID = slot('child', 'stand', 3950, 2820, 1.15);
const KITCHEN_SEATS: [number, number][] = [
  [800, 2200],
  [1780, 2040],
  [3150, 2200],
];
const P7_DAD = slot('dad', 'wave', 1500, 2760, 0.95);
const P7_MUM = slot('mum', 'stand', 3350, 2700, 0.92);
const P11_KID = slot('child', 'run', 1450, 2840, 1.05);
const P11_MUM = slot('mum', 'run', 3450, 2760, 0.95);
const P13_KID = slot('child', 'kick', 1450, 2860, 1.05);
const P13_DAD = slot('dad', 'wave', 3250, 2780, 0.92);
const P13_MUM = slot('mum', 'wave', 4150, 2780, 0.88);
const CAR_SLOTS = [seated('dad', 1750, 1850, 0.95), seated('mum', 2800, 1830, 0.92), seated('child', 3800, 1890, 1.15)];
const BENCH = { seatY: 2420, floorY: 2900 };
const P23_KID = seated('child', 3450, BENCH.seatY, 1.1);
const P25_KID = seated('child', 800, BENCH.seatY, 1.1, false, 'sit-point');
const P33_KID: CharacterSlot = { ...slot('child', 'stand', 1750, 2820, 1.1), outfit: 'pyjamas' };
const P33_DAD: CharacterSlot = { ...slot('dad', 'stand', 3400, 2560, 0.92), outfit: 'gown' };
const P37_KID = slot('child', 'run', 3600, 2840, 1.15);
const P39_KID = slot('child', 'kick', 1400, 2820, 1.25);
const P43_KID = seated('child', 3650, 2330, 1.1, false, 'sit-wave');

/** The kicked ball just in front of the kicking foot. */
function kickedBall(s: CharacterSlot, r: number, ahead = 1.2): string {
  const f = kickingFoot(s);
  return ball(f.x + r * ahead, f.y - r * 0.6, r, 20);
}

/** A ball at the leading foot of a runner, on the ground. */
function dribbledBall(s: CharacterSlot, r: number): string {
  const f = kickingFoot(s);
  return ballAt(f.x + r * 1.1, s.y, r);
}

/** The kit bag on the ground under one end of the bench (never under the child's boots). */
function bagBeside(x: number): string {
  return sportsBag(x, BENCH.floorY, 0.9, '#3d8fd6');
}

export const SPREAD_LAYOUTS: Record<PageId, SpreadLayout> = {
  cover: {
    width: PAGE_WIDTH,
    background: () => coverScene(),
    foreground: () => {
      const f = kickingFoot(COVER_KID);
      return whoosh(f.x + 20, f.y - 60, 200, 120, 45) + ball(f.x + 170, f.y - 70, 150, 18);
    },
    slots: [slot('dad', 'cheer', 560, 2330, 0.8), slot('mum', 'cheer', 1900, 2330, 0.8), COVER_KID],
    textBoxes: [],
    titleBox: text(150, 140, 2150, 720, { size: 190, minSize: 110 }),
  },

  dedication: {
    width: PAGE_WIDTH,
    background: () => dedicationScene(),
    slots: [],
    textBoxes: [text(360, 520, 1730, 1640, { size: 90, minSize: 55 })],
  },

  // Home in the morning: the child dribbles round the sofa in pyjamas; the lamp wobbles.
  'page_1-2': {
    width: W,
    background: () => livingRoom(W, 'morning'),
    foreground: () => dribbledBall(P1_KID, 85),
    slots: [P1_KID],
    textBoxes: [TOP_LEFT],
  },

  // School playground: the child watches the others play, holding the ball tight.
  'page_3-4': {
    width: W,
    background: () => schoolYard(W),
    foreground: () => ball(P3_KID.x, P3_KID.y - 360 * P3_KID.scale, 120, 10),
    slots: [P3_KID],
    textBoxes: [TOP_LEFT_PANEL],
  },

  // Kitchen at dinner time: three plates of spaghetti, Dad and Mum lean in and listen.
  'page_5-6': {
    width: W,
    background: () => kitchen(W, KITCHEN_SEATS),
    foreground: () => kitchenTable(KITCHEN_SEATS.map(([x]) => x)),
    slots: [seated('dad', 800, 2200, 0.95, true, 'sit-tuck'), seated('child', 1780, 2040, 0.9), seated('mum', 3150, 2200, 0.95, false, 'sit-tuck')],
    textBoxes: [text(2670, 110, 2010, 600)],
  },

  // Dad comes out of the shed with the old football and two buckets; Mum brings cones.
  'page_7-8': {
    width: W,
    background: () => garden(W, { time: 'golden', sunAt: [1950, 520], shed: 'open', flowerBed: true }),
    foreground: () => {
      const h = handOf(P7_DAD);
      const m = handOf(P7_MUM);
      return shedTreasures() + `<g transform="translate(${Math.round(h.x)} ${Math.round(h.y - 70)}) scale(1 0.85)">${ball(0, 0, 100, 25)}</g>` + coneStack(m.x + 20, m.y - 40);
    },
    slots: [P7_DAD, P7_MUM, slot('child', 'cheer', 4150, 2800, 1.1, true)],
    textBoxes: [TOP_RIGHT_PANEL],
  },

  // Bucket goal: Dad in goal, the child kicks, the ball sails into Mum's flower bed.
  'page_9-10': {
    width: W,
    background: () => garden(W, { time: 'afternoon', sunAt: [2000, 480], washingLine: true, flowerBed: true, bucketGoal: 2900, flyingBall: true, clouds: [[2390, 250, 0.55], [4150, 1050, 0.7]] }),
    slots: [slot('mum', 'cheer', 480, 2680, 0.9), slot('child', 'kick', 1600, 2820, 1.1), slot('dad', 'crouch', 3350, 2520, 0.9)],
    textBoxes: [TOP_RIGHT_PANEL],
  },

  // Park: Mum shows how to dribble round the cones; the child follows.
  'page_11-12': {
    width: W,
    background: () => park(W, { rain: false, cones: true }),
    foreground: () => dribbledBall(P11_KID, 80) + dribbledBall(P11_MUM, 85),
    slots: [P11_KID, P11_MUM],
    textBoxes: [TOP_LEFT_PANEL],
  },

  // Practice in the rain: puddles, umbrellas (Dad's blown inside out, as the text says).
  'page_13-14': {
    width: W,
    background: () => park(W, { rain: true }),
    foreground: () => {
      const d = handOf(P13_DAD);
      const m = handOf(P13_MUM);
      return kickedBall(P13_KID, 85) + umbrellaInsideOut(d.x, d.y + 30, 900, '#3d8fd6') + umbrella(m.x, m.y + 30, 820, '#f28b82');
    },
    slots: [P13_KID, P13_DAD, P13_MUM],
    textBoxes: [TOP_LEFT_PANEL],
  },

  // School corridor: the big match poster; butterflies in the tummy.
  'page_15-16': {
    width: W,
    background: () => corridor(W),
    foreground: () => butterflies([[3050, 1750], [4200, 1650], [3150, 2250], [4250, 2350], [4000, 1450]]),
    slots: [slot('child', 'tummy', 3620, 2800, 1.15)],
    textBoxes: [TOP_LEFT],
  },

  // In the car on the way to the match.
  'page_17-18': {
    width: W,
    background: () => carScene(W, 'day'),
    foreground: () => carBody('day'),
    slots: CAR_SLOTS,
    textBoxes: [text(2670, 110, 2010, 680, { panel: true })],
  },

  // Kick-off: the child runs among teammates; Dad and Mum cheer with a homemade banner.
  'page_19-20': {
    width: W,
    background: (ctx) =>
      stadium(W, {
        time: 'day',
        horizon: 1650,
        lines: 'centre',
        seed: 3,
        bunting: true,
        players: players(ctx, [
          { side: 'us', x: 420, y: 2150, h: 760, pose: 'run' },
          { side: 'them', x: 900, y: 1960, h: 620, pose: 'run', flip: true },
          { side: 'ref', x: 2150, y: 1950, h: 640, pose: 'stand' },
          { side: 'us', x: 2000, y: 2250, h: 800, pose: 'run' },
          { side: 'them', x: 3850, y: 1900, h: 580, pose: 'run', flip: true },
        ]),
      }),
    foreground: () => dribbledBall(slot('child', 'run', 1250, 2820, 1.1), 85) + banner(3250, 4400, 2250, 330),
    slots: [slot('child', 'run', 1250, 2820, 1.1), slot('dad', 'cheer', 3150, 2820, 0.88), slot('mum', 'cheer', 4500, 2820, 0.86)],
    textBoxes: [TOP_RIGHT_PANEL],
    signBox: text(3330, 2280, 990, 270, { size: 150, minSize: 75 }),
  },

  // The shot goes wide; the other team celebrates; the scoreboard is against us.
  'page_21-22': {
    width: W,
    background: (ctx) =>
      stadium(W, {
        time: 'afternoon',
        horizon: 1650,
        lines: 'box-right',
        seed: 5,
        scoreboard: { x: 3900, y: 200, score: [2, 3] },
        goal: { x: 2950, baseY: 2250, w: 1500, h: 700 },
        players: players(ctx, [
          { side: 'them', x: 400, y: 1950, h: 600, pose: 'cheer' },
          { side: 'them', x: 800, y: 2000, h: 640, pose: 'cheer' },
          { side: 'them', x: 3700, y: 2230, h: 700, pose: 'cheer', hands: '#7cc05a' },
          { side: 'us', x: 2150, y: 1980, h: 620, pose: 'sad' },
        ]),
      }) +
      whoosh(4640, 1560, 420, 150) +
      ball(4640, 1560, 90, 40),
    slots: [slot('child', 'stand', 1500, 2820, 1.15)],
    textBoxes: [TOP_LEFT_PANEL],
  },

  // After the match: the bench, an empty pitch, a grey sky. Dad puts an arm round the child.
  'page_23-24': {
    width: W,
    background: () => stadium(W, { time: 'rain', horizon: 1650, crowd: 'empty', lines: 'centre', seed: 7, bench: { x0: 2850, x1: 4750, ...BENCH }, props: bagBeside(4540) }),
    foreground: () => ballAt(2950, 2930, 80),
    slots: [P23_KID, seated('dad', 4050, BENCH.seatY, 0.95, false, 'sit-around')],
    textBoxes: [TOP_LEFT_PANEL],
  },

  // Beside the bench at evening: Mum at eye level, the child shows where the feeling sits.
  'page_25-26': {
    width: W,
    background: () =>
      stadium(W, { time: 'evening', horizon: 1650, crowd: 'empty', lines: 'side', seed: 9, sunAt: [1250, 900], bench: { x0: 150, x1: 1500, ...BENCH }, props: bagBeside(400) }),
    slots: [P25_KID, slot('mum', 'kneel', 1750, 2900, 0.95, true), slot('dad', 'stand', 2800, 2860, 0.95)],
    textBoxes: [TOP_RIGHT_PANEL],
  },

  // Driving home in the evening; Dad's funny story.
  'page_27-28': {
    width: W,
    background: () => carScene(W, 'evening'),
    foreground: () => carBody('evening'),
    slots: CAR_SLOTS,
    textBoxes: [TOP_LEFT_NIGHT_PANEL],
  },

  // Evening on the sofa: breathing like balloons; Dad copies them on a floor cushion.
  'page_29-30': {
    width: W,
    background: () => livingRoom(W, 'evening'),
    slots: [seated('dad', 1500, 2440, 0.95, false, 'sit-tummy'), seated('mum', 3300, 1850, 0.95, false, 'sit-tummy'), seated('child', 3980, 1850, 0.95, false, 'sit-tummy')],
    textBoxes: [TOP_LEFT],
  },

  // Bedtime: tucked in, Dad and Mum on the edge of the bed.
  'page_31-32': {
    width: W,
    background: () => bedroom(W),
    foreground: () => duvet(1250, BED.y - 190),
    slots: [{ ...seated('child', 950, BED.y, 1.1), outfit: 'pyjamas' }, seated('mum', 1550, BED.y + 20, 0.95, false, 'sit-tuck'), seated('dad', 2080, BED.y + 20, 0.95, false, 'sit-reach')],
    textBoxes: [TOP_RIGHT_NIGHT],
  },

  // Early morning: pyjamas and boots, the bucket goal again, Dad in goal with a mug, Mum at the window.
  'page_33-34': {
    width: W,
    background: () => garden(W, { time: 'morning', sunAt: [1700, 430], bucketGoal: 2950, dew: true, flowerBed: true, houseInFront: true }),
    foreground: () => {
      const h = handOf(P33_DAD);
      return houseWindowWall() + dribbledBall(P33_KID, 90) + mug(h.x, h.y);
    },
    slots: [slot('mum', 'wave', 412, 1640, 0.55), P33_KID, P33_DAD],
    textBoxes: [TOP_RIGHT_PANEL],
  },

  // The next match: eyes closed, hand on the tummy; Dad and Mum breathe along in the stand.
  'page_35-36': {
    width: W,
    background: (ctx) =>
      stadium(W, {
        time: 'day',
        horizon: 1650,
        lines: 'centre',
        seed: 11,
        players: players(ctx, [
          { side: 'us', x: 2800, y: 1950, h: 600, pose: 'stand' },
          { side: 'us', x: 3150, y: 1950, h: 600, pose: 'stand' },
          { side: 'them', x: 4150, y: 1950, h: 600, pose: 'stand' },
          { side: 'them', x: 4500, y: 1950, h: 600, pose: 'stand' },
          { side: 'ref', x: 3800, y: 1930, h: 600, pose: 'stand' },
        ]),
      }),
    foreground: () => frontBoards(W, 1650, 11, 3),
    slots: [slot('dad', 'tummy', 800, 1600, 0.46), slot('mum', 'tummy', 1300, 1600, 0.46), slot('child', 'tummy', 3550, 2820, 1.15)],
    textBoxes: [TOP_RIGHT_PANEL],
  },

  // Mid-match: the child dribbles past a defender; Dad and Mum jump on the sideline.
  'page_37-38': {
    width: W,
    background: (ctx) =>
      stadium(W, {
        time: 'day',
        horizon: 1650,
        lines: 'side',
        seed: 13,
        flags: true,
        cornerFlags: [4760],
        players: players(ctx, [
          { side: 'them', x: 3000, y: 2350, h: 860, pose: 'run', flip: true },
          { side: 'us', x: 4500, y: 2000, h: 620, pose: 'run' },
          { side: 'them', x: 4000, y: 1950, h: 580, pose: 'run', flip: true },
        ]),
      }),
    foreground: () => dribbledBall(P37_KID, 90),
    slots: [slot('dad', 'cheer', 600, 2800, 0.9), slot('mum', 'cheer', 1500, 2800, 0.88), P37_KID],
    textBoxes: [TOP_RIGHT_PANEL],
  },

  // GOAL! Top corner, past the diving goalkeeper.
  'page_39-40': {
    width: W,
    background: (ctx) =>
      stadium(W, {
        time: 'day',
        horizon: 1650,
        lines: 'box-right',
        seed: 15,
        goal: { x: 2900, baseY: 2500, w: 1800, h: 1000 },
        players: players(ctx, [{ side: 'them', x: 3450, y: 2250, h: 820, pose: 'dive', hands: '#7cc05a' }]),
      }) +
      whoosh(4450, 1620, 700, 250, 70) +
      ball(4450, 1620, 100, 10),
    foreground: () => {
      const f = kickingFoot(P39_KID);
      return whoosh(f.x + 60, f.y - 40, -200, 0, 40);
    },
    slots: [P39_KID],
    textBoxes: [TOP_LEFT_PANEL],
  },

  // After the goal: confetti, flags, a big family hug.
  'page_41-42': {
    width: W,
    background: (ctx) =>
      stadium(W, {
        time: 'golden',
        horizon: 1650,
        lines: 'side',
        seed: 17,
        flags: true,
        confetti: true,
        players: players(ctx, [
          { side: 'us', x: 500, y: 2150, h: 740, pose: 'cheer' },
          { side: 'us', x: 1200, y: 2050, h: 680, pose: 'run' },
          { side: 'us', x: 1850, y: 2200, h: 760, pose: 'cheer' },
        ]),
      }),
    slots: [slot('dad', 'hug', 3250, 2800, 0.92), slot('mum', 'hug', 4150, 2800, 0.9, true), slot('child', 'cheer', 3700, 2860, 1.15)],
    textBoxes: [TOP_LEFT_PANEL],
  },

  // Sunset in the garden: the family on the garden bench, the old football, waving to the reader.
  'page_43-44': {
    width: W,
    background: () => garden(W, { time: 'sunset', sunAt: [2050, 1380], bucketGoal: 600, flowerBed: true }) + gardenBench(2750, 4600, 2330, 2760),
    foreground: () => {
      // the old football on the lap, under the -x hand
      const h = poseAnchors('child', 'sit-wave').handL;
      return ball(P43_KID.x + h.x * P43_KID.scale + 50, P43_KID.y + h.y * P43_KID.scale + 20, 90, 25);
    },
    slots: [seated('dad', 3050, 2330, 0.92), seated('mum', 4250, 2330, 0.9), P43_KID],
    textBoxes: [TOP_RIGHT_PANEL],
  },
};
