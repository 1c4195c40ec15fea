// Every page of 'You can do it' as a layout: the painted scene (background and optional
// foreground), where the family stands, and where the story text goes. The composer
// (book/render-page.ts) draws background, then the figures at the slots, then the foreground,
// then the text. Follows the scene notes in book/story/scenes.ts; the parts every layout is made
// of are in layout-kit.ts, the places and their cameras in the scene files.
// The camera changes with the story (issue #32): home, school, garden, park and the car to the
// match; then the wide touchline at kick-off, the scoreboard at full time, the bench close and
// further back, the car at night, bedtime close, the players' tunnel, the pitch from the stand,
// low at the goal, the hug close, the garden bench at sunset.
import { PAGE_WIDTH, SPREAD_WIDTH, type CharacterSlot, type PageId } from '#book/types.ts';
import { poseAnchors } from '#book/art/characters/draw-character.ts';
import { childhoodOf } from '#book/art/characters/childhood.ts';
import { butterflies as butterflySwarm } from './butterflies.ts';
import { type Camera, film, onPage, seatedIn, standingIn } from './camera.ts';
import { BACK_SEAT, carInside, dashboard, seatBelt } from './car-inside.ts';
import { carFront, dadsStory, nightRoad } from './car-night.ts';
import { coverScene, dedicationScene } from './cover.ts';
import { earCoverer } from './crowd.ts';
import { ball, whoosh } from './football.ts';
import { garden, gardenBench, houseWindowWall, mug } from './garden.ts';
import { gardenFromBackDoor } from './garden-views.ts';
import { BED, bedroom, duvet, livingRoom } from './home.ts';
import { chairBacks, childPlace, grownUpPlace, kitchenClose, tableClose } from './home-views.ts';
import { HUG, SOLO_HUG } from './hug.ts';
import { INK, n, path, rect } from './kit.ts';
import { part } from './part.ts';
import { butterflies, park, schoolYard, umbrella, umbrellaInsideOut } from './park.ts';
import { parkLowAngle } from './park-views.ts';
import { BACK_COVER_BLURB_BOX, BACK_COVER_TITLE_BOX, backCoverScene } from './print-scenes.ts';
import {
  bucketsCarried,
  coffeeTable,
  coneBag,
  coneLine,
  flight,
  petals,
  rollTrail,
} from './props.ts';
import { POSTER, noticeboardClose } from './school-views.ts';
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
  TOP_LEFT_PANEL,
  TOP_RIGHT_PANEL,
  dribbledBall,
  handOf,
  kickedBall,
  kickingFoot,
  players,
  seated,
  slot,
  text,
  type SpreadLayout,
} from './layout-kit.ts';

