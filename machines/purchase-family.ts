// Who is in the book (issue #33) in the personalisation draft: the family's shape and its
// grown-ups, each with what they are to the child (`kind`), what the child calls them (`call`),
// their name and their look: the one model the shop speaks inside (issue #45). Pure:
// purchase-draft.ts and the purchase machine read and change the draft with these.
//
// The draft keeps two grown-ups in SHAPE_MEMBERS order, named by their builder step: the first
// (`dad`, the /personalizeDad step) and the second (`mum`, /personalizeMum). In a mum-and-dad book
// that is the dad and the mum; in a two-mums book both are mums; a book with one grown-up uses the
// first only (the second keeps what it held, so switching back restores them).

import { defaultCharacters } from '#book/character-set.ts';
import type { ParentCharacter } from '#book/catalogue.ts';
import {
  BODY_OF_KIND,
  CALL_WORDS,
  CAST,
  DEFAULT_FAMILY_SHAPE,
  FAMILY_SHAPES,
  GROWN_UP_KINDS,
  SHAPE_MEMBERS,
  defaultCallWord,
  defaultCallWords,
  defaultLook,
  type BookFamily,
  type FamilyShape,
  type GrownUpKind,
} from '#book/family.ts';
import { checkCharacters } from '#book/personalization.ts';
import type { BookLanguage } from '#book/types.ts';
import { CALL_BY_NAME, type FamilyPayload } from '#contract/family.ts';
import * as v from 'valibot';

/** A grown-up place of the draft: the first ('dad') or the second ('mum'). */
export type GrownUpPlace = 'dad' | 'mum';
export const PLACES: readonly GrownUpPlace[] = ['dad', 'mum'];

export interface DraftGrownUp {
  /** What the grown-up is to the child (for an unused second: what they last were). */
  kind: GrownUpKind;
  /** A word of CALL_WORDS for the kind and the book's language, 'name', or null for the default word. */
  call: string | null;
  /** As typed (normalised when saved); '' for none yet. */
  name: string;
  /** Asset names of the catalogue of the grown-up's body (BODY_OF_KIND). */
  look: ParentCharacter;
}

export interface DraftFamily {
  shape: FamilyShape;
  /** The first and the second grown-up (a one-grown-up shape uses the first only). */
  grownUps: [DraftGrownUp, DraftGrownUp];
}

/** Today's book: a dad and a mum with the default looks, no names, called by the default words. */
export function defaultFamily(): DraftFamily {
  const looks = defaultCharacters('boy');
  return {
    shape: DEFAULT_FAMILY_SHAPE,
    grownUps: [
      { kind: 'dad', call: null, name: '', look: copyLook(looks.dad) },
      { kind: 'mum', call: null, name: '', look: copyLook(looks.mum) },
    ],
  };
}

const StoredGrownUpSchema = v.object({
  kind: v.picklist(GROWN_UP_KINDS),
  call: v.nullable(v.string()),
  name: v.optional(v.nullable(v.string()), ''),
  look: v.object({
    hair: v.string(),
    eyes: v.string(),
    skin: v.string(),
    accessories: v.array(v.string()),
  }),
});

/** The draft's family as session storage keeps it (draft-storage.ts checks the looks). */
export const StoredFamilySchema = v.object({
  shape: v.picklist(FAMILY_SHAPES),
  grownUps: v.tuple([StoredGrownUpSchema, StoredGrownUpSchema]),
});

export function copyLook(look: ParentCharacter): ParentCharacter {
  return { hair: look.hair, eyes: look.eyes, skin: look.skin, accessories: [...look.accessories] };
}

/** The grown-up in a place (for an unused second place, who it last held). */
export function grownUpIn(family: DraftFamily, place: GrownUpPlace): DraftGrownUp {
  return family.grownUps[indexOfPlace(place)];
}

/** The family with the grown-up in a place changed. */
export function withGrownUp(
  family: DraftFamily,
  place: GrownUpPlace,
  change: Partial<DraftGrownUp>,
): DraftFamily {
  const grownUps = [...family.grownUps] as DraftFamily['grownUps'];
  grownUps[indexOfPlace(place)] = { ...grownUps[indexOfPlace(place)], ...change };
  return { ...family, grownUps };
}

export const indexOfPlace = (place: GrownUpPlace): 0 | 1 => (place === 'dad' ? 0 : 1);

