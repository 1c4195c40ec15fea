// Public entry of the character art: a figure as an SVG fragment for the page renderer, and a
// standalone SVG document for the live character editor. Pure string building, no ids.

import {
  POSES,
  type Expression,
  type FigurePart,
  type Gaze,
  type Outfit,
  type Pose,
  type Role,
  type View,
} from '#book/types.ts';
import type { CharacterSet } from '#book/catalogue.ts';
import { OUTLINE, SCENE } from '#book/art/palette.ts';
import {
  BODY_VIEWS,
  drawBody,
  isSeated,
  personPose,
  POSE_DEFS,
  poseDef,
  SKELETONS,
  skeletonOf,
  solve,
  solvePose,
  type Reach,
} from './body.ts';
import { personKey, personOf, type Person, type Who } from './wardrobe.ts';
import { drawHead, skinOf } from './head.ts';
import { gazeKey } from './view.ts';
import { HEADS } from './head-geometry.ts';
import { n, type Pt } from './svg-util.ts';

const PREFIX: Record<Role, string> = { child: 'kid', dad: 'dad', mum: 'mum' };

/** Which way a figure turns and where it looks (types.ts: View, Gaze). */
export interface Look {
  view?: View;
  gaze?: Gaze;
  /** Draw only part of the figure (types.ts FigurePart); default 'whole'. */
  part?: FigurePart;
  /** A grown-up: who they are in the book (their kind and which of it), for their body and clothes. */
  who?: Who;
  /** Where the hands reach (figure space, before flip): the arms bend to touch it. */
  reach?: Reach;
}

/** A grown-up's body and clothes (wardrobe.ts); undefined for the child. */
export function personFor(role: Role, set: CharacterSet, who?: Who): Person | undefined {
  return role === 'child' ? undefined : personOf(role, set[role].accessories, who);
}

const reachKey = (r?: Reach): string =>
  r
    ? `${r.L ? `${n(r.L.x)},${n(r.L.y)}` : ''};${r.R ? `${n(r.R.x)},${n(r.R.y)}` : ''}${r.round ? `;${r.round}` : ''}`
    : '';

/**
 * One character in one pose as `<g>…</g>`. Origin: the centre between the feet, feet on y = 0,
 * the figure extends to negative y (child about 1150 units tall, adults about 1700).
 * Every layer group carries data-layer="<asset name>"; the root group carries data-character
 * and data-pose.
 */
export function drawCharacter(
  role: Role,
  set: CharacterSet,
  pose: Pose,
  expression: Expression = 'happy',
  outfit: Outfit = 'day',
  look: Look = {},
): string {
  const person = role === 'child' ? set.child : role === 'dad' ? set.dad : set.mum;
  const child = role === 'child' ? set.child : null;
  const body = personFor(role, set, look.who);
  const key = `${role}|${pose}|${expression}|${outfit}|${person.hair}|${person.eyes}|${person.skin}|${child ? `${child.tshirt}|${child.shorts}|${child.lashes}` : ''}|${person.accessories.join(',')}|${look.view ?? 'front'}|${gazeKey(look.gaze)}|${look.part ?? 'whole'}|${body ? personKey(body) : ''}|${reachKey(look.reach)}`;
  const cached = CACHE.get(key);
  if (cached !== undefined) return cached;
  const svg = draw(role, set, pose, expression, outfit, look, body);
  if (CACHE.size >= CACHE_SIZE) CACHE.clear();
  CACHE.set(key, svg);
  return svg;
}

/** Poses on a seat (no ground shadow under the feet). */
const SITTING: ReadonlySet<Pose> = new Set(POSES.filter(isSeated));

/** Recently drawn figures (the output depends only on the key): the editor redraws often. */
const CACHE = new Map<string, string>();
const CACHE_SIZE = 300;

