// Poses as joint angles (degrees, 0 = down, +90 = towards +x, 180 = up): the six basic poses
// here, the gestures (gestures.ts) and the poses of touch and feeling (contact-poses.ts), with
// the changes a role needs (grown-ups' long limbs, the child's short arms).

import type { Pose, Role } from '#book/types.ts';
import { GESTURE_POSES } from '#book/art/characters/gestures.ts';
import { CONTACT_POSES } from '#book/art/characters/contact-poses.ts';
import type { PoseDef } from './pose-shape.ts';

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
