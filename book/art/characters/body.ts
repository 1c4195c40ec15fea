// Bodies in every pose and view: arms, legs with socks and shoes or trousers, shorts, neck and
// torso with its clothes, lit from the top left. The skeleton and the poses are in body/.

import type { Outfit, Pose, Role, View } from '#book/types.ts';
import {
  CLOTHES,
  FIGURE_LIGHT,
  KIT,
  OUTLINE,
  STROKE,
  WEAR_LOWER,
  type SkinTone,
} from '#book/art/palette.ts';
import { layer, litTube, mid, n, pt, roundedPoly, shape, tube, type Pt } from './svg-util.ts';
import { gownDetails, outfitClothes, pyjamaTopDetails } from './outfits.ts';
import { poseDef } from './body/pose-defs.ts';
import type { Limb, PoseDef } from './body/pose-shape.ts';
import {
  BODY_VIEWS,
  SKELETONS,
  personSkeleton,
  solve,
  torsoPoint,
  viewPose,
  type Reach,
  type Skeleton,
} from './body/skeleton.ts';
import { hand, pointingHand, quad, shoe, tuckedShoe } from './body/parts.ts';
import { BUILD_SHAPE, SENIOR_TALL, type Person } from './wardrobe.ts';
import { topDetails } from './tops.ts';

export { POSE_DEFS, poseDef } from './body/pose-defs.ts';
export type { PoseDef } from './body/pose-shape.ts';
export { BODY_VIEWS, SKELETONS, solve, solvePose, type Reach } from './body/skeleton.ts';

/** Poses on a seat: 'sit', the 'sit-' gestures and the goodnight kiss on a bed's edge. */
export function isSeated(pose: Pose): boolean {
  return pose === 'sit' || pose.startsWith('sit-') || pose === 'kiss';
}

/** The skeleton of a role, or of a grown-up with a body of their own (wardrobe.ts Person). */
export function skeletonOf(role: Role, person?: Person): Skeleton {
  const sk = SKELETONS[role];
  if (!person) return sk;
  const shape = BUILD_SHAPE[person.build];
  return personSkeleton(sk, {
    ...shape,
    tall: shape.tall * (person.senior ? SENIOR_TALL : 1),
  });
}

/**
 * A pose as a view and a person take it: a profile's arms and feet (viewPose), and a
 * grandparent's posture: the head a little lower between rounder shoulders, and, seen turned,
 * the back bent forward a little.
 */
export function personPose(role: Role, pose: Pose, view: View, person?: Person): PoseDef {
  const p = viewPose(poseDef(role, pose), view);
  if (!person?.senior) return p;
  const sitting = isSeated(pose);
  return {
    ...p,
    lean: p.lean + (view === 'front' || sitting ? 0 : 6),
    headDrop: (p.headDrop ?? 0) + 0.05,
  };
}

const O = STROKE.outline;

/** How far each top's sleeve reaches: a share of the upper arm, or past 1 down the forearm. */
const SLEEVES: Record<Person['top'], number> = {
  polo: 0.56,
  shirt: 1.3,
  scoop: 0.95,
  jumper: 1.82,
  cardigan: 1.82,
};

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
  /** A grown-up's own body and clothes (wardrobe.ts); without it, the role's first of its kind. */
  person?: Person;
  /** Hands that reach for something (figure space): the arms bend at the elbows to touch it. */
  reach?: Reach;
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