/** The grown-up places the shape uses: one or both. */
export function placesOf(shape: FamilyShape): GrownUpPlace[] {
  return SHAPE_MEMBERS[shape].length === 1 ? ['dad'] : ['dad', 'mum'];
}

/** Whether the shape has a second grown-up (a second grown-up step). */
export function hasSecond(shape: FamilyShape): boolean {
  return SHAPE_MEMBERS[shape].length === 2;
}

/** The kind of the grown-up in a place (for an unused place, what it last held). */
export function kindIn(family: DraftFamily, place: GrownUpPlace): GrownUpKind {
  return grownUpIn(family, place).kind;
}

/** The catalogue a place's look comes from (a mum's or a grandma's: 'mum'). */
export function bodyIn(family: DraftFamily, place: GrownUpPlace): 'dad' | 'mum' {
  return BODY_OF_KIND[kindIn(family, place)];
}

/**
 * What the child calls the grown-up in a place, resolved to the shape's default word in the book's
 * language (book/family.ts defaultCallWords: two mums start as Mum and Mama). A default never
 * takes the other grown-up's word: the first grown-up's word is always theirs, the second's only
 * once she has one (her step reached: see withSecondCall), so a first mum may take 'Mama' and the
 * second then starts as another word of her kind.
 */
export function callIn(family: DraftFamily, place: GrownUpPlace, language: BookLanguage): string {
  const index = indexOfPlace(place);
  const own = family.grownUps[index].call;
  if (own !== null) return own;
  const kind = kindIn(family, place);
  const fallback =
    defaultCallWords(language, family.shape)[index] ?? defaultCallWord(language, kind);
  if (!hasSecond(family.shape)) return fallback;
  const other = place === 'mum' ? callIn(family, 'dad', language) : family.grownUps[1].call;
  if (other !== fallback) return fallback;
  return CALL_WORDS[language][kind].find((word) => word !== other) ?? CALL_BY_NAME;
}

/** Whether a call word may be chosen for the grown-up in a place (a word of the kind, or 'name'). */
export function callFits(
  family: DraftFamily,
  place: GrownUpPlace,
  language: BookLanguage,
  call: string,
): boolean {
  return call === CALL_BY_NAME || CALL_WORDS[language][kindIn(family, place)].includes(call);
}

/**
 * Whether a word is already the other grown-up's (two grown-ups are not called alike): the first
 * grown-up's word, for the second; for the first, the second's word once she has one of her own
 * (her step reached), never a default of someone the parent has not met yet.
 */
export function callTaken(
  family: DraftFamily,
  place: GrownUpPlace,
  language: BookLanguage,
  call: string,
): boolean {
  if (call === CALL_BY_NAME || !hasSecond(family.shape)) return false;
  const other = place === 'mum' ? callIn(family, 'dad', language) : family.grownUps[1].call;
  return other === call;
}

/** The words of a place's kind the other grown-up already has (shown, not to be chosen). */
export function takenCalls(
  family: DraftFamily,
  place: GrownUpPlace,
  language: BookLanguage,
): string[] {
  return CALL_WORDS[language][kindIn(family, place)].filter((word) =>
    callTaken(family, place, language, word),
  );
}

/**
 * The family once the second grown-up's step is reached: she exists, and her word (the default
 * she was shown, unless the parent chose one) is hers from now on, out of the first's reach.
 */
export function withSecondCall(family: DraftFamily, language: BookLanguage): DraftFamily {
  if (!hasSecond(family.shape) || family.grownUps[1].call !== null) return family;
  return withGrownUp(family, 'mum', { call: callIn(family, 'mum', language) });
}

/** Whether the family is today's book exactly: a mum and a dad called by the default words. */
export function isDefaultFamily(family: DraftFamily, language: BookLanguage): boolean {
  return (
    family.shape === DEFAULT_FAMILY_SHAPE &&
    PLACES.every(
      (place) =>
        callIn(family, place, language) === defaultCallWord(language, kindIn(family, place)),
    )
  );
}

/**
 * The family after the shape is changed: a grown-up of a kind the new shape still has keeps their
 * name, look and call word (moving to where the shape wants them: mum and dad -> mum moves the mum
 * first); a new kind starts with the default look of its body, no name and the default word. A
 * place the new shape does not use keeps who it held.
 */
