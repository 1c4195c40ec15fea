// The personalisation rules, each defined once: which asset fits which role and category (and the
// child's gender, for hair), one pair of glasses at a time, the gender as the orders API names it,
// the names of the child and the parents, and the dedication's lines and limits.
//
// The purchase machine (the builder's form), the server's checks of a save and of a preview, and
// the renderer all read these. The API contract (contract/) checks shapes only, since it imports
// nothing of ours; the rules here are applied by the server on top and reported as field errors.
// Pure and isomorphic: strings in, values out.

import { findOption, type CharacterSet, type Category, type ExclusiveGroup } from './catalogue.ts';
import {
  characterSetToAssetNames,
  resolveCharacterSet,
  type CharacterAssets,
} from './character-set.ts';
import {
  MAX_NAME_LENGTH,
  normalizeChildName,
  tidyName,
  validateChildName,
} from './grammar/name.ts';
import type { Gender, Role } from './types.ts';

// ---- The child's gender --------------------------------------------------------------------------

/** The child's gender as the orders API and the stored draft name it. */
type GenderLabel = 'Boy' | 'Girl';

/** 'Girl' -> 'girl', 'Boy' -> 'boy'. */
export function genderOf(label: GenderLabel): Gender {
  return label === 'Girl' ? 'girl' : 'boy';
}

/** 'girl' -> 'Girl', 'boy' -> 'Boy'. */
export function genderLabelOf(gender: Gender): GenderLabel {
  return gender === 'girl' ? 'Girl' : 'Boy';
}

// ---- Assets --------------------------------------------------------------------------------------

/**
 * Why `asset` is not an option of this role and category (and, with `gender`, not a hair style of
 * that child's gender), as an English sentence; null when it fits.
 */
export function assetProblem(
  asset: string,
  role: Role,
  category: Category,
  gender?: Gender,
): string | null {
  const option = findOption(asset);
  if (!option) return `Unknown asset name: ${asset}.`;
  if (option.role !== role || option.category !== category) {
    return `${asset} is not a ${role} ${category === 'accessories' ? 'accessory' : category} option.`;
  }
  if (gender && category === 'hair' && option.gender !== gender) {
    return `${asset} is a ${option.gender ?? 'parent'}'s hair; choose one for a ${gender}.`;
  }
  return null;
}

/** The categories a parent picks exactly one option of (accessories switch on and off; lashes follow the gender). */
export function isSingleChoice(category: Category): boolean {
  return category !== 'accessories' && category !== 'lashes';
}

export const ONE_PAIR_OF_GLASSES = 'Only one pair of glasses can be worn at a time.';

/** What is wrong when two options of one exclusive group are chosen for one person. */
export function oneOfGroup(group: ExclusiveGroup): string {
  return group === 'glasses'
    ? ONE_PAIR_OF_GLASSES
    : group === 'clothes'
      ? 'Choose one clothes colour.'
      : 'Choose one build.';
}

/** The messages for a person's accessories that break a group's one-at-a-time rule. */
export function groupProblems(accessories: readonly string[]): string[] {
  const seen = new Set<ExclusiveGroup>();
  const twice = new Set<ExclusiveGroup>();
  for (const asset of accessories) {
    const group = findOption(asset)?.exclusiveGroup;
    if (!group) continue;
    if (seen.has(group)) twice.add(group);
    seen.add(group);
  }
  return [...twice].map(oneOfGroup);
}

/** An asset that does not fit where it was given. */
interface AssetMisfit {
  role: Role;
  category: Category;
  message: string;
}

type CharacterCheck = { ok: true; value: CharacterSet } | { ok: false; misfits: AssetMisfit[] };

const SINGLE_CATEGORIES: Record<Role, readonly Category[]> = {
  child: ['hair', 'eyes', 'skin', 'tshirt', 'shorts', 'lashes'],
  dad: ['hair', 'eyes', 'skin'],
  mum: ['hair', 'eyes', 'skin'],
};

/**
 * The three characters as the orders API and the stored draft hold them (asset names per role and
 * category), checked: each asset in its own role and category, the child's hair of the child's
 * gender, one pair of glasses per person. Missing lashes are the default lashes for a girl, a
 * boy's lashes are dropped (resolveCharacterSet: the book draws lashes for a girl only).
 */
export function checkCharacters(assets: CharacterAssets, gender: Gender): CharacterCheck {
  const misfits: AssetMisfit[] = [];
  for (const role of ['child', 'dad', 'mum'] as const) {
    const person = assets[role] as unknown as Record<string, unknown> & {
      accessories: readonly string[];
    };
    for (const category of SINGLE_CATEGORIES[role]) {
      const asset = person[category];
      if (typeof asset !== 'string') continue;
      const message = assetProblem(asset, role, category, role === 'child' ? gender : undefined);
      if (message) misfits.push({ role, category, message });
    }
    for (const asset of person.accessories) {
      const message = assetProblem(asset, role, 'accessories');
      if (message) misfits.push({ role, category: 'accessories', message });
    }
  }
  if (misfits.length > 0) return { ok: false, misfits };
  const resolved = resolveCharacterSet(characterSetToAssetNames(assets), gender);
  if (resolved.ok) return resolved;
  // Every asset is known and in its place here, so what is left are two of one group on one
  // person (two glasses, two clothes colours, two builds).
  return {
    ok: false,
    misfits: (['child', 'dad', 'mum'] as const).flatMap((role) =>
      groupProblems(assets[role].accessories).map((message) => ({
        role,
        category: 'accessories' as const,
        message,
      })),
    ),
  };
}

