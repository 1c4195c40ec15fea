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
