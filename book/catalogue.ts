// The character option catalogue: every choice a parent can make for the child, the dad and
// the mum, each with an asset name that encodes role, category, style and colour
// (e.g. `kid_hair_girl_02_RD`, `dad_skin_4D`). Pure data and pure helpers: the browser editor,
// the machines, the server and the art all read this one list.
//
// Counts (SPEC.md section 3): child eyes 4, skin 6, T-shirt 2, shorts 3, lashes 1, accessories 4;
// dad hair 24 images, mum hair 18 images; parent eyes 4, skin 6.
// Hair, decided here so the counts are exact:
// - child boy: 4 styles x 5 colours = 20; child girl: 4 styles x 5 colours = 20.
// - dad: styles 01-04 in all 5 colours (20) + 05 shaved in BC, BR, BL, RD (4) = 24. A shaved head
//   shows only stubble, where light brown and blond look the same, so LBR is not offered for it.
// - mum: styles 01-03 in all 5 colours (15) + 04 curls in BC, BR, RD (3) = 18.
// Accessories: the child has freckles, rectangular glasses, round glasses and a hearing aid (the
// two glasses exclude each other). The dad has glasses, mustache and beard. The mum has glasses
// only: a mustache or beard for the mum is not offered (SPEC lists the three for 'parents'; the
// book draws what a parent would expect to pick for a mum).

import type { Gender, Role } from './types.ts';
import {
  EYE_COLOURS,
  HAIR_COLOURS,
  KIT,
  SKIN_TONES,
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
export const EYE_COLOUR_CODES = [
  'GY',
  'BR',
  'GR',
  'BE',
] as const satisfies readonly EyeColourCode[];
export const SKIN_TONE_IDS = [1, 2, 3, 4, 5, 6] as const satisfies readonly SkinToneId[];

export type ChildCategory =
  'hair' | 'eyes' | 'skin' | 'tshirt' | 'shorts' | 'lashes' | 'accessories';
export type ParentCategory = 'hair' | 'eyes' | 'skin' | 'accessories';
export type Category = ChildCategory;

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
  /** Accessories only: options sharing a group exclude each other (the glasses). */
  exclusiveGroup?: 'glasses';
}

export type RoleCatalogue<C extends string> = { readonly [K in C]: readonly CatalogueOption[] };

export interface Catalogue {
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
  { key: 'short', colours: HAIR_COLOUR_CODES },
  { key: 'quiff', colours: HAIR_COLOUR_CODES },
  { key: 'curly', colours: HAIR_COLOUR_CODES },
  { key: 'receding', colours: HAIR_COLOUR_CODES },
  { key: 'shaved', colours: ['BC', 'BR', 'BL', 'RD'] },
];

const MUM_HAIR_STYLES: readonly { key: string; colours: readonly HairColourCode[] }[] = [
  { key: 'long', colours: HAIR_COLOUR_CODES },
  { key: 'bun', colours: HAIR_COLOUR_CODES },
  { key: 'bob', colours: HAIR_COLOUR_CODES },
  { key: 'curls', colours: ['BC', 'BR', 'RD'] },
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
    accessories: accessories('dad', ['glasses', 'mustache', 'beard']),
  },
  mum: {
    hair: parentHair('mum', MUM_HAIR_STYLES),
    eyes: eyes('mum'),
    skin: skins('mum'),
    accessories: accessories('mum', ['glasses']),
  },
};

/** Categories per role, in editor order. */
export const CHILD_CATEGORIES: readonly ChildCategory[] = [
  'hair',
  'eyes',
  'skin',
  'tshirt',
  'shorts',
  'lashes',
  'accessories',
];
export const PARENT_CATEGORIES: readonly ParentCategory[] = ['hair', 'eyes', 'skin', 'accessories'];

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

function first(role: Role, category: Category, gender?: Gender): string {
  const list = optionsOf(role, category);
  const option = gender ? list.find((o) => o.gender === gender) : list[0];
  if (!option) throw new Error(`catalogue has no ${role} ${category}`);
  return option.asset;
}

