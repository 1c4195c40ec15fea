// Every grown-up a person of their own (issue #49): a body (build, height, the posture of age)
// and a wardrobe, from who they are in the book (a mum, a dad, a grandma, a grandpa; the first or
// the second of their kind) and what the parent chose (the clothes colour and the build options of
// book/catalogue.ts, carried in the look's accessories). Two dads or two mums are not twins: the
// second of a kind wears other garments in other colours and has another build unless the parent
// says otherwise. Pure data and small functions; body.ts draws what this says.

import type { GrownUpKind } from '#book/family.ts';
import { WEAR, WEAR_LOWER, WEAR_SHOES, type WearColour } from '#book/art/palette.ts';

/** Who a grown-up is in the book: what they are to the child, and which of their kind (0, 1). */
export interface Who {
  kind: GrownUpKind;
  nth: 0 | 1;
}

export const BUILDS = ['slim', 'medium', 'sturdy'] as const;
export type Build = (typeof BUILDS)[number];
export const WEAR_COLOURS = Object.keys(WEAR) as WearColour[];

/** The top a grown-up wears: a polo, a shirt with rolled sleeves, a scoop-neck top, a jumper, a cardigan over a shirt. */
export type Top = 'polo' | 'shirt' | 'scoop' | 'jumper' | 'cardigan';
/** Below: trousers, jeans (a seam down the leg), a skirt to the knee, a skirt to mid-calf; skirts over tights. */
export type Lower = 'trousers' | 'jeans' | 'skirt' | 'long-skirt';

interface Cloth {
  base: string;
  shadow: string;
  trim?: string;
  seam?: string;
}

/** How a grown-up looks below the head. */
export interface Person {
  build: Build;
  /** Older: rounder shoulders, the head a little forward and lower, a shorter stride. */
  senior: boolean;
  top: Top;
  topCloth: Cloth & { trim: string };
  /** What shows under a cardigan. */
  under: Cloth & { trim: string };
  lower: Lower;
  lowerCloth: Cloth;
  shoes: { base: string; sole: string };
  /** Asset names the parent chose (drawn as layers named for them), or null for the defaults. */
  clothesAsset: string | null;
  buildAsset: string | null;
}

/** Lengths and widths of a body relative to its role's skeleton, and the belly's share. */
export const BUILD_SHAPE: Record<Build, { tall: number; wide: number; belly: number }> = {
  slim: { tall: 1.06, wide: 0.84, belly: 0 },
  medium: { tall: 1, wide: 1, belly: 0 },
  sturdy: { tall: 0.96, wide: 1.22, belly: 1 },
};
/** A grandparent is a little shorter than the same build at thirty. */
export const SENIOR_TALL = 0.96;

interface Outfit {
  build: Build;
  top: Top;
  colour: WearColour;
  lower: Lower;
  lowerCloth: keyof typeof WEAR_LOWER;
  shoes: keyof typeof WEAR_SHOES;
}

/**
 * The default person of each kind, first and second of that kind: today's dad (a teal polo and
 * slate trousers) and mum (a coral top and navy trousers) first; a second dad in a mustard shirt
 * and jeans, a second mum in a blue jumper and a skirt; grandparents in cardigans.
 */
const DEFAULTS: Record<GrownUpKind, readonly [Outfit, Outfit]> = {
  dad: [
    {
      build: 'medium',
      top: 'polo',
      colour: 'teal',
      lower: 'trousers',
      lowerCloth: 'slate',
      shoes: 'brown',
    },
    {
      build: 'sturdy',
      top: 'shirt',
      colour: 'mustard',
      lower: 'jeans',
      lowerCloth: 'denim',
      shoes: 'dark',
    },
  ],
  mum: [
    {
      build: 'medium',
      top: 'scoop',
      colour: 'coral',
      lower: 'trousers',
      lowerCloth: 'navy',
      shoes: 'red',
    },
    {
      build: 'slim',
      top: 'jumper',
      colour: 'blue',
      lower: 'skirt',
      lowerCloth: 'charcoal',
      shoes: 'tan',
    },
  ],
  grandpa: [
    {
      build: 'sturdy',
      top: 'cardigan',
      colour: 'green',
      lower: 'trousers',
      lowerCloth: 'stone',
      shoes: 'brown',
    },
    {
      build: 'medium',
      top: 'jumper',
      colour: 'blue',
      lower: 'trousers',
      lowerCloth: 'charcoal',
      shoes: 'dark',
    },
  ],
  grandma: [
    {
      build: 'medium',
      top: 'cardigan',
      colour: 'berry',
      lower: 'long-skirt',
      lowerCloth: 'plum',
      shoes: 'dark',
    },
    {
      build: 'slim',
      top: 'jumper',
      colour: 'mustard',
      lower: 'long-skirt',
      lowerCloth: 'navy',
      shoes: 'red',
    },
  ],
};

/** The first grown-up of a body's own kind (the body of a book without a family: dad or mum). */
export function whoOf(body: 'dad' | 'mum', who?: Who): Who {
  return who ?? { kind: body, nth: 0 };
}

/** A clothes option's colour ('dad_acc_clothes_teal' -> 'teal'), or null. */
function chosen<T extends string>(
  accessories: readonly string[],
  group: string,
  list: readonly T[],
): [T, string] | [null, null] {
  for (const asset of accessories) {
    const at = asset.indexOf(`_acc_${group}_`);
    if (at < 0) continue;
    const value = asset.slice(at + group.length + 6) as T;
    if (list.includes(value)) return [value, asset];
  }
  return [null, null];
}

/** How a grown-up looks below the head: their kind's defaults with the parent's choices. */
export function personOf(body: 'dad' | 'mum', accessories: readonly string[], who?: Who): Person {
  const w = whoOf(body, who);
  const outfit = DEFAULTS[w.kind][w.nth];
  const [colour, clothesAsset] = chosen(accessories, 'clothes', WEAR_COLOURS);
  const [build, buildAsset] = chosen(accessories, 'build', BUILDS);
  return {
    build: build ?? outfit.build,
    senior: w.kind === 'grandma' || w.kind === 'grandpa',
    top: outfit.top,
    topCloth: WEAR[colour ?? outfit.colour],
    under: WEAR_LOWER.cream,
    lower: outfit.lower,
    lowerCloth: WEAR_LOWER[outfit.lowerCloth],
    shoes: WEAR_SHOES[outfit.shoes],
    clothesAsset,
    buildAsset,
  };
}

/** The clothes colour a grown-up wears when the parent has not chosen one (the editor's default). */
export function defaultWear(who: Who): { colour: WearColour; build: Build } {
  const outfit = DEFAULTS[who.kind][who.nth];
  return { colour: outfit.colour, build: outfit.build };
}

/** A short key of what changes a grown-up's body and clothes (for the figure cache). */
export function personKey(p: Person): string {
  return `${p.build}${p.senior ? '+' : ''}|${p.top}|${p.topCloth.base}|${p.lower}|${p.lowerCloth.base}|${p.shoes.base}|${p.clothesAsset ?? ''}|${p.buildAsset ?? ''}`;
}
