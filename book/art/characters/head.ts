// The head: identical in every pose. Drawn in head space (head-geometry.ts) as a list of
// layers, each wrapped in a group carrying its asset name in data-layer.

import type { Role } from '#book/types.ts';
import {
  BEARD_ON_DEEP_SKIN,
  FIGURE_LIGHT,
  EYE_COLOURS,
  HAIR_COLOURS,
  OUTLINE,
  PUPIL,
  SKIN_TONES,
  STROKE,
  WHITE,
  type EyeColourCode,
  type HairColourCode,
  type SkinTone,
  type SkinToneId,
} from '#book/art/palette.ts';
import { findOption, ROLE_PREFIX } from '#book/catalogue.ts';
import {
  browsOf,
  closedEyes,
  droopingLids,
  eyesClosed,
  mouthOf,
  type Expression,
} from './expressions.ts';
import { HEADS, type HeadGeometry } from './head-geometry.ts';
import { drawHair } from './hair.ts';
import {
  beard,
  freckles,
  glasses,
  hearingAidBack,
  hearingAidFront,
  mustache,
} from './head-extras.ts';
import { layer, n, type Pt } from './svg-util.ts';
import { faceWarp, gazeVector, type FaceWarp } from './view.ts';
import type { Gaze, View } from '#book/types.ts';

interface HeadParts {
  hair: string;
  eyes: string;
  skin: string;
  lashes: string | null;
  accessories: readonly string[];
}

interface HeadDrawing {
  /** Behind the body: the back of the hair. */
  back: string;
  /** In front of the body: face, features, accessories, hair front. */
  front: string;
  /** The head group transform for a neck point (x, y) in figure space. */
  transform: (x: number, y: number, tilt?: number) => string;
}

export function skinOf(asset: string): SkinTone {
  const tone = Number(findOption(asset)?.colour ?? '1') as SkinToneId;
  return SKIN_TONES[tone] ?? SKIN_TONES[1];
}

function hairColourCode(asset: string): HairColourCode {
  return (findOption(asset)?.colour ?? 'BC') as HairColourCode;
}

/**
 * A disc of radius r at (x, y) kept inside the eye's ellipse: a looking iris slides to the
 * eye's edge and is cut by it (no clip paths: several figures share one document).
 */
function discInEye(
  x: number,
  y: number,
  r: number,
  g: HeadGeometry,
  cx: number,
  fill: string,
): string {
  const inside = (px: number, py: number): number =>
    Math.hypot((px - cx) / g.eyeRx, (py - g.eyeY) / g.eyeRy);
  let d = '';
  let cut = false;
  for (let i = 0; i < 28; i++) {
    const a = (i / 28) * Math.PI * 2;
    let px = x + Math.cos(a) * r;
    let py = y + Math.sin(a) * r;
    const q = inside(px, py);
    if (q > 0.96) {
      cut = true;
      px = cx + ((px - cx) * 0.96) / q;
      py = g.eyeY + ((py - g.eyeY) * 0.96) / q;
    }
    d += `${i ? 'L' : 'M'}${n(px)},${n(py)}`;
  }
  return cut
    ? `<path d="${d}Z" fill="${fill}"/>`
    : `<circle cx="${n(x)}" cy="${n(y)}" r="${n(r)}" fill="${fill}"/>`;
}

function eye(g: HeadGeometry, side: -1 | 1, iris: string, o: number, gaze: Pt): string {
  const cx = side * g.eyeX;
  const cy = g.eyeY;
  const rx = g.eyeRx;
  const ry = g.eyeRy;
  const ir = rx * 0.84;
  // the iris looks where the gaze points; from the front it sits a touch outwards
  const ix = gaze.x === 0 && gaze.y === 0 ? cx + side * 1.5 : cx + gaze.x * rx * 0.36;
  // looking up, the iris goes up under the lid (from its resting place a little low in the eye)
  const iy = cy + ry * 0.18 + gaze.y * ry * (gaze.y < 0 ? 0.56 : 0.32);
  return (
    `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="${WHITE}" stroke="${OUTLINE}" stroke-width="${n(o * 0.8)}"/>` +
    discInEye(ix, iy, ir, g, cx, iris) +
    discInEye(ix + gaze.x * ir * 0.2, iy + gaze.y * ir * 0.15, ir * 0.52, g, cx, PUPIL) +
    `<circle cx="${n(cx - rx * 0.28)}" cy="${n(cy - ry * 0.12)}" r="${n(rx * 0.3)}" fill="${WHITE}"/>` +
    `<circle cx="${n(cx + rx * 0.3)}" cy="${n(cy + ry * 0.42)}" r="${n(rx * 0.13)}" fill="${WHITE}"/>` +
    // upper lid: a thicker arc gives the eye its shape and a friendly look
    `<path d="M${n(cx - rx - 1)},${n(cy - 1)}A${rx + 1} ${ry + 1} 0 0 1 ${n(cx + rx + 1)},${n(cy - 1)}" fill="none" stroke="${OUTLINE}" stroke-width="${n(o * 1.3)}" stroke-linecap="round"/>`
  );
}

