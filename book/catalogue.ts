// The character option catalogue: every choice a parent can make for the child, the dad and
// the mum, each with an asset name that encodes role, category, style and colour
// (e.g. `kid_hair_girl_02_RD`, `dad_skin_4D`). Pure data and pure helpers: the browser editor,
// the machines, the server and the art all read this one list.
//
// Counts (docs/product-rules.md section 3): child eyes 4, skin 6, T-shirt 2, shorts 3, lashes 1, accessories 4;
// dad hair 24 images, mum hair 18 images; parent eyes 4, skin 6.
// Hair, decided here so the counts are exact:
// - child boy: 4 styles x 5 colours = 20; child girl: 4 styles x 5 colours = 20.
// - dad: styles 01-04 in all 5 colours (20) + 05 shaved in BC, BR, BL, RD (4) = 24. A shaved head
//   shows only stubble, where light brown and blond look the same, so LBR is not offered for it.
// - mum: styles 01-03 in all 5 colours (15) + 04 curls in BC, BR, RD (3) = 18.
// Grey (GY) and white (WH) hair for the grown-ups (issue #33: grandparents look like
// grandparents), after the colours above in each style so every default stays: dad 01-04 in GY
// and WH (8) + 05 shaved in GY (1) = 9 more (33 in all); mum 01-04 in GY and WH = 8 more (26).
// Children have no grey or white hair.
// Accessories: the child has freckles, rectangular glasses, round glasses and a hearing aid (the
// two glasses exclude each other). The dad has glasses, mustache and beard. The mum has glasses
// only: a mustache or beard for the mum is not offered (SPEC lists the three for 'parents'; the
// book draws what a parent would expect to pick for a mum).
// A grown-up's clothes colour (6) and build (slim, medium, sturdy) (issue #49) travel in the same
// accessories list, so the look the API carries keeps its shape: one of each group at most
// (exclusiveGroup 'clothes', 'build'); none chosen is the default of who they are in the book
// (book/art/characters/wardrobe.ts: a second dad or mum is not dressed as the first).

import type { Gender, Role } from './types.ts';
import {
  EYE_COLOURS,
  HAIR_COLOURS,
  KIT,
  SKIN_TONES,
  WEAR,
  type EyeColourCode,
  type HairColourCode,
  type SkinToneId,
} from './art/palette.ts';

export type { EyeColourCode, HairColourCode, SkinToneId } from './art/palette.ts';

export const HAIR_COLOUR_CODES = [
  'BC',
  'BR',
  'BL',
  'RD',
  'LBR',
] as const satisfies readonly HairColourCode[];
/** The grown-ups' hair colours: the children's five, then grey and white. */
export const GROWN_UP_HAIR_COLOUR_CODES = [
  ...HAIR_COLOUR_CODES,
  'GY',
  'WH',
] as const satisfies readonly HairColourCode[];
const EYE_COLOUR_CODES = ['GY', 'BR', 'GR', 'BE'] as const satisfies readonly EyeColourCode[];
const SKIN_TONE_IDS = [1, 2, 3, 4, 5, 6] as const satisfies readonly SkinToneId[];

type ChildCategory = 'hair' | 'eyes' | 'skin' | 'tshirt' | 'shorts' | 'lashes' | 'accessories';
type ParentCategory = 'hair' | 'eyes' | 'skin' | 'accessories';
export type Category = ChildCategory;

export type ExclusiveGroup = 'glasses' | 'clothes' | 'build';

/** One option an editor can show as a button. */
export interface CatalogueOption {
  /** Unique asset name, e.g. `kid_hair_boy_03_BR`. */
  asset: string;
  role: Role;
  category: Category;
  /**
   * Style id within the category. Hair: `boy_01`, `girl_02`, `01` (parents); eyes: the colour code;
   * skin: `1`..`6`; clothes: `1`..; accessories: `freckles`, `glasses_rect`, ...
   * Options with the same style form one group in the editor.
   */
  style: string;
  /** Short English key for the style (`short`, `pigtails`, `shaved`): for i18n keys, never shown raw. */
  styleKey: string;
  /** Colour code for hair (`BC` ...) and eyes (`GY` ...); skin tone id as a string for skin. */
  colour: string | null;
  /** A representative fill colour for the editor's swatch button. */
  swatch: string;
  /** Hair only: which child gender the style belongs to. */
  gender?: Gender;
  /**
   * Accessories only: options sharing a group exclude each other (the glasses; a grown-up's
   * clothes colour and build, which the editor shows as choices of their own).
   */
  exclusiveGroup?: ExclusiveGroup;
}