export {
  FIGURE_HEIGHT,
  STORY_MIN_SIZE,
  STORY_SIZE,
  figureBox,
  handOf,
  seated,
  slotBounds,
} from './layout-kit.ts';
export type { Box, PropContext, SceneContext, Shot, SpreadLayout } from './layout-kit.ts';

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
// Dinner (5-6): each grown-up turned to the child, a hand resting on the table by the fork just
// put down; the child's hand on the fork that twirls the spaghetti. Their bodies sit behind the
// table (its top hides their laps); their arms and faces come over it.
const P5_PLATE_Y = 2140;
/** Where the child holds the fork over the plate (from the child's middle). */
const P5_FORK = { dx: 130, y: 1850 } as const;
const P5_DAD: CharacterSlot = {
  ...slot('dad', 'sit', 1450, 2930, 1.45, false, {
    view: 'three-quarter',
    gaze: { x: 0.9, y: 0.3 },
  }),
  holds: 'dinner-dad',
  reach: { R: { x: 2000, y: P5_PLATE_Y - 30 }, L: { x: 1330, y: P5_PLATE_Y - 60 } },
};
const P5_KID: CharacterSlot = {
  ...slot('child', 'sit', 3050, 2300, 1.35, false, { gaze: 'down' }),
  holds: 'spaghetti-twirled',
  reach: { R: { x: 3050 + P5_FORK.dx, y: P5_FORK.y }, L: { x: 2850, y: 1880 } },
};
const P5_MUM: CharacterSlot = {
  ...slot('mum', 'sit', 4250, 2930, 1.4, true, { view: 'three-quarter', gaze: { x: 0.9, y: 0.3 } }),
  holds: 'dinner-mum',
  reach: { R: { x: 3720, y: P5_PLATE_Y - 40 }, L: { x: 4380, y: P5_PLATE_Y - 60 } },
};
// One grown-up at the table: the two sit side by side in the middle of the spread, under the words.
const P5_SOLO_KID: CharacterSlot = {
  ...P5_KID,
  x: 2300,
  reach: { R: { x: 2300 + P5_FORK.dx, y: P5_FORK.y }, L: { x: 2100, y: 1880 } },
};
const P5_SOLO_MUM: CharacterSlot = {
  ...P5_MUM,
  x: 3500,
  reach: { R: { x: 2950, y: P5_PLATE_Y - 40 }, L: { x: 3630, y: P5_PLATE_Y - 60 } },
};
/** A figure at the table: its body behind it, its arms and face over it. */
const atTable = (slots: CharacterSlot[]): CharacterSlot[] => [
  ...slots.map((s) => ({ ...s, part: 'body' as const })),
  ...slots.map((s) => ({ ...s, part: 'arms' as const })),
];
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
/** The car to the match (17-18): the wheel, the child's lap on the back seat, Captain Bounce on it. */
const P17_WHEEL = { x: 1250, y: 2560, rx: 430, ry: 300 } as const;
/** A point on the wheel's rim at `deg` (0 = right, -90 = top), for a hand holding it. */
const onWheel = (deg: number) => ({
  x: Math.round(P17_WHEEL.x + Math.cos((deg * Math.PI) / 180) * P17_WHEEL.rx * 1.02),
  y: Math.round(P17_WHEEL.y + Math.sin((deg * Math.PI) / 180) * P17_WHEEL.ry * 1.02 - 40),
});
const P17_LAP = { x: 2900, y: BACK_SEAT.cushion - 95, r: 100 } as const;
// Dad drives, both hands on the wheel, eyes on the road (the camera on the dashboard).
const P17_DAD: CharacterSlot = {
  ...seated('dad', P17_WHEEL.x, 2420, 1.25),
  holds: 'steering-wheel',
  reach: { L: onWheel(-140), R: onWheel(-40) },
};
// The child on the back seat's cushion, Captain Bounce held on the lap, looking at Mum.
const P17_KID: CharacterSlot = {
  ...seated('child', P17_LAP.x, BACK_SEAT.cushion, 0.92),
  holds: 'captain-bounce',
  gaze: { x: 0.8, y: 0.2 },
  reach: {
    L: { x: P17_LAP.x - P17_LAP.r * 0.95, y: P17_LAP.y + 10 },
    R: { x: P17_LAP.x + P17_LAP.r * 0.95, y: P17_LAP.y + 10 },
  },
};
// Mum turned round to the back: towards the child, a hand on the top of her seat.
const P17_MUM: CharacterSlot = {
  ...seated('mum', 3650, 2430, 1.22, true),
  view: 'three-quarter',
  gaze: { x: 0.85, y: 0.35 },
  reach: { R: { x: 3370, y: 1640 } },
};
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

