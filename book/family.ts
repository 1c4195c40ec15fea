// Who is in the book (issue #33): the family shapes a parent can pick, the grown-ups of each, the
// words a child calls them by, and which grown-up plays which of the story's two grown-up parts.
//
// The story and the layouts are written for two grown-up parts named after today's book, 'dad'
// and 'mum' (Role in book/types.ts). A family casts real grown-ups into those parts: in a mum and
// dad book the dad plays 'dad' and the mum plays 'mum', exactly as before; in a two-mums book the
// first mum plays 'mum' and the second plays 'dad' (drawn with a mum's body and her own look); in
// a book with one grown-up that grown-up plays both parts in the words, and the pictures keep one
// of the two slots (SpreadLayout.solo in book/art/scenes/layout-kit.ts).
// Pure and isomorphic: no Node, no DOM.

import type { CharacterSet, ParentCharacter } from './catalogue.ts';
import { defaultCharacters } from './character-set.ts';
import { assetProblem, checkParentName, groupProblems } from './personalization.ts';
import type { BookLanguage } from './types.ts';

/** The family shapes, the first being today's book. */
export const FAMILY_SHAPES = [
  'mum-dad',
  'mum',
  'dad',
  'mum-mum',
  'dad-dad',
  'grandma',
  'grandpa',
  'grandma-grandpa',
] as const;
export type FamilyShape = (typeof FAMILY_SHAPES)[number];
export const DEFAULT_FAMILY_SHAPE: FamilyShape = 'mum-dad';

/** What a grown-up is to the child. */
export const GROWN_UP_KINDS = ['mum', 'dad', 'grandma', 'grandpa'] as const;
export type GrownUpKind = (typeof GROWN_UP_KINDS)[number];

/** The story's two grown-up parts (the layouts' and the story text's roles). */
export type StoryPart = 'dad' | 'mum';

/**
 * The body (and so the catalogue of looks) a grown-up of each kind is drawn with: the catalogue's
 * 'mum' and 'dad' options (book/catalogue.ts).
 */
export const BODY_OF_KIND: Record<GrownUpKind, 'mum' | 'dad'> = {
  mum: 'mum',
  dad: 'dad',
  grandma: 'mum',
  grandpa: 'dad',
};

/** The grown-ups of each shape, in the order the builder asks for them. */
export const SHAPE_MEMBERS: Record<FamilyShape, readonly GrownUpKind[]> = {
  'mum-dad': ['dad', 'mum'],
  mum: ['mum'],
  dad: ['dad'],
  'mum-mum': ['mum', 'mum'],
  'dad-dad': ['dad', 'dad'],
  grandma: ['grandma'],
  grandpa: ['grandpa'],
  'grandma-grandpa': ['grandpa', 'grandma'],
};

/**
 * Which grown-up (an index into SHAPE_MEMBERS[shape]) plays each story part. With one grown-up
 * both parts are the same person.
 */
export const CAST: Record<FamilyShape, Record<StoryPart, number>> = {
  'mum-dad': { dad: 0, mum: 1 },
  mum: { dad: 0, mum: 0 },
  dad: { dad: 0, mum: 0 },
  'mum-mum': { dad: 1, mum: 0 },
  'dad-dad': { dad: 0, mum: 1 },
  grandma: { dad: 0, mum: 0 },
  grandpa: { dad: 0, mum: 0 },
  'grandma-grandpa': { dad: 0, mum: 1 },
};

/** True when the book has one grown-up (the pictures keep one grown-up slot per page). */
export function isSolo(shape: FamilyShape): boolean {
  return SHAPE_MEMBERS[shape].length === 1;
}

/**
 * The words a child calls each kind of grown-up by, per book language; the first is the default.
 * A grown-up may instead be called by their first name (CallWord 'name').
 */
export const CALL_WORDS: Record<BookLanguage, Record<GrownUpKind, readonly string[]>> = {
  lv: {
    mum: ['mamma', 'mammīte', 'māmiņa'],
    dad: ['tētis', 'tētiņš', 'paps'],
    grandma: ['vecmāmiņa', 'omīte'],
    grandpa: ['vectētiņš', 'opis'],
  },
  'en-gb': {
    mum: ['Mum', 'Mummy', 'Mama', 'Mom', 'Mommy'],
    dad: ['Dad', 'Daddy', 'Papa'],
    grandma: ['Grandma', 'Granny', 'Nana'],
    grandpa: ['Grandpa', 'Grandad'],
  },
  'en-us': {
    mum: ['Mom', 'Mommy', 'Mama', 'Mum', 'Mummy'],
    dad: ['Dad', 'Daddy', 'Papa'],
    grandma: ['Grandma', 'Granny', 'Nana'],
    grandpa: ['Grandpa', 'Grandad'],
  },
};