export function defaultChild(gender: Gender): ChildCharacter {
  return {
    gender,
    hair: first('child', 'hair', gender),
    eyes: first('child', 'eyes'),
    skin: first('child', 'skin'),
    tshirt: first('child', 'tshirt'),
    shorts: first('child', 'shorts'),
    lashes: gender === 'girl' ? first('child', 'lashes') : null,
    accessories: [],
  };
}

export function defaultParent(role: 'dad' | 'mum'): ParentCharacter {
  return {
    hair: first(role, 'hair'),
    eyes: first(role, 'eyes'),
    skin: first(role, 'skin'),
    accessories: [],
  };
}

/** Fresh default characters (first option of every list) for a boy or a girl. */
export function defaultCharacters(gender: Gender): CharacterSet {
  return { child: defaultChild(gender), dad: defaultParent('dad'), mum: defaultParent('mum') };
}

/** The default set (a boy). Frozen: copy it with defaultCharacters() before editing. */
export const DEFAULT_CHARACTERS: Readonly<CharacterSet> = deepFreeze(defaultCharacters('boy'));

function deepFreeze<T extends object>(value: T): T {
  for (const inner of Object.values(value)) {
    if (inner && typeof inner === 'object') deepFreeze(inner as object);
  }
  return Object.freeze(value);
}

export type ResolveResult =
  { ok: true; value: CharacterSet } | { ok: false; unknown: string[]; conflicts: string[] };

type SingleCategory = Exclude<Category, 'accessories'>;

/**
 * Build a character set from a flat list of asset names (any order, all three roles mixed).
 * Missing categories get the defaults; unknown names are refused; two options of a single-choice
 * category, both glasses, or a hair of the other gender are conflicts. Lashes follow the gender:
 * a boy's lashes are dropped, a girl without lashes gets the default lashes.
 * Repeating the same name is harmless.
 */
export function resolveCharacterSet(assetNames: readonly string[], gender: Gender): ResolveResult {
  const unknown: string[] = [];
  const conflicts: string[] = [];
  const singles = new Map<string, string>(); // `${role}:${category}` -> asset
  const accessories: Record<Role, string[]> = { child: [], dad: [], mum: [] };
  const glasses: Record<Role, string | null> = { child: null, dad: null, mum: null };

  for (const name of new Set(assetNames)) {
    const option = BY_ASSET.get(name);
    if (!option) {
      unknown.push(name);
      continue;
    }
    const { role, category } = option;
    if (category === 'accessories') {
      if (option.exclusiveGroup === 'glasses') {
        const other = glasses[role];
        if (other) {
          conflicts.push(other, name);
          continue;
        }
        glasses[role] = name;
      }
      accessories[role].push(name);
      continue;
    }
    if (role === 'child' && category === 'hair' && option.gender !== gender) {
      conflicts.push(name);
      continue;
    }
    if (role === 'child' && category === 'lashes' && gender === 'boy') continue; // dropped
    const key = `${role}:${category}`;
    const other = singles.get(key);
    if (other) {
      if (!conflicts.includes(other)) conflicts.push(other);
      conflicts.push(name);
      continue;
    }
    singles.set(key, name);
  }

  if (unknown.length > 0 || conflicts.length > 0) {
    return { ok: false, unknown, conflicts: [...new Set(conflicts)] };
  }

  const defaults = defaultCharacters(gender);
  const pick = (role: Role, category: SingleCategory, fallback: string): string =>
    singles.get(`${role}:${category}`) ?? fallback;
  const byCatalogueOrder = (role: Role, list: string[]): string[] =>
    optionsOf(role, 'accessories')
      .map((o) => o.asset)
      .filter((a) => list.includes(a));

  const child: ChildCharacter = {
    gender,
    hair: pick('child', 'hair', defaults.child.hair),
    eyes: pick('child', 'eyes', defaults.child.eyes),
    skin: pick('child', 'skin', defaults.child.skin),
    tshirt: pick('child', 'tshirt', defaults.child.tshirt),
    shorts: pick('child', 'shorts', defaults.child.shorts),
    lashes: gender === 'girl' ? pick('child', 'lashes', first('child', 'lashes')) : null,
    accessories: byCatalogueOrder('child', accessories.child),
  };
  const parent = (role: 'dad' | 'mum'): ParentCharacter => ({
    hair: pick(role, 'hair', defaults[role].hair),
    eyes: pick(role, 'eyes', defaults[role].eyes),
    skin: pick(role, 'skin', defaults[role].skin),
    accessories: byCatalogueOrder(role, accessories[role]),
  });
  return { ok: true, value: { child, dad: parent('dad'), mum: parent('mum') } };
}

