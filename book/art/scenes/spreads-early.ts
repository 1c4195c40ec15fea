// The cover, the dedication and spreads 1-2 to 17-18 of 'You can do it' (book/story/scenes.ts):
// home, school, garden, park, the car to the match.
import { PAGE_WIDTH, SPREAD_WIDTH, type PageId } from '../../types.ts';
import { carBody, carScene } from './car.ts';
import { coverScene, dedicationScene } from './cover.ts';
import { ball, whoosh } from './football.ts';
import { coneStack, garden, shedTreasures } from './garden.ts';
import { kitchen, kitchenTable, livingRoom } from './home.ts';
import { butterflies, corridor, park, schoolYard, umbrella, umbrellaInsideOut } from './park.ts';
import {
  CAR_SLOTS,
  TOP_LEFT,
  TOP_LEFT_PANEL,
  TOP_RIGHT_PANEL,
  dribbledBall,
  handOf,
  kickedBall,
  kickingFoot,
  seated,
  slot,
  text,
  type SpreadLayout,
} from './layout-kit.ts';

const W = SPREAD_WIDTH;

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

export const EARLY_LAYOUTS: Record<PageId, SpreadLayout> = {
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
    slots: [
      seated('dad', 800, 2200, 0.95, true, 'sit-tuck'),
      seated('child', 1780, 2040, 0.9),
      seated('mum', 3150, 2200, 0.95, false, 'sit-tuck'),
    ],
    textBoxes: [text(2670, 110, 2010, 600)],
  },

  // Dad comes out of the shed with the old football and two buckets; Mum brings cones.
  'page_7-8': {
    width: W,
    background: () =>
      garden(W, { time: 'golden', sunAt: [1950, 520], shed: 'open', flowerBed: true }),
    foreground: () => {
      const h = handOf(P7_DAD);
      const m = handOf(P7_MUM);
      return (
        shedTreasures() +
        `<g transform="translate(${Math.round(h.x)} ${Math.round(h.y - 70)}) scale(1 0.85)">${ball(0, 0, 100, 25)}</g>` +
        coneStack(m.x + 20, m.y - 40)
      );
    },
    slots: [P7_DAD, P7_MUM, slot('child', 'cheer', 4150, 2800, 1.1, true)],
    textBoxes: [TOP_RIGHT_PANEL],
  },

  // Bucket goal: Dad in goal, the child kicks, the ball sails into Mum's flower bed.
  'page_9-10': {
    width: W,
    background: () =>
      garden(W, {
        time: 'afternoon',
        sunAt: [2000, 480],
        washingLine: true,
        flowerBed: true,
        bucketGoal: 2900,
        flyingBall: true,
        clouds: [
          [2390, 250, 0.55],
          [4150, 1050, 0.7],
        ],
      }),
    slots: [
      slot('mum', 'cheer', 480, 2680, 0.9),
      slot('child', 'kick', 1600, 2820, 1.1),
      slot('dad', 'crouch', 3350, 2520, 0.9),
    ],
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
      return (
        kickedBall(P13_KID, 85) +
        umbrellaInsideOut(d.x, d.y + 30, 900, '#3d8fd6') +
        umbrella(m.x, m.y + 30, 820, '#f28b82')
      );
    },
    slots: [P13_KID, P13_DAD, P13_MUM],
    textBoxes: [TOP_LEFT_PANEL],
  },

  // School corridor: the big match poster; butterflies in the tummy.
  'page_15-16': {
    width: W,
    background: () => corridor(W),
    foreground: () =>
      butterflies([
        [3050, 1750],
        [4200, 1650],
        [3150, 2250],
        [4250, 2350],
        [4000, 1450],
      ]),
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
};
