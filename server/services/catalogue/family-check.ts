// The family of a save (issue #33) checked by the book's rule (book/family.ts checkBookFamily: the
// grown-ups match the shape, each call word is one of the book language's words for that kind or
// 'name', which needs a name, two grown-ups are not called alike, each look comes from the
// catalogue of the grown-up's body with one pair of glasses, each name is printable), and the
// family as stored, answered and given to the book. Field errors are keyed like the payload.

import { defaultCharacters } from '#book/character-set.ts';
import type { ParentCharacter } from '#book/catalogue.ts';
import {
  BODY_OF_KIND,
  CAST,
  DEFAULT_FAMILY_SHAPE,
  checkBookFamily,
  defaultCallWord,
  type BookFamily,
  type FamilyShape,
  type GrownUpKind,
} from '#book/family.ts';
import type { BookLanguage } from '#book/types.ts';
import type { FamilyAnswer } from '#contract/family.ts';
import type { Language } from '#contract/markets.ts';
import type { ParentPersonalization } from '#contract/orders.ts';
import type { BookSave } from '#contract/seed-family.ts';

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

/**
 * The family checked by the book's rule (book/family.ts checkBookFamily); null (with errors added,
 * keyed by the model: `family.grownUps.1.personalization.hair`) when any of it does not fit. A
 * grown-up without a word (the seed's mum and dad) is called by the language's usual word.
 */
export function checkFamily(
  family: BookSave['family'],
  language: BookLanguage,
  add: AddError,
): CheckedFamily | null {
  const checked = checkBookFamily(
    {
      shape: family.shape,
      grownUps: family.grownUps.map((g) => ({
        kind: g.kind,
        name: g.name,
        call: g.call ?? defaultCallWord(language, g.kind),
        look: g.personalization,
      })),
    },
    language,
  );
  if (!checked.ok) {
    for (const { field, message } of checked.problems) {
      add(`family.${field.replace(/\.look(?=\.|$)/, '.personalization')}`, message);
    }
    return null;
  }
  return {
    shape: checked.value.shape,
    grownUps: checked.value.grownUps.map((g) => ({
      kind: g.kind,
      name: g.name,
      call: g.call,
      personalization: g.look,
    })),
  };
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
 * Whether a family is today's mum-and-dad book called by the book language's usual words: the
 * item's dad and mum columns then say all of it (familyOfRow reads it back the same).
 */
export function isMumAndDadFamily(family: CheckedFamily, language: Language): boolean {
  const book = language.toLowerCase() as BookLanguage;
  return (
    family.shape === DEFAULT_FAMILY_SHAPE &&
    family.grownUps.every((g) => g.call === defaultCallWord(book, g.kind))
  );
}

/**
 * The grown-ups written to the item's dad and mum columns, which today's readers (the cart's
 * dad/mum fields, older print code) take as the story's two parts: the grown-up who plays each
 * part (book/family.ts CAST), with a look the part's catalogue accepts (a mum playing the dad's
 * part keeps her own look in the family; the column then holds the dad catalogue's default).
 */
export function storyParts(
  family: CheckedFamily,
): Record<'dad' | 'mum', { name: string | null; personalization: ParentCharacter }> {
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
      grownUps: family.grownUps.map((g) => ({
        kind: g.kind,
        name: g.name,
        call: g.call,
        personalization: JSON.stringify(g.personalization),
      })),
    };
  }
  const language = row.language.toLowerCase() as BookLanguage;
  const family = mumAndDadFamily(
    language,
    {
      name: row.dadName,
      personalization: JSON.parse(row.dadPersonalization) as ParentPersonalization,
    },
    {
      name: row.mumName,
      personalization: JSON.parse(row.mumPersonalization) as ParentPersonalization,
    },
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

/** A stored family as the book takes it (book/family.ts BookFamily). */
export function bookFamilyOf(family: FamilyAnswer): BookFamily {
  return {
    shape: family.shape,
    grownUps: family.grownUps.map((g) => ({
      kind: g.kind,
      name: g.name,
      call: g.call,
      look: JSON.parse(g.personalization) as ParentCharacter,
    })),
  };
}

/** A checked family (a save's or a preview's) as the book takes it. */
export function bookFamilyOfChecked(family: CheckedFamily): BookFamily {
  return {
    shape: family.shape,
    grownUps: family.grownUps.map((g) => ({
      kind: g.kind,
      name: g.name,
      call: g.call,
      look: g.personalization,
    })),
  };
}
