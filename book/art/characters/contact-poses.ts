// Poses of touch and of feeling: hugs (arms round someone), holding a hand, a sad child sitting
// with the head bowed, a grown-up acting out a fall, laughing, pointing at something, reading
// and looking up. Angles as in body.ts (degrees, 0 = down, +90 = towards +x, 180 = up). The
// partner of a hug or a held hand stands on the +x side (flip mirrors both).

import type { PoseDef } from './body/pose-shape.ts';

export type ContactPose =
  | 'hug-kneel'
  | 'embrace'
  | 'hug-reach'
  | 'hug-cheer'
  | 'hold-hand'
  | 'sit-head-down'
  | 'fall-act'
  | 'laugh'
  | 'point-at'
  | 'read'
  | 'look-up'
  | 'kiss';

const STAND_LEGS = {
  legL: { a: -3, b: -1 },
  legR: { a: 3, b: 1 },
  toeL: -1,
  toeR: 1,
} as const satisfies Partial<PoseDef>;

/**
 * Kneeling on the -x knee, the +x foot planted forward with its knee up (as gestures' 'kneel'),
 * drawn for a figure turned three-quarter towards +x: the back thigh goes almost straight down
 * to the knee on the ground and the back shin goes back into depth behind the figure (short,
 * foreshortened, tucked behind the knee); the front thigh comes forward and towards the viewer
 * (foreshortened), its shin straight down to the foot. A compact silhouette: no leg sticks out
 * to the side.
 */
export const KNEEL_LEGS = {
  legL: { a: -4, b: -122, lower: 0.32 },
  legR: { a: 84, b: -3, upper: 0.56 },
  toeL: -1,
  toeR: 1,
  hipSpread: 0.45,
} as const satisfies Partial<PoseDef>;

export const CONTACT_POSES: Record<ContactPose, PoseDef> = {
  // kneeling, leaning in a little towards +x, both arms round a child standing there (the
  // child's middle about 400 units (x scale) to +x): the far (+x) arm goes behind the child's
  // back, its hand on the far shoulder blade (hidden by the child), the near (-x) arm comes
  // forward round the child's waist, the hand on the child's side. No forearm crosses the
  // child's chest. The body leans only a little and the head barely tips, so the face stays
  // beside the child's big head (cheek to cheek), not behind it. Draw the grown-up as part
  // 'body' (with the far arm), then the child, then the part 'arms' (near arm and face).
  'hug-kneel': {
    lean: 9,
    armL: { a: 43, b: 75 },
    armR: { a: 66, b: 63, upper: 0.9, lower: 0.6 },
    frontL: true,
    ...KNEEL_LEGS,
    headTilt: 3,
  },
  // standing, both arms wrapped round someone in front on the +x side at chest height (a grown-
  // up holding a grown-up, or lifting a child whose middle is at the hands)
  embrace: {
    lean: 6,
    armL: { a: 40, b: 80 },
    armR: { a: 55, b: 100 },
    frontL: true,
    frontR: true,
    ...STAND_LEGS,
    headTilt: 6,
  },
  // a child reaching up and out round the necks of two grown-ups kneeling on either side (or,
  // turned, round one grown-up's neck): both hands at a kneeling grown-up's shoulder height
  'hug-reach': {
    lean: 0,
    armL: { a: -128, b: -119 },
    armR: { a: 140, b: 126 },
    frontL: true,
    frontR: true,
    legL: { a: -6, b: -3 },
    legR: { a: 5, b: 2 },
    toeL: -1,
    toeR: 1,
  },
  // a child hugging one grown-up kneeling on the -x side: that arm up round the grown-up's
  // neck (as 'hug-reach'), the +x fist punched up in the air ('I did it!'), not reaching out
  // to nobody
  'hug-cheer': {
    lean: -2,
    armL: { a: -128, b: -119 },
    armR: { a: 122, b: 146 },
    frontL: true,
    frontR: true,
    legL: { a: -6, b: -3 },
    legR: { a: 5, b: 2 },
    toeL: -1,
    toeR: 1,
    headTilt: -4,
  },
  // the +x hand lowered and a little forward, holding a smaller person's hand (grown-ups); the
  // child's version reaches up to a grown-up's hand (ROLE_POSE_OVERRIDES in body.ts)
  'hold-hand': {
    lean: 0,
    armL: { a: -9, b: -3 },
    armR: { a: 30, b: 26 },
    frontR: true,
    ...STAND_LEGS,
  },
  // sitting, shoulders hunched, elbows on the knees, the head bowed: looking at the ground
  'sit-head-down': {
    lean: 6,
    armL: { a: -8, b: 30 },
    armR: { a: 8, b: -30 },
    frontL: true,
    frontR: true,
    legL: { a: -26, b: -2 },
    legR: { a: 26, b: 2 },
    toeL: -1,
    toeR: 1,
    thighScale: 0.42,
    legsFront: true,
    headDrop: 0.15,
    pitch: 26,
    gaze: 'down',
  },
  // a grown-up acting out a fall: leaning back, the -x arm flung up, the +x arm out, the +x
  // leg kicked up in the air
  'fall-act': {
    lean: -16,
    armL: { a: -150, b: -172 },
    armR: { a: 112, b: 136 },
    legL: { a: -8, b: -4 },
    legR: { a: 62, b: 38 },
    toeL: -1,
    toeR: 1,
    openHandL: true,
    openHandR: true,
    headTilt: -12,
  },
  // laughing: both hands on the tummy, leaning back a little, the head tipped back
  laugh: {
    lean: -4,
    armL: { a: -26, b: 66 },
    armR: { a: 26, b: -66 },
    frontL: true,
    frontR: true,
    ...STAND_LEGS,
    headTilt: -7,
    pitch: -6,
  },
  // pointing with the +x arm up and out at something (a poster, the sky), the finger out
  'point-at': {
    lean: 0,
    armL: { a: -9, b: -3 },
    armR: { a: 128, b: 120 },
    ...STAND_LEGS,
    pointR: true,
    gaze: 'up-right',
  },
  // reading: both hands in front at chest height holding a book (put it at the hands), the
  // head bowed a little towards it
  read: {
    lean: 0,
    armL: { a: 8, b: 164 },
    armR: { a: -8, b: -164 },
    frontL: true,
    frontR: true,
    ...STAND_LEGS,
    pitch: 10,
    gaze: 'down',
  },
  // a goodnight kiss, sitting on the edge of the bed: bent over towards the child on the +x
  // side, the head tipped to the child's forehead, the +x hand on the duvet (reach it there)
  kiss: {
    lean: 24,
    armL: { a: -10, b: -4 },
    armR: { a: 30, b: 20 },
    frontR: true,
    legL: { a: -32, b: -3 },
    legR: { a: 32, b: 3 },
    toeL: -1,
    toeR: 1,
    thighScale: 0.42,
    legsFront: true,
    headTilt: 16,
    gaze: 'down-right',
  },
  // looking up at something high (a ball in the air, the stars): the head tipped back
  'look-up': {
    lean: -3,
    armL: { a: -12, b: -4 },
    armR: { a: 12, b: 4 },
    ...STAND_LEGS,
    headTilt: -4,
    pitch: -14,
    gaze: 'up',
  },
};
