// Spreads 19-20 to 43-44 of 'You can do it' (book/story/scenes.ts): the match, the bench, the car
// home, the evening, bedtime, the morning, the next match, the goal, the hug, the garden bench.
// The camera changes with the story (issue #32): the wide touchline at kick-off, the scoreboard
// at full time, the bench close and then further back, the car at night from the front, bedtime
// close, the players' tunnel, the pitch from the stand, low at the goal, the hug close.
import { SPREAD_WIDTH, type CharacterSlot, type PageId } from '../../types.ts';
import { poseAnchors } from '../characters/draw-character.ts';
import { butterflies } from './butterflies.ts';
import { type Camera, film, seatedIn } from './camera.ts';
import { carFront, dadsStory, nightRoad } from './car-night.ts';
import { earCoverer } from './crowd.ts';
import { ball, whoosh } from './football.ts';
import { garden, gardenBench, houseWindowWall, mug } from './garden.ts';
import { BED, bedroom, duvet, livingRoom } from './home.ts';
import { INK, n, path, rect } from './kit.ts';
import { HUG, SOLO_HUG } from './hug.ts';
import { part } from './part.ts';
import { banner, stadium, team } from './stadium.ts';
import {
  fansFromBehind,
  fromTheStand,
  nearStand,
  scoreboardShot,
  tunnelRail,
  tunnelShot,
} from './stadium-views.ts';
import { TEAM_BENCH, teamBench } from './team-bench.ts';
import {
  TOP_LEFT,
  TOP_LEFT_NIGHT_PANEL,
  TOP_LEFT_PANEL,
  TOP_RIGHT_PANEL,
  dribbledBall,
  handOf,
  kickingFoot,
  players,
  seated,
  slot,
  text,
  type SpreadLayout,
} from './layout-kit.ts';

const W = SPREAD_WIDTH;

/** The team bench close (23-24) and from further back (25-26): one bench, two cameras. */
const BENCH_CLOSE: Camera = { x: 250, y: 2330, zoom: 1.1 };
const BENCH_FAR: Camera = { x: 150, y: 2200, zoom: 0.72 };
/** Bedtime, close on the bed (31-32): the bedroom of home.ts filmed nearer. */
const BED_CLOSE: Camera = { x: -354, y: -466, zoom: 1.45 };

// Slots that other props are placed against (a ball at a foot, a mug in a hand).
const P19_KID = slot('child', 'run', 1250, 2820, 1.1);
const P27_DAD: CharacterSlot = {
  ...slot('dad', 'fall-act', 3000, 2820, 0.95, true),
  view: 'three-quarter',
};
const P33_KID: CharacterSlot = { ...slot('child', 'stand', 1750, 2820, 1.1), outfit: 'pyjamas' };
const P33_DAD: CharacterSlot = { ...slot('dad', 'stand', 3400, 2560, 0.92), outfit: 'gown' };
const P35_KID: CharacterSlot = slot('child', 'tummy', 1150, 2870, 1.35);
const P37_KID = slot('child', 'run', 3300, 2300, 0.85);
const P39_KID = slot('child', 'kick', 1250, 2920, 1.4);
const P43_KID = seated('child', 3650, 2330, 1.1, false, 'sit-wave');

/**
 * A whole scene marked as a part (the garden, the living room), keeping its first shape, the
 * opaque one that covers the page and the bleed, in front of the group.
 */
function scenePart(name: string, svg: string): string {
  const end = svg.startsWith('<rect') ? svg.indexOf('/>') + 2 : 0;
  return svg.slice(0, end) + part(name, svg.slice(end));
}

/** Little bounce marks under a jumping figure's feet. */
function bounce(x: number, y: number, w: number): string {
  return path(
    `M${n(x - w)} ${n(y + 40)}q${n(w * 0.25)} -40 ${n(w * 0.5)} 0M${n(x + w * 0.5)} ${n(y + 40)}q${n(w * 0.25)} -40 ${n(w * 0.5)} 0`,
    'none',
    `stroke="${INK}" stroke-width="10" stroke-linecap="round"`,
  );
}

