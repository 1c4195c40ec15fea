// The skeletons of the three roles and how a pose's joint angles turn into points (forward
// kinematics): every role moves the same way and the head is always attached at the pose's neck
// point. Figure space: feet centre at (0, 0), y grows downwards.

import type { Pose, Role, View } from '#book/types.ts';
import { along, type Pt } from '#book/art/characters/svg-util.ts';
import { poseDef } from './pose-defs.ts';
import type { PoseDef } from './pose-shape.ts';

export interface Skeleton {
  torso: number;
  shoulderHalf: number;
  hemHalf: number;
  hipHalf: number;
  shoulderDrop: number;
  upperArm: number;
  foreArm: number;
  thigh: number;
  shin: number;
  /** Height of the shoe below the ankle. */
  boot: number;
  arm: number;
  leg: number;
  hand: number;
  neckW: number;
  /** Torso position (v along the torso from the hip) of the shirt hem. */
  hemV: number;
  /** Waist band of shorts/trousers (v) and the crotch (v, negative = below the hip). */
  waistV: number;
  crotchV: number;
  pelvisHalf: number;
}

export const SKELETONS: Record<Role, Skeleton> = {
  child: {
    torso: 280,
    shoulderHalf: 112,
    hemHalf: 108,
    hipHalf: 50,
    shoulderDrop: 26,
    upperArm: 140,
    foreArm: 120,
    thigh: 165,
    shin: 165,
    boot: 48,
    arm: 52,
    leg: 64,
    hand: 31,
    neckW: 72,
    hemV: 0,
    waistV: 60,
    crotchV: -40,
    pelvisHalf: 100,
  },
  dad: {
    torso: 430,
    shoulderHalf: 158,
    hemHalf: 138,
    hipHalf: 66,
    shoulderDrop: 34,
    upperArm: 250,
    foreArm: 225,
    thigh: 380,
    shin: 372,
    boot: 50,
    arm: 76,
    leg: 96,
    hand: 40,
    neckW: 86,
    hemV: 50,
    waistV: 80,
    crotchV: -50,
    pelvisHalf: 124,
  },
  mum: {
    torso: 400,
    shoulderHalf: 126,
    hemHalf: 134,
    hipHalf: 64,
    shoulderDrop: 30,
    upperArm: 232,
    foreArm: 210,
    thigh: 375,
    shin: 365,
    boot: 44,
    arm: 64,
    leg: 88,
    hand: 35,
    neckW: 70,
    hemV: 30,
    waistV: 70,
    crotchV: -48,
    pelvisHalf: 116,
  },
};

export interface Solved {
  hip: Pt;
  neck: Pt;
  up: Pt;
  perp: Pt;
  shoulderL: Pt;
  shoulderR: Pt;
  elbowL: Pt;
  elbowR: Pt;
  handL: Pt;
  handR: Pt;
  hipL: Pt;
  hipR: Pt;
  kneeL: Pt;
  kneeR: Pt;
  ankleL: Pt;
  ankleR: Pt;
}

/**
 * How a view turns the body: the torso, hips and shoulders narrow to `width`, and what sits on
 * the front of the torso (collar, placket, badge, buttons) slides towards +x by `shift` of the
 * half width at the centre line (a parabola, fixed at the sides).
 */
export const BODY_VIEWS: Record<View, { width: number; shift: number }> = {
  front: { width: 1, shift: 0 },
  'three-quarter': { width: 0.84, shift: 0.32 },
  side: { width: 0.6, shift: 0.62 },
};

/** Where a hand reaches (figure space): the arm bends at the elbow so the hand lands on it. */
export interface Reach {
  L?: Pt;
  R?: Pt;
  /**
   * The arm that goes round behind a partner (an arm round a child's shoulders): drawn behind the
   * body, only its hand in front (book/types.ts CharacterSlot.reach).
   */
  round?: 'L' | 'R';
}

/**
 * A grown-up's own body (issue #49): the role's skeleton made taller or shorter (limbs and torso)
 * and wider or slimmer (shoulders, hips, limbs' thickness less so); a belly widens the hem.
 */
export function personSkeleton(
  sk: Skeleton,
  shape: { tall: number; wide: number; belly: number },
): Skeleton {
  const { tall, wide, belly } = shape;
  if (tall === 1 && wide === 1 && belly === 0) return sk;
  const thick = 1 + (wide - 1) * 0.7;
  return {
    ...sk,
    torso: sk.torso * tall,
    upperArm: sk.upperArm * tall,
    foreArm: sk.foreArm * tall,
    thigh: sk.thigh * tall,
    shin: sk.shin * tall,
    shoulderHalf: sk.shoulderHalf * (1 + (wide - 1) * 0.8),
    hemHalf: sk.hemHalf * wide * (1 + belly * 0.12),
    hipHalf: sk.hipHalf * wide,
    pelvisHalf: sk.pelvisHalf * wide * (1 + belly * 0.06),
    arm: sk.arm * thick,
    leg: sk.leg * thick,
    neckW: sk.neckW * (1 + (wide - 1) * 0.5),
  };
}

/**
 * Two-bone reach: the elbow and hand of an arm from `shoulder` whose hand goes to `target`
 * (straight towards it when it is out of reach). Of the two elbows that fit, the lower one (the
 * one further out when they are level), as an arm hangs from the shoulder; for a hand reaching
 * down in front of the body (a wheel, a table) the one further out, so the arms never cross.
 */
