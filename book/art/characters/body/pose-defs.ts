// Poses as joint angles (degrees, 0 = down, +90 = towards +x, 180 = up): the six basic poses
// here, the gestures (gestures.ts) and the poses of touch and feeling (contact-poses.ts), with
// the changes a role needs (grown-ups' long limbs, the child's short arms).

import type { Gaze, Pose, Role } from '#book/types.ts';
import { GESTURE_POSES } from '#book/art/characters/gestures.ts';
import { CONTACT_POSES } from '#book/art/characters/contact-poses.ts';

export interface Limb {
  /** Upper segment angle (degrees, 0 = down, +90 = towards +x). */
  a: number;
  /** Lower segment angle. */
  b: number;
  /**
   * Foreshortening: the share of the upper (thigh, upper arm) and lower (shin, forearm)
   * segment's length that shows (1 when unset). A segment pointing into the picture or out of it
   * (a kneeling shin going back into depth, a thigh coming forward) looks shorter.
   */
  upper?: number;
  lower?: number;
}

export interface PoseDef {
  lean: number;
  /** Arms on the -x side (l) and the +x side (r). */
  armL: Limb;
  armR: Limb;
  legL: Limb;
  legR: Limb;
  /** Which arms are drawn in front of the torso. */
  frontL?: boolean;
  frontR?: boolean;
  /** Shoe direction per leg: -1 towards -x, 0 facing the viewer, 1 towards +x. */
  toeL: -1 | 0 | 1;
  toeR: -1 | 0 | 1;
  /** Hip spread factor (1 = hips side by side; small for the side-on sitting pose). */
  hipSpread?: number;
  openHandR?: boolean;
  openHandL?: boolean;
  /** The +x hand points a finger along its forearm. */
  pointR?: boolean;
  /** The head tips (degrees about the neck; positive towards +x, negative back). */
  headTilt?: number;
  /** The head sinks between the shoulders by this share of the torso (a bowed, hunched head). */
  headDrop?: number;
  /** The face's features move down (a bowed head, positive) or up (looking up, negative), head units. */
  pitch?: number;
  /** Where the eyes look unless the slot says otherwise. */
  gaze?: Gaze;
  /** Thigh length factor: below 1 when the thighs point towards the viewer. */
  thighScale?: number;
  /** Legs (and shorts/trousers) drawn over the torso: the lap of the sitting pose. */
  legsFront?: boolean;
}

export const POSE_DEFS: Record<Pose, PoseDef> = {
  stand: {
    lean: 0,
    armL: { a: -9, b: -3 },
    armR: { a: 9, b: 3 },
    legL: { a: -3, b: -1 },
    legR: { a: 3, b: 1 },
    toeL: -1,
    toeR: 1,
  },
  run: {
    lean: 10,
    armL: { a: -42, b: 20 },
    armR: { a: 38, b: 118 },
    legL: { a: -28, b: -88 },
    legR: { a: 52, b: 4 },
    frontR: true,
    toeL: 1,
    toeR: 1,
  },
  kick: {
    lean: -8,
    armL: { a: -72, b: -104 },
    armR: { a: 48, b: 78 },
    legL: { a: -7, b: -4 },
    legR: { a: 64, b: 94 },
    toeL: 1,
    toeR: 1,
  },
  cheer: {
    lean: 0,
    armL: { a: -148, b: -168 },
    armR: { a: 148, b: 168 },
    legL: { a: -9, b: -4 },
    legR: { a: 9, b: 4 },
    toeL: -1,
    toeR: 1,
  },
  // sitting seen from the front: the thighs come towards the viewer (foreshortened), the knees
  // a little apart, the hands resting on the seat beside the hips
  sit: {
    lean: 0,
    armL: { a: -22, b: -8 },
    armR: { a: 22, b: 8 },
    legL: { a: -32, b: -3 },
    legR: { a: 32, b: 3 },
    toeL: -1,
    toeR: 1,
    thighScale: 0.42,
    legsFront: true,
  },
  wave: {
    lean: 0,
    armL: { a: -9, b: -3 },
    armR: { a: 134, b: 172 },
    legL: { a: -3, b: -1 },
    legR: { a: 3, b: 1 },
    toeL: -1,
    toeR: 1,
    openHandR: true,
  },
  ...GESTURE_POSES,
  ...CONTACT_POSES,
};

/**
 * Grown-ups' long shins: a runner's back foot lifts behind instead of the shin sticking straight
 * out sideways. Their long arms rest the hands on the knees when sitting (hanging down beside
 * the thighs they reached below the seat).
 */
const ADULT_OVERRIDES: Partial<Record<Pose, Partial<PoseDef>>> = {
  run: { legL: { a: -12, b: -42 }, legR: { a: 26, b: 4 } },
  sit: { armL: { a: -5, b: -5 }, armR: { a: 5, b: 5 }, frontL: true, frontR: true },
};

/** The child's arms are shorter than the head is wide: raised arms open wider to stay visible. */
const ROLE_POSE_OVERRIDES: Partial<Record<Role, Partial<Record<Pose, Partial<PoseDef>>>>> = {
  child: {
    cheer: { armL: { a: -122, b: -146 }, armR: { a: 122, b: 146 } },
    wave: { armR: { a: 112, b: 150 } },
    // reaching up to a grown-up's hand
    'hold-hand': { armR: { a: 132, b: 150 } },
  },
  dad: ADULT_OVERRIDES,
  mum: ADULT_OVERRIDES,
};

export function poseDef(role: Role, pose: Pose): PoseDef {
  return { ...POSE_DEFS[pose], ...(ROLE_POSE_OVERRIDES[role]?.[pose] ?? {}) };
}