/** The team bench close (23-24) and from further back (25-26): one bench, two cameras. */
/** The living room at evening (29-30), nearer: the sofa and the floor cushion fill the spread. */
const SOFA_CLOSE: Camera = { x: -1600, y: -1350, zoom: 1.5 };
const BENCH_CLOSE: Camera = { x: -1750, y: 2250, zoom: 1.55 };
const BENCH_FAR: Camera = { x: -260, y: 2150, zoom: 1.0 };
// 23-24, close on the bench: the child hunched, the head bowed; Dad sits close, turned to the
// child, his arm round the child's shoulders: it goes behind the child's back and the hand rests
// on the far shoulder, in front (the arm drawn with his body, behind the child; the hand and his
// face with his 'arms', in front of the child's hair).
const P23_KID = seatedIn(
  BENCH_CLOSE,
  'child',
  1860,
  TEAM_BENCH.seatY,
  1.15,
  false,
  'sit-head-down',
);
/** The child's far shoulder (from Dad), on top at its outer corner, below the bowed head. */
const P23_FAR_SHOULDER = (() => {
  const a = poseAnchors('child', 'sit-head-down');
  return {
    x: Math.round(P23_KID.x + (a.neck.x - 125) * P23_KID.scale),
    y: Math.round(P23_KID.y + (a.neck.y + 50) * P23_KID.scale),
  };
})();
const P23_DAD: CharacterSlot = {
  ...seatedIn(BENCH_CLOSE, 'dad', 2290, TEAM_BENCH.seatY, 1.0, true),
  view: 'three-quarter',
  gaze: { x: 0.8, y: 0.4 },
  holds: 'shoulder',
  reach: { R: P23_FAR_SHOULDER, round: 'R' },
};
// 25-26, over Mum's shoulder: Mum kneels close in the foreground, in profile, face to face with
// the child on the bench, who points to where the feelings sit; Dad stands by at the dugout.
const P25_KID: CharacterSlot = {
  ...seatedIn(BENCH_FAR, 'child', 1850, TEAM_BENCH.seatY, 1.15, false, 'sit-point'),
  gaze: { x: 1, y: 0.1 },
};
const P25_MUM: CharacterSlot = {
  ...slot('mum', 'kneel', 3300, 3330, 1.55, true),
  view: 'side',
  gaze: { x: 1, y: -0.05 },
  // the near hand rests on the raised knee (it reached at nothing)
  reach: { R: { x: 3020, y: 2650 } },
};
/** Bedtime, close on the bed (31-32): the bedroom of home.ts filmed nearer. */
const BED_CLOSE: Camera = { x: -354, y: -466, zoom: 1.45 };
// The child propped up in bed, looking up at the stars on the ceiling; Mum on the bed's edge bends
// over to kiss the child's forehead, a hand on the duvet she has tucked in (her body behind the
// child, her face in front of the child's hair); Dad stands by the bed, looking at the child.
const P31_KID: CharacterSlot = {
  ...seatedIn(BED_CLOSE, 'child', 950, BED.y, 1.1, false, 'sit-look-up'),
  outfit: 'pyjamas',
  gaze: { x: 0.35, y: -1 },
  expression: 'content',
};
const P31_MUM: CharacterSlot = {
  ...seatedIn(BED_CLOSE, 'mum', 1560, BED.y + 20, 0.95, true, 'kiss'),
  holds: 'duvet',
  view: 'three-quarter',
  expression: 'kiss',
  reach: { R: onPage(BED_CLOSE, 1190, BED.y - 140) },
};
const P31_DAD: CharacterSlot = {
  ...standingIn(BED_CLOSE, 'dad', 'stand', 2250, 2560, 0.97, true),
  view: 'three-quarter',
  gaze: { x: 0.8, y: 0.45 },
};

// Slots that other props are placed against (a ball at a foot, a mug in a hand).
const P19_KID = slot('child', 'run', 1250, 2820, 1.1);
/** The banner held up on the sideline by the two grown-ups, a pole each (19-20). */
const P19_BANNER = { x0: 3260, x1: 4360, top: 1690, h: 500, grip: 300 } as const;
// Beside the banner, turned to the child on the pitch, both hands on their pole.
const P19_MUM: CharacterSlot = {
  ...slot('mum', 'stand', 2990, 2880, 0.92, true),
  holds: 'banner',
  view: 'three-quarter',
  gaze: { x: 0.9, y: 0.1 },
  reach: {
    L: { x: P19_BANNER.x0, y: P19_BANNER.top + 120 },
    R: { x: P19_BANNER.x0, y: P19_BANNER.top + 330 },
  },
};
const P19_DAD: CharacterSlot = {
  ...slot('dad', 'stand', 4640, 2900, 0.94, true),
  holds: 'banner',
  view: 'three-quarter',
  gaze: { x: 0.9, y: 0.05 },
  reach: {
    R: { x: P19_BANNER.x1, y: P19_BANNER.top + 100 },
    L: { x: P19_BANNER.x1, y: P19_BANNER.top + 320 },
  },
};
/** The touchline the family stands behind: the pitch starts beyond it. */
const sideline = (): string =>
  path('M-30 2590Q2450 2540 4930 2590', 'none', `stroke="#fffaf2" stroke-width="26"`) +
  path('M-30 2620Q2450 2570 4930 2620V3030H-30Z', '#6fb152', 'fill-opacity="0.55"');
