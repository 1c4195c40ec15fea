// The personalisation draft (docs/product-rules.md section 3) in the one model (issue #45): the
// child and the family's grown-ups as session storage keeps them, and their conversions to the
// book's characters, to the save payload's family and to a preview request (draft-storage.ts reads
// a draft back from storage). Pure: the purchase machine (purchase.ts) holds a draft in its context
// and changes it with these.

import type { CharacterSet, ChildCharacter, ParentCharacter } from '#book/catalogue.ts';
import {
  characterSetToAssetNames,
  defaultCharacters,
  setGender,
  toggleAccessory,
} from '#book/character-set.ts';
import { normalizeChildName } from '#book/grammar/name.ts';
import { genderLabelOf, genderOf, normalizeParentName } from '#book/personalization.ts';
import { dedicationSuggestions } from '#book/story/dedications.ts';
import type { BookLanguage, Gender, Role } from '#book/types.ts';
import type { FamilyShape } from '#book/family.ts';
import type { FamilyPayload } from '#contract/family.ts';
import type { Language } from '#contract/markets.ts';
import type { ChildGender, OrderableCover } from '#contract/orders.ts';
import {
  bodyIn,
  bookFamilyOf,
  callIn,
  copyLook,
  defaultFamily,
  grownUpIn,
  withGrownUp,
  withSecondCall,
  isDefaultFamily,
  placesOf,
  reshape,
  storyPartLooks,
  type DraftFamily,
  type GrownUpPlace,
} from './purchase-family.ts';

export type CharacterRole = Role;

// ---------------------------------------------------------------------------------------------
// The personalisation draft (docs/product-rules.md section 3)
// ---------------------------------------------------------------------------------------------

export interface DraftChild {
  name: string;
  gender: ChildGender;
  hair: string;
  eyes: string;
  skin: string;
  formTShirt: string;
  formShorts: string;
  accessories: string[];
  lashes: string | null;
}

export interface PersonalizationDraft {
  orderItemId: string | null;
  /** The child (SPEC.md section 3's names: formTShirt, formShorts, lashes for a girl). */
  child: DraftChild;
  /** Who is in the book: the shape and its grown-ups (purchase-family.ts). */
  family: DraftFamily;
  dedication: string | null;
  bookCover: OrderableCover | null;
  /** A printed cover with the digital PDF too ('printed + PDF'); absent: no. */
  withPdf?: boolean;
  /**
   * The language the book is printed in (chosen on the product page, or the saved item's), which
   * may differ from the interface language. Absent in drafts stored before it was kept: the flow
   * then uses its own book language (the purchase machine fills it in when the draft is loaded).
   */
  bookLanguage?: BookLanguage;
  /**
   * A sibling's book started from the family of a book already in the cart (issue #33): the
   * grown-ups are kept, so the child's step leads straight to the dedication.
   */
  familyKept?: boolean;
}

/** The draft's family. */
export function familyOfDraft(draft: PersonalizationDraft): DraftFamily {
  return draft.family;
}

export function draftChildOf(name: string, child: ChildCharacter): DraftChild {
  return {
    name,
    gender: genderLabelOf(child.gender),
    hair: child.hair,
    eyes: child.eyes,
    skin: child.skin,
    formTShirt: child.tshirt,
    formShorts: child.shorts,
    accessories: [...child.accessories],
    lashes: child.lashes,
  };
}

/** The child as the book draws it. */
export function childCharacterOf(draft: PersonalizationDraft): ChildCharacter {
  const c = draft.child;
  return {
    gender: genderOf(c.gender),
    hair: c.hair,
    eyes: c.eyes,
    skin: c.skin,
    tshirt: c.formTShirt,
    shorts: c.formShorts,
    lashes: c.lashes,
    accessories: [...c.accessories],
  };
}

/** The grown-up in a place as the book draws them. */
export function parentCharacterOf(
  draft: PersonalizationDraft,
  place: GrownUpPlace,
): ParentCharacter {
  return copyLook(grownUpIn(draft.family, place).look);
}

/** The child and the two grown-ups' looks, by place ('dad': the first, 'mum': the second). */
export function characterSetOf(draft: PersonalizationDraft): CharacterSet {
  return {
    child: childCharacterOf(draft),
    dad: parentCharacterOf(draft, 'dad'),
    mum: parentCharacterOf(draft, 'mum'),
  };
}