type RoleCatalogue<C extends string> = { readonly [K in C]: readonly CatalogueOption[] };

interface Catalogue {
  child: RoleCatalogue<ChildCategory>;
  dad: RoleCatalogue<ParentCategory>;
  mum: RoleCatalogue<ParentCategory>;
}

export interface ChildCharacter {
  gender: Gender;
  hair: string;
  eyes: string;
  skin: string;
  tshirt: string;
  shorts: string;
  lashes: string | null;
  accessories: string[];
}

export interface ParentCharacter {
  hair: string;
  eyes: string;
  skin: string;
  accessories: string[];
}

export interface CharacterSet {
  child: ChildCharacter;
  dad: ParentCharacter;
  mum: ParentCharacter;
}

export const ROLE_PREFIX: Record<Role, string> = { child: 'kid', dad: 'dad', mum: 'mum' };

const SKIN_LETTER: Record<Role, string> = { child: '', dad: 'D', mum: 'M' };

const CHILD_HAIR_STYLES: Record<Gender, readonly string[]> = {
  boy: ['short', 'tousled', 'curly', 'buzz'],
  girl: ['long', 'pigtails', 'curly', 'ponytail'],
};

const DAD_HAIR_STYLES: readonly { key: string; colours: readonly HairColourCode[] }[] = [
  { key: 'short', colours: GROWN_UP_HAIR_COLOUR_CODES },
  { key: 'quiff', colours: GROWN_UP_HAIR_COLOUR_CODES },
  { key: 'curly', colours: GROWN_UP_HAIR_COLOUR_CODES },
  { key: 'receding', colours: GROWN_UP_HAIR_COLOUR_CODES },
  { key: 'shaved', colours: ['BC', 'BR', 'BL', 'RD', 'GY'] },
];

const MUM_HAIR_STYLES: readonly { key: string; colours: readonly HairColourCode[] }[] = [
  { key: 'long', colours: GROWN_UP_HAIR_COLOUR_CODES },
  { key: 'bun', colours: GROWN_UP_HAIR_COLOUR_CODES },
  { key: 'bob', colours: GROWN_UP_HAIR_COLOUR_CODES },
  { key: 'curls', colours: ['BC', 'BR', 'RD', 'GY', 'WH'] },
];

const pad2 = (n: number): string => String(n).padStart(2, '0');

function childHair(): CatalogueOption[] {
  const out: CatalogueOption[] = [];
  for (const gender of ['boy', 'girl'] as const) {
    CHILD_HAIR_STYLES[gender].forEach((key, i) => {
      const style = `${gender}_${pad2(i + 1)}`;
      for (const colour of HAIR_COLOUR_CODES) {
        out.push({
          asset: `kid_hair_${style}_${colour}`,
          role: 'child',
          category: 'hair',
          style,
          styleKey: key,
          colour,
          swatch: HAIR_COLOURS[colour].base,
          gender,
        });
      }
    });
  }
  return out;
}

function parentHair(role: 'dad' | 'mum', styles: typeof DAD_HAIR_STYLES): CatalogueOption[] {
  const out: CatalogueOption[] = [];
  styles.forEach(({ key, colours }, i) => {
    const style = pad2(i + 1);
    for (const colour of colours) {
      out.push({
        asset: `${role}_hair_${style}_${colour}`,
        role,
        category: 'hair',
        style,
        styleKey: key,
        colour,
        swatch: HAIR_COLOURS[colour].base,
      });
    }
  });
  return out;
}

/** Eyes in catalogue order. The first is the default: grey for the child, brown for parents. */
function eyes(role: Role): CatalogueOption[] {
  const order: readonly EyeColourCode[] =
    role === 'child' ? EYE_COLOUR_CODES : ['BR', 'GY', 'GR', 'BE'];
  const prefix = ROLE_PREFIX[role];
  return order.map((colour) => ({
    asset: `${prefix}_eyes_${colour}`,
    role,
    category: 'eyes',
    style: colour,
    styleKey: colour.toLowerCase(),
    colour,
    swatch: EYE_COLOURS[colour],
  }));
}

function skins(role: Role): CatalogueOption[] {
  const prefix = ROLE_PREFIX[role];
  return SKIN_TONE_IDS.map((tone) => ({
    asset: `${prefix}_skin_${tone}${SKIN_LETTER[role]}`,
    role,
    category: 'skin',
    style: String(tone),
    styleKey: `tone${tone}`,
    colour: String(tone),
    swatch: SKIN_TONES[tone].base,
  }));
}