// ---- Names ---------------------------------------------------------------------------------------

/** A parent's name is shorter than a line of the book; the child's follows book/grammar/name.ts. */
export const PARENT_NAME_MAX_LENGTH = 40;

/**
 * Control characters (NUL, BEL …) cannot be printed, and PostgreSQL refuses NUL; format characters
 * (direction overrides and marks, zero width space, soft hyphen …) and the blank Hangul fillers
 * would make a name read otherwise than it is stored. The joiners scripts need (ZWJ, ZWNJ) are
 * text. The API's rule for every string (contract/text.ts) refuses the same.
 */
const CONTROL = /(?![\u200C\u200D])[\p{Cc}\p{Cf}\u115F\u1160\u3164\uFFA0]/u;

export type NameProblem = 'required' | 'tooLong' | 'invalid';

/**
 * Why a name cannot be used, or null. Every name is NFC with single spaces (tidyName); the child's
 * then follows the book's rule (validateChildName), a parent's needs printable text up to 40
 * characters.
 */
export function nameProblem(role: Role, name: string): NameProblem | null {
  const tidy = tidyName(name);
  if (tidy === '') return 'required';
  if (role === 'child') {
    if ([...normalizeChildName(name)].length > MAX_NAME_LENGTH) return 'tooLong';
    return validateChildName(name).ok ? null : 'invalid';
  }
  if ([...tidy].length > PARENT_NAME_MAX_LENGTH) return 'tooLong';
  return CONTROL.test(tidy) ? 'invalid' : null;
}

/** A parent's name as the shop keeps it: NFC, single spaces, trimmed; null when blank. */
export function normalizeParentName(name: string | null | undefined): string | null {
  const tidy = tidyName(name ?? '');
  return tidy === '' ? null : tidy;
}

/** A parent's name checked for a save, where it may be left out (null). `reason` is English. */
export function checkParentName(
  name: string | null | undefined,
): { ok: true; name: string | null } | { ok: false; reason: string } {
  const problem = nameProblem('dad', name ?? '');
  if (problem === 'tooLong') {
    return {
      ok: false,
      reason: `A name can be at most ${PARENT_NAME_MAX_LENGTH} characters long.`,
    };
  }
  if (problem === 'invalid')
    return { ok: false, reason: 'The name contains characters that cannot be printed.' };
  return { ok: true, name: normalizeParentName(name) };
}

// ---- The dedication ------------------------------------------------------------------------------

/** docs/product-rules.md: a dedication has up to 10 lines, blank ones included. */
export const DEDICATION_MAX_LINES = 10;
const DEDICATION_MAX_CHARS = 600;

/**
 * Every line break a browser, an operating system or a paste can bring: CR LF, CR, LF, and
 * Unicode's other mandatory breaks (line and paragraph separators U+2028 and U+2029, next line
 * U+0085, vertical tab, form feed). Each is one break, so what is counted is what is printed.
 */
const LINE_BREAK = /\r\n|[\n\v\f\r\u0085\u2028\u2029]/;

/** The dedication's lines (a text ending in a line break has an empty last line). */
export function dedicationLines(text: string): string[] {
  return text.split(LINE_BREAK);
}

/** The dedication as it is stored and printed: every line break is '\n'. */
export function normalizeDedication(text: string): string {
  return dedicationLines(text).join('\n');
}

export type DedicationProblem = 'tooManyLines' | 'tooLong' | 'unprintable' | 'blank';

/** The problems as the API words them (field errors of `dedication`). */
const DEDICATION_REASONS: Record<DedicationProblem, string> = {
  tooManyLines: `A dedication has at most ${DEDICATION_MAX_LINES} lines.`,
  tooLong: `A dedication has at most ${DEDICATION_MAX_CHARS} characters.`,
  unprintable: 'The dedication contains characters that cannot be printed.',
  blank: 'Dedication is required.',
};

/**
 * Why a dedication would be refused, or null: more than 10 lines (blank lines count), more than
 * 600 characters, a control character other than a line break or tab, or (where one is required,
 * as for a saved book; not while typing or for a preview) blank.
 */
export function dedicationProblem(
  text: string,
  options: { required: boolean },
): DedicationProblem | null {
  const normalized = normalizeDedication(text);
  if (dedicationLines(text).length > DEDICATION_MAX_LINES) return 'tooManyLines';
  if (normalized.length > DEDICATION_MAX_CHARS) return 'tooLong';
  if (CONTROL.test(normalized.replace(/[\n\t]/g, ''))) return 'unprintable';
  if (options.required && normalized.trim() === '') return 'blank';
  return null;
}

/** A dedication checked for the API: the normalised text, or the reason as a field error. */
export function checkDedication(
  text: string,
  options: { required: boolean },
): { ok: true; text: string } | { ok: false; reason: string } {
  const problem = dedicationProblem(text, options);
  return problem
    ? { ok: false, reason: DEDICATION_REASONS[problem] }
    : { ok: true, text: normalizeDedication(text) };
}
