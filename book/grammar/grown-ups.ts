// The words the story uses for the grown-ups (issue #33): each grown-up's call word or first name
// in every case the Latvian text needs, the English possessive, the grammatical gender, and the
// two grown-ups together ("mamma un tētis", "Mum and Dad"; one grown-up alone: "mamma", "Mum").
// The table is docs/family-words.md. Pure and isomorphic.

import {
  CALL_BY_NAME,
  CAST,
  defaultCallWord,
  isSolo,
  SHAPE_MEMBERS,
  type BookFamily,
  type BookGrownUp,
  type GrownUpKind,
  type StoryPart,
} from '#book/family.ts';
import type { BookLanguage } from '#book/types.ts';
import { englishPossessive } from './english.ts';
import { declineLatvianName } from './latvian.ts';
import { normalizeChildName, tidyName } from './name.ts';

/** One grown-up's word in the cases the story uses. */
export interface GrownUpWord {
  nom: string;
  gen: string;
  dat: string;
  acc: string;
  /** With the preposition 'ar' (Latvian singular: the accusative form, "ar mammu"). */
  ins: string;
  loc: string;
  voc: string;
  /** English possessive: Mum’s, Grandpa’s, Ilze’s. */
  poss: string;
  /** Grammatical gender: verbs' participles, pronouns and adjectives agree with it. */
  female: boolean;
}

type LatvianCases = Pick<GrownUpWord, 'nom' | 'gen' | 'dat' | 'acc' | 'loc' | 'voc'>;

/**
 * The Latvian call words in their cases (LU LVI 2013 paradigms; the vocative as a child calls:
 * "mammīt!", "tēti!", "opi!"). 4th declension: mamma, māmiņa, vecmāmiņa; 5th: mammīte, omīte;
 * 2nd (-is, no consonant change in 'tēta', p > pj in 'opja'): tētis, opis; 1st: tētiņš, paps,
 * vectētiņš.
 */
export const LATVIAN_CALL_FORMS: Record<string, LatvianCases> = {
  mamma: { nom: 'mamma', gen: 'mammas', dat: 'mammai', acc: 'mammu', loc: 'mammā', voc: 'mamma' },
  mammīte: {
    nom: 'mammīte',
    gen: 'mammītes',
    dat: 'mammītei',
    acc: 'mammīti',
    loc: 'mammītē',
    voc: 'mammīt',
  },
  māmiņa: {
    nom: 'māmiņa',
    gen: 'māmiņas',
    dat: 'māmiņai',
    acc: 'māmiņu',
    loc: 'māmiņā',
    voc: 'māmiņ',
  },
  tētis: { nom: 'tētis', gen: 'tēta', dat: 'tētim', acc: 'tēti', loc: 'tētī', voc: 'tēti' },
  tētiņš: {
    nom: 'tētiņš',
    gen: 'tētiņa',
    dat: 'tētiņam',
    acc: 'tētiņu',
    loc: 'tētiņā',
    voc: 'tētiņ',
  },
  paps: { nom: 'paps', gen: 'papa', dat: 'papam', acc: 'papu', loc: 'papā', voc: 'pap' },
  vecmāmiņa: {
    nom: 'vecmāmiņa',
    gen: 'vecmāmiņas',
    dat: 'vecmāmiņai',
    acc: 'vecmāmiņu',
    loc: 'vecmāmiņā',
    voc: 'vecmāmiņ',
  },
  omīte: { nom: 'omīte', gen: 'omītes', dat: 'omītei', acc: 'omīti', loc: 'omītē', voc: 'omīt' },
  vectētiņš: {
    nom: 'vectētiņš',
    gen: 'vectētiņa',
    dat: 'vectētiņam',
    acc: 'vectētiņu',
    loc: 'vectētiņā',
    voc: 'vectētiņ',
  },
  opis: { nom: 'opis', gen: 'opja', dat: 'opim', acc: 'opi', loc: 'opī', voc: 'opi' },
};

export function isFemaleKind(kind: GrownUpKind): boolean {
  return kind === 'mum' || kind === 'grandma';
}