export function reshape(
  family: DraftFamily,
  shape: FamilyShape,
  language: BookLanguage,
): DraftFamily {
  const members = SHAPE_MEMBERS[shape];
  const pool = [0, 1];
  const take = (j: number) => pool.splice(pool.indexOf(j), 1)[0] as number;
  const chosen: (number | null)[] = members.map((kind, i) => {
    const same =
      pool.includes(i) && family.grownUps[i]?.kind === kind
        ? i
        : pool.find((j) => family.grownUps[j]?.kind === kind);
    return same === undefined ? null : take(same);
  });
  const grownUps: DraftGrownUp[] = [];
  for (let i = 0; i < 2; i++) {
    const kind = members[i];
    const from = chosen[i] ?? null;
    if (kind && from !== null) {
      grownUps.push(copyGrownUp(family.grownUps[from] as DraftGrownUp));
    } else if (kind) {
      // A new grown-up replaces one the shape no longer has.
      take(pool[0] as number);
      grownUps.push({ kind, call: null, name: '', look: defaultLook(kind) });
    } else {
      // A place the shape does not use keeps who is left.
      grownUps.push(copyGrownUp(family.grownUps[take(pool[0] as number)] as DraftGrownUp));
    }
  }
  const [first, second] = grownUps as [DraftGrownUp, DraftGrownUp];
  // A new second grown-up of the first's kind does not start as the first's twin.
  if (
    members.length === 2 &&
    members[0] === members[1] &&
    chosen[1] === null &&
    sameLook(first.look, second.look)
  )
    grownUps[1] = { ...second, look: secondLook(members[1]!) };
  const next: DraftFamily = { shape, grownUps: grownUps as DraftFamily['grownUps'] };
  // Two grown-ups are never called alike: a second who now shares the first's word gets a free one.
  if (hasSecond(shape) && callTaken(next, 'mum', language, callIn(next, 'mum', language))) {
    const taken = callIn(next, 'dad', language);
    const free =
      CALL_WORDS[language][next.grownUps[1].kind].find((word) => word !== taken) ?? CALL_BY_NAME;
    return withGrownUp(next, 'mum', { call: free });
  }
  return next;
}

function copyGrownUp(grownUp: DraftGrownUp): DraftGrownUp {
  return { ...grownUp, look: copyLook(grownUp.look) };
}

/** A family as the save carries it, as the book reads it (looks as `look`); undefined stays so. */
export function bookFamilyOf(payload: FamilyPayload | undefined): BookFamily | undefined {
  return (
    payload && {
      shape: payload.shape,
      grownUps: payload.grownUps.map((g) => ({
        kind: g.kind,
        name: g.name ?? null,
        call: g.call,
        look: g.personalization,
      })),
    }
  );
}

function sameLook(a: ParentCharacter, b: ParentCharacter): boolean {
  return a.hair === b.hair && a.eyes === b.eyes && a.skin === b.skin;
}

/**
 * The look a second mum or dad starts with: another hair style and colour than the default, so
 * the two are told apart in the pictures before the parent designs them.
 */
export function secondLook(kind: GrownUpKind): ParentCharacter {
  const look = defaultLook(kind);
  if (kind === 'mum') return { ...look, hair: 'mum_hair_03_RD' };
  if (kind === 'dad') return { ...look, hair: 'dad_hair_02_BR' };
  return look;
}

/** A look checked against the catalogue of a body (book's checkCharacters); null when it does not fit. */
export function checkLook(look: ParentCharacter, body: 'dad' | 'mum'): ParentCharacter | null {
  const checked = checkCharacters({ ...defaultCharacters('boy'), [body]: look }, 'boy');
  return checked.ok ? checked.value[body] : null;
}

/**
 * The grown-ups' looks in the story's two parts (book/family.ts CAST), as today's readers of the
 * dad and mum looks take them (a preview request without a family): each part's grown-up, with
 * the part's default look when their body is not the part's (a mum playing the dad's part).
 */
export function storyPartLooks(family: DraftFamily): {
  dad: ParentCharacter;
  mum: ParentCharacter;
} {
  const defaults = defaultCharacters('boy');
  const part = (role: 'dad' | 'mum') => {
    const grownUp = family.grownUps[CAST[family.shape][role]] ?? family.grownUps[0];
    return BODY_OF_KIND[grownUp.kind] === role ? copyLook(grownUp.look) : defaults[role];
  };
  return { dad: part('dad'), mum: part('mum') };
}