function lashes(g: HeadGeometry, f: number, count: number, closed = false): string {
  // Shut eyes: the lashes hang from the closed lid, pointing down and out.
  const dir = closed ? -1 : 1;
  let d = '';
  for (const side of [-1, 1] as const) {
    const cx = side * g.eyeX;
    for (let i = 0; i < count; i++) {
      // points on the outer upper lid, angles from 35 to 10 degrees above the horizontal
      const a = ((count === 1 ? 20 : 42 - i * 16) * Math.PI) / 180;
      const x0 = cx + side * Math.cos(a) * (g.eyeRx + 1);
      const y0 = g.eyeY - dir * Math.sin(a) * (closed ? g.eyeRy * 0.3 : g.eyeRy + 1);
      const len = g.eyeRx * 0.55;
      const x1 = x0 + side * Math.cos(a + 0.35) * len;
      const y1 = y0 - dir * Math.sin(a + 0.35) * len;
      d += `M${n(x0)},${n(y0)}L${n(x1)},${n(y1)}`;
    }
  }
  return `<path d="${d}" fill="none" stroke="${OUTLINE}" stroke-width="${n(f * 1.5)}" stroke-linecap="round"/>`;
}

/**
 * Eyebrows are drawn in the hair's shadow tone; on the two deepest skin tones dark hair would
 * vanish, so black and brown brows go near-black there.
 */
function browColour(skinAsset: string, hairAsset: string): string {
  const tone = Number(findOption(skinAsset)?.colour ?? '1');
  const code = hairColourCode(hairAsset);
  if (tone >= 5 && (code === 'BC' || code === 'BR')) return PUPIL;
  return HAIR_COLOURS[code].shadow;
}

/** How a head is turned and where its eyes look. */
export interface HeadLook {
  view?: View;
  gaze?: Gaze;
  /** The features move down (a bowed head) or up (looking up), head units. */
  pitch?: number;
  /** A grandparent: laughter lines at the eyes and smile lines beside the mouth. */
  senior?: boolean;
}

/** A grandparent's lines: crow's feet at the outer corners of the eyes, smile lines by the mouth. */
function ageLines(g: HeadGeometry, colour: string, width: number): string {
  let d = '';
  for (const s of [-1, 1]) {
    const x = s * (g.eyeX + g.eyeRx + 7);
    d += `M${n(x)},${n(g.eyeY - 5)}l${s * 14},-9M${n(x + s * 2)},${n(g.eyeY + 5)}l${s * 14},6`;
    d += `M${n(s * g.eyeX * 0.5)},${n(g.noseY + 6)}Q${n(s * g.eyeX * 0.95)},${n((g.noseY + g.mouthY) / 2 + 6)} ${n(s * (g.mouthW + 14))},${n(g.mouthY + 10)}`;
  }
  return `<path d="${d}" fill="none" stroke="${colour}" stroke-width="${n(width)}" stroke-linecap="round"/>`;
}

/**
 * The profile's nose: a soft bump on the +x contour (the face outline's own line under it is
 * covered by a skin patch inside the face).
 */
function profileNose(role: Role, g: HeadGeometry, skin: SkinTone, o: number): string {
  const big = role === 'child' ? 0.7 : 1;
  const x = g.W - 3;
  const y = g.noseY;
  const out = 15 * big;
  return (
    `<path d="M${n(x)},${n(y - 26 * big)}Q${n(x + out * 0.6)},${n(y - 8 * big)} ${n(x + out)},${n(y + 2)}Q${n(x + out * 0.7)},${n(y + 10 * big)} ${n(x - 2)},${n(y + 9 * big)}" fill="${skin.base}" stroke="${OUTLINE}" stroke-width="${n(o)}" stroke-linejoin="round" stroke-linecap="round"/>` +
    `<ellipse cx="${n(x - 5)}" cy="${n(y - 8 * big)}" rx="${n(6)}" ry="${n(16 * big)}" fill="${skin.base}"/>`
  );
}