// The drive home: Dad drives again, both hands on the wheel, telling his story; Mum turns to the
// child, who giggles in the back seat between the front seats.
const P27_DAD: CharacterSlot = {
  ...seated('dad', 1700, 2150, 0.98),
  holds: 'steering-wheel',
  gaze: { x: 0.25, y: 0 },
  reach: { L: { x: 1448, y: 1990 }, R: { x: 1952, y: 1990 } },
};
const P27_MUM: CharacterSlot = {
  ...seated('mum', 3230, 2160, 0.95, true),
  view: 'three-quarter',
  gaze: { x: 0.9, y: 0.15 },
};
const P27_KID: CharacterSlot = { ...seated('child', 2700, 1880, 0.64), gaze: 'left' };
// The morning kick (33-34): the child in pyjamas and boots kicks Captain Bounce between the
// buckets; Dad, close in the foreground in his dressing gown, yawns a big yawn and stretches, his
// mug of tea in the other hand.
const P33_GOAL = 2500;
const P33_KID: CharacterSlot = {
  ...slot('child', 'kick', 1500, 2780, 1.1, false, { view: 'three-quarter', gaze: 'right' }),
  outfit: 'pyjamas',
  expression: 'determined',
};
const P33_MUG = { x: 4020, y: 1900 } as const;
const P33_DAD: CharacterSlot = {
  ...slot('dad', 'stand', 4250, 3260, 1.3, true),
  holds: 'mug',
  view: 'three-quarter',
  outfit: 'gown',
  expression: 'yawning',
  reach: { R: { x: P33_MUG.x + 40, y: P33_MUG.y + 40 }, L: { x: 4480, y: 1400 } },
};
// 35-36: the child close in the tunnel, eyes shut, a hand on the tummy; through the arch, small
// and far, the grown-ups at the stand's front rail among the fans, breathing along.
const P35_KID: CharacterSlot = slot('child', 'tummy', 1250, 3480, 2.05);
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

