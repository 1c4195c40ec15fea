// The family of a save (issue #33) checked by the book's rules (book/family.ts): the grown-ups
// match the shape, each call word is one of the book language's words for that kind (or 'name',
// which needs a name), each look comes from the catalogue of the grown-up's body and wears one
// pair of glasses at most, and each name follows the parents' name rule. Field errors are keyed
// like the payload (`family.grownUps.1.call`).

import { defaultCharacters } from '#book/character-set.ts';
import type { ParentCharacter } from '#book/catalogue.ts';
import {
  BODY_OF_KIND,
  CALL_WORDS,
  CAST,
  DEFAULT_FAMILY_SHAPE,
  SHAPE_MEMBERS,
  defaultCallWord,
  type FamilyShape,
  type GrownUpKind,
} from '#book/family.ts';
import { checkCharacters, checkParentName } from '#book/personalization.ts';
import type { BookLanguage } from '#book/types.ts';
import { CALL_BY_NAME, type FamilyAnswer, type ParsedFamily } from '#contract/family.ts';
import type { ParentPersonalization } from '#contract/orders.ts';

/** A grown-up of a checked family: name normalised (null when left out), look resolved. */
export interface CheckedGrownUp {
  kind: GrownUpKind;
  name: string | null;
  call: string;
  personalization: ParentPersonalization;
}

export interface CheckedFamily {
  shape: FamilyShape;
  grownUps: CheckedGrownUp[];
}

type AddError = (key: string, message: string) => void;

const KIND_WORD: Record<GrownUpKind, string> = { mum: 'a mum', dad: 'a dad', grandma: 'a grandma', grandpa: 'a grandpa' };

function describeShape(shape: FamilyShape): string {
  return SHAPE_MEMBERS[shape].map((kind) => KIND_WORD[kind]).join(' and ');
}

/** The family checked; null (with errors added) when any of it does not fit. */
export function checkFamily(family: ParsedFamily, language: BookLanguage, add: AddError): CheckedFamily | null {
  const shape = family.shape;
  const members = SHAPE_MEMBERS[shape];
  let ok = true;
  const fail = (key: string, message: string) => {
    ok = false;
    add(key, message);
  };
  if (family.grownUps.length !== members.length) {
    fail('family.grownUps', `A '${shape}' book has ${members.length === 1 ? 'one grown-up' : 'two grown-ups'}: ${describeShape(shape)}.`);
    return null;
  }
  const grownUps: CheckedGrownUp[] = [];
  family.grownUps.forEach((grownUp, index) => {
    const key = `family.grownUps.${index}`;
    const kind = members[index] as GrownUpKind;
    if (grownUp.kind !== kind) {
      fail(`${key}.kind`, `A '${shape}' book has ${describeShape(shape)}, in that order: grown-up ${index + 1} is ${KIND_WORD[kind]}.`);
      return;
    }
    const name = checkParentName(grownUp.name);
    if (!name.ok) fail(`${key}.name`, name.reason);
    const words = CALL_WORDS[language][kind];
    if (grownUp.call === CALL_BY_NAME) {
      if (name.ok && name.name === null) fail(`${key}.name`, 'A grown-up the child calls by name needs a name.');
    } else if (!words.includes(grownUp.call)) {
      fail(`${key}.call`, `In this book's language ${KIND_WORD[kind]} is called ${words.map((w) => `'${w}'`).join(', ')} or by name ('name').`);
    }
    const look = checkLook(grownUp.personalization, kind, (category, message) => fail(`${key}.personalization.${category}`, message));
    if (name.ok && look) grownUps.push({ kind, name: name.name, call: grownUp.call, personalization: look });
  });
  return ok ? { shape, grownUps } : null;
}

/** A grown-up's look checked against the catalogue of their body (book's checkCharacters). */
function checkLook(
  look: ParentPersonalization,
  kind: GrownUpKind,
  add: (category: string, message: string) => void,
): ParentPersonalization | null {
  const body = BODY_OF_KIND[kind];
  const defaults = defaultCharacters('boy');
  const checked = checkCharacters({ ...defaults, [body]: look }, 'boy');
  if (checked.ok) return checked.value[body];
  for (const misfit of checked.misfits) add(misfit.category, misfit.message);
  return null;
}

/** Today's book as a family: a dad and a mum called by the language's first words. */
export function mumAndDadFamily(
  language: BookLanguage,
  dad: { name: string | null; personalization: ParentPersonalization },
  mum: { name: string | null; personalization: ParentPersonalization },
): CheckedFamily {
  return {
    shape: DEFAULT_FAMILY_SHAPE,
    grownUps: [
      { kind: 'dad', call: defaultCallWord(language, 'dad'), ...dad },
      { kind: 'mum', call: defaultCallWord(language, 'mum'), ...mum },
    ],
  };
}

/**
 * The grown-ups written to the item's dad and mum columns, which today's readers (the cart's
 * dad/mum fields, older print code) take as the story's two parts: the grown-up who plays each
 * part (book/family.ts CAST), with a look the part's catalogue accepts (a mum playing the dad's
 * part keeps her own look in the family; the column then holds the dad catalogue's default).
 */
export function storyParts(family: CheckedFamily): Record<'dad' | 'mum', { name: string | null; personalization: ParentCharacter }> {
  const defaults = defaultCharacters('boy');
  const part = (role: 'dad' | 'mum') => {
    const grownUp = family.grownUps[CAST[family.shape][role]] as CheckedGrownUp;
    const fits = BODY_OF_KIND[grownUp.kind] === role;
    return { name: grownUp.name, personalization: fits ? grownUp.personalization : defaults[role] };
  };
  return { dad: part('dad'), mum: part('mum') };
}

/** The stored columns an item's family is read from. */
export interface FamilyColumns {
  language: string;
  family: string | null;
  dadName: string | null;
  dadPersonalization: string;
  mumName: string | null;
  mumPersonalization: string;
}

/**
 * Who is in a stored book, as the API answers it: the family column when the save named one, else
 * today's dad and mum called by the book language's default words.
 */
export function familyOfRow(row: FamilyColumns): FamilyAnswer {
  if (row.family) {
    const family = JSON.parse(row.family) as CheckedFamily;
    return {
      shape: family.shape,
      grownUps: family.grownUps.map((g) => ({ kind: g.kind, name: g.name, call: g.call, personalization: JSON.stringify(g.personalization) })),
    };
  }
  const language = row.language.toLowerCase() as BookLanguage;
  const family = mumAndDadFamily(
    language,
    { name: row.dadName, personalization: JSON.parse(row.dadPersonalization) as ParentPersonalization },
    { name: row.mumName, personalization: JSON.parse(row.mumPersonalization) as ParentPersonalization },
  );
  // The stored JSON strings as they are (an old client compares them as text).
  const [dad, mum] = family.grownUps as [CheckedGrownUp, CheckedGrownUp];
  return {
    shape: family.shape,
    grownUps: [
      { kind: dad.kind, name: dad.name, call: dad.call, personalization: row.dadPersonalization },
      { kind: mum.kind, name: mum.name, call: mum.call, personalization: row.mumPersonalization },
    ],
  };
}