export function nameOf(draft: PersonalizationDraft, role: CharacterRole): string {
  return role === 'child' ? draft.child.name : grownUpIn(draft.family, role).name;
}

function withCharacters(draft: PersonalizationDraft, set: CharacterSet): PersonalizationDraft {
  const [first, second] = draft.family.grownUps;
  return {
    ...draft,
    child: draftChildOf(draft.child.name, set.child),
    family: {
      ...draft.family,
      grownUps: [
        { ...first, look: copyLook(set.dad) },
        { ...second, look: copyLook(set.mum) },
      ],
    },
  };
}

/** The draft with a new name; for the child, a dedication that is still a suggestion follows. */
export function withName(
  draft: PersonalizationDraft,
  role: CharacterRole,
  name: string,
  language: Language,
): PersonalizationDraft {
  const next: PersonalizationDraft =
    role === 'child'
      ? { ...draft, child: { ...draft.child, name } }
      : { ...draft, family: withGrownUp(draft.family, role, { name }) };
  return role === 'child' ? followSuggestion(draft, next, language) : next;
}

/** The child dressed as a girl or a boy (book's setGender); a suggested dedication follows. */
export function withGender(
  draft: PersonalizationDraft,
  gender: Gender,
  language: Language,
): PersonalizationDraft {
  const set = characterSetOf(draft);
  return followSuggestion(
    draft,
    withCharacters(draft, { ...set, child: setGender(set.child, gender) }),
    language,
  );
}

/** One single-choice option chosen (the machine's optionFits guard has checked it fits). */
export function withOption(
  draft: PersonalizationDraft,
  role: CharacterRole,
  category: string,
  asset: string,
): PersonalizationDraft {
  const set = characterSetOf(draft);
  const key = category as keyof ChildCharacter & keyof ParentCharacter;
  const next: CharacterSet =
    role === 'child'
      ? { ...set, child: { ...set.child, [key]: asset } }
      : { ...set, [role]: { ...set[role], [key]: asset } };
  return withCharacters(draft, next);
}

/** An accessory switched on or off (book's toggleAccessory: one pair of glasses at a time). */
export function withAccessoryToggled(
  draft: PersonalizationDraft,
  role: CharacterRole,
  asset: string,
): PersonalizationDraft {
  const set = characterSetOf(draft);
  const catalogue = role === 'child' ? 'child' : bodyIn(familyOfDraft(draft), role);
  const accessories = toggleAccessory(catalogue, set[role].accessories, asset);
  return withCharacters(draft, { ...set, [role]: { ...set[role], accessories } });
}

/**
 * The draft with another family shape (purchase-family.ts reshape: grown-ups the new shape still
 * has keep their looks, names and words).
 */
export function withShape(
  draft: PersonalizationDraft,
  shape: FamilyShape,
  language: BookLanguage,
): PersonalizationDraft {
  return followSuggestion(
    draft,
    { ...draft, family: reshape(draft.family, shape, language) },
    language,
  );
}

/** The draft with what the child calls the grown-up in a place (the machine's guard has checked the word). */
export function withCall(
  draft: PersonalizationDraft,
  place: GrownUpPlace,
  call: string,
  language: BookLanguage,
): PersonalizationDraft {
  return followSuggestion(
    draft,
    { ...draft, family: withGrownUp(draft.family, place, { call }) },
    language,
  );
}

/**
 * The draft once the second grown-up's step is reached: her word is hers from then on
 * (purchase-family.ts withSecondCall), so the first grown-up's step shows it as taken.
 */
export function withSecondMet(
  draft: PersonalizationDraft,
  language: BookLanguage,
): PersonalizationDraft {
  const family = familyOfDraft(draft);
  const met = withSecondCall(family, language);
  return met === family ? draft : { ...draft, family: met };
}

/**
 * A dedication that is still one of the suggestions, word for word, follows the child and the
 * family: when the name or the gender changes (a rename in the cart's edit, a Boy/Girl switch,
 * which changes the Latvian endings), or who is in the book or what they are called, the same
 * suggestion is written as they are now. A dedication the parent wrote or changed is kept.
 */