/**
 * The back of the skull in profile: the hair's colour over the -x half above the ear (the
 * fringe and the top come from the style's own front layer, bent round to the +x side).
 */
function profileBackHair(g: HeadGeometry, colour: string, o: number, earX: number): string {
  const rx = g.W + 6;
  const ry = g.E - g.T + 8;
  const behindEar = earX + g.earRx * 0.6;
  return `<path d="M${n(g.W * 0.35)},${n(g.T - 6)}Q${n(-g.W * 0.2)},${n(g.T - 10)} ${n(-g.W * 0.72)},${n(g.T + 30)}A${n(rx)} ${n(ry)} 0 0 0 ${n(-rx)},${n(g.E - 4)}Q${n(-rx + 8)},${n(g.E + 16)} ${n(behindEar - 6)},${n(g.E + 8)}L${n(behindEar)},${n(g.E - g.earRy - 6)}Q${n(behindEar + 20)},${n(g.T + 40)} ${n(g.W * 0.35)},${n(g.T + 22)}Z" fill="${colour}" stroke="${OUTLINE}" stroke-width="${n(o)}" stroke-linejoin="round"/>`;
}

/**
 * Light from the top left on the face: a soft shade inside the lower-right contour down to the
 * chin, and a light touch high on the -x cheek.
 */
function faceLight(g: HeadGeometry, shade: string): string {
  const { W, C, E } = g;
  const band = W * 0.12;
  return (
    `<path d="M${n(W - band / 2 - 2)},${n(E - 20)}C${n(W - band / 2 - 2)},${n(C * 0.55)} ${n(W * 0.62)},${n(C - band / 2 - 2)} ${n(W * 0.08)},${n(C - band / 2 - 3)}" fill="none" stroke="${shade}" stroke-opacity="0.7" stroke-width="${n(band)}" stroke-linecap="round"/>` +
    `<path d="M${n(-W * 0.78)},${n(E - 4)}Q${n(-W * 0.8)},${n(E + 18)} ${n(-W * 0.7)},${n(E + 30)}" fill="none" stroke="${FIGURE_LIGHT.light}" stroke-opacity="${FIGURE_LIGHT.lightOpacity}" stroke-width="${n(W * 0.06)}" stroke-linecap="round"/>`
  );
}

