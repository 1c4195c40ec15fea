// The cover, the dedication and spreads 1-2 to 17-18 of 'You can do it' (book/story/scenes.ts):
// home, school, garden, park, the car to the match.
import { PAGE_WIDTH, SPREAD_WIDTH, type CharacterSlot, type PageId } from '../../types.ts';
import { poseAnchors } from '../characters/draw-character.ts';
import { carInside, dashboard, seatBelt } from './car-inside.ts';
import { gardenFromBackDoor } from './garden-views.ts';
import { part } from './part.ts';
import {
  bucketsCarried,
  coffeeTable,
  coneBag,
  coneLine,
  flight,
  petals,
  rollTrail,
} from './props.ts';
import { parkLowAngle } from './park-views.ts';
import { coverScene, dedicationScene } from './cover.ts';
import { ball, whoosh } from './football.ts';
import { garden } from './garden.ts';
import { livingRoom } from './home.ts';
import { chairBacks, childPlace, grownUpPlace, kitchenClose, tableClose } from './home-views.ts';
import { butterflies, park, schoolYard, umbrella, umbrellaInsideOut } from './park.ts';
import { POSTER, noticeboardClose } from './school-views.ts';
import {
  TOP_LEFT,
  TOP_LEFT_PANEL,
  TOP_RIGHT_PANEL,
  dribbledBall,
  handOf,
  kickedBall,
  kickingFoot,
  slot,
  text,
  type SpreadLayout,
} from './layout-kit.ts';

const W = SPREAD_WIDTH;

// Slots that other props are placed against (a ball at a foot, a mug in a hand).
const COVER_KID = slot('child', 'kick', 1300, 2880, 1.3);
const P1_KID = slot('child', 'run', 1500, 2840, 1.15, false, {
  view: 'three-quarter',
  gaze: 'down-right',
});
const P3_KID = slot('child', 'stand', 3950, 2820, 1.15, true, {
  view: 'three-quarter',
  gaze: 'right',
});
const P5_DAD = slot('dad', 'sit-tuck', 1450, 2930, 1.45, true, { gaze: 'down-left' });
const P5_KID = slot('child', 'sit', 3050, 2300, 1.35, false, { gaze: 'down' });
const P5_MUM = slot('mum', 'sit-tuck', 4250, 2930, 1.4, false, { gaze: 'down-left' });
// One grown-up at the table: the two sit side by side in the middle of the spread, under the words.
const P5_SOLO_KID = { ...P5_KID, x: 2300 };
const P5_SOLO_MUM = { ...P5_MUM, x: 3500 };
const P7_DAD = slot('dad', 'wave', 1500, 2760, 0.95, false, {
  view: 'three-quarter',
  gaze: 'right',
});
const P7_MUM = slot('mum', 'stand', 3350, 2700, 0.92, false, { gaze: 'right' });
/** Captain Bounce, the old football, held up in Dad's hand on 7-8. */
function captainBounceHeld(): string {
  const h = handOf(P7_DAD);
  return part(
    'captain-bounce',
    `<g transform="translate(${Math.round(h.x)} ${Math.round(h.y - 70)}) scale(1 0.85)">${ball(0, 0, 100, 25)}</g>`,
  );
}
/** Where a figure's -x hand is on the page (the one handOf does not give). */
function otherHandOf(s: CharacterSlot): { x: number; y: number } {
  const h = poseAnchors(s.role, s.pose, s.view).handL;
  return { x: s.x + (s.flip ? -h.x : h.x) * s.scale, y: s.y + h.y * s.scale };
}
const P9_MUM = slot('mum', 'laugh', 820, 2900, 1.08, false, { view: 'three-quarter' });
const P9_KID = slot('child', 'kick', 1650, 2830, 1.02, false, {
  view: 'three-quarter',
  gaze: 'up-right',
});
const P9_DAD = slot('dad', 'crouch', 3250, 2300, 0.72, false, { gaze: 'up-right' });
const P9_GARDEN = {
  tulips: { x0: 3950, x1: 4880, y: 2060 },
  line: { x0: 2600, x1: 3850, y: 1020, baseY: 2080 },
  buckets: { x: 2860, y: 2330, gap: 780 },
} as const;
/** The kick: from the child's foot, over Dad's head and the washing line, into the tulips. */
const P9_FLIGHT = (): string => {
  const f = kickingFoot(P9_KID);
  const land = [4400, 1830] as const;
  return (
    part('ball-flight', flight([f.x + 60, f.y - 40], [3300, -560], land, 80)) +
    part('tulips-hit', petals(land[0], land[1] - 60, 170))
  );
};
const P17_DAD = slot('dad', 'sit', 1250, 2930, 1.25);
const P17_KID = slot('child', 'sit', 2950, 2560, 1.0, false, { gaze: 'right' });
const P17_MUM = slot('mum', 'sit-reach', 4100, 2930, 1.22, false, { gaze: 'left' });
const P11_KID = slot('child', 'run', 3100, 2900, 1.2, false, {
  view: 'three-quarter',
  gaze: 'down-right',
});
const P11_MUM = slot('mum', 'wave', 4300, 2780, 1.0, true, {
  view: 'three-quarter',
  gaze: 'down-right',
});
/** The cones in a wiggly line: 1, 2 and 5 knocked over; the child at 6. */
const P11_CONES: [number, number, boolean][] = [
  [420, 2560, false],
  [980, 2470, false],
  [1560, 2560, true],
  [2080, 2470, true],
  [2700, 2560, false],
  [3620, 2520, true],
];
const P13_KID = slot('child', 'kick', 1450, 2860, 1.05, false, {
  view: 'three-quarter',
  gaze: 'right',
});
const P13_DAD = slot('dad', 'wave', 3350, 2780, 0.92, true, {
  view: 'three-quarter',
  gaze: 'down-right',
});
const P13_MUM = slot('mum', 'cheer', 4250, 2760, 0.9, true, {
  view: 'three-quarter',
  gaze: 'right',
});

