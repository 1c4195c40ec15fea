// The shape of a pose: the joint angles of each limb and what else a pose sets (lean, hands, head,
// gaze). The poses themselves are in pose-defs.ts, gestures.ts and contact-poses.ts.

import type { Gaze } from '#book/types.ts';

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