export const LATE_LAYOUTS: Record<PageId, SpreadLayout> = {
  // Kick-off, the wide touchline: the child runs among teammates; Dad and Mum cheer behind their
  // homemade banner, turned to the child; in the stand behind them two fans cover their ears.
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
      }) +
      part(
        'covered-ears',
        earCoverer(3720, 1450, 70, '#3f9c8f', '#91603d', '#2f2623') +
          earCoverer(4230, 1455, 70, '#ffd447', '#fde4d0', '#b8b2aa'),
      ),
    foreground: () =>
      part('ball', dribbledBall(P19_KID, 85)) + part('banner', banner(3250, 4400, 2250, 330)),
    slots: [
      P19_KID,
      { ...slot('dad', 'cheer', 3150, 2820, 0.88, true), view: 'three-quarter' },
      { ...slot('mum', 'cheer', 4500, 2820, 0.86, true), view: 'three-quarter' },
    ],
    textBoxes: [TOP_RIGHT_PANEL],
    signBox: text(3330, 2280, 990, 270, { size: 150, minSize: 75 }),
    solo: {
      keep: 'mum',
      slots: [P19_KID, { ...slot('mum', 'cheer', 3825, 2820, 0.87, true), view: 'three-quarter' }],
    },
  },

  // Full time, the scoreboard: 2-3 against us, the away fans and the other team cheer, the home
  // crowd sits quiet; the missed ball lies past the far goal; the child, close, stands very still.
  'page_21-22': {
    width: W,
    background: (ctx) =>
      scoreboardShot(
        W,
        [2, 3],
        players(ctx, [
          { side: 'us', x: 700, y: 2080, h: 600, pose: 'sad' },
          { side: 'them', x: 3150, y: 2150, h: 640, pose: 'cheer' },
          { side: 'them', x: 3600, y: 2060, h: 600, pose: 'cheer' },
          { side: 'them', x: 4350, y: 2230, h: 700, pose: 'cheer', hands: '#7cc05a' },
          { side: 'ref', x: 2650, y: 2000, h: 560, pose: 'stand' },
        ]),
      ),
    slots: [{ ...slot('child', 'stand', 1900, 3330, 1.7), gaze: 'down' }],
    textBoxes: [TOP_LEFT_PANEL],
  },

  // After the match, close on the team bench: the child sits with the head down, Dad beside with
  // an arm round the child, looking at the child. The kit bag and the ball lie in the dugout.
  'page_23-24': {
    width: W,
    background: (ctx) =>
      stadium(W, { time: 'rain', horizon: 1650, crowd: 'empty', lines: 'centre', seed: 7 }) +
      teamBench(BENCH_CLOSE, team(ctx).shirt),
    slots: [
      seatedIn(BENCH_CLOSE, 'child', 1600, TEAM_BENCH.seatY, 1.15, false, 'sit-head-down'),
      {
        ...seatedIn(BENCH_CLOSE, 'dad', 2300, TEAM_BENCH.seatY, 1.0, false, 'sit-around'),
        gaze: 'left',
      },
    ],
    textBoxes: [TOP_LEFT_PANEL],
  },

  // The same bench from further back, at evening: Mum kneels in front of the child at eye level,
  // the child points to where the feelings sit; Dad stands by, watching them.
  'page_25-26': {
    width: W,
    background: (ctx) =>
      stadium(W, {
        time: 'evening',
        horizon: 1650,
        crowd: 'empty',
        lines: 'side',
        seed: 9,
        sunAt: [3900, 1000],
      }) + teamBench(BENCH_FAR, team(ctx).shirt),
    slots: [
      seatedIn(BENCH_FAR, 'child', 1750, TEAM_BENCH.seatY, 1.15, false, 'sit-point'),
      { ...slot('mum', 'kneel', 2000, 2900, 0.95, true), view: 'three-quarter' },
      { ...slot('dad', 'stand', 3700, 2880, 0.92, true), view: 'three-quarter', gaze: 'left' },
    ],
    textBoxes: [TOP_RIGHT_PANEL],
    solo: { keep: 'mum' },
  },

  // The drive home at night, the car from the front: Mum drives, Dad turns round in his seat and
  // throws up his arms, acting out his slip in the mud; the child giggles in the back; the bubble
  // over the car is Dad's story. Street lights run back along the road.
  'page_27-28': {
    width: W,
    background: () => nightRoad(W),
    foreground: () => carFront() + dadsStory({ x: 3450, y: 1180 }),
    slots: [
      { ...seated('child', 2150, 2200, 0.85), gaze: 'right' },
      { ...seated('mum', 1700, 2330, 1.0), gaze: 'front' },
      P27_DAD,
    ],
    textBoxes: [TOP_LEFT_NIGHT_PANEL],
    solo: { keep: 'mum' },
  },

  // Evening on the sofa: breathing like balloons; Dad copies them on a floor cushion, eyes shut.
  'page_29-30': {
    width: W,
    background: () => scenePart('living-room', livingRoom(W, 'evening')),
    slots: [
      seated('dad', 1500, 2440, 0.95, false, 'sit-tummy'),
      seated('mum', 3300, 1850, 0.95, false, 'sit-tummy'),
      seated('child', 3980, 1850, 0.95, false, 'sit-tummy'),
    ],
    textBoxes: [TOP_LEFT],
    solo: { keep: 'mum' },
  },

  // Bedtime, close on the bed: the child looks up at the glowing stars on the ceiling, Mum tucks
  // the duvet in, Dad leans in for a goodnight kiss.
  'page_31-32': {
    width: W,
    background: () =>
      rect(-30, -30, W + 60, 3060, '#3f4f86') + part('bedroom-stars', film(BED_CLOSE, bedroom(W))),
    foreground: () => part('duvet', film(BED_CLOSE, duvet(1250, BED.y - 190))),
    slots: [
      { ...seatedIn(BED_CLOSE, 'child', 950, BED.y, 1.1), outfit: 'pyjamas', gaze: 'up' },
      { ...seatedIn(BED_CLOSE, 'mum', 1550, BED.y + 20, 0.95, false, 'sit-tuck'), gaze: 'left' },
      { ...seatedIn(BED_CLOSE, 'dad', 2200, BED.y + 20, 0.95, false, 'sit-reach'), gaze: 'left' },
    ],
    textBoxes: [text(2670, 110, 2010, 700, { ink: 'light', panel: true })],
    solo: { keep: 'mum' },
  },

  // Early morning: pyjamas and boots, the bucket goal again, Dad in goal with a mug, Mum at the window.
  'page_33-34': {
    width: W,
    background: () =>
      scenePart(
        'garden-morning',
        garden(W, {
          time: 'morning',
          sunAt: [1700, 430],
          bucketGoal: 2950,
          dew: true,
          flowerBed: true,
          houseInFront: true,
        }),
      ),
    // Dad's mug stays in the foreground: a book with one grown-up keeps Dad's part here (solo).
    foreground: () => {
      const h = handOf(P33_DAD);
      return (
        houseWindowWall() + part('ball', dribbledBall(P33_KID, 90)) + part('mug', mug(h.x, h.y))
      );
    },
    slots: [
      slot('mum', 'wave', 412, 1640, 0.55),
      P33_KID,
      { ...P33_DAD, view: 'three-quarter', flip: true },
    ],
    textBoxes: [TOP_RIGHT_PANEL],
    solo: { keep: 'dad' },
  },

  // The next match, in the players' tunnel: eyes closed, hand on the tummy, butterflies around;
  // through the arch Mum and Dad breathe along in the front row of the stand.
  'page_35-36': {
    width: W,
    background: (ctx) =>
      tunnelShot(
        W,
        ctx,
        players(ctx, [
          { side: 'us', x: 2500, y: 2300, h: 560, pose: 'stand' },
          { side: 'us', x: 2850, y: 2330, h: 560, pose: 'stand' },
          { side: 'ref', x: 3350, y: 2280, h: 540, pose: 'stand' },
          { side: 'them', x: 3800, y: 2320, h: 560, pose: 'stand' },
          { side: 'them', x: 4200, y: 2300, h: 560, pose: 'stand' },
        ]),
      ),
    foreground: () => tunnelRail() + butterflies(1500, 2180, 420, 5, 35),
    slots: [
      slot('dad', 'tummy', 2750, 1790, 0.42),
      slot('mum', 'tummy', 3150, 1790, 0.42),
      P35_KID,
    ],
    textBoxes: [TOP_RIGHT_PANEL],
    solo: { keep: 'mum' },
  },

  // From the stand: Mum and Dad bounce in the near stand among the fans; below them on the pitch
  // the child dribbles past one defender towards another.
  'page_37-38': {
    width: W,
    background: (ctx) =>
      fromTheStand(
        W,
        players(ctx, [
          { side: 'them', x: 2700, y: 2150, h: 780, pose: 'run', flip: true },
          { side: 'them', x: 3950, y: 1900, h: 720, pose: 'run', flip: true },
          { side: 'us', x: 4500, y: 1500, h: 600, pose: 'run' },
          { side: 'them', x: 2300, y: 1200, h: 520, pose: 'stand' },
        ]),
      ) + nearStand(W),
    foreground: () =>
      part('ball', dribbledBall(P37_KID, 70)) +
      part('bounce', bounce(600, 2520, 200) + bounce(1350, 2640, 200)) +
      part('crowd-near', fansFromBehind(-30, 2250, 2990, 95, 37)),
    slots: [
      { ...slot('dad', 'cheer', 600, 2480, 0.85), gaze: 'right' },
      { ...slot('mum', 'cheer', 1350, 2600, 0.83), gaze: 'right' },
      P37_KID,
    ],
    textBoxes: [TOP_RIGHT_PANEL],
    solo: { keep: 'mum' },
  },

  // GOAL, low at the goal: a huge goal, the keeper diving, the ball in the top corner; the child
  // in the foreground follows through the kick.
  'page_39-40': {
    width: W,
    background: (ctx) =>
      stadium(W, {
        time: 'day',
        horizon: 2150,
        standDepth: 420,
        lines: 'box-right',
        seed: 15,
        goal: { x: 2700, baseY: 2780, w: 2050, h: 1350 },
        players: players(ctx, [
          { side: 'them', x: 3600, y: 2550, h: 980, pose: 'dive', hands: '#7cc05a' },
        ]),
      }) +
      whoosh(4400, 1620, 900, 300, 80) +
      part('ball-top-corner', ball(4400, 1620, 110, 10)),
    foreground: () => {
      const f = kickingFoot(P39_KID);
      return whoosh(f.x + 60, f.y - 40, -220, 0, 40);
    },
    slots: [P39_KID],
    textBoxes: [TOP_LEFT_PANEL],
  },

  // After the goal, close: confetti, flags, the team cheering, and the family hug: Mum and Dad
  // wrap their arms round the child, faces close.
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
    slots: HUG,
    textBoxes: [TOP_LEFT_PANEL],
    solo: { keep: 'mum', slots: SOLO_HUG },
  },

  // Sunset in the garden: the family on the garden bench, the old football, waving to the reader.
  'page_43-44': {
    width: W,
    background: () =>
      scenePart(
        'garden-sunset',
        garden(W, { time: 'sunset', sunAt: [2050, 1380], bucketGoal: 600, flowerBed: true }),
      ) + part('garden-bench', gardenBench(2750, 4600, 2330, 2760)),
    foreground: () => {
      // the old football on the lap, under the -x hand
      const h = poseAnchors('child', 'sit-wave').handL;
      return part(
        'old-football',
        ball(P43_KID.x + h.x * P43_KID.scale + 50, P43_KID.y + h.y * P43_KID.scale + 20, 90, 25),
      );
    },
    slots: [seated('dad', 3050, 2330, 0.92), seated('mum', 4250, 2330, 0.9), P43_KID],
    textBoxes: [TOP_RIGHT_PANEL],
    solo: { keep: 'mum' },
  },
};