/** What the child calls a grown-up: one of CALL_WORDS for the kind and language, or 'name'. */
export type CallWord = string;

/** The default call word of a kind in a language (today's book: mamma/tētis, Mum/Dad, Mom/Dad). */
export function defaultCallWord(language: BookLanguage, kind: GrownUpKind): string {
  return CALL_WORDS[language][kind][0] as string;
}

/** The calling word 'name': the child calls this grown-up by their first name. */
export const CALL_BY_NAME = 'name';

/**
 * The default words of a shape's grown-ups, in SHAPE_MEMBERS order. Two grown-ups of one kind get
 * different words (Mum and Mama, tētis un paps): the story tells them apart.
 */
export function defaultCallWords(language: BookLanguage, shape: FamilyShape): string[] {
  const used = new Set<string>();
  const kinds = new Set<GrownUpKind>();
  return SHAPE_MEMBERS[shape].map((kind) => {
    const words = CALL_WORDS[language][kind];
    // The second of two mums is 'Mama' / 'mammīte', of two dads 'Papa' / 'paps'.
    const preferred = kinds.has(kind) ? [...SECOND_WORD[language][kind], ...words] : words;
    const word = preferred.find((w) => !used.has(w)) ?? (words[0] as string);
    used.add(word);
    kinds.add(kind);
    return word;
  });
}

const SECOND_WORD: Record<BookLanguage, Record<GrownUpKind, readonly string[]>> = {
  lv: { mum: ['mammīte'], dad: ['paps'], grandma: ['omīte'], grandpa: ['opis'] },
  'en-gb': { mum: ['Mama'], dad: ['Papa'], grandma: ['Nana'], grandpa: ['Grandad'] },
  'en-us': { mum: ['Mama'], dad: ['Papa'], grandma: ['Nana'], grandpa: ['Grandad'] },
};

/** One grown-up of the book: what they are to the child, how they look, what the child calls them. */
export interface BookGrownUp {
  kind: GrownUpKind;
  /** Assets of the body BODY_OF_KIND[kind]: 'mum_*' for a mum or grandma, 'dad_*' for a dad or grandpa. */
  look: ParentCharacter;
  /** One of CALL_WORDS[language][kind], or CALL_BY_NAME ('name'). */
  call: CallWord;
  /** The grown-up's first name: required when call is 'name'; signs the dedication suggestions when asked. */
  name: string | null;
}

/** Who is in the book: the shape and its grown-ups in SHAPE_MEMBERS[shape] order. */
export interface BookFamily {
  shape: FamilyShape;
  grownUps: BookGrownUp[];
}

/** A field-level problem of a family: `field` is 'shape', 'grownUps' or 'grownUps.<i>.<field>'. */
export interface FamilyProblem {
  field: string;
  message: string;
}

type FamilyCheck = { ok: true; value: BookFamily } | { ok: false; problems: FamilyProblem[] };

/**
 * Today's book: a mum and a dad with the looks of `characters`, called by the language's default
 * words (mamma/tētis, Mum/Dad, Mom/Dad), with the names the form asked for (optional).
 */
export function familyFromCharacters(
  characters: Pick<CharacterSet, 'dad' | 'mum'>,
  language: BookLanguage,
  names: { dad?: string | null; mum?: string | null } = {},
): BookFamily {
  return {
    shape: 'mum-dad',
    grownUps: [
      {
        kind: 'dad',
        look: characters.dad,
        call: defaultCallWord(language, 'dad'),
        name: names.dad ?? null,
      },
      {
        kind: 'mum',
        look: characters.mum,
        call: defaultCallWord(language, 'mum'),
        name: names.mum ?? null,
      },
    ],
  };
}

/** The grown-up who plays a story part. */
export function castOf(family: BookFamily, part: StoryPart): BookGrownUp {
  const grownUp = family.grownUps[CAST[family.shape][part]];
  if (!grownUp) throw new RangeError(`The family has no grown-up for the part ${part}`);
  return grownUp;
}

/** True for today's book word for word: a mum and a dad called by the language's default words. */
export function isDefaultFamily(family: BookFamily, language: BookLanguage): boolean {
  return (
    family.shape === 'mum-dad' &&
    family.grownUps.every((g) => g.call === defaultCallWord(language, g.kind))
  );
}

const LOOK_CATEGORIES = ['hair', 'eyes', 'skin'] as const;

/**
 * Checks a family for a book in `language`: a known shape, its members in order, every look in the
 * body of its kind (one pair of glasses), a call word of the kind and language or 'name', a
 * printable first name (required with 'name'), and two grown-ups not called by the same word.
 * The value has the names normalised (NFC, single spaces; blank is null).
 */