/** Draw the body of a role in a pose. Returns the neck point where the head attaches. */
export function drawBody(role: Role, pose: Pose, parts: BodyParts): BodyDrawing {
  const view = parts.view ?? 'front';
  const bv = BODY_VIEWS[view];
  const person = parts.person;
  const sk0 = skeletonOf(role, person);
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
  const p0 = personPose(role, pose, view, person);
  // an arm that reaches for something is drawn in front of the torso; an arm round a partner
  // behind everything, only its hand in front
  const round = parts.reach?.round;
  const p =
    parts.reach && (parts.reach.L || parts.reach.R)
      ? {
          ...p0,
          frontL: round !== 'L' && (p0.frontL || !!parts.reach.L),
          frontR: round !== 'R' && (p0.frontR || !!parts.reach.R),
        }
      : p0;
  const s = solve(sk0, p, bv.width, parts.reach);
  const skin = parts.skin;
  // points on the front of the torso (collar, placket, badge) slide towards +x in a turned view
  const H = sk.shoulderHalf;
  const front3 = (u: number, v: number): Pt =>
    torsoPoint(s, Math.abs(u) >= H ? u : u + (bv.shift * (H * H - u * u)) / H, v);
  const prefix = role === 'child' ? 'kid' : role;

  // clothes colours
  const isChild = role === 'child';
  const top = person?.top ?? (role === 'mum' ? 'scoop' : 'polo');
  const dayShirt = isChild
    ? parts.tshirtAsset === 'kid_tshirt_2'
      ? KIT.tshirt2
      : KIT.tshirt1
    : (person?.topCloth ?? (role === 'dad' ? CLOTHES.dadShirt : CLOTHES.mumTop));
  const dayLower = isChild
    ? parts.shortsAsset === 'kid_shorts_3'
      ? KIT.shorts3
      : parts.shortsAsset === 'kid_shorts_2'
        ? KIT.shorts2
        : KIT.shorts1
    : (person?.lowerCloth ?? (role === 'dad' ? CLOTHES.dadTrousers : CLOTHES.mumTrousers));
  const night = outfitClothes(role, parts.outfit ?? 'day');
  const skirt = !night && (person?.lower === 'skirt' || person?.lower === 'long-skirt');
  const dayShirtLayer = isChild
    ? (parts.tshirtAsset ?? 'kid_tshirt_1')
    : (person?.clothesAsset ?? `${prefix}_top`);
  const dayLowerLayer = isChild
    ? (parts.shortsAsset ?? 'kid_shorts_1')
    : `${prefix}_${skirt ? 'skirt' : 'trousers'}`;
  const shirt = night?.shirt ?? dayShirt;
  const lower = night?.lower ?? dayLower;
  const shirtLayer = night?.shirtLayer ?? dayShirtLayer;
  const lowerLayer = night?.lowerLayer ?? dayLowerLayer;
  const sleeveLen = night?.sleeveLen ?? SLEEVES[top];
  const sleeveW = sk.arm + (isChild ? 26 : 22);

  const handOf = (side: 'L' | 'R'): string => {
    const el = side === 'L' ? s.elbowL : s.elbowR;
    const ha = side === 'L' ? s.handL : s.handR;
    const open = side === 'R' ? !!p.openHandR : !!p.openHandL;
    return side === 'R' && p.pointR
      ? pointingHand(ha, el, sk.hand, skin)
      : hand(ha, sk.hand, skin, open);
  };
  const arm = (side: 'L' | 'R'): string => {
    const sh = side === 'L' ? s.shoulderL : s.shoulderR;
    const el = side === 'L' ? s.elbowL : s.elbowR;
    const ha = side === 'L' ? s.handL : s.handR;
    const handSvg = handOf(side);
    const sleeveEnd = { x: sh.x + (el.x - sh.x) * sleeveLen, y: sh.y + (el.y - sh.y) * sleeveLen };
    // a long sleeve (pyjamas, a gown) runs past the elbow down the forearm
    const cuff =
      sleeveLen > 1
        ? { x: el.x + (ha.x - el.x) * (sleeveLen - 1), y: el.y + (ha.y - el.y) * (sleeveLen - 1) }
        : null;
    const end = cuff ?? sleeveEnd;
    const from = cuff ? el : sh;
    // a rolled sleeve or a knitted cuff: a band round the end of the sleeve
    const band =
      !night && !isChild && (top === 'shirt' || top === 'jumper' || top === 'cardigan')
        ? quad(
            { x: end.x - (end.x - from.x) * 0.16, y: end.y - (end.y - from.y) * 0.16 },
            end,
            sleeveW + 8,
            sleeveW + 8,
            top === 'shirt' ? shirt.base : shirt.shadow,
          )
        : '';
    return (
      layer(parts.skinAsset, litTube([sh, el, ha], sk.arm, skin.base, O, skin.shadow) + handSvg) +
      layer(
        shirtLayer,
        litTube(cuff ? [sh, el, cuff] : [sh, sleeveEnd], sleeveW, shirt.base, O, shirt.shadow) +
          band,
      )
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
        layer(
          lowerLayer,
          litTube([l.hip, l.knee, l.ankle], sk.leg + 14, lower.base, O, lower.shadow),
        ) +
        layer(
          'kid_kit',
          shoe(l.ankle, l.limb.b, l.toe, sk, KIT.boots.base, () => ''),
        );
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
        layer(
          parts.skinAsset,
          litTube([l.hip, l.knee, l.ankle], sk.leg, skin.base, O, skin.shadow),
        ) +
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
      const shoes =
        night?.shoes ?? person?.shoes ?? (role === 'dad' ? CLOTHES.dadShoes : CLOTHES.mumShoes);
      const legCloth = skirt ? WEAR_LOWER.tights : lower;
      const seam =
        !night && person?.lower === 'jeans'
          ? `<path d="M${[l.hip, l.knee, l.ankle].map((q, i) => `${i ? 'L' : ''}${n(q.x + (side === 'L' ? -1 : 1) * sk.leg * 0.24)},${n(q.y)}`).join('')}" fill="none" stroke="${WEAR_LOWER.denim.seam}" stroke-width="4" stroke-linecap="round"/>`
          : '';
      // kneeling seen from the front: the shin folds back under the thigh and the shoe is
      // behind the figure (drawn, it floated beside the hips); a foreshortened shin going back
      // into depth ends in the back foot, toes on the ground, drawn behind the trouser leg
      const intoDepth = (l.limb.lower ?? 1) < 1 && Math.abs(l.limb.b) > 90;
      const footBehind = !intoDepth && Math.abs(l.limb.b) > 120;
      legs += layer(
        lowerLayer,
        (intoDepth ? tuckedShoe(l.ankle, l.limb.b, sk, shoes.base, shoes.sole) : '') +
          litTube(
            [l.hip, l.knee, l.ankle],
            skirt ? sk.leg * 0.82 : sk.leg,
            legCloth.base,
            O,
            legCloth.shadow,
          ) +
          seam +
          (footBehind || intoDepth
            ? ''
            : shoe(
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
  } else if (skirt) {
    // a skirt: from the waist over the thighs to just below the knees (mid-calf when long),
    // flaring a little; drawn like the shorts, over the legs (the lap when sitting)
    const drop = person?.lower === 'long-skirt' ? 0.42 : 0.1;
    const hem = (l: { knee: Pt; ankle: Pt }, out: number): Pt => ({
      x: l.knee.x + (l.ankle.x - l.knee.x) * drop + out,
      y: l.knee.y + (l.ankle.y - l.knee.y) * drop,
    });
    const flare = sk.leg * (0.75 + drop);
    const [hl, hr] = lL.knee.x <= lR.knee.x ? [lL, lR] : [lR, lL];
    const a = hem(hl, -flare);
    const b = hem(hr, flare);
    const skirtPts = [
      torsoPoint(s, -sk.pelvisHalf, sk.waistV),
      torsoPoint(s, sk.pelvisHalf, sk.waistV),
      b,
      { x: (a.x + b.x) / 2, y: Math.max(a.y, b.y) + 14 },
      a,
    ];
    thighsSvg =
      shape(roundedPoly(skirtPts, 40), lower.base, O) +
      `<path d="M${pt(mid(skirtPts[1]!, b, 0.25))}Q${pt(mid(skirtPts[1]!, b, 0.7))} ${pt({ x: b.x - 30, y: b.y - 10 })}" fill="none" stroke="${lower.shadow}" stroke-width="${n(sk.leg * 0.35)}" stroke-linecap="round"/>`;
    lowerLayerSvg = '';
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
  // a belly rounds the front out below the chest (a sturdy build)
  const belly = person ? BUILD_SHAPE[person.build].belly : 0;
  const waistU = belly ? sk.hemHalf * 1.12 : sh * 0.84;
  const waist =
    (role === 'mum' || belly) && !(night && parts.outfit === 'gown')
      ? [torsoPoint(s, -waistU, sk.torso * 0.42), torsoPoint(s, waistU, sk.torso * 0.42)]
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
  } else {
    torso += topDetails(
      top,
      { at: front3, torso: (u, v) => torsoPoint(s, u, v) },
      sk,
      shirt,
      skin.base,
      person?.under,
    );
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
  const front =
    (p.frontL ? arm('L') : '') +
    (p.frontR ? arm('R') : '') +
    (round ? layer(parts.skinAsset, handOf(round)) : '');
  return { neck: s.neck, behind, front, hip: s.hip };
}