function simple(
  role: Role,
  category: Category,
  keys: readonly [string, string][],
): CatalogueOption[] {
  const prefix = ROLE_PREFIX[role];
  return keys.map(([style, swatch]) => ({
    asset: `${prefix}_${category}_${style}`,
    role,
    category,
    style,
    styleKey: style,
    colour: null,
    swatch,
  }));
}

function accessories(role: Role, keys: readonly string[]): CatalogueOption[] {
  const prefix = ROLE_PREFIX[role];
  return keys.map((style) => ({
    asset: `${prefix}_acc_${style}`,
    role,
    category: 'accessories',
    style,
    styleKey: style,
    colour: null,
    swatch: '#3a2620',
    ...(style.startsWith('glasses') ? { exclusiveGroup: 'glasses' as const } : {}),
  }));
}

/** A grown-up's clothes colours and builds (carried as accessories, one of each). */
function wear(role: 'dad' | 'mum'): CatalogueOption[] {
  const prefix = ROLE_PREFIX[role];
  const colours = Object.entries(WEAR).map(([colour, cloth]) => ({
    asset: `${prefix}_acc_clothes_${colour}`,
    role,
    category: 'accessories' as const,
    style: `clothes_${colour}`,
    styleKey: colour,
    colour,
    swatch: cloth.base,
    exclusiveGroup: 'clothes' as const,
  }));
  const builds = (['slim', 'medium', 'sturdy'] as const).map((build) => ({
    asset: `${prefix}_acc_build_${build}`,
    role,
    category: 'accessories' as const,
    style: `build_${build}`,
    styleKey: build,
    colour: null,
    swatch: '#3a2620',
    exclusiveGroup: 'build' as const,
  }));
  return [...colours, ...builds];
}

export const CATALOGUE: Catalogue = {
  child: {
    hair: childHair(),
    eyes: eyes('child'),
    skin: skins('child'),
    tshirt: simple('child', 'tshirt', [
      ['1', KIT.tshirt1.base],
      ['2', KIT.tshirt2.base],
    ]),
    shorts: simple('child', 'shorts', [
      ['1', KIT.shorts1.base],
      ['2', KIT.shorts2.base],
      ['3', KIT.shorts3.base],
    ]),
    lashes: simple('child', 'lashes', [['1', '#3a2620']]),
    accessories: accessories('child', ['freckles', 'glasses_rect', 'glasses_round', 'hearing_aid']),
  },
  dad: {
    hair: parentHair('dad', DAD_HAIR_STYLES),
    eyes: eyes('dad'),
    skin: skins('dad'),
    accessories: [...accessories('dad', ['glasses', 'mustache', 'beard']), ...wear('dad')],
  },
  mum: {
    hair: parentHair('mum', MUM_HAIR_STYLES),
    eyes: eyes('mum'),
    skin: skins('mum'),
    accessories: [...accessories('mum', ['glasses']), ...wear('mum')],
  },
};

/** Categories per role, in editor order. */
const CHILD_CATEGORIES: readonly ChildCategory[] = [
  'hair',
  'eyes',
  'skin',
  'tshirt',
  'shorts',
  'lashes',
  'accessories',
];
const PARENT_CATEGORIES: readonly ParentCategory[] = ['hair', 'eyes', 'skin', 'accessories'];

export function categoriesOf(role: Role): readonly Category[] {
  return role === 'child' ? CHILD_CATEGORIES : PARENT_CATEGORIES;
}

/** The option list of one role and category (empty when the role has no such category). */
export function optionsOf(role: Role, category: Category): readonly CatalogueOption[] {
  const roleCatalogue = CATALOGUE[role] as Partial<Record<Category, readonly CatalogueOption[]>>;
  return roleCatalogue[category] ?? [];
}

const BY_ASSET: ReadonlyMap<string, CatalogueOption> = new Map(
  (['child', 'dad', 'mum'] as const).flatMap((role) =>
    categoriesOf(role).flatMap((category) =>
      optionsOf(role, category).map((o) => [o.asset, o] as const),
    ),
  ),
);

/** Every asset name of the catalogue, in catalogue order. */
export const ALL_ASSET_NAMES: readonly string[] = [...BY_ASSET.keys()];

export function isAssetName(name: string): boolean {
  return BY_ASSET.has(name);
}

/** The option behind an asset name, or undefined. */
export function findOption(asset: string): CatalogueOption | undefined {
  return BY_ASSET.get(asset);
}