export function checkBookFamily(family: BookFamily, language: BookLanguage): FamilyCheck {
  const problems: FamilyProblem[] = [];
  if (!(FAMILY_SHAPES as readonly string[]).includes(family.shape)) {
    return {
      ok: false,
      problems: [{ field: 'shape', message: `Unknown family: ${String(family.shape)}.` }],
    };
  }
  const members = SHAPE_MEMBERS[family.shape];
  if (family.grownUps.length !== members.length) {
    problems.push({
      field: 'grownUps',
      message: `This family has ${members.length} grown-up${members.length === 1 ? '' : 's'}, not ${family.grownUps.length}.`,
    });
    return { ok: false, problems };
  }
  const value: BookGrownUp[] = [];
  family.grownUps.forEach((grownUp, i) => {
    const at = `grownUps.${i}`;
    const kind = members[i] as GrownUpKind;
    if (grownUp.kind !== kind) {
      problems.push({
        field: `${at}.kind`,
        message: `The grown-up ${i + 1} of this family is a ${kind}, not a ${String(grownUp.kind)}.`,
      });
      return;
    }
    const body = BODY_OF_KIND[kind];
    for (const category of LOOK_CATEGORIES) {
      const message = assetProblem(grownUp.look[category], body, category);
      if (message) problems.push({ field: `${at}.look.${category}`, message });
    }
    for (const asset of grownUp.look.accessories) {
      const message = assetProblem(asset, body, 'accessories');
      if (message) problems.push({ field: `${at}.look.accessories`, message });
    }
    for (const message of groupProblems(grownUp.look.accessories))
      problems.push({ field: `${at}.look.accessories`, message });
    const name = checkParentName(grownUp.name);
    if (!name.ok) problems.push({ field: `${at}.name`, message: name.reason });
    const words = CALL_WORDS[language][kind];
    if (grownUp.call === CALL_BY_NAME) {
      if (name.ok && name.name === null) {
        problems.push({
          field: `${at}.name`,
          message: 'A name is required when the child calls this grown-up by name.',
        });
      }
    } else if (!words.includes(grownUp.call)) {
      problems.push({
        field: `${at}.call`,
        message: `A ${kind} is called one of ${words.join(', ')}, or by name.`,
      });
    }
    value.push({
      ...grownUp,
      look: { ...grownUp.look, accessories: [...grownUp.look.accessories] },
      name: name.ok ? name.name : null,
    });
  });
  if (problems.length === 0 && value.length === 2) {
    const [a, b] = value as [BookGrownUp, BookGrownUp];
    const same =
      a.call === CALL_BY_NAME && b.call === CALL_BY_NAME
        ? a.name?.toLocaleLowerCase() === b.name?.toLocaleLowerCase()
        : a.call !== CALL_BY_NAME && a.call === b.call;
    if (same) {
      problems.push({
        field: 'grownUps.1.call',
        message:
          'The two grown-ups need different words (for example Mum and Mama) or their names, so the story can tell them apart.',
      });
    }
  }
  return problems.length > 0
    ? { ok: false, problems }
    : { ok: true, value: { shape: family.shape, grownUps: value } };
}

/**
 * The look a grown-up of a kind starts with in the builder: the body's first options; a
 * grandparent with grey (grandma) or white (grandpa) hair and reading glasses.
 */
export function defaultLook(kind: GrownUpKind): ParentCharacter {
  const body = BODY_OF_KIND[kind];
  const look = defaultCharacters('boy')[body];
  if (kind === 'grandma')
    return { ...look, hair: 'mum_hair_02_GY', accessories: ['mum_acc_glasses'] };
  if (kind === 'grandpa')
    return { ...look, hair: 'dad_hair_04_WH', accessories: ['dad_acc_glasses'] };
  return { ...look, accessories: [...look.accessories] };
}

/** A family of a shape with the default looks and words (the builder's start, tests, samples). */
export function defaultFamily(shape: FamilyShape, language: BookLanguage): BookFamily {
  const words = defaultCallWords(language, shape);
  return {
    shape,
    grownUps: SHAPE_MEMBERS[shape].map((kind, i) => ({
      kind,
      look: defaultLook(kind),
      call: words[i] as string,
      name: null,
    })),
  };
}

/**
 * What of a family changes the pictures (shape, kinds, looks; not the words or names), as a
 * stable string for a cache key of the figures (server/services/rendering baseKeyOf): '' for no
 * family, so today's keys stay as they are.
 */
export function familyFiguresKey(family?: BookFamily): string {
  if (!family) return '';
  return JSON.stringify([
    family.shape,
    family.grownUps.map((g) => [g.kind, g.look.hair, g.look.eyes, g.look.skin, g.look.accessories]),
  ]);
}
