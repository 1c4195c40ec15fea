// Bodies in the six poses. A pose is a set of joint angles; the skeleton of each role turns it
// into points (forward kinematics), so every role moves the same way and the head is always
// attached at the pose's neck point. Figure space: feet centre at (0, 0), y grows downwards.

import type { Gaze, Outfit, Pose, Role, View } from '../../types.ts';
import { CLOTHES, FIGURE_LIGHT, KIT, OUTLINE, STROKE, WHITE, type SkinTone } from '../palette.ts';
import { along, layer, litTube, n, pt, roundedPoly, shape, tube, type Pt } from './svg-util.ts';
import { GESTURE_POSES } from './gestures.ts';
import { CONTACT_POSES } from './contact-poses.ts';
import { gownDetails, outfitClothes, pyjamaTopDetails } from './outfits.ts';

interface Skeleton {
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

interface Limb {
  /** Upper segment angle (degrees, 0 = down, +90 = towards +x). */
  a: number;
  /** Lower segment angle. */
  b: number;
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

interface BodyParts {
  skinAsset: string;
  skin: SkinTone;
  /** Which way the body turns (front unless told). */
  view?: View;
  /** Day clothes unless told (book/art/characters/outfits.ts). */
  outfit?: Outfit;
  /** Child only. */
  tshirtAsset?: string;
  shortsAsset?: string;
}

interface BodyDrawing {
  /** Layers behind the head back (none today; kept for symmetry). */
  neck: Pt;
  /** Ordered layers: back arms, legs, pelvis, neck, torso. */
  behind: string;
  /** Front arms, drawn after the torso. */
  front: string;
  /** Where the hip centre ended up (figure space). */
  hip: Pt;
}

interface Solved {
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

function solve(sk: Skeleton, p: PoseDef, width = 1): Solved {
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
  const kneeL0 = along(hipL0, p.legL.a, thigh);
  const kneeR0 = along(hipR0, p.legR.a, thigh);
  const ankleL0 = along(kneeL0, p.legL.b, sk.shin);
  const ankleR0 = along(kneeR0, p.legR.b, sk.shin);
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
  const elbowL = along(shoulderL, p.armL.a, sk.upperArm);
  const elbowR = along(shoulderR, p.armR.a, sk.upperArm);
  return {
    hip,
    neck,
    up,
    perp,
    shoulderL,
    shoulderR,
    elbowL,
    elbowR,
    handL: along(elbowL, p.armL.b, sk.foreArm),
    handR: along(elbowR, p.armR.b, sk.foreArm),
    hipL: shift(hipL0),
    hipR: shift(hipR0),
    kneeL: shift(kneeL0),
    kneeR: shift(kneeR0),
    ankleL: shift(ankleL0),
    ankleR: shift(ankleR0),
  };
}

const O = STROKE.outline;

function torsoPoint(s: Solved, u: number, v: number): Pt {
  return { x: s.hip.x + s.perp.x * u + s.up.x * v, y: s.hip.y + s.perp.y * u + s.up.y * v };
}

/** A view's pose: a profile shows the -x arm in front and the +x arm behind, both feet to +x. */
function viewPose(p: PoseDef, view: View): PoseDef {
  if (view !== 'side') return p;
  return { ...p, frontL: true, frontR: false, toeL: 1, toeR: 1 };
}

/** A fist with the index finger out along the forearm (from the elbow to the hand). */
function pointingHand(at: Pt, from: Pt, r: number, skin: SkinTone): string {
  const len = Math.hypot(at.x - from.x, at.y - from.y) || 1;
  const dx = (at.x - from.x) / len;
  const dy = (at.y - from.y) / len;
  const tip = { x: at.x + dx * r * 1.9, y: at.y + dy * r * 1.9 };
  const base = { x: at.x + dx * r * 0.4, y: at.y + dy * r * 0.4 };
  return (
    tube([base, tip], r * 0.62, skin.base, O) +
    `<circle cx="${n(at.x)}" cy="${n(at.y)}" r="${n(r)}" fill="${skin.base}" stroke="${OUTLINE}" stroke-width="${O}"/>`
  );
}

function hand(at: Pt, r: number, skin: SkinTone, open: boolean): string {
  if (!open)
    return `<circle cx="${n(at.x)}" cy="${n(at.y)}" r="${n(r)}" fill="${skin.base}" stroke="${OUTLINE}" stroke-width="${O}"/>`;
  // an open waving hand: palm with four short fingers and a thumb
  const x = at.x;
  const y = at.y - r * 0.3;
  const fingers = [-0.62, -0.2, 0.22, 0.6]
    .map((f, i) => {
      const fx = x + f * r;
      const len = r * (i === 1 || i === 2 ? 1.05 : 0.85);
      return `M${n(fx)},${n(y - r * 0.2)}L${n(fx + f * r * 0.25)},${n(y - r * 0.2 - len)}`;
    })
    .join('');
  const thumb = `M${n(x - r * 0.8)},${n(y + r * 0.2)}L${n(x - r * 1.45)},${n(y - r * 0.35)}`;
  const w = r * 0.5;
  return (
    `<path d="${fingers}${thumb}" fill="none" stroke="${OUTLINE}" stroke-width="${n(w + O)}" stroke-linecap="round"/>` +
    `<path d="${fingers}${thumb}" fill="none" stroke="${skin.base}" stroke-width="${n(w - O)}" stroke-linecap="round"/>` +
    `<ellipse cx="${n(x)}" cy="${n(y + r * 0.15)}" rx="${n(r * 1.0)}" ry="${n(r * 0.95)}" fill="${skin.base}" stroke="${OUTLINE}" stroke-width="${O}"/>`
  );
}

function shoe(
  ankle: Pt,
  shinAngle: number,
  toe: -1 | 0 | 1,
  sk: Skeleton,
  fill: string,
  extra: (cx: number, cy: number, rx: number, ry: number) => string,
): string {
  const rx = toe === 0 ? sk.boot * 1.0 : sk.boot * 1.35;
  const ry = sk.boot * 0.62;
  const cx = ankle.x + toe * rx * 0.42;
  const cy = ankle.y + sk.boot * 0.42;
  const body = `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(rx)}" ry="${n(ry)}" fill="${fill}" stroke="${OUTLINE}" stroke-width="${O}"/>`;
  const inner = body + extra(cx, cy, rx, ry);
  // the foot follows the shin only partly: a raised foot still points ahead
  const turn = -shinAngle * 0.45;
  return Math.abs(turn) < 0.5
    ? inner
    : `<g transform="rotate(${n(turn)} ${pt(ankle)})">${inner}</g>`;
}

/** A straight piece of cloth along a to b (a sock, a shorts leg): outlined, with flat ends. */
function quad(a: Pt, b: Pt, wa: number, wb: number, fill: string): string {
  const len = Math.hypot(b.x - a.x, b.y - a.y) || 1;
  const px = -(b.y - a.y) / len;
  const py = (b.x - a.x) / len;
  const d =
    `M${n(a.x + (px * wa) / 2)},${n(a.y + (py * wa) / 2)}L${n(b.x + (px * wb) / 2)},${n(b.y + (py * wb) / 2)}` +
    `L${n(b.x - (px * wb) / 2)},${n(b.y - (py * wb) / 2)}L${n(a.x - (px * wa) / 2)},${n(a.y - (py * wa) / 2)}Z`;
  return shape(d, fill, O);
}

/** Joint positions of a role in a pose (figure space). */
export function solvePose(
  role: Role,
  pose: Pose,
  view: View = 'front',
): Solved & { footL: Pt; footR: Pt } {
  const sk = SKELETONS[role];
  const s = solve(sk, poseDef(role, pose), BODY_VIEWS[view].width);
  return {
    ...s,
    footL: { x: s.ankleL.x, y: s.ankleL.y + sk.boot },
    footR: { x: s.ankleR.x, y: s.ankleR.y + sk.boot },
  };
}

/** Draw the body of a role in a pose. Returns the neck point where the head attaches. */
export function drawBody(role: Role, pose: Pose, parts: BodyParts): BodyDrawing {
  const view = parts.view ?? 'front';
  const bv = BODY_VIEWS[view];
  const sk0 = SKELETONS[role];
  // a turned body is narrower: the same skeleton with the widths scaled
  const sk: Skeleton =
    bv.width === 1
      ? sk0
      : {
          ...sk0,
          shoulderHalf: sk0.shoulderHalf * bv.width,
          hemHalf: sk0.hemHalf * bv.width,
          pelvisHalf: sk0.pelvisHalf * bv.width,
        };
  const p = viewPose(poseDef(role, pose), view);
  const s = solve(sk0, p, bv.width);
  const skin = parts.skin;
  // points on the front of the torso (collar, placket, badge) slide towards +x in a turned view
  const H = sk.shoulderHalf;
  const front3 = (u: number, v: number): Pt =>
    torsoPoint(s, Math.abs(u) >= H ? u : u + (bv.shift * (H * H - u * u)) / H, v);
  const prefix = role === 'child' ? 'kid' : role;

  // clothes colours
  const isChild = role === 'child';
  const dayShirt = isChild
    ? parts.tshirtAsset === 'kid_tshirt_2'
      ? KIT.tshirt2
      : KIT.tshirt1
    : role === 'dad'
      ? CLOTHES.dadShirt
      : CLOTHES.mumTop;
  const dayLower = isChild
    ? parts.shortsAsset === 'kid_shorts_3'
      ? KIT.shorts3
      : parts.shortsAsset === 'kid_shorts_2'
        ? KIT.shorts2
        : KIT.shorts1
    : role === 'dad'
      ? CLOTHES.dadTrousers
      : CLOTHES.mumTrousers;
  const night = outfitClothes(role, parts.outfit ?? 'day');
  const dayShirtLayer = isChild ? (parts.tshirtAsset ?? 'kid_tshirt_1') : `${prefix}_top`;
  const dayLowerLayer = isChild ? (parts.shortsAsset ?? 'kid_shorts_1') : `${prefix}_trousers`;
  const shirt = night?.shirt ?? dayShirt;
  const lower = night?.lower ?? dayLower;
  const shirtLayer = night?.shirtLayer ?? dayShirtLayer;
  const lowerLayer = night?.lowerLayer ?? dayLowerLayer;
  const sleeveLen = night?.sleeveLen ?? (role === 'mum' ? 0.95 : 0.56);
  const sleeveW = sk.arm + (isChild ? 26 : 22);

  const arm = (side: 'L' | 'R'): string => {
    const sh = side === 'L' ? s.shoulderL : s.shoulderR;
    const el = side === 'L' ? s.elbowL : s.elbowR;
    const ha = side === 'L' ? s.handL : s.handR;
    const open = side === 'R' ? !!p.openHandR : !!p.openHandL;
    const handSvg =
      side === 'R' && p.pointR ? pointingHand(ha, el, sk.hand, skin) : hand(ha, sk.hand, skin, open);
    const sleeveEnd = { x: sh.x + (el.x - sh.x) * sleeveLen, y: sh.y + (el.y - sh.y) * sleeveLen };
    // a long sleeve (pyjamas, a gown) runs past the elbow down the forearm
    const cuff = sleeveLen > 1 ? { x: el.x + (ha.x - el.x) * (sleeveLen - 1), y: el.y + (ha.y - el.y) * (sleeveLen - 1) } : null;
    return (
      layer(
        parts.skinAsset,
        litTube([sh, el, ha], sk.arm, skin.base, O, skin.shadow) + handSvg,
      ) + layer(shirtLayer, litTube(cuff ? [sh, el, cuff] : [sh, sleeveEnd], sleeveW, shirt.base, O, shirt.shadow))
    );
  };

  // legs, socks and shoes
  let legs = '';
  let lowerLayerSvg = '';
  let thighsSvg = '';
  const legSide = (
    side: 'L' | 'R',
  ): { hip: Pt; knee: Pt; ankle: Pt; limb: Limb; toe: -1 | 0 | 1 } =>
    side === 'L'
      ? { hip: s.hipL, knee: s.kneeL, ankle: s.ankleL, limb: p.legL, toe: p.toeL }
      : { hip: s.hipR, knee: s.kneeR, ankle: s.ankleR, limb: p.legR, toe: p.toeR };
  // in the sitting pose the -x leg is behind: draw it first either way
  for (const side of ['L', 'R'] as const) {
    const l = legSide(side);
    if (isChild && night?.longLegs) {
      // pyjama trousers to the ankle, the football boots on
      legs +=
        layer(lowerLayer, litTube([l.hip, l.knee, l.ankle], sk.leg + 14, lower.base, O, lower.shadow)) +
        layer('kid_kit', shoe(l.ankle, l.limb.b, l.toe, sk, KIT.boots.base, () => ''));
    } else if (isChild) {
      const sockTop = {
        x: l.knee.x + (l.ankle.x - l.knee.x) * 0.24,
        y: l.knee.y + (l.ankle.y - l.knee.y) * 0.24,
      };
      const bandEnd = {
        x: l.knee.x + (l.ankle.x - l.knee.x) * 0.33,
        y: l.knee.y + (l.ankle.y - l.knee.y) * 0.33,
      };
      legs +=
        layer(parts.skinAsset, litTube([l.hip, l.knee, l.ankle], sk.leg, skin.base, O, skin.shadow)) +
        layer(
          'kid_kit',
          quad(sockTop, l.ankle, sk.leg + 8, sk.leg + 2, shirt.base) +
            quad(
              sockTop,
              bandEnd,
              sk.leg + 8,
              sk.leg + 7,
              shirt.trim === KIT.tshirt1.trim ? KIT.socks.base : shirt.trim,
            ) +
            shoe(l.ankle, l.limb.b, l.toe, sk, KIT.boots.base, (cx, cy, rx, ry) => {
              const stripe = `<path d="M${n(cx - rx * 0.35)},${n(cy - ry * 0.55)}L${n(cx + rx * 0.1)},${n(cy + ry * 0.1)}" stroke="${KIT.boots.accent}" stroke-width="${n(ry * 0.3)}" stroke-linecap="round"/>`;
              const studs = [-0.55, 0, 0.55]
                .map(
                  (f) =>
                    `<circle cx="${n(cx + f * rx)}" cy="${n(cy + ry * 0.95)}" r="${n(ry * 0.16)}"/>`,
                )
                .join('');
              return stripe + `<g fill="${KIT.boots.studs}">${studs}</g>`;
            }),
        );
    } else {
      const shoes = night?.shoes ?? (role === 'dad' ? CLOTHES.dadShoes : CLOTHES.mumShoes);
      // kneeling seen from the front: the shin folds back under the thigh and the shoe is
      // behind the figure (drawn, it floated beside the hips)
      const footBehind = Math.abs(l.limb.b) > 120;
      legs += layer(
        lowerLayer,
        litTube([l.hip, l.knee, l.ankle], sk.leg, lower.base, O, lower.shadow) +
          (footBehind ? '' : shoe(
            l.ankle,
            l.limb.b,
            l.toe,
            sk,
            shoes.base,
            (cx, cy, rx, ry) =>
              `<path d="M${n(cx - rx * 0.92)},${n(cy + ry * 0.45)}Q${n(cx)},${n(cy + ry * 1.1)} ${n(cx + rx * 0.92)},${n(cy + ry * 0.45)}" fill="none" stroke="${shoes.sole}" stroke-width="${n(ry * 0.28)}" stroke-linecap="round"/>`,
          )),
      );
    }
  }

  // shorts / trousers: thighs then the pelvis
  const thighEnd = (l: { hip: Pt; knee: Pt }, t: number): Pt => ({
    x: l.hip.x + (l.knee.x - l.hip.x) * t,
    y: l.hip.y + (l.knee.y - l.hip.y) * t,
  });
  const lL = legSide('L');
  const lR = legSide('R');
  const pelvisPts = [
    torsoPoint(s, -sk.pelvisHalf, sk.waistV),
    torsoPoint(s, sk.pelvisHalf, sk.waistV),
    torsoPoint(s, sk.pelvisHalf + 4, sk.crotchV * 0.2),
    torsoPoint(s, 0, sk.crotchV),
    torsoPoint(s, -sk.pelvisHalf - 4, sk.crotchV * 0.2),
  ];
  const pelvis = shape(roundedPoly(pelvisPts, 24), lower.base, O);
  if (isChild) {
    const thighW = sk.leg + 34;
    thighsSvg =
      p.thighScale === undefined
        ? quad(lL.hip, thighEnd(lL, 0.52), thighW, thighW + 8, lower.base) +
          quad(lR.hip, thighEnd(lR, 0.52), thighW, thighW + 8, lower.base)
        : // thighs towards the viewer: the shorts are round knees on the lap
          litTube([lL.hip, thighEnd(lL, 0.75)], thighW, lower.base, O, lower.shadow) +
          litTube([lR.hip, thighEnd(lR, 0.75)], thighW, lower.base, O, lower.shadow);
    lowerLayerSvg =
      pelvis +
      // a stripe down each side in the shirt colour
      `<path d="M${pt(torsoPoint(s, -sk.pelvisHalf + 14, sk.waistV - 16))}L${pt(torsoPoint(s, -sk.pelvisHalf + 10, sk.crotchV * 0.2))}M${pt(torsoPoint(s, sk.pelvisHalf - 14, sk.waistV - 16))}L${pt(torsoPoint(s, sk.pelvisHalf - 10, sk.crotchV * 0.2))}" stroke="${shirt.base}" stroke-width="9" stroke-linecap="round"/>`;
  } else {
    // trousers: the pelvis has no outline at the bottom so it flows into the legs
    const [wl, wr, sr, , sl] = pelvisPts as [Pt, Pt, Pt, Pt, Pt];
    lowerLayerSvg =
      `<path d="${roundedPoly(pelvisPts, 24)}" fill="${lower.base}"/>` +
      `<path d="M${pt(sl)}L${pt(wl)}L${pt(wr)}L${pt(sr)}" fill="none" stroke="${OUTLINE}" stroke-width="${O}" stroke-linejoin="round" stroke-linecap="round"/>` +
      `<path d="M${pt(torsoPoint(s, 0, sk.waistV - 20))}L${pt(torsoPoint(s, 0, sk.crotchV + 20))}" stroke="${lower.shadow}" stroke-width="${STROKE.detail}" stroke-linecap="round"/>`;
  }

  // neck
  const neckTop = torsoPoint(s, 0, sk.torso + 50);
  const neckBase = torsoPoint(s, 0, sk.torso - 30);
  const neck = layer(
    parts.skinAsset,
    tube([neckBase, neckTop], sk.neckW, skin.base, O) +
      `<path d="M${pt(torsoPoint(s, -sk.neckW * 0.4, sk.torso + 8))}Q${pt(torsoPoint(s, 0, sk.torso - 6))} ${pt(torsoPoint(s, sk.neckW * 0.4, sk.torso + 8))}" fill="none" stroke="${skin.shadow}" stroke-width="${STROKE.detail * 2}" stroke-linecap="round"/>`,
  );

  // torso (shirt / top)
  const sh = sk.shoulderHalf;
  // mum's top is fitted at the waist and flares a little at the hem
  const waist =
    role === 'mum'
      ? [torsoPoint(s, -sh * 0.84, sk.torso * 0.42), torsoPoint(s, sh * 0.84, sk.torso * 0.42)]
      : null;
  const torsoPts = [
    torsoPoint(s, -sk.neckW * 0.62, sk.torso + 4),
    torsoPoint(s, -sh, sk.torso - sk.shoulderDrop * 0.6),
    ...(waist ? [waist[0]!] : []),
    torsoPoint(s, -sk.hemHalf, sk.hemV),
    torsoPoint(s, sk.hemHalf, sk.hemV),
    ...(waist ? [waist[1]!] : []),
    torsoPoint(s, sh, sk.torso - sk.shoulderDrop * 0.6),
    torsoPoint(s, sk.neckW * 0.62, sk.torso + 4),
  ];
  let torso = shape(roundedPoly(torsoPts, isChild ? 34 : 46), shirt.base, O);
  // light from the top left: a soft shade down the +x side, a light edge on the -x shoulder
  torso +=
    `<path d="M${pt(torsoPoint(s, sh * 0.8, sk.torso - sk.shoulderDrop - 10))}Q${pt(torsoPoint(s, sk.hemHalf * 0.86, sk.torso * 0.5))} ${pt(torsoPoint(s, sk.hemHalf * 0.78, sk.hemV + 24))}" fill="none" stroke="${shirt.shadow}" stroke-opacity="0.75" stroke-width="${n(sh * 0.24)}" stroke-linecap="round"/>` +
    `<path d="M${pt(torsoPoint(s, -sh * 0.55, sk.torso - sk.shoulderDrop * 0.2 - 12))}Q${pt(torsoPoint(s, -sh * 0.86, sk.torso - sk.shoulderDrop - 14))} ${pt(torsoPoint(s, -sh * 0.9, sk.torso * 0.62))}" fill="none" stroke="${FIGURE_LIGHT.light}" stroke-opacity="${FIGURE_LIGHT.lightOpacity}" stroke-width="${n(sh * 0.08)}" stroke-linecap="round"/>`;
  // fold shadow along the hem and the right side
  torso += `<path d="M${pt(torsoPoint(s, -sk.hemHalf + 20, sk.hemV + 22))}Q${pt(torsoPoint(s, 0, sk.hemV + 14))} ${pt(torsoPoint(s, sk.hemHalf - 20, sk.hemV + 22))}" fill="none" stroke="${shirt.shadow}" stroke-width="${STROKE.detail * 1.6}" stroke-linecap="round"/>`;
  const collarL = torsoPoint(s, -sk.neckW * 0.6, sk.torso + 2);
  const collarR = torsoPoint(s, sk.neckW * 0.6, sk.torso + 2);
  const at = (u: number, v: number): Pt => front3(u, v);
  if (night && parts.outfit === 'gown') {
    const knee = Math.max(s.kneeL.y, s.kneeR.y);
    // below the knees, but never below the floor (kneeling, crouching)
    const hem = Math.min(knee + sk.shin * 0.3, -sk.boot * 1.2);
    const gown = gownDetails(at, sk, hem - s.hip.y, shirt, CLOTHES.dadPyjamas);
    torso = gown.skirt + torso + gown.details;
  } else if (night) {
    torso += pyjamaTopDetails(at, sk, shirt, skin.base);
  } else if (isChild) {
    const v = front3(0, sk.torso - 46);
    torso += `<path d="M${pt(collarL)}L${pt(v)}L${pt(collarR)}" fill="${skin.base}" stroke="${shirt.trim}" stroke-width="14" stroke-linejoin="round" stroke-linecap="round"/>`;
    const badge = front3(sh * 0.42, sk.torso - 100);
    torso +=
      `<circle cx="${n(badge.x)}" cy="${n(badge.y)}" r="22" fill="${shirt.trim}" stroke="${OUTLINE}" stroke-width="${STROKE.detail}"/>` +
      `<path d="M${n(badge.x)},${n(badge.y - 12)}L${n(badge.x + 4)},${n(badge.y - 3)}L${n(badge.x + 13)},${n(badge.y - 3)}L${n(badge.x + 6)},${n(badge.y + 3)}L${n(badge.x + 8)},${n(badge.y + 12)}L${n(badge.x)},${n(badge.y + 7)}L${n(badge.x - 8)},${n(badge.y + 12)}L${n(badge.x - 6)},${n(badge.y + 3)}L${n(badge.x - 13)},${n(badge.y - 3)}L${n(badge.x - 4)},${n(badge.y - 3)}Z" fill="${shirt.base}"/>`;
  } else if (role === 'dad') {
    // polo collar flaps and a button placket
    const tipL = front3(-sk.neckW * 0.2, sk.torso - 48);
    const tipR = front3(sk.neckW * 0.2, sk.torso - 48);
    const mid = front3(0, sk.torso - 20);
    const wideL = torsoPoint(s, -sk.neckW * 0.85, sk.torso - 6);
    const wideR = torsoPoint(s, sk.neckW * 0.85, sk.torso - 6);
    const placketEnd = front3(0, sk.torso - 110);
    const b1 = front3(0, sk.torso - 60);
    const b2 = front3(0, sk.torso - 92);
    torso +=
      `<path d="M${pt(mid)}L${pt(placketEnd)}" stroke="${shirt.shadow}" stroke-width="${STROKE.detail}" stroke-linecap="round"/>` +
      `<circle cx="${n(b1.x)}" cy="${n(b1.y)}" r="6" fill="${WHITE}" stroke="${OUTLINE}" stroke-width="2.5"/><circle cx="${n(b2.x)}" cy="${n(b2.y)}" r="6" fill="${WHITE}" stroke="${OUTLINE}" stroke-width="2.5"/>` +
      shape(`M${pt(collarL)}L${pt(wideL)}L${pt(tipL)}L${pt(mid)}Z`, shirt.trim, STROKE.detail) +
      shape(`M${pt(collarR)}L${pt(wideR)}L${pt(tipR)}L${pt(mid)}Z`, shirt.trim, STROKE.detail);
  } else {
    // mum: a scoop neckline with a soft trim
    const low = front3(0, sk.torso - 40);
    torso += `<path d="M${pt(collarL)}Q${pt(low)} ${pt(collarR)}" fill="${skin.base}" stroke="${shirt.trim}" stroke-width="12" stroke-linecap="round"/>`;
    torso += `<path d="M${pt(collarL)}Q${pt(low)} ${pt(collarR)}" fill="none" stroke="${OUTLINE}" stroke-width="${STROKE.fine}" stroke-linecap="round"/>`;
  }

  const thighs = thighsSvg ? layer(lowerLayer, thighsSvg) : '';
  const pelvisLayer = layer(lowerLayer, lowerLayerSvg);
  const behind =
    (p.frontL ? '' : arm('L')) +
    (p.frontR ? '' : arm('R')) +
    (p.legsFront ? pelvisLayer : legs + thighs + pelvisLayer) +
    neck +
    layer(shirtLayer, torso) +
    (p.legsFront ? legs + thighs : '');
  const front = (p.frontL ? arm('L') : '') + (p.frontR ? arm('R') : '');
  return { neck: s.neck, behind, front, hip: s.hip };
}