export const SPREAD_LAYOUTS: Record<PageId, SpreadLayout> = {
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
    // inside the front panel's safe area with the title's outline (render-page.ts coverText)
    titleBox: text(180, 140, 2090, 720, { size: 190, minSize: 110 }),
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
    shot: { kind: 'wide', place: 'home', view: 'the living room' },
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
    shot: { kind: 'wide', place: 'school', view: 'the playground' },
    background: () => schoolYard(W),
    foreground: () => part('ball-held', ball(P3_KID.x, P3_KID.y - 360 * P3_KID.scale, 120, 10)),
    slots: [P3_KID],
    textBoxes: [TOP_LEFT_PANEL],
  },

  // Dinner, close at the table: the child twirls the same strand of spaghetti round the fork on a
  // full plate; Dad and Mum have eaten half of theirs, put their forks down and lean in to listen.
  'page_5-6': {
    width: W,
    shot: { kind: 'close', place: 'home', view: 'the kitchen, at the table' },
    background: () => kitchenClose(W),
    // A chair back behind each person at the table, none where nobody sits.
    seats: (slots) => chairBacks(slots.filter((s) => s.part !== 'arms').map((s) => s.x)),
    midground: () => part('table', tableClose(W)),
    foreground: () => childPlace(P5_KID.x, 950),
    partProps: { dad: () => grownUpPlace('dad', 1750), mum: () => grownUpPlace('mum', 3950) },
    slots: atTable([P5_DAD, P5_KID, P5_MUM]),
    textBoxes: [text(2670, 110, 2010, 600)],
    // One grown-up at the table: the child and the grown-up (Mum's part) side by side in the
    // middle, two chairs and two places; the bread basket moves in from the edge.
    solo: {
      keep: 'mum',
      slots: atTable([P5_SOLO_KID, P5_SOLO_MUM]),
      foreground: () => childPlace(P5_SOLO_KID.x, 1250),
      partProps: { mum: () => grownUpPlace('mum', P5_SOLO_MUM.x - 300) },
    },
  },

  // Dad marches out of the shed holding up the old, slightly flat football; Mum comes out with two
  // buckets and a bag of cones; the child, turned to them, is surprised.
  'page_7-8': {
    width: W,
    shot: { kind: 'wide', place: 'garden', view: 'from the lawn, the fence behind' },
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
    shot: { kind: 'medium', place: 'garden', view: 'from the back door' },
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
    shot: { kind: 'wide', place: 'park', view: 'from low down' },
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
    shot: { kind: 'wide', place: 'park', view: 'wide, in the rain' },
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
    shot: { kind: 'close', place: 'school', view: 'at the noticeboard' },
    background: () => noticeboardClose(W),
    foreground: () =>
      part(
        'butterflies',
        butterflies([
          [2420, 2150],
          [4450, 1500],
          [2600, 2750],
          [4500, 2350],
          [4250, 1000],
          [2450, 1250],
        ]),
      ),
    // close, in profile, face to the poster: eyes up on its words, a hand on the tummy
    slots: [
      slot('child', 'tummy', 3250, 3560, 2.15, true, { view: 'side', gaze: { x: 1, y: -0.45 } }),
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
    shot: { kind: 'medium', place: 'car', view: 'inside, from the dashboard' },
    background: () => carInside(W, { dad: P17_DAD.x, child: P17_LAP.x, mum: 3650 }),
    foreground: () =>
      part(
        'seat-belt',
        seatBelt(P17_LAP.x - 150, P17_LAP.y - 330, P17_LAP.x + 170, P17_LAP.y + 60),
      ) +
      part(
        'captain-bounce',
        `<g transform="translate(${P17_LAP.x} ${P17_LAP.y}) scale(1 0.86)">${ball(0, 0, P17_LAP.r, 25)}</g>`,
      ) +
      dashboard(W, P17_WHEEL.x, P17_WHEEL.y),
    slots: [P17_DAD, P17_KID, P17_MUM],
    textBoxes: [text(2670, 120, 2010, 760, { panel: true })],
    // One grown-up drives: the driver's seat stays, the passenger seat is empty.
    solo: { keep: 'dad' },
  },

  // Kick-off, the wide touchline: the child runs among teammates; Dad and Mum cheer behind their
  // homemade banner, turned to the child; in the stand behind them two fans cover their ears.
  'page_19-20': {
    width: W,
    shot: { kind: 'wide', place: 'stadium', view: 'pitch level, facing the stand' },
    background: (ctx) =>
      stadium(W, {
        time: 'day',
        horizon: 1650,
        lines: 'centre',
        seed: 3,
        bunting: true,
        players: players(ctx, [
          { side: 'us', x: 420, y: 2360, h: 660, pose: 'run' },
          { side: 'them', x: 2080, y: 2120, h: 440, pose: 'run', flip: true },
          { side: 'ref', x: 2620, y: 2000, h: 330, pose: 'stand' },
          { side: 'us', x: 2450, y: 2470, h: 620, pose: 'run' },
          { side: 'them', x: 980, y: 2040, h: 380, pose: 'run', flip: true },
        ]),
      }) +
      sideline() +
      part(
        'covered-ears',
        earCoverer(1750, 1450, 70, '#3f9c8f', '#91603d', '#2f2623') +
          earCoverer(2330, 1455, 70, '#ffd447', '#fde4d0', '#b8b2aa'),
      ),
    foreground: () =>
      part('ball', dribbledBall(P19_KID, 85)) +
      part(
        'banner',
        banner(P19_BANNER.x0, P19_BANNER.x1, P19_BANNER.top, P19_BANNER.h, P19_BANNER.grip),
      ),
    slots: [P19_KID, P19_MUM, P19_DAD],
    textBoxes: [TOP_RIGHT_PANEL],
    signBox: text(P19_BANNER.x0 + 50, P19_BANNER.top + 40, 1000, 420, { size: 170, minSize: 75 }),
    // One grown-up holds the banner up by one pole, the other pole planted in the grass.
    solo: {
      keep: 'mum',
      slots: [P19_KID, P19_MUM],
      foreground: () =>
        part('ball', dribbledBall(P19_KID, 85)) +
        part(
          'banner',
          banner(P19_BANNER.x0, P19_BANNER.x1, P19_BANNER.top, P19_BANNER.h, P19_BANNER.grip, 2900),
        ),
    },
  },

  // Full time, the scoreboard: 2-3 against us, the away fans and the other team cheer, the home
  // crowd sits quiet; the missed ball lies past the far goal; the child, close, stands very still.
  'page_21-22': {
    width: W,
    shot: { kind: 'close', place: 'stadium', view: 'pitch level, facing the stand' },
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
    // close: the child stands very, very still, eyes down; the missed ball past the far post
    slots: [{ ...slot('child', 'stand', 3150, 3720, 2.15), gaze: 'down' }],
    textBoxes: [TOP_LEFT_PANEL],
  },

  // After the match, close on the team bench: the child sits with the head down, Dad beside with
  // an arm round the child, looking at the child. The kit bag and the ball lie in the dugout.
  'page_23-24': {
    width: W,
    shot: { kind: 'close', place: 'stadium', view: 'in the dugout, at the bench' },
    background: (ctx) =>
      stadium(W, { time: 'rain', horizon: 1650, crowd: 'empty', lines: 'centre', seed: 7 }) +
      teamBench(BENCH_CLOSE, team(ctx).shirt),
    slots: [{ ...P23_DAD, part: 'body' }, P23_KID, { ...P23_DAD, part: 'arms' }],
    // the two close together on the left page, both faces clear of the gutter; the words on the
    // right page over the empty end of the bench
    textBoxes: [TOP_RIGHT_PANEL],
  },

  // The same bench over Mum's shoulder, at evening: Mum kneels in front of the child at eye
  // level, the two look at each other, the child points to where the feelings sit; Dad stands by.
  'page_25-26': {
    width: W,
    shot: { kind: 'close', place: 'stadium', view: 'at the bench, over a shoulder' },
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
      { ...slot('dad', 'stand', 520, 2720, 0.92), view: 'three-quarter', gaze: 'right' },
      P25_KID,
      P25_MUM,
    ],
    textBoxes: [TOP_RIGHT_PANEL],
    solo: { keep: 'mum' },
  },

  // The drive home at night, the car from the front: Mum drives, Dad turns round in his seat and
  // throws up his arms, acting out his slip in the mud; the child giggles in the back; the bubble
  // over the car is Dad's story. Street lights run back along the road.
  'page_27-28': {
    width: W,
    shot: { kind: 'wide', place: 'the road', view: 'the car at night, from the front' },
    background: () => nightRoad(W),
    foreground: (ctx) => {
      const teller = ctx?.people?.dad;
      const head = { x: P27_DAD.x, y: P27_DAD.y - 1420 * P27_DAD.scale };
      return carFront() + (teller ? dadsStory(head, childhoodOf(teller.look, teller.kind)) : '');
    },
    slots: [P27_KID, P27_DAD, P27_MUM],
    textBoxes: [text(2670, 110, 2010, 700, { ink: 'light', panel: true })],
    // One grown-up: drives home and tells the story.
    solo: { keep: 'dad' },
  },

  // Evening on the sofa: breathing like balloons; Dad copies them on a floor cushion, eyes shut.
  'page_29-30': {
    width: W,
    shot: { kind: 'close', place: 'home', view: 'the living room, at the sofa' },
    background: () =>
      rect(-30, -30, W + 60, 3060, '#f4e3c8') +
      part('living-room', film(SOFA_CLOSE, livingRoom(W, 'evening'))),
    slots: [
      { ...seatedIn(SOFA_CLOSE, 'dad', 1500, 2440, 0.95, false, 'sit-tummy'), expression: 'calm' },
      { ...seatedIn(SOFA_CLOSE, 'mum', 3300, 1850, 0.95, false, 'sit-tummy'), gaze: 'right' },
      { ...seatedIn(SOFA_CLOSE, 'child', 3980, 1850, 0.95, false, 'sit-tummy'), gaze: 'left' },
    ],
    textBoxes: [TOP_LEFT_PANEL],
    solo: { keep: 'mum' },
  },

  // Bedtime, close on the bed: the child looks up at the glowing stars on the ceiling, Mum tucks
  // the duvet in, Dad leans in for a goodnight kiss.
  'page_31-32': {
    width: W,
    shot: { kind: 'close', place: 'home', view: 'the bedroom, at the bed' },
    background: () =>
      rect(-30, -30, W + 60, 3060, '#3f4f86') + part('bedroom-stars', film(BED_CLOSE, bedroom(W))),
    foreground: () => part('duvet', film(BED_CLOSE, duvet(1250, BED.y - 190))),
    slots: [P31_DAD, { ...P31_MUM, part: 'body' }, P31_KID, { ...P31_MUM, part: 'arms' }],
    textBoxes: [text(2670, 110, 2010, 700, { ink: 'light', panel: true })],
    // One grown-up tucks the child in and kisses the child goodnight.
    solo: { keep: 'mum' },
  },

  // Early morning, the garden: the child in pyjamas and boots kicks Captain Bounce straight
  // between the buckets; Dad, close in his dressing gown, yawns with his mug; Mum at the window.
  'page_33-34': {
    width: W,
    shot: { kind: 'medium', place: 'garden', view: 'from the lawn, the fence behind' },
    background: () =>
      scenePart(
        'garden-morning',
        garden(W, {
          time: 'morning',
          sunAt: [1700, 430],
          bucketGoal: P33_GOAL,
          dew: true,
          flowerBed: true,
          houseInFront: true,
        }),
      ),
    // Dad's mug stays in the foreground: a book with one grown-up keeps Dad's part here (solo).
    foreground: () => {
      const f = kickingFoot(P33_KID);
      return (
        houseWindowWall() +
        part(
          'ball-between-buckets',
          flight([f.x + 60, f.y - 40], [2500, 1950], [P33_GOAL + 450, 2330], 80),
        ) +
        part('mug', mug(P33_MUG.x, P33_MUG.y))
      );
    },
    slots: [slot('mum', 'wave', 412, 1640, 0.55), P33_KID, P33_DAD],
    textBoxes: [TOP_RIGHT_PANEL],
    solo: { keep: 'dad' },
  },

  // The next match, in the players' tunnel: eyes closed, hand on the tummy, butterflies around;
  // through the arch Mum and Dad breathe along in the front row of the stand.
  'page_35-36': {
    width: W,
    shot: { kind: 'close', place: 'stadium', view: 'in the players’ tunnel' },
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
    foreground: () => tunnelRail() + butterflySwarm(1650, 2250, 480, 5, 35),
    slots: [
      slot('dad', 'tummy', 3060, 1770, 0.26),
      slot('mum', 'tummy', 3360, 1770, 0.25),
      P35_KID,
    ],
    textBoxes: [TOP_RIGHT_PANEL],
    solo: { keep: 'mum' },
  },

  // From the stand: Mum and Dad bounce in the near stand among the fans; below them on the pitch
  // the child dribbles past one defender towards another.
  'page_37-38': {
    width: W,
    shot: { kind: 'wide', place: 'stadium', view: 'from the stands' },
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
      // the row of fans in front of them hides their legs: they stand in the stand, not on it
      part(
        'crowd-near',
        fansFromBehind(-30, 1950, 2560, 125, 41) + fansFromBehind(-30, 2150, 3000, 110, 37),
      ) +
      part('bounce', bounce(640, 2300, 150) + bounce(1290, 2330, 150)),
    // in the stand's front row, among the fans, turned to the pitch
    slots: [
      { ...slot('dad', 'cheer', 640, 2640, 0.66), view: 'three-quarter', gaze: 'right' },
      { ...slot('mum', 'cheer', 1290, 2670, 0.64), view: 'three-quarter', gaze: 'right' },
      P37_KID,
    ],
    textBoxes: [TOP_RIGHT_PANEL],
    solo: { keep: 'mum' },
  },

  // GOAL, low at the goal: a huge goal, the keeper diving, the ball in the top corner; the child
  // in the foreground follows through the kick.
  'page_39-40': {
    width: W,
    shot: { kind: 'wide', place: 'stadium', view: 'pitch level, facing the stand' },
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
    shot: { kind: 'close', place: 'stadium', view: 'pitch level, facing the stand' },
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
    shot: { kind: 'wide', place: 'garden', view: 'from the lawn, the fence behind' },
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

  // The back of the book (issue #43): no figures; its words (the title and the blurb on a card)
  // are laid by the composer like the cover's title. The cover wrap prints this page left of the
  // spine, and the preview shows it.
  'back-cover': {
    width: PAGE_WIDTH,
    background: () => backCoverScene(),
    slots: [],
    textBoxes: [BACK_COVER_BLURB_BOX],
    titleBox: BACK_COVER_TITLE_BOX,
  },
};
