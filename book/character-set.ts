// Characters built from the catalogue's options: the default set for a boy or a girl, a set from a
// flat list of asset names (and back), the accessory toggle with its one-pair-of-glasses rule, the
// gender change that keeps the hair colour. Pure and isomorphic, like the catalogue it reads.

import {
  findOption,
  HAIR_COLOUR_CODES,
  optionsOf,
  type Category,
  type CharacterSet,
  type ChildCharacter,
  type ParentCharacter,
} from './catalogue.ts';
import type { Gender, Role } from './types.ts';

function first(role: Role, category: Category, gender?: Gender): string {
  const list = optionsOf(role, category);
  const option = gender ? list.find((o) => o.gender === gender) : list[0];
  if (!option) throw new Error(`catalogue has no ${role} ${category}`);
  return option.asset;
}

function defaultChild(gender: Gender): ChildCharacter {
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

function defaultParent(role: 'dad' | 'mum'): ParentCharacter {
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

type ResolveResult =
  { ok: true; value: CharacterSet } | { ok: false; unknown: string[]; conflicts: string[] };

type SingleCategory = Exclude<Category, 'accessories'>;

/**
 * Build a character set from a flat list of asset names (any order, all three roles mixed).
 * Missing categories get the defaults; unknown names are refused; two options of a single-choice
 * category, two of an exclusive group (both glasses, two clothes colours) or a hair of the other
 * gender are conflicts. Lashes follow the gender:
 * a boy's lashes are dropped, a girl without lashes gets the default lashes.
 * Repeating the same name is harmless.
 */
export function resolveCharacterSet(assetNames: readonly string[], gender: Gender): ResolveResult {
  const unknown: string[] = [];
  const conflicts: string[] = [];
  const singles = new Map<string, string>(); // `${role}:${category}` -> asset
  const accessories: Record<Role, string[]> = { child: [], dad: [], mum: [] };
  /** The option taken in each exclusive group of each role (`${role}:${group}`). */
  const groups = new Map<string, string>();

  for (const name of new Set(assetNames)) {
    const option = findOption(name);
    if (!option) {
      unknown.push(name);
      continue;
    }
    const { role, category } = option;
    if (category === 'accessories') {
      if (option.exclusiveGroup) {
        const key = `${role}:${option.exclusiveGroup}`;
        const other = groups.get(key);
        if (other) {
          conflicts.push(other, name);
          continue;
        }
        groups.set(key, name);
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
  const option = findOption(asset);
  if (!option || option.role !== role || option.category !== 'accessories') {
    throw new RangeError(`${asset} is not a ${role} accessory`);
  }
  let next: string[];
  if (current.includes(asset)) {
    next = current.filter((a) => a !== asset);
  } else {
    next = current.filter((a) => {
      const other = findOption(a);
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
  const hair = findOption(child.hair);
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
