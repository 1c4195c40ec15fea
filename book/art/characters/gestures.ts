// The gesture poses the story needs beyond standing, running, kicking, cheering, sitting and
// waving: a hand on the tummy, a hand at the chest ('here is where the feeling sits'), a hug, a
// goalkeeper's crouch, kneeling, and the hand gestures sitting. Angles as in body.ts (degrees,
// 0 = down, +90 = towards +x).

import type { PoseDef } from './body/pose-shape.ts';
import { KNEEL_LEGS } from './contact-poses.ts';

type Gesture =
  | 'tummy'
  | 'point'
  | 'hug'
  | 'crouch'
  | 'kneel'
  | 'sit-tummy'
  | 'sit-point'
  | 'sit-tuck'
  | 'sit-reach'
  | 'sit-around'
  | 'sit-wave'
  | 'sit-look-up';

/** The legs of every sitting gesture, as in body.ts's 'sit' (thighs towards the viewer). */
const SEATED_LEGS = {
  legL: { a: -32, b: -3 },
  legR: { a: 32, b: 3 },
  toeL: -1,
  toeR: 1,
  thighScale: 0.42,
  legsFront: true,
} as const satisfies Partial<PoseDef>;

export const GESTURE_POSES: Record<Gesture, PoseDef> = {
  // the +x hand flat on the tummy, the other arm down
  tummy: {
    lean: 0,
    armL: { a: -9, b: -3 },
    armR: { a: 24, b: -72 },
    legL: { a: -3, b: -1 },
    legR: { a: 3, b: 1 },
    frontR: true,
    toeL: -1,
    toeR: 1,
  },
  // the +x hand up at the chest and throat: 'here is where the feeling sits'
  point: {
    lean: 0,
    armL: { a: -9, b: -3 },
    armR: { a: 26, b: -128 },
    legL: { a: -3, b: -1 },
    legR: { a: 3, b: 1 },
    frontR: true,
    toeL: -1,
    toeR: 1,
  },
  // the +x arm out sideways at shoulder height, the forearm down round a neighbour
  hug: {
    lean: 0,
    armL: { a: -9, b: -3 },
    armR: { a: 108, b: 60 },
    legL: { a: -3, b: -1 },
    legR: { a: 3, b: 1 },
    frontR: true,
    toeL: -1,
    toeR: 1,
  },
  // knees bent and apart, arms out: a goalkeeper between two buckets
  crouch: {
    lean: 0,
    armL: { a: -62, b: -28 },
    armR: { a: 62, b: 28 },
    legL: { a: -58, b: 8 },
    legR: { a: 58, b: -8 },
    toeL: -1,
    toeR: 1,
    thighScale: 0.8,
  },
  'sit-tummy': {
    lean: 0,
    armL: { a: -22, b: -8 },
    armR: { a: 14, b: -100 },
    frontR: true,
    ...SEATED_LEGS,
  },
  'sit-point': {
    lean: 0,
    armL: { a: -22, b: -8 },
    armR: { a: 24, b: -130 },
    frontR: true,
    ...SEATED_LEGS,
  },
  // on the edge of a bed, leaning towards -x, that hand tucking the duvet in; the other on the knee
  'sit-tuck': {
    lean: -9,
    armL: { a: -52, b: -84 },
    armR: { a: 5, b: 5 },
    frontL: true,
    frontR: true,
    ...SEATED_LEGS,
  },
  // sitting, turned a little towards -x, that hand up on a neighbour's shoulder
  'sit-reach': {
    lean: -5,
    armL: { a: -52, b: -138 },
    armR: { a: 5, b: 5 },
    frontL: true,
    frontR: true,
    ...SEATED_LEGS,
  },
  // sitting, the -x arm out and round the shoulders of a smaller neighbour on that side
  'sit-around': {
    lean: -4,
    armL: { a: -32, b: -122 },
    armR: { a: 5, b: 5 },
    frontL: true,
    frontR: true,
    ...SEATED_LEGS,
  },
  // sitting and waving with the +x hand, the -x hand holding a ball on the lap
  'sit-wave': {
    lean: 0,
    armL: { a: -10, b: 62 },
    armR: { a: 112, b: 150 },
    frontL: true,
    ...SEATED_LEGS,
    openHandR: true,
  },
  // sitting (propped up in bed), the head tipped back and the face lifted, eyes up at something
  // high above (the stars on the ceiling), the hands resting on the lap
  'sit-look-up': {
    lean: -3,
    armL: { a: -22, b: -8 },
    armR: { a: 22, b: 8 },
    ...SEATED_LEGS,
    headTilt: -4,
    pitch: -18,
    gaze: 'up',
  },
  // kneeling on one knee, turned towards +x: the -x knee on the ground with its shin going back
  // into depth, the +x foot planted forward, knee up (KNEEL_LEGS); the +x hand reaches out
  kneel: {
    lean: 4,
    // the far hand rests behind the body (it peeked out between the legs)
    armL: { a: 12, b: 70, lower: 0.55 },
    armR: { a: 40, b: 70 },
    frontR: true,
    ...KNEEL_LEGS,
  },
};