function draw(
  role: Role,
  set: CharacterSet,
  pose: Pose,
  expression: Expression,
  outfit: Outfit,
  look: Look,
  who?: Person,
): string {
  const person = role === 'child' ? set.child : role === 'dad' ? set.dad : set.mum;
  const child = role === 'child' ? set.child : null;
  const skin = skinOf(person.skin);
  const view = look.view ?? 'front';
  const def = personPose(role, pose, view, who);
  // a sitting grown-up of another height keeps the hips where the seat is (the feet move)
  const seatShift = who && SITTING.has(pose) ? sittingShift(role, pose, view, who) : 0;
  const reach =
    look.reach && seatShift
      ? {
          ...(look.reach.L ? { L: { x: look.reach.L.x, y: look.reach.L.y - seatShift } } : {}),
          ...(look.reach.R ? { R: { x: look.reach.R.x, y: look.reach.R.y - seatShift } } : {}),
          ...(look.reach.round ? { round: look.reach.round } : {}),
        }
      : look.reach;
  const head = drawHead(
    role,
    {
      hair: person.hair,
      eyes: person.eyes,
      skin: person.skin,
      lashes: child ? child.lashes : null,
      accessories: person.accessories,
    },
    expression,
    {
      ...look,
      ...(look.gaze === undefined && def.gaze ? { gaze: def.gaze } : {}),
      pitch: def.pitch ?? 0,
      ...(who?.senior ? { senior: true } : {}),
    },
  );
  const body = drawBody(role, pose, {
    view,
    skinAsset: person.skin,
    skin,
    outfit,
    ...(child ? { tshirtAsset: child.tshirt, shortsAsset: child.shorts } : {}),
    ...(who ? { person: who } : {}),
    ...(reach ? { reach } : {}),
  });
  const sk = skeletonOf(role, who);
  const neck = headNeck(role, pose, body.neck, def.headDrop, sk.torso);
  const transform = head.transform(neck.x, neck.y, def.headTilt ?? 0);
  const shadowRx = sk.shoulderHalf * 1.5;
  const part = look.part ?? 'whole';
  // a hugger's front arms and face come in front of the partner: the face cheek to cheek beside
  // the partner's, in front of the partner's hair and of a hand round the neck
  const face = `<g transform="${transform}">${head.front}</g>`;
  const shift = seatShift ? ` transform="translate(0 ${n(seatShift)})"` : '';
  // a build the parent chose names the body's group (its data-layer)
  const built = (svg: string): string =>
    who?.buildAsset ? `<g data-layer="${who.buildAsset}">${svg}</g>` : svg;
  if (part === 'arms')
    return `<g data-character="${role}" data-pose="${pose}" data-part="arms"${shift}>${body.front}${face}</g>`;
  return (
    `<g data-character="${role}" data-pose="${pose}" data-expression="${expression}"${look.view && look.view !== 'front' ? ` data-view="${look.view}"` : ''}${shift}>` +
    // a sitting figure's feet may dangle above the floor: the seat's own drawing casts the shadow
    (SITTING.has(pose)
      ? ''
      : `<g data-layer="${PREFIX[role]}_shadow"><ellipse cx="0" cy="4" rx="${n(shadowRx)}" ry="${n(sk.boot * 0.7)}" fill="${OUTLINE}" fill-opacity="${SCENE.groundShadowOpacity}"/></g>`) +
    (head.back ? `<g transform="${transform}">${head.back}</g>` : '') +
    built(body.behind) +
    (part === 'body' ? '' : body.front + face) +
    `</g>`
  );
}

/** Where the head attaches: the pose's neck point, sunk between the shoulders if it says so. */
function headNeck(role: Role, pose: Pose, neck: Pt, drop?: number, torso?: number): Pt {
  const d = drop ?? poseDef(role, pose).headDrop ?? 0;
  return d ? { x: neck.x, y: neck.y + d * (torso ?? SKELETONS[role].torso) } : neck;
}

/**
 * Where a figure's hands end up (figure space, before flip, the seat shift included): the
 * reaching hands on their targets when the arms are long enough, else as near as they get.
 * Tests hold the staging to it: a hand that holds something touches it.
 */
export function handsOf(
  role: Role,
  set: CharacterSet,
  pose: Pose,
  look: Pick<Look, 'view' | 'who' | 'reach'> = {},
): { L: Pt; R: Pt } {
  const who = personFor(role, set, look.who);
  const view = look.view ?? 'front';
  const shift = who && SITTING.has(pose) ? sittingShift(role, pose, view, who) : 0;
  const move = (p?: Pt) => p && { x: p.x, y: p.y - shift };
  const reach = look.reach && { L: move(look.reach.L), R: move(look.reach.R) };
  const solved = solve(
    skeletonOf(role, who),
    personPose(role, pose, view, who),
    BODY_VIEWS[view].width,
    reach && {
      ...(reach.L ? { L: reach.L } : {}),
      ...(reach.R ? { R: reach.R } : {}),
    },
  );
  return {
    L: { x: solved.handL.x, y: solved.handL.y + shift },
    R: { x: solved.handR.x, y: solved.handR.y + shift },
  };
}

/** How far down a sitting person of their own build is moved so the hips sit where the role's do. */
function sittingShift(role: Role, pose: Pose, view: View, who: Person): number {
  const own = solvePose(role, pose, view, skeletonOf(role, who), personPose(role, pose, view, who));
  return solvePose(role, pose, view).hip.y - own.hip.y;
}

export type CharacterZoom = 'full' | 'face' | 'body';