export const EARLY_LAYOUTS: Record<PageId, SpreadLayout> = {
  cover: {
    width: PAGE_WIDTH,
    background: () => coverScene(),
    foreground: () => {
      const f = kickingFoot(COVER_KID);
      return part(
        'ball',
        whoosh(f.x + 20, f.y - 60, 200, 120, 45) + ball(f.x + 170, f.y - 70, 150, 18),
      );
    },
    slots: [slot('dad', 'cheer', 560, 2330, 0.8), slot('mum', 'cheer', 1900, 2330, 0.8), COVER_KID],
    // One grown-up cheers behind the child, on the side the ball does not fly to.
    solo: { keep: 'mum', slots: [slot('mum', 'cheer', 620, 2330, 0.8), COVER_KID] },
    textBoxes: [],
    titleBox: text(150, 140, 2150, 720, { size: 190, minSize: 110 }),
  },

  dedication: {
    width: PAGE_WIDTH,
    background: () => dedicationScene(),
    slots: [],
    textBoxes: [text(360, 520, 1730, 1640, { size: 90, minSize: 55 })],
  },

  // Home in the morning: the child dribbles round the sofa in the kit; the ball has just come
  // out from under the coffee table (its rolling trail); the lamp wobbles; the cat hides.
  'page_1-2': {
    width: W,
    background: () => livingRoom(W, 'morning'),
    foreground: () =>
      part('table', coffeeTable(2480, 2560, 700, 2830)) +
      part('ball', rollTrail(P1_KID.x + 260, 2900, 2800) + dribbledBall(P1_KID, 85)),
    slots: [P1_KID],
    textBoxes: [TOP_LEFT],
  },

  // School playground: the child watches the others play, holding the ball tight.
  'page_3-4': {
    width: W,
    background: () => schoolYard(W),
    foreground: () => part('ball-held', ball(P3_KID.x, P3_KID.y - 360 * P3_KID.scale, 120, 10)),
    slots: [P3_KID],
    textBoxes: [TOP_LEFT_PANEL],
  },

  // Dinner, close at the table: the child twirls the same strand of spaghetti round the fork on a
  // full plate; Dad and Mum have eaten half of theirs, put their forks down and lean in to listen.
  'page_5-6': {
    width: W,
    background: () => kitchenClose(W),
    // A chair back behind each person at the table, none where nobody sits.
    seats: (slots) => chairBacks(slots.map((s) => s.x)),
    foreground: () => part('table', tableClose(W)) + childPlace(P5_KID.x, 950),
    partProps: { dad: () => grownUpPlace('dad', 1900), mum: () => grownUpPlace('mum', 3950) },
    slots: [P5_DAD, P5_KID, P5_MUM],
    textBoxes: [text(2670, 110, 2010, 600)],
    // One grown-up at the table: the child and the grown-up (Mum's part) side by side in the
    // middle, two chairs and two places; the bread basket moves in from the edge.
    solo: {
      keep: 'mum',
      slots: [P5_SOLO_KID, P5_SOLO_MUM],
      foreground: () => part('table', tableClose(W)) + childPlace(P5_SOLO_KID.x, 1250),
      partProps: { mum: () => grownUpPlace('mum', P5_SOLO_MUM.x - 300) },
    },
  },

  // Dad marches out of the shed holding up the old, slightly flat football; Mum comes out with two
  // buckets and a bag of cones; the child, turned to them, is surprised.
  'page_7-8': {
    width: W,
    background: () =>
      garden(W, { time: 'golden', sunAt: [1950, 520], shed: 'open', flowerBed: true }),
    slots: [
      P7_DAD,
      P7_MUM,
      slot('child', 'cheer', 4150, 2800, 1.1, true, { view: 'three-quarter', gaze: 'right' }),
    ],
    textBoxes: [TOP_RIGHT_PANEL],
    // One grown-up fetches it all: the ball held up, the buckets in the other hand, the bag of
    // cones put down on the grass beside them (the words say so).
    solo: {
      keep: 'dad',
      partProps: {
        dad: () => {
          const l = otherHandOf(P7_DAD);
          return (
            captainBounceHeld() +
            part('buckets', bucketsCarried(l.x, l.y)) +
            part('cone-bag', coneBag(P7_DAD.x + 330, P7_DAD.y - 350, 1.1))
          );
        },
      },
    },
    partProps: {
      dad: captainBounceHeld,
      mum: () => {
        const r = handOf(P7_MUM);
        const l = otherHandOf(P7_MUM);
        return part('cone-bag', coneBag(r.x, r.y, 1.1)) + part('buckets', bucketsCarried(l.x, l.y));
      },
    },
  },

  // Bucket goal, seen from the back door: Dad crouches between the buckets, the child kicks, the
  // ball sails over Dad's head and over the washing line into Mum's tulips; Mum laughs.
  'page_9-10': {
    width: W,
    background: () => gardenFromBackDoor(W, P9_GARDEN),
    foreground: () => P9_FLIGHT(),
    slots: [P9_MUM, P9_KID, P9_DAD],
    textBoxes: [TOP_LEFT_PANEL],
    // One grown-up: the goalkeeper stays (the ball flies over that head; the same grown-up laughs).
    solo: { keep: 'dad' },
  },

  // The park from a low angle: a wiggly line of cones; the first, second and fifth knocked over;
  // the child wriggles round cone number six; Mum, ahead, turns back and cheers the child on.
  'page_11-12': {
    width: W,
    background: () =>
      parkLowAngle(W) +
      part(
        'cones-standing',
        coneLine(
          P11_CONES.filter(([, , up]) => up),
          1.9,
        ),
      ) +
      part(
        'cones-knocked-over',
        coneLine(
          P11_CONES.filter(([, , up]) => !up),
          1.9,
        ),
      ),
    foreground: () => part('ball', dribbledBall(P11_KID, 85)),
    slots: [P11_KID, P11_MUM],
    textBoxes: [TOP_LEFT_PANEL],
    partProps: { mum: () => part('cone-bag', coneBag(760, 2430, 1.2)) },
  },

  // Practice in the rain: puddles; Dad's umbrella blown inside out; Mum cheers under hers. Both
  // turn to the child, who kicks towards them.
  'page_13-14': {
    width: W,
    background: () => park(W, { rain: true }),
    foreground: () => part('ball', kickedBall(P13_KID, 85)),
    slots: [P13_KID, P13_DAD, P13_MUM],
    textBoxes: [TOP_LEFT_PANEL],
    // One grown-up: the one whose umbrella blew inside out, nearer the child.
    solo: {
      keep: 'dad',
      slots: [
        P13_KID,
        slot('dad', 'wave', 3700, 2780, 0.92, true, { view: 'three-quarter', gaze: 'down-right' }),
      ],
    },
    partProps: {
      dad: () => {
        const d = handOf(P13_DAD);
        return part('umbrella-inside-out', umbrellaInsideOut(d.x, d.y + 30, 900, '#3d8fd6'));
      },
      mum: () => {
        const m = handOf(P13_MUM);
        return part('umbrella', umbrella(m.x, m.y + 30, 820, '#f28b82'));
      },
    },
  },

  // The notice board, close: the big match poster with its words ("BIG MATCH ON SATURDAY!" in
  // the book's language); the child turned to it, a hand on the tummy, butterflies all around.
  'page_15-16': {
    width: W,
    background: () => noticeboardClose(W),
    foreground: () =>
      part(
        'butterflies',
        butterflies([
          [2850, 1700],
          [4450, 1500],
          [2950, 2350],
          [4500, 2300],
          [4150, 1150],
          [3050, 1150],
        ]),
      ),
    slots: [
      slot('child', 'tummy', 3650, 2920, 1.62, true, { view: 'three-quarter', gaze: 'up-right' }),
    ],
    textBoxes: [TOP_LEFT],
    signBox: text(POSTER.words.x, POSTER.words.y, POSTER.words.width, POSTER.words.height, {
      size: 170,
      minSize: 90,
    }),
  },

  // Inside the car on the way to the match, from the dashboard: Dad drives, Mum turns round to the
  // back seat, the child sits in the new kit holding Captain Bounce (the old, slightly flat ball)
  // on the lap. The words sit on the roof lining.
  'page_17-18': {
    width: W,
    background: () => carInside(W, { dad: P17_DAD.x, child: P17_KID.x, mum: P17_MUM.x }),
    foreground: () => {
      const lap = { x: P17_KID.x, y: P17_KID.y - 300 * P17_KID.scale };
      return (
        part(
          'seat-belt',
          seatBelt(
            P17_KID.x - 170,
            P17_KID.y - 520 * P17_KID.scale,
            P17_KID.x + 150,
            P17_KID.y - 250 * P17_KID.scale,
          ),
        ) +
        part(
          'captain-bounce',
          `<g transform="translate(${Math.round(lap.x)} ${Math.round(lap.y)}) scale(1 0.86)">${ball(0, 0, 120, 25)}</g>`,
        ) +
        dashboard(W, P17_DAD.x, 2560)
      );
    },
    slots: [P17_DAD, P17_KID, P17_MUM],
    textBoxes: [text(2670, 120, 2010, 760, { panel: true })],
    // One grown-up drives: the driver's seat stays, the passenger seat is empty.
    solo: { keep: 'dad' },
  },
};