/** Draw the head of a role. Accessories that the role does not have are ignored. */
export function drawHead(
  role: Role,
  parts: HeadParts,
  expression: Expression = 'happy',
  look: HeadLook = {},
): HeadDrawing {
  const g = HEADS[role];
  const o = STROKE.outline / g.scale;
  const d = STROKE.detail / g.scale;
  const f = STROKE.fine / g.scale;
  const prefix = ROLE_PREFIX[role];
  const skin = skinOf(parts.skin);
  const view = look.view ?? 'front';
  const w: FaceWarp = faceWarp(view, g);
  const gaze = gazeVector(look.gaze, view);
  const pitch = look.pitch ?? 0;
  const lift = (svg: string, share = 1): string =>
    pitch ? `<g transform="translate(0 ${n(pitch * share)})">${svg}</g>` : svg;
  const hairOption = findOption(parts.hair);
  const hairColour = HAIR_COLOURS[hairColourCode(parts.hair)];
  const hair = drawHair(
    role,
    hairOption?.styleKey ?? 'short',
    hairOption?.gender,
    g,
    hairColour,
    skin.base,
  );
  const iris = EYE_COLOURS[(findOption(parts.eyes)?.colour ?? 'BR') as EyeColourCode];
  const acc = new Set(parts.accessories);
  const has = (style: string): string | null =>
    acc.has(`${prefix}_acc_${style}`) ? `${prefix}_acc_${style}` : null;

  const front: string[] = [];
  const hearing = has('hearing_aid');
  if (hearing) front.push(layer(hearing, w.svg(hearingAidBack(g, o))));

  // skin: ears, face, cheeks, nose, mouth (the face is the skin option's layer)
  const ears = [-1, 1]
    .map(
      (s) =>
        `<ellipse cx="${s * g.W}" cy="${g.E}" rx="${g.earRx}" ry="${g.earRy}" fill="${skin.base}" stroke="${OUTLINE}" stroke-width="${n(o)}"/>` +
        `<path d="M${n(s * (g.W + g.earRx * 0.45))},${n(g.E - g.earRy * 0.5)}Q${n(s * (g.W + g.earRx * 0.05))},${g.E} ${n(s * (g.W + g.earRx * 0.4))},${n(g.E + g.earRy * 0.5)}" fill="none" stroke="${skin.shadow}" stroke-width="${n(d * 1.4)}" stroke-linecap="round"/>`,
    )
    .join('');
  const mouth = mouthOf(expression, g, skin, d);
  const nose =
    role === 'child'
      ? `<ellipse cx="0" cy="${g.noseY}" rx="11" ry="7.5" fill="${skin.shadow}"/><ellipse cx="-3" cy="${g.noseY - 2.5}" rx="4" ry="2.5" fill="${skin.base}" fill-opacity="0.7"/>`
      : `<path d="M-4,${g.noseY - 12}Q-12,${g.noseY + 1} -5,${g.noseY + 4}Q2,${g.noseY + 7} 9,${g.noseY + 2}" fill="none" stroke="${OUTLINE}" stroke-width="${n(d)}" stroke-linecap="round" stroke-linejoin="round"/>`;
  const cheeks = [-1, 1]
    .map(
      (s) =>
        `<ellipse cx="${s * g.cheekX}" cy="${g.cheekY}" rx="${n(g.eyeRx * 1.05)}" ry="${n(g.eyeRx * 0.62)}"/>`,
    )
    .join('');
  // a turned face: the jaw follows the features a little, a profile gets its nose on the contour
  const faceOutline = g.face;
  const earX = w.x(-g.W, g.E);
  front.push(
    layer(
      parts.skin,
      (view === 'front' ? ears : '') +
        `<path d="${faceOutline}" fill="${skin.base}" stroke="${OUTLINE}" stroke-width="${n(o)}"/>` +
        faceLight(g, skin.shadow) +
        (view === 'front' ? '' : profileBackHair(g, hairColour.base, o, earX) + w.svg(ears)) +
        lift(
          (view === 'side' ? profileNose(role, g, skin, o) : '') +
            w.svg(
              `<g fill="${skin.blush}" fill-opacity="0.55">${cheeks}</g>` +
                (look.senior ? ageLines(g, skin.freckle, d * 1.1) : '') +
                nose +
                mouth,
            ),
        ),
    ),
  );
  if (hearing) front.push(layer(hearing, w.svg(hearingAidFront(g, o))));
  const fr = has('freckles');
  if (fr) front.push(layer(fr, lift(w.svg(freckles(g, skin)))));

  // eyes (the eye colour option), brows in the hair colour, both following the expression
  const closed = eyesClosed(expression);
  const eyes = closed
    ? closedEyes(g, o, expression === 'laughing' || expression === 'yawning')
    : eye(g, -1, iris, o, gaze) +
      eye(g, 1, iris, o, gaze) +
      (expression === 'sad' ? droopingLids(g, skin, o) : '');
  front.push(
    layer(
      parts.eyes,
      lift(
        w.svg(
          eyes +
            (role === 'mum' ? lashes(g, f, 1, closed) : '') +
            `<path d="${browsOf(expression, g)}" fill="none" stroke="${browColour(parts.skin, parts.hair)}" stroke-width="${n(role === 'child' ? 7 : 6.5)}" stroke-linecap="round"/>`,
        ),
      ),
    ),
  );
  if (parts.lashes) front.push(layer(parts.lashes, lift(w.svg(lashes(g, f, 3, closed)))));

  const br = has('beard');
  // on the deepest skin tones a brown beard goes deeper, or it melts into the skin
  const deep = Number(findOption(parts.skin)?.colour ?? '1') >= 5;
  const beardColour =
    (deep ? BEARD_ON_DEEP_SKIN[hairColourCode(parts.hair)] : undefined) ?? hairColour.base;
  if (br)
    front.push(
      layer(br, lift(w.svg(beard(g, beardColour, hairColour.shadow, hairColour.shine, o)), 0.5)),
    );
  const mu = has('mustache');
  if (mu) front.push(layer(mu, lift(w.svg(mustache(g, beardColour, o)))));
  const gl = has('glasses');
  if (gl) front.push(layer(gl, lift(w.svg(glasses(g, 'parent', o)))));
  const gr = has('glasses_rect');
  if (gr) front.push(layer(gr, lift(w.svg(glasses(g, 'rect', o)))));
  const go = has('glasses_round');
  if (go) front.push(layer(go, lift(w.svg(glasses(g, 'round', o)))));

  front.push(layer(parts.hair, lift(w.svg(hair.front), 0.5)));

  return {
    back: hair.back ? layer(parts.hair, hair.back) : '',
    front: front.join(''),
    transform: (x, y, tilt = 0) =>
      `translate(${n(x)} ${n(y)})${tilt ? ` rotate(${n(tilt)})` : ''} scale(${g.scale}) translate(0 ${-g.neckY})`,
  };
}
