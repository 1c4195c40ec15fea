// Spreads 19-20 to 43-44 of 'You can do it' (book/story/scenes.ts): the match, the bench, the car
// home, the evening, bedtime, the morning, the next match, the goal, the hug, the garden bench.
import { SPREAD_WIDTH, type CharacterSlot, type PageId } from '../../types.ts';
import { poseAnchors } from '../characters/draw-character.ts';
import { carBody, carScene } from './car.ts';
import { ball, whoosh } from './football.ts';
import { garden, gardenBench, houseWindowWall, mug } from './garden.ts';
import { BED, bedroom, duvet, livingRoom } from './home.ts';
import { banner, frontBoards, stadium } from './stadium.ts';
import {
  BENCH,
  CAR_SLOTS,
  TOP_LEFT,
  TOP_LEFT_NIGHT_PANEL,
  TOP_LEFT_PANEL,
  TOP_RIGHT_NIGHT,
  TOP_RIGHT_PANEL,
  ballAt,
  bagBeside,
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

// Slots that other props are placed against (a ball at a foot, a mug in a hand).
const P23_KID = seated('child', 3450, BENCH.seatY, 1.1);
const P25_KID = seated('child', 800, BENCH.seatY, 1.1, false, 'sit-point');
const P33_KID: CharacterSlot = { ...slot('child', 'stand', 1750, 2820, 1.1), outfit: 'pyjamas' };
const P33_DAD: CharacterSlot = { ...slot('dad', 'stand', 3400, 2560, 0.92), outfit: 'gown' };
const P37_KID = slot('child', 'run', 3600, 2840, 1.15);
const P39_KID = slot('child', 'kick', 1400, 2820, 1.25);
const P43_KID = seated('child', 3650, 2330, 1.1, false, 'sit-wave');

export const LATE_LAYOUTS: Record<PageId, SpreadLayout> = {
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
    foreground: () =>
      dribbledBall(slot('child', 'run', 1250, 2820, 1.1), 85) + banner(3250, 4400, 2250, 330),
    slots: [
      slot('child', 'run', 1250, 2820, 1.1),
      slot('dad', 'cheer', 3150, 2820, 0.88),
      slot('mum', 'cheer', 4500, 2820, 0.86),
    ],
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
    background: () =>
      stadium(W, {
        time: 'rain',
        horizon: 1650,
        crowd: 'empty',
        lines: 'centre',
        seed: 7,
        bench: { x0: 2850, x1: 4750, ...BENCH },
        props: bagBeside(4540),
      }),
    foreground: () => ballAt(2950, 2930, 80),
    slots: [P23_KID, seated('dad', 4050, BENCH.seatY, 0.95, false, 'sit-around')],
    textBoxes: [TOP_LEFT_PANEL],
  },

  // Beside the bench at evening: Mum at eye level, the child shows where the feeling sits.
  'page_25-26': {
    width: W,
    background: () =>
      stadium(W, {
        time: 'evening',
        horizon: 1650,
        crowd: 'empty',
        lines: 'side',
        seed: 9,
        sunAt: [1250, 900],
        bench: { x0: 150, x1: 1500, ...BENCH },
        props: bagBeside(400),
      }),
    slots: [
      P25_KID,
      slot('mum', 'kneel', 1750, 2900, 0.95, true),
      slot('dad', 'stand', 2800, 2860, 0.95),
    ],
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
    slots: [
      seated('dad', 1500, 2440, 0.95, false, 'sit-tummy'),
      seated('mum', 3300, 1850, 0.95, false, 'sit-tummy'),
      seated('child', 3980, 1850, 0.95, false, 'sit-tummy'),
    ],
    textBoxes: [TOP_LEFT],
  },

  // Bedtime: tucked in, Dad and Mum on the edge of the bed.
  'page_31-32': {
    width: W,
    background: () => bedroom(W),
    foreground: () => duvet(1250, BED.y - 190),
    slots: [
      { ...seated('child', 950, BED.y, 1.1), outfit: 'pyjamas' },
      seated('mum', 1550, BED.y + 20, 0.95, false, 'sit-tuck'),
      seated('dad', 2080, BED.y + 20, 0.95, false, 'sit-reach'),
    ],
    textBoxes: [TOP_RIGHT_NIGHT],
  },

  // Early morning: pyjamas and boots, the bucket goal again, Dad in goal with a mug, Mum at the window.
  'page_33-34': {
    width: W,
    background: () =>
      garden(W, {
        time: 'morning',
        sunAt: [1700, 430],
        bucketGoal: 2950,
        dew: true,
        flowerBed: true,
        houseInFront: true,
      }),
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
    slots: [
      slot('dad', 'tummy', 800, 1600, 0.46),
      slot('mum', 'tummy', 1300, 1600, 0.46),
      slot('child', 'tummy', 3550, 2820, 1.15),
    ],
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
        players: players(ctx, [
          { side: 'them', x: 3450, y: 2250, h: 820, pose: 'dive', hands: '#7cc05a' },
        ]),
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
    slots: [
      slot('dad', 'hug', 3250, 2800, 0.92),
      slot('mum', 'hug', 4150, 2800, 0.9, true),
      slot('child', 'cheer', 3700, 2860, 1.15),
    ],
    textBoxes: [TOP_LEFT_PANEL],
  },

  // Sunset in the garden: the family on the garden bench, the old football, waving to the reader.
  'page_43-44': {
    width: W,
    background: () =>
      garden(W, { time: 'sunset', sunAt: [2050, 1380], bucketGoal: 600, flowerBed: true }) +
      gardenBench(2750, 4600, 2330, 2760),
    foreground: () => {
      // the old football on the lap, under the -x hand
      const h = poseAnchors('child', 'sit-wave').handL;
      return ball(
        P43_KID.x + h.x * P43_KID.scale + 50,
        P43_KID.y + h.y * P43_KID.scale + 20,
        90,
        25,
      );
    },
    slots: [seated('dad', 3050, 2330, 0.92), seated('mum', 4250, 2330, 0.9), P43_KID],
    textBoxes: [TOP_RIGHT_PANEL],
  },
};
