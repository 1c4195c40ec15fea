// Who is in the book (issue #33) in the personalisation draft: the family's shape, and for each of
// the draft's two grown-up places what that grown-up is to the child and what the child calls
// them. Pure: purchase-draft.ts and the purchase machine read and change the draft with these.
//
// The draft's grown-up places keep today's names so stored drafts and today's flow stay as they
// are: `dad` (maleParent, the /personalizeDad step) holds the family's first grown-up and `mum`
// (femaleParent, /personalizeMum) its second, in book/family.ts SHAPE_MEMBERS order. In a
// mum-and-dad book that is the dad and the mum, exactly as before; in a two-mums book both places
// hold a mum; a book with one grown-up uses the first place only (the second keeps what it held,
// so switching back restores it).

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

export interface DraftPlace {
  /** What the grown-up in this place is to the child (for an unused place: what it last held). */
  kind: GrownUpKind;
  /** A word of CALL_WORDS for the kind and the book's language, 'name', or null for the default word. */
  call: string | null;
}

export interface DraftFamily {
  shape: FamilyShape;
  places: [DraftPlace, DraftPlace];
}

/** Today's book: a dad and a mum, called by the default words. */
export const DEFAULT_FAMILY: DraftFamily = {
  shape: DEFAULT_FAMILY_SHAPE,
  places: [
    { kind: 'dad', call: null },
    { kind: 'mum', call: null },
  ],
};

export const StoredFamilySchema = v.object({
  shape: v.picklist(FAMILY_SHAPES),
  places: v.tuple([
    v.object({ kind: v.picklist(GROWN_UP_KINDS), call: v.nullable(v.string()) }),
    v.object({ kind: v.picklist(GROWN_UP_KINDS), call: v.nullable(v.string()) }),
  ]),
});

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
  return family.places[indexOfPlace(place)].kind;
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
  const own = family.places[index].call;
  if (own !== null) return own;
  const kind = kindIn(family, place);
  const fallback =
    defaultCallWords(language, family.shape)[index] ?? defaultCallWord(language, kind);
  if (!hasSecond(family.shape)) return fallback;
  const other = place === 'mum' ? callIn(family, 'dad', language) : family.places[1].call;
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
  const other = place === 'mum' ? callIn(family, 'dad', language) : family.places[1].call;
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
  if (!hasSecond(family.shape) || family.places[1].call !== null) return family;
  return {
    ...family,
    places: [family.places[0], { ...family.places[1], call: callIn(family, 'mum', language) }],
  };
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

/** A person in a place: name and look, moved with the place when the shape changes. */
export interface PlacedPerson {
  name: string;
  look: ParentCharacter;
}

/**
 * The family and its two people after the shape is changed: a grown-up of a kind the new shape
 * still has keeps their place's person and call word (moving to where the shape wants them: mum
 * and dad -> mum moves the mum first); a new kind starts with the default look of its body, no
 * name and the default word. A place the new shape does not use keeps what it held.
 */
export function reshape(
  family: DraftFamily,
  people: [PlacedPerson, PlacedPerson],
  shape: FamilyShape,
  language: BookLanguage,
): { family: DraftFamily; people: [PlacedPerson, PlacedPerson] } {
  const members = SHAPE_MEMBERS[shape];
  const pool = [0, 1];
  const take = (j: number) => pool.splice(pool.indexOf(j), 1)[0] as number;
  const chosen: (number | null)[] = members.map((kind, i) => {
    const same =
      pool.includes(i) && family.places[i]?.kind === kind
        ? i
        : pool.find((j) => family.places[j]?.kind === kind);
    return same === undefined ? null : take(same);
  });
  const places: DraftPlace[] = [];
  const moved: PlacedPerson[] = [];
  for (let i = 0; i < 2; i++) {
    const kind = members[i];
    const from = chosen[i] ?? null;
    if (kind && from !== null) {
      places.push({ ...(family.places[from] as DraftPlace) });
      moved.push(people[from] as PlacedPerson);
    } else if (kind) {
      // A new grown-up replaces one the shape no longer has.
      take(pool[0] as number);
      places.push({ kind, call: null });
      moved.push({ name: '', look: defaultLook(kind) });
    } else {
      // A place the shape does not use keeps what is left.
      const j = take(pool[0] as number);
      places.push({ ...(family.places[j] as DraftPlace) });
      moved.push(people[j] as PlacedPerson);
    }
  }
  // A new second grown-up of the first's kind does not start as the first's twin.
  if (
    members.length === 2 &&
    members[0] === members[1] &&
    chosen[1] === null &&
    sameLook(moved[0]!.look, moved[1]!.look)
  )
    moved[1] = { ...moved[1]!, look: secondLook(members[1]!) };
  const next: DraftFamily = { shape, places: places as [DraftPlace, DraftPlace] };
  // Two grown-ups are never called alike: a second who now shares the first's word gets a free one.
  if (hasSecond(shape) && callTaken(next, 'mum', language, callIn(next, 'mum', language))) {
    const first = callIn(next, 'dad', language);
    const free =
      CALL_WORDS[language][next.places[1].kind].find((word) => word !== first) ?? CALL_BY_NAME;
    next.places[1] = { ...next.places[1], call: free };
  }
  return { family: next, people: moved as [PlacedPerson, PlacedPerson] };
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
 * The grown-ups in the story's two parts (book/family.ts CAST), as today's readers of the dad and
 * mum looks take them (a preview request without a family): each part's grown-up, with the part's
 * default look when their body is not the part's (a mum playing the dad's part).
 */
export function storyPartLooks(
  family: DraftFamily,
  looks: [ParentCharacter, ParentCharacter],
): { dad: ParentCharacter; mum: ParentCharacter } {
  const defaults = defaultCharacters('boy');
  const part = (role: 'dad' | 'mum') => {
    const index = CAST[family.shape][role];
    const kind = family.places[index]?.kind ?? role;
    return BODY_OF_KIND[kind] === role ? (looks[index] as ParentCharacter) : defaults[role];
  };
  return { dad: part('dad'), mum: part('mum') };
}
