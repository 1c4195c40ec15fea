// Night things: the child's pyjamas (31-32 in bed; 33-34 in the garden, the football boots
// already on) and Dad's dressing gown over pyjamas with slippers (33-34). body.ts asks here for
// the colours and draws the extra details on the torso. Pure string building, no ids.

import type { Outfit, Role } from '#book/types.ts';
import { CLOTHES, OUTLINE, STROKE } from '#book/art/palette.ts';
import { n, pt, shape, type Pt } from './svg-util.ts';

interface Cloth {
  base: string;
  shadow: string;
  trim?: string;
}

interface OutfitClothes {
  shirt: Cloth & { trim: string };
  lower: Cloth;
  /** Layer names of the top and the trousers. */
  shirtLayer: string;
  lowerLayer: string;
  /** Share of the upper arm … forearm the sleeve covers (above 1: down to the wrist). */
  sleeveLen: number;
  /** Adults: the shoes (slippers); the child keeps the football boots. */
  shoes?: { base: string; sole: string };
  /** The child's legs are covered to the ankle (pyjama trousers, no socks). */
  longLegs: boolean;
}

/** The clothes of an outfit other than 'day', or null (the day clothes of body.ts). */
export function outfitClothes(role: Role, outfit: Outfit): OutfitClothes | null {
  if (outfit === 'pyjamas' && role === 'child')
    return {
      shirt: CLOTHES.pyjamas,
      lower: CLOTHES.pyjamas,
      shirtLayer: 'kid_pyjamas_top',
      lowerLayer: 'kid_pyjamas_trousers',
      sleeveLen: 1.55,
      longLegs: true,
    };
  if (outfit === 'gown' || outfit === 'pyjamas') {
    if (role === 'child') return null;
    return {
      shirt: outfit === 'gown' ? CLOTHES.gown : CLOTHES.dadPyjamas,
      lower: CLOTHES.dadPyjamas,
      shirtLayer: `${role}_${outfit}`,
      lowerLayer: `${role}_pyjamas_trousers`,
      sleeveLen: 1.55,
      shoes: CLOTHES.slippers,
      longLegs: true,
    };
  }
  return null;
}

type TorsoPoint = (u: number, v: number) => Pt;

interface TorsoSize {
  torso: number;
  shoulderHalf: number;
  hemHalf: number;
  hemV: number;
  neckW: number;
}

/** A pyjama top's round neck, buttons and little stars, over the torso. */
export function pyjamaTopDetails(
  at: TorsoPoint,
  sk: TorsoSize,
  cloth: Cloth,
  skin: string,
): string {
  const l = at(-sk.neckW * 0.6, sk.torso + 2);
  const rn = at(sk.neckW * 0.6, sk.torso + 2);
  const low = at(0, sk.torso - 36);
  let s = `<path d="M${pt(l)}Q${pt(low)} ${pt(rn)}" fill="${skin}" stroke="${cloth.trim ?? OUTLINE}" stroke-width="12" stroke-linecap="round"/>`;
  for (const v of [0.62, 0.42, 0.22]) {
    const b = at(0, sk.torso * v);
    s += `<circle cx="${n(b.x)}" cy="${n(b.y)}" r="${n(sk.torso * 0.022)}" fill="${cloth.trim ?? '#fffaf2'}" stroke="${OUTLINE}" stroke-width="2.5"/>`;
  }
  // a few small stars on the cloth
  const star = (c: Pt, r: number): string =>
    `M${n(c.x)} ${n(c.y - r)}L${n(c.x + r * 0.3)} ${n(c.y - r * 0.3)}L${n(c.x + r)} ${n(c.y)}L${n(c.x + r * 0.3)} ${n(c.y + r * 0.3)}L${n(c.x)} ${n(c.y + r)}L${n(c.x - r * 0.3)} ${n(c.y + r * 0.3)}L${n(c.x - r)} ${n(c.y)}L${n(c.x - r * 0.3)} ${n(c.y - r * 0.3)}Z`;
  const size = sk.torso * 0.045;
  const stars = [
    [-0.55, 0.72],
    [0.5, 0.58],
    [-0.45, 0.3],
    [0.55, 0.18],
  ]
    .map(([u, v]) => star(at(sk.hemHalf * u!, sk.torso * v!), size))
    .join('');
  return s + `<path d="${stars}" fill="${cloth.trim ?? '#fffaf2'}" fill-opacity="0.85"/>`;
}

/**
 * A dressing gown: the skirt down to below the knees (drawn over the legs), a shawl collar
 * crossing at the waist, and a belt with a knot.
 */
