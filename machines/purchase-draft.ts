// The personalisation draft (docs/product-rules.md section 3): the parent's choices as session storage keeps
// them, and their conversions to the book's characters, to the save payload and to a preview
// request (draft-storage.ts reads a draft back from storage). Pure: the purchase machine
// (purchase.ts) holds a draft in its context and changes it with these.

import { type CharacterSet, type ChildCharacter, type ParentCharacter } from '#book/catalogue.ts';
import {
  characterSetToAssetNames,
  defaultCharacters,
  setGender,
  toggleAccessory,
} from '#book/character-set.ts';
import { normalizeChildName } from '#book/grammar/name.ts';
import { genderLabelOf, genderOf, normalizeParentName } from '#book/personalization.ts';
import { dedicationSuggestions } from '#book/story/story-text.ts';
import { type BookLanguage, type Gender, type Role } from '#book/types.ts';
import type { FamilyShape } from '#book/family.ts';
import type { FamilyPayload } from '#contract/family.ts';
import type { Language } from '#contract/markets.ts';
import { type ChildGender, type OrderableCover } from '#contract/orders.ts';
import {
  DEFAULT_FAMILY,
  bodyIn,
  bookFamilyOf,
  callIn,
  withSecondCall,
  indexOfPlace,
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

interface DraftChild {
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

interface DraftParent {
  name: string;
  hair: string;
  eyes: string;
  skin: string;
  accessories: string[];
}

export interface PersonalizationDraft {
  orderItemId: string | null;
  charactersPersonalization: {
    child: DraftChild;
    femaleParent: DraftParent;
    maleParent: DraftParent;
  };
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
   * Who is in the book (purchase-family.ts: maleParent holds the first grown-up, femaleParent the
   * second). Absent in drafts stored before families: today's mum and dad with the default words.
   */
  family?: DraftFamily;
  /**
   * A sibling's book started from the family of a book already in the cart (issue #33): the
   * grown-ups are kept, so the child's step leads straight to the dedication.
   */
  familyKept?: boolean;
}

/** The draft's family (today's mum and dad for a draft without one). */
export function familyOfDraft(draft: PersonalizationDraft): DraftFamily {
  return draft.family ?? DEFAULT_FAMILY;
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

export function draftParentOf(name: string, parent: ParentCharacter): DraftParent {
  return {
    name,
    hair: parent.hair,
    eyes: parent.eyes,
    skin: parent.skin,
    accessories: [...parent.accessories],
  };
}

/** The child as the book draws it. */
export function childCharacterOf(draft: PersonalizationDraft): ChildCharacter {
  const c = draft.charactersPersonalization.child;
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

/** A parent as the book draws them. */
export function parentCharacterOf(
  draft: PersonalizationDraft,
  role: 'dad' | 'mum',
): ParentCharacter {
  const p =
    role === 'dad'
      ? draft.charactersPersonalization.maleParent
      : draft.charactersPersonalization.femaleParent;
  return { hair: p.hair, eyes: p.eyes, skin: p.skin, accessories: [...p.accessories] };
}

export function characterSetOf(draft: PersonalizationDraft): CharacterSet {
  return {
    child: childCharacterOf(draft),
    dad: parentCharacterOf(draft, 'dad'),
    mum: parentCharacterOf(draft, 'mum'),
  };
}

export function nameOf(draft: PersonalizationDraft, role: CharacterRole): string {
  const c = draft.charactersPersonalization;
  return role === 'child' ? c.child.name : role === 'dad' ? c.maleParent.name : c.femaleParent.name;
}

function withCharacters(draft: PersonalizationDraft, set: CharacterSet): PersonalizationDraft {
  const c = draft.charactersPersonalization;
  return {
    ...draft,
    charactersPersonalization: {
      child: draftChildOf(c.child.name, set.child),
      maleParent: draftParentOf(c.maleParent.name, set.dad),
      femaleParent: draftParentOf(c.femaleParent.name, set.mum),
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
  const c = draft.charactersPersonalization;
  const next = {
    ...draft,
    charactersPersonalization: {
      child: role === 'child' ? { ...c.child, name } : c.child,
      maleParent: role === 'dad' ? { ...c.maleParent, name } : c.maleParent,
      femaleParent: role === 'mum' ? { ...c.femaleParent, name } : c.femaleParent,
    },
  };
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
  const c = draft.charactersPersonalization;
  const person = (p: DraftParent) => ({
    name: p.name,
    look: { hair: p.hair, eyes: p.eyes, skin: p.skin, accessories: [...p.accessories] },
  });
  const { family, people } = reshape(
    familyOfDraft(draft),
    [person(c.maleParent), person(c.femaleParent)],
    shape,
    language,
  );
  return followSuggestion(
    draft,
    {
      ...draft,
      family,
      charactersPersonalization: {
        ...c,
        maleParent: draftParentOf(people[0].name, people[0].look),
        femaleParent: draftParentOf(people[1].name, people[1].look),
      },
    },
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
  const family = familyOfDraft(draft);
  const places = [...family.places] as DraftFamily['places'];
  places[indexOfPlace(place)] = { ...places[indexOfPlace(place)], call };
  return followSuggestion(draft, { ...draft, family: { ...family, places } }, language);
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

/** A fresh draft: no names, the default characters (a boy), no dedication, no cover yet. */
export function defaultDraft(
  orderItemId: string | null = null,
  bookLanguage?: BookLanguage,
): PersonalizationDraft {
  return withCharacters(
    {
      orderItemId,
      ...(bookLanguage ? { bookLanguage } : {}),
      charactersPersonalization: {
        child: draftChildOf('', defaultCharacters('boy').child),
        maleParent: draftParentOf('', defaultCharacters('boy').dad),
        femaleParent: draftParentOf('', defaultCharacters('boy').mum),
      },
      dedication: null,
      bookCover: null,
    },
    defaultCharacters('boy'),
  );
}

/**
 * The body of a preview request for one page (contract/preview.ts), in the book's language (the
 * interface language only for a draft that has none).
 */
export function previewRequestOf(draft: PersonalizationDraft, language: Language) {
  const bookLanguage = bookLanguageOfDraft(draft, language);
  const family = familyPayloadOf(draft, bookLanguage);
  return {
    childName: normalizeChildName(draft.charactersPersonalization.child.name),
    personalizationDetails: characterSetToAssetNames(previewCharactersOf(draft)),
    language: bookLanguage,
    gender: genderOf(draft.charactersPersonalization.child.gender),
    // Who is in the book, as the save sends it: none for today's mum and dad with the default
    // words, so their preview requests (and images) stay as they were.
    ...(family ? { family } : {}),
  };
}

/**
 * The family as the save payload and the preview requests carry it (contract/family.ts): the
 * grown-ups in the shape's order with their kinds, names, words and looks; undefined for today's
 * mum-and-dad book with the default words.
 */
export function familyPayloadOf(
  draft: PersonalizationDraft,
  language: BookLanguage,
): FamilyPayload | undefined {
  const family = familyOfDraft(draft);
  if (isDefaultFamily(family, language)) return undefined;
  const set = characterSetOf(draft);
  return {
    shape: family.shape,
    grownUps: placesOf(family.shape).map((place) => ({
      kind: family.places[indexOfPlace(place)].kind,
      name: normalizeParentName(nameOf(draft, place)),
      call: callIn(family, place, language),
      personalization: set[place],
    })),
  };
}

/** The characters a preview draws: the child and the grown-ups in the story's two parts. */
function previewCharactersOf(draft: PersonalizationDraft): CharacterSet {
  const set = characterSetOf(draft);
  return { child: set.child, ...storyPartLooks(familyOfDraft(draft), [set.dad, set.mum]) };
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
  const child = draft.charactersPersonalization.child;
  const book = bookLanguageOfDraft(draft, language);
  const family = bookFamilyOf(familyPayloadOf(draft, book));
  return dedicationSuggestions(book, { name: child.name, gender: genderOf(child.gender) }, family);
}