export function reachArm(
  shoulder: Pt,
  target: Pt,
  upper: number,
  fore: number,
  side: -1 | 1,
): { elbow: Pt; hand: Pt } {
  const dx = target.x - shoulder.x;
  const dy = target.y - shoulder.y;
  const full = Math.hypot(dx, dy) || 1;
  // a hand that reaches down close in front (a wheel, a table) comes towards the camera: the
  // arm is foreshortened, its bones shorter on the page, so it bends a little, not into a wing
  if (dy / full > 0.6) {
    const k = Math.min(1, Math.max(0.55, full / (0.88 * (upper + fore))));
    upper *= k;
    fore *= k;
  }
  const d = Math.min(Math.max(full, Math.abs(upper - fore) + 1), upper + fore - 0.5);
  const ux = dx / full;
  const uy = dy / full;
  const along = (upper * upper + d * d - fore * fore) / (2 * d);
  const off = Math.sqrt(Math.max(0, upper * upper - along * along));
  const base = { x: shoulder.x + ux * along, y: shoulder.y + uy * along };
  const a = { x: base.x - uy * off, y: base.y + ux * off };
  const b = { x: base.x + uy * off, y: base.y - ux * off };
  // a hand reaching down in front (a wheel, a table) bends the elbow out to the side, never
  // across the chest; otherwise the elbow hangs
  const out = (a.x - b.x) * side > 0 ? a : b;
  const elbow = uy > 0.6 || Math.abs(a.y - b.y) <= 20 ? out : a.y > b.y ? a : b;
  return { elbow, hand: { x: shoulder.x + ux * d, y: shoulder.y + uy * d } };
}

export function solve(sk: Skeleton, p: PoseDef, width = 1, reach?: Reach): Solved {
  const L = (p.lean * Math.PI) / 180;
  const up = { x: Math.sin(L), y: -Math.cos(L) };
  const perp = { x: Math.cos(L), y: Math.sin(L) };
  const at = (origin: Pt, u: number, v: number): Pt => ({
    x: origin.x + perp.x * u + up.x * v,
    y: origin.y + perp.y * u + up.y * v,
  });
  // place the hip at (0, 0) first, then move the whole figure so the feet stand on y = 0
  const hip0 = { x: 0, y: 0 };
  const spread = (p.hipSpread ?? 1) * width;
  const hipL0 = at(hip0, -sk.hipHalf * spread, 0);
  const hipR0 = at(hip0, sk.hipHalf * spread, 0);
  const thigh = sk.thigh * (p.thighScale ?? 1);
  const kneeL0 = along(hipL0, p.legL.a, thigh * (p.legL.upper ?? 1));
  const kneeR0 = along(hipR0, p.legR.a, thigh * (p.legR.upper ?? 1));
  const ankleL0 = along(kneeL0, p.legL.b, sk.shin * (p.legL.lower ?? 1));
  const ankleR0 = along(kneeR0, p.legR.b, sk.shin * (p.legR.lower ?? 1));
  // the lowest point rests on y = 0: the shoes, or the knees of a kneeling figure
  const lowest = Math.max(
    Math.max(ankleL0.y, ankleR0.y) + sk.boot,
    Math.max(kneeL0.y, kneeR0.y) + sk.leg / 2,
  );
  const dx = -(ankleL0.x + ankleR0.x) / 2;
  const shift = (q: Pt): Pt => ({ x: q.x + dx, y: q.y - lowest });
  const hip = shift(hip0);
  const neck = at(hip, 0, sk.torso);
  const shoulderL = at(
    hip,
    (-sk.shoulderHalf + sk.arm * 0.5) * width,
    sk.torso - sk.shoulderDrop - sk.arm * 0.45,
  );
  const shoulderR = at(
    hip,
    (sk.shoulderHalf - sk.arm * 0.5) * width,
    sk.torso - sk.shoulderDrop - sk.arm * 0.45,
  );
  const arm = (side: -1 | 1): { elbow: Pt; hand: Pt } => {
    const shoulder = side < 0 ? shoulderL : shoulderR;
    const target = side < 0 ? reach?.L : reach?.R;
    const limb = side < 0 ? p.armL : p.armR;
    if (target) return reachArm(shoulder, target, sk.upperArm, sk.foreArm, side);
    const elbow = along(shoulder, limb.a, sk.upperArm * (limb.upper ?? 1));
    return { elbow, hand: along(elbow, limb.b, sk.foreArm * (limb.lower ?? 1)) };
  };
  const l = arm(-1);
  const r = arm(1);
  return {
    hip,
    neck,
    up,
    perp,
    shoulderL,
    shoulderR,
    elbowL: l.elbow,
    elbowR: r.elbow,
    handL: l.hand,
    handR: r.hand,
    hipL: shift(hipL0),
    hipR: shift(hipR0),
    kneeL: shift(kneeL0),
    kneeR: shift(kneeR0),
    ankleL: shift(ankleL0),
    ankleR: shift(ankleR0),
  };
}

export function torsoPoint(s: Solved, u: number, v: number): Pt {
  return { x: s.hip.x + s.perp.x * u + s.up.x * v, y: s.hip.y + s.perp.y * u + s.up.y * v };
}

/** A view's pose: a profile shows the -x arm in front and the +x arm behind, both feet to +x. */
export function viewPose(p: PoseDef, view: View): PoseDef {
  if (view !== 'side') return p;
  return { ...p, frontL: true, frontR: false, toeL: 1, toeR: 1 };
}

/** Joint positions of a role in a pose (figure space). */
export function solvePose(
  role: Role,
  pose: Pose,
  view: View = 'front',
  sk: Skeleton = SKELETONS[role],
  p: PoseDef = poseDef(role, pose),
): Solved & { footL: Pt; footR: Pt } {
  const s = solve(sk, p, BODY_VIEWS[view].width);
  return {
    ...s,
    footL: { x: s.ankleL.x, y: s.ankleL.y + sk.boot },
    footR: { x: s.ankleR.x, y: s.ankleR.y + sk.boot },
  };
}