/** The characters as asset names per role and category (a CharacterSet without the child's gender). */
export interface CharacterAssets {
  child: Omit<ChildCharacter, 'gender'>;
  dad: ParentCharacter;
  mum: ParentCharacter;
}

/** The flat list of asset names of a set: child, then dad, then mum (inverse of resolveCharacterSet). */
export function characterSetToAssetNames(set: CharacterAssets): string[] {
  const { child, dad, mum } = set;
  return [
    child.hair,
    child.eyes,
    child.skin,
    child.tshirt,
    child.shorts,
    ...(child.lashes ? [child.lashes] : []),
    ...child.accessories,
    dad.hair,
    dad.eyes,
    dad.skin,
    ...dad.accessories,
    mum.hair,
    mum.eyes,
    mum.skin,
    ...mum.accessories,
  ];
}

/**
 * Switch one accessory on or off for a role. Switching on a glasses option switches the other
 * glasses off. The result keeps catalogue order. Throws on an asset that is not an accessory of
 * that role (a programming error in the caller).
 */
export function toggleAccessory(role: Role, current: readonly string[], asset: string): string[] {
  const option = BY_ASSET.get(asset);
  if (!option || option.role !== role || option.category !== 'accessories') {
    throw new RangeError(`${asset} is not a ${role} accessory`);
  }
  let next: string[];
  if (current.includes(asset)) {
    next = current.filter((a) => a !== asset);
  } else {
    next = current.filter((a) => {
      const other = BY_ASSET.get(a);
      return !(option.exclusiveGroup && other?.exclusiveGroup === option.exclusiveGroup);
    });
    next.push(asset);
  }
  const order = optionsOf(role, 'accessories').map((o) => o.asset);
  return order.filter((a) => next.includes(a));
}

/**
 * Change the child's gender. A girl gets the default lashes and a girl hair style in the same
 * colour (same style number when it exists); a boy loses the lashes and gets a boy hair style in
 * the same colour. Everything else stays.
 */
export function setGender(child: ChildCharacter, gender: Gender): ChildCharacter {
  const hair = BY_ASSET.get(child.hair);
  let nextHair = child.hair;
  if (!hair || hair.gender !== gender) {
    const colour = hair?.colour ?? HAIR_COLOUR_CODES[0];
    const number = hair?.style.split('_')[1];
    const candidates = optionsOf('child', 'hair').filter(
      (o) => o.gender === gender && o.colour === colour,
    );
    const same = candidates.find((o) => o.style === `${gender}_${number}`);
    const chosen = same ?? candidates[0];
    if (!chosen) throw new Error(`no ${gender} hair in colour ${colour}`);
    nextHair = chosen.asset;
  }
  return {
    ...child,
    gender,
    hair: nextHair,
    lashes: gender === 'girl' ? (child.lashes ?? first('child', 'lashes')) : null,
    accessories: [...child.accessories],
  };
}

/** Hair colour code of a hair asset (`BC` ... `LBR`), or null for an unknown asset. */
export function hairColourOf(asset: string): HairColourCode | null {
  const option = BY_ASSET.get(asset);
  return option?.category === 'hair' ? (option.colour as HairColourCode) : null;
}