function followSuggestion(
  before: PersonalizationDraft,
  after: PersonalizationDraft,
  language: Language | BookLanguage,
): PersonalizationDraft {
  const text = before.dedication;
  if (text === null) return after;
  const index = suggestionsFor(before, language).indexOf(text);
  if (index === -1) return after;
  return { ...after, dedication: suggestionsFor(after, language)[index] ?? text };
}

/** A fresh draft: no names, the default characters (a boy, a dad and a mum), no dedication, no cover yet. */
export function defaultDraft(
  orderItemId: string | null = null,
  bookLanguage?: BookLanguage,
): PersonalizationDraft {
  return {
    orderItemId,
    ...(bookLanguage ? { bookLanguage } : {}),
    child: draftChildOf('', defaultCharacters('boy').child),
    family: defaultFamily(),
    dedication: null,
    bookCover: null,
  };
}

/**
 * The body of a preview request for one page (contract/preview.ts), in the book's language (the
 * interface language only for a draft that has none).
 */
export function previewRequestOf(draft: PersonalizationDraft, language: Language) {
  const bookLanguage = bookLanguageOfDraft(draft, language);
  const family = familyPayloadOf(draft, bookLanguage);
  return {
    childName: normalizeChildName(draft.child.name),
    personalizationDetails: characterSetToAssetNames(previewCharactersOf(draft)),
    language: bookLanguage,
    gender: genderOf(draft.child.gender),
    // Who is in the book, as the save sends it: none for today's mum and dad with the default
    // words, so their preview requests (and images) stay as they were.
    ...(family ? { family } : {}),
  };
}

/**
 * The family as the save payload carries it (contract/family.ts): the grown-ups the shape has, in
 * its order, with their kinds, names, words and looks.
 */
export function familyOf(draft: PersonalizationDraft, language: BookLanguage): FamilyPayload {
  const family = familyOfDraft(draft);
  return {
    shape: family.shape,
    grownUps: placesOf(family.shape).map((place) => {
      const grownUp = grownUpIn(family, place);
      return {
        kind: grownUp.kind,
        name: normalizeParentName(grownUp.name),
        call: callIn(family, place, language),
        personalization: copyLook(grownUp.look),
      };
    }),
  };
}

/**
 * The family as a preview request carries it: undefined for today's mum-and-dad book with the
 * default words, whose requests (and images) stay as they were; familyOf for any other.
 */
export function familyPayloadOf(
  draft: PersonalizationDraft,
  language: BookLanguage,
): FamilyPayload | undefined {
  return isDefaultFamily(familyOfDraft(draft), language) ? undefined : familyOf(draft, language);
}

/** The characters a preview draws: the child and the grown-ups in the story's two parts. */
function previewCharactersOf(draft: PersonalizationDraft): CharacterSet {
  return { child: childCharacterOf(draft), ...storyPartLooks(familyOfDraft(draft)) };
}

// ---- The book's language and the dedication suggestions ---------------------------------------

/** The book language that matches an interface language ('en-GB' -> 'en-gb'). */
export function bookLanguageOf(language: Language | BookLanguage): BookLanguage {
  return language.toLowerCase() as BookLanguage;
}

/** The draft's book language; for a draft without one, the book matching the interface language. */
export function bookLanguageOfDraft(
  draft: PersonalizationDraft,
  interfaceLanguage: Language | BookLanguage,
): BookLanguage {
  return draft.bookLanguage ?? bookLanguageOf(interfaceLanguage);
}

/**
 * The three suggestions for this child (name capitalised, in the right case), signed by the book's
 * grown-ups as the child calls them (today's words for mum and dad). The dedication is printed in
 * the book, so they are in the book's language; `language` (the interface language) only counts
 * for a draft without a book language.
 */
export function suggestionsFor(
  draft: PersonalizationDraft,
  language: Language | BookLanguage,
): [string, string, string] {
  const child = draft.child;
  const book = bookLanguageOfDraft(draft, language);
  const family = bookFamilyOf(familyPayloadOf(draft, book));
  return dedicationSuggestions(book, { name: child.name, gender: genderOf(child.gender) }, family);
}