/** A grown-up's word (call word, or first name declined with the kind's gender) in the story's cases. */
export function grownUpWord(
  language: BookLanguage,
  grownUp: Pick<BookGrownUp, 'kind' | 'call' | 'name'>,
): GrownUpWord {
  const female = isFemaleKind(grownUp.kind);
  const byName =
    grownUp.call === CALL_BY_NAME && grownUp.name !== null && tidyName(grownUp.name) !== '';
  // A name is printed as the book prints the child's: parts typed in lower case get a capital.
  const word = byName ? normalizeChildName(grownUp.name ?? '') : grownUp.call;
  if (language !== 'lv') {
    return {
      nom: word,
      gen: word,
      dat: word,
      acc: word,
      ins: word,
      loc: word,
      voc: word,
      poss: englishPossessive(word),
      female,
    };
  }
  const table = byName ? undefined : LATVIAN_CALL_FORMS[word];
  const forms: LatvianCases = table ?? declineLatvianName(word, female ? 'girl' : 'boy');
  return { ...forms, ins: forms.acc, poss: forms.gen, female };
}

/** The two story parts' words, and the grown-ups together, for one book. */
export interface FamilyWords {
  parts: Record<StoryPart, GrownUpWord>;
  /** "mamma un tētis", "Mum and Dad", "Mum and Mama"; one grown-up: that grown-up's word. */
  together: Pick<GrownUpWord, 'nom' | 'gen' | 'dat' | 'acc' | 'ins'>;
  /** "Ilze un Jānis": the names where given, else the words (dedication signatures). */
  signedByNames: string;
  /** One grown-up in the book. */
  solo: boolean;
  /** Every grown-up is a woman (two mums, one mum, one grandma): plural agreement. */
  allFemale: boolean;
}

/** Today's book's grown-ups with the language's default words. */
function defaultGrownUps(language: BookLanguage): BookFamily['grownUps'] {
  return SHAPE_MEMBERS['mum-dad'].map((kind) => ({
    kind,
    call: defaultCallWord(language, kind),
    name: null,
    look: { hair: '', eyes: '', skin: '', accessories: [] },
  }));
}

/**
 * The grown-ups in the order a child names them together: the mum's part first in a mum-and-dad
 * or grandparents' book ("Mum and Dad", "Grandma and Grandpa"), the builder's order for two of
 * one kind ("Mum and Mama", "Dad and Papa").
 */
function togetherOrder(family: BookFamily): BookGrownUp[] {
  const members = family.grownUps;
  if (members.length < 2) return members;
  const sameKind = members.every((g) => g.kind === members[0]!.kind);
  if (sameKind) return members;
  const cast = CAST[family.shape];
  return [members[cast.mum]!, members[cast.dad]!];
}

const AND: Record<BookLanguage, string> = { lv: ' un ', 'en-gb': ' and ', 'en-us': ' and ' };

export function familyWords(language: BookLanguage, family?: BookFamily): FamilyWords {
  const book: BookFamily = family ?? { shape: 'mum-dad', grownUps: defaultGrownUps(language) };
  const cast = CAST[book.shape];
  const word = (i: number) => grownUpWord(language, book.grownUps[i]!);
  const ordered = togetherOrder(book).map((g) => ({ g, w: grownUpWord(language, g) }));
  const join = (pick: (w: GrownUpWord) => string) =>
    ordered.map(({ w }) => pick(w)).join(AND[language]);
  return {
    parts: { dad: word(cast.dad), mum: word(cast.mum) },
    together: {
      nom: join((w) => w.nom),
      gen: join((w) => w.gen),
      dat: join((w) => w.dat),
      acc: join((w) => w.acc),
      ins: join((w) => w.ins),
    },
    signedByNames: ordered
      .map(({ g, w }) =>
        g.name !== null && tidyName(g.name) !== '' ? normalizeChildName(g.name) : w.nom,
      )
      .join(AND[language]),
    solo: isSolo(book.shape),
    allFemale: book.grownUps.every((g) => isFemaleKind(g.kind)),
  };
}