export function gownDetails(
  at: TorsoPoint,
  sk: TorsoSize,
  kneeDrop: number,
  cloth: Cloth,
  pyjamas: Cloth,
): { skirt: string; details: string } {
  const waistV = sk.hemV + sk.torso * 0.2;
  const hemV = -kneeDrop;
  const skirt = shape(
    `M${pt(at(-sk.hemHalf * 1.02, waistV))}L${pt(at(-sk.hemHalf * 1.16, hemV + 30))}` +
      `Q${pt(at(-sk.hemHalf * 1.16, hemV))} ${pt(at(-sk.hemHalf * 1.0, hemV))}L${pt(at(sk.hemHalf * 1.0, hemV))}` +
      `Q${pt(at(sk.hemHalf * 1.16, hemV))} ${pt(at(sk.hemHalf * 1.16, hemV + 30))}L${pt(at(sk.hemHalf * 1.02, waistV))}Z`,
    cloth.base,
    STROKE.outline,
  );
  // the front edge of the wrap, from the waist down to the hem
  const edge = `<path d="M${pt(at(sk.hemHalf * 0.18, waistV))}L${pt(at(sk.hemHalf * 0.3, hemV + 4))}" stroke="${OUTLINE}" stroke-width="${STROKE.detail}" stroke-linecap="round"/>`;
  // the pyjama top shows in the V above the crossing
  const vee = shape(
    `M${pt(at(-sk.neckW * 0.62, sk.torso + 2))}L${pt(at(sk.neckW * 0.62, sk.torso + 2))}L${pt(at(0, waistV + sk.torso * 0.28))}Z`,
    pyjamas.base,
    STROKE.detail,
  );
  const band = sk.neckW * 0.42;
  const collar =
    `<path d="M${pt(at(-sk.neckW * 0.75, sk.torso))}L${pt(at(sk.hemHalf * 0.22, waistV))}M${pt(at(sk.neckW * 0.75, sk.torso))}L${pt(at(-sk.hemHalf * 0.05, waistV + sk.torso * 0.12))}" ` +
    `fill="none" stroke="${OUTLINE}" stroke-width="${n(band + STROKE.outline)}" stroke-linecap="round"/>` +
    `<path d="M${pt(at(-sk.neckW * 0.75, sk.torso))}L${pt(at(sk.hemHalf * 0.22, waistV))}M${pt(at(sk.neckW * 0.75, sk.torso))}L${pt(at(-sk.hemHalf * 0.05, waistV + sk.torso * 0.12))}" ` +
    `fill="none" stroke="${cloth.trim ?? cloth.shadow}" stroke-width="${n(band - STROKE.outline)}" stroke-linecap="round"/>`;
  const belt =
    `<path d="M${pt(at(-sk.hemHalf * 1.02, waistV))}L${pt(at(sk.hemHalf * 1.02, waistV))}" stroke="${OUTLINE}" stroke-width="${n(sk.torso * 0.09 + STROKE.outline)}" stroke-linecap="round"/>` +
    `<path d="M${pt(at(-sk.hemHalf * 1.0, waistV))}L${pt(at(sk.hemHalf * 1.0, waistV))}" stroke="${cloth.shadow}" stroke-width="${n(sk.torso * 0.09 - STROKE.outline)}" stroke-linecap="round"/>`;
  const k = at(sk.hemHalf * 0.35, waistV);
  const ends =
    `<path d="M${pt(k)}L${pt(at(sk.hemHalf * 0.25, waistV - sk.torso * 0.3))}M${pt(k)}L${pt(at(sk.hemHalf * 0.5, waistV - sk.torso * 0.26))}" stroke="${OUTLINE}" stroke-width="${n(sk.torso * 0.05 + STROKE.outline)}" stroke-linecap="round"/>` +
    `<path d="M${pt(k)}L${pt(at(sk.hemHalf * 0.25, waistV - sk.torso * 0.3))}M${pt(k)}L${pt(at(sk.hemHalf * 0.5, waistV - sk.torso * 0.26))}" stroke="${cloth.shadow}" stroke-width="${n(sk.torso * 0.05 - STROKE.outline)}" stroke-linecap="round"/>` +
    `<circle cx="${n(k.x)}" cy="${n(k.y)}" r="${n(sk.torso * 0.06)}" fill="${cloth.shadow}" stroke="${OUTLINE}" stroke-width="${STROKE.detail}"/>`;
  return { skirt, details: vee + collar + edge + belt + ends };
}