interface Frame {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** Height of the neck point above the feet in the standing pose. */
function standingNeckHeight(role: Role): number {
  const sk = SKELETONS[role];
  const p = POSE_DEFS.stand;
  const rad = (d: number): number => (d * Math.PI) / 180;
  const legs = Math.max(
    sk.thigh * Math.cos(rad(p.legL.a)) + sk.shin * Math.cos(rad(p.legL.b)),
    sk.thigh * Math.cos(rad(p.legR.a)) + sk.shin * Math.cos(rad(p.legR.b)),
  );
  return sk.boot + legs + sk.torso;
}

const FRAMES: Record<Role, Record<CharacterZoom, Frame>> = (() => {
  const out = {} as Record<Role, Record<CharacterZoom, Frame>>;
  for (const role of ['child', 'dad', 'mum'] as const) {
    const g = HEADS[role];
    const neck = -standingNeckHeight(role);
    const faceY = neck - g.neckY * g.scale;
    const top = faceY + (g.T - 60) * g.scale; // room for buns, quiffs and curls
    const fullH = -top + 40;
    const fullW = fullH * 0.75;
    const faceH = (g.C - g.T + 130) * g.scale;
    const bodyTop = neck - 60;
    const bodyH = -bodyTop + 40;
    out[role] = {
      full: { x: -fullW / 2, y: top, w: fullW, h: fullH },
      face: { x: (-faceH * 1.35) / 2, y: faceY + (g.T - 70) * g.scale, w: faceH * 1.35, h: faceH },
      body: { x: (-bodyH * 0.75) / 2, y: bodyTop, w: bodyH * 0.75, h: bodyH },
    };
  }
  return out;
})();

/**
 * A standalone SVG document of one character standing, framed for the editor: the whole figure,
 * the face, or the body and clothes. Pure string building (well under a millisecond).
 */
export function renderCharacterSvg(
  role: Role,
  set: CharacterSet,
  opts: { zoom: CharacterZoom; who?: Who },
): string {
  const f = FRAMES[role][opts.zoom];
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${n(f.x)} ${n(f.y)} ${n(f.w)} ${n(f.h)}" width="${n(f.w / 4)}" height="${n(f.h / 4)}">` +
    drawCharacter(role, set, 'stand', 'happy', 'day', opts.who ? { who: opts.who } : {}) +
    `</svg>`
  );
}

interface PoseAnchors {
  /** Where the head is attached. */
  neck: Pt;
  /** Hip centre; in the sitting pose the seat is just below it. */
  hip: Pt;
  /** Centres of the hands (-x side and +x side, before any flip). */
  handL: Pt;
  handR: Pt;
  /** Elbows (a bent arm reaches out sideways further than its hand). */
  elbowL: Pt;
  elbowR: Pt;
  /** Bottoms of the shoes under the ankles; the lower one is on y = 0. */
  footL: Pt;
  footR: Pt;
  /** Top of the head including typical hair, for speech bubbles and overlap checks. */
  headTop: Pt;
  /** Radius of the head's circle (hair included), centred between neck and headTop. */
  headRadius: number;
  /** Highest point any hair style reaches (buns, curls, tufts), above headTop. */
  hairTop: Pt;
  /** Half width any hair style reaches from the head's centre line (pigtails, ponytail, curls). */
  hairHalfWidth: number;
  /** Half width of the torso with its sleeves, about the neck and hip points. */
  bodyHalfWidth: number;
  /** How far the head tips (degrees about the neck, positive towards +x). */
  headTilt: number;
  /** Half width of the soft ground shadow under a standing figure (0 when sitting). */
  shadowHalfWidth: number;
}

/**
 * Key points of a figure in a pose, in figure units (scale 1, no flip). Scenes use them to put
 * the ball at the kicking foot (the +x foot), a bench under the seat or a cup in a hand.
 */
export function poseAnchors(role: Role, pose: Pose, view: View = 'front'): PoseAnchors {
  const solved = solvePose(role, pose, view);
  const s = { ...solved, neck: headNeck(role, pose, solved.neck) };
  const g = HEADS[role];
  const faceY = s.neck.y - g.neckY * g.scale;
  // a tipped head turns about the neck point
  const tilt = ((poseDef(role, pose).headTilt ?? 0) * Math.PI) / 180;
  const aboveNeck = (h: number): Pt => ({
    x: s.neck.x + Math.sin(tilt) * h,
    y: s.neck.y - Math.cos(tilt) * h,
  });
  const headTop = aboveNeck(s.neck.y - (faceY + (g.T - 14) * g.scale));
  const round = (p: Pt): Pt => ({ x: Math.round(p.x * 10) / 10, y: Math.round(p.y * 10) / 10 });
  return {
    neck: round(s.neck),
    hip: round(s.hip),
    handL: round(s.handL),
    handR: round(s.handR),
    elbowL: round(s.elbowL),
    elbowR: round(s.elbowR),
    footL: round(s.footL),
    footR: round(s.footR),
    headTop: round(headTop),
    headRadius: Math.round((g.W + 20) * g.scale),
    hairTop: round(aboveNeck(s.neck.y - (faceY + g.hairTop * g.scale))),
    hairHalfWidth: Math.round(g.hairHalfWidth * g.scale),
    bodyHalfWidth: Math.round(
      SKELETONS[role].shoulderHalf * BODY_VIEWS[view].width +
        (SKELETONS[role].arm + (role === 'child' ? 26 : 22)) / 2 +
        8,
    ),
    headTilt: poseDef(role, pose).headTilt ?? 0,
    shadowHalfWidth: SITTING.has(pose) ? 0 : Math.round(SKELETONS[role].shoulderHalf * 1.5),
  };
}
