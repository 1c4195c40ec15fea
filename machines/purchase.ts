import { assign, not, setup } from 'xstate';
import * as v from 'valibot';
import {
  defaultCharacters,
  setGender,
  toggleAccessory,
  characterSetToAssetNames,
  type Category,
  type CharacterSet,
  type ChildCharacter,
  type ParentCharacter,
} from '#book/catalogue.ts';
import { normalizeChildName } from '#book/grammar/name.ts';
import {
  assetProblem,
  checkCharacters,
  dedicationProblem,
  genderLabelOf,
  genderOf,
  isSingleChoice,
  nameProblem,
  normalizeParentName,
  type DedicationProblem,
} from '#book/personalization.ts';
import { dedicationSuggestions } from '#book/story/story-text.ts';
import { BOOK_LANGUAGES, type BookLanguage, type Gender } from '#book/types.ts';
import { toLanguage, type Language } from '#contract/markets.ts';
import {
  PRODUCT_ID,
  type ChildGender,
  type OrderItemDetail,
  type OrderableCover,
  type SavePayload,
} from '#contract/orders.ts';

/** The only book the shop sells today. */
// The book names live in the contract, so a route can check one without loading this machine.
import { BOOK_NAMES, type BookName } from '#contract/catalogue.ts';
export { BOOK_NAMES, type BookName };
export function isBookName(name: string): name is BookName {
  return (BOOK_NAMES as readonly string[]).includes(name);
}

/** The steps of the flow, in order. `cart` is where a saved book lands; delivery and payment follow later. */
export const FLOW_STEPS = ['child', 'dad', 'mum', 'dedication', 'preview', 'cover'] as const;
export type FlowStep = (typeof FLOW_STEPS)[number];
export type Destination = FlowStep | 'cart';
export type CharacterRole = 'child' | 'dad' | 'mum';

// ---------------------------------------------------------------------------------------------
// The personalisation draft (SPEC.md section 3)
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

export interface DraftParent {
  name: string;
  hair: string;
  eyes: string;
  skin: string;
  accessories: string[];
}

export interface PersonalizationDraft {
  orderItemId: string | null;
  charactersPersonalization: { child: DraftChild; femaleParent: DraftParent; maleParent: DraftParent };
  dedication: string | null;
  bookCover: OrderableCover | null;
  /**
   * The language the book is printed in (chosen on the product page, or the saved item's), which
   * may differ from the interface language. Absent in drafts stored before it was kept: the flow
   * then uses its own book language (the purchase machine fills it in when the draft is loaded).
   */
  bookLanguage?: BookLanguage;
}

function draftChildOf(name: string, child: ChildCharacter): DraftChild {
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

function draftParentOf(name: string, parent: ParentCharacter): DraftParent {
  return { name, hair: parent.hair, eyes: parent.eyes, skin: parent.skin, accessories: [...parent.accessories] };
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
export function parentCharacterOf(draft: PersonalizationDraft, role: 'dad' | 'mum'): ParentCharacter {
  const p = role === 'dad' ? draft.charactersPersonalization.maleParent : draft.charactersPersonalization.femaleParent;
  return { hair: p.hair, eyes: p.eyes, skin: p.skin, accessories: [...p.accessories] };
}

export function characterSetOf(draft: PersonalizationDraft): CharacterSet {
  return { child: childCharacterOf(draft), dad: parentCharacterOf(draft, 'dad'), mum: parentCharacterOf(draft, 'mum') };
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

function withName(draft: PersonalizationDraft, role: CharacterRole, name: string): PersonalizationDraft {
  const c = draft.charactersPersonalization;
  return {
    ...draft,
    charactersPersonalization: {
      child: role === 'child' ? { ...c.child, name } : c.child,
      maleParent: role === 'dad' ? { ...c.maleParent, name } : c.maleParent,
      femaleParent: role === 'mum' ? { ...c.femaleParent, name } : c.femaleParent,
    },
  };
}

/** A fresh draft: no names, the default characters (a boy), no dedication, no cover yet. */
export function defaultDraft(orderItemId: string | null = null, bookLanguage?: BookLanguage): PersonalizationDraft {
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

const DraftPersonSchema = v.object({
  name: v.optional(v.nullable(v.string()), ''),
  hair: v.string(),
  eyes: v.string(),
  skin: v.string(),
  accessories: v.array(v.string()),
});
const StoredDraftSchema = v.object({
  orderItemId: v.optional(v.nullable(v.string()), null),
  charactersPersonalization: v.object({
    child: v.object({
      ...DraftPersonSchema.entries,
      gender: v.picklist(['Boy', 'Girl']),
      formTShirt: v.string(),
      formShorts: v.string(),
      lashes: v.optional(v.nullable(v.string()), null),
    }),
    femaleParent: DraftPersonSchema,
    maleParent: DraftPersonSchema,
  }),
  dedication: v.optional(v.nullable(v.string()), null),
  bookCover: v.optional(v.nullable(v.picklist(['hardcover', 'softcover'])), null),
  // Optional (older drafts lack it); an unknown value is dropped rather than losing the characters.
  bookLanguage: v.fallback(v.optional(v.picklist(BOOK_LANGUAGES)), undefined),
});

/**
 * The draft from session storage. Anything that cannot be parsed (not JSON, a wrong shape, asset
 * names the catalogue does not know or that contradict each other) gives the default characters.
 */
export function parseDraft(stored: string | null, orderItemId: string | null = null): PersonalizationDraft {
  if (!stored) return defaultDraft(orderItemId);
  let json: unknown;
  try {
    json = JSON.parse(stored);
  } catch {
    return defaultDraft(orderItemId);
  }
  const parsed = v.safeParse(StoredDraftSchema, json);
  if (!parsed.success) return defaultDraft(orderItemId);
  const d = parsed.output;
  const c = d.charactersPersonalization;
  const resolved = checkCharacters(
    {
      child: { ...c.child, tshirt: c.child.formTShirt, shorts: c.child.formShorts },
      dad: c.maleParent,
      mum: c.femaleParent,
    },
    genderOf(c.child.gender),
  );
  if (!resolved.ok) return defaultDraft(orderItemId);
  return withCharacters(
    {
      orderItemId: d.orderItemId ?? orderItemId,
      charactersPersonalization: {
        child: { ...draftChildOf(c.child.name ?? '', resolved.value.child) },
        maleParent: draftParentOf(c.maleParent.name ?? '', resolved.value.dad),
        femaleParent: draftParentOf(c.femaleParent.name ?? '', resolved.value.mum),
      },
      dedication: d.dedication,
      bookCover: d.bookCover,
      ...(d.bookLanguage ? { bookLanguage: d.bookLanguage } : {}),
    },
    resolved.value,
  );
}

/** The draft of a saved item (GET /api/orderItems/{id}); null when its personalisation cannot be read. */
export function draftFromOrderItem(item: OrderItemDetail): PersonalizationDraft | null {
  const child = item.children[0];
  const dad = item.grownUps.find((g) => g.grownUpRole === 'dad');
  const mum = item.grownUps.find((g) => g.grownUpRole === 'mum');
  if (!child || !dad || !mum) return null;
  try {
    const cp = JSON.parse(child.personalization) as Record<string, unknown>;
    const dp = JSON.parse(dad.personalization) as Record<string, unknown>;
    const mp = JSON.parse(mum.personalization) as Record<string, unknown>;
    const stored = {
      orderItemId: item.id,
      charactersPersonalization: {
        child: { ...cp, name: child.name, gender: child.gender, formTShirt: cp.tshirt, formShorts: cp.shorts },
        maleParent: { ...dp, name: dad.name ?? '' },
        femaleParent: { ...mp, name: mum.name ?? '' },
      },
      dedication: item.customization.dedication,
      bookCover: item.customization.bookCoverType,
      bookLanguage: bookLanguageOf(item.language),
    };
    const draft = parseDraft(JSON.stringify(stored), item.id);
    // parseDraft falls back to the defaults; for a saved item that means it could not be read.
    return draft.charactersPersonalization.child.name === child.name ? draft : null;
  } catch {
    return null;
  }
}

/**
 * What the server receives for a save (SavePayload of contract/orders.ts): `country` is the shop
 * (interface) language the order belongs to, `language` the book's language.
 */
export function savePayloadOf(
  draft: PersonalizationDraft,
  options: { language: Language; orderId: string | null; requestId: string },
): SavePayload {
  const set = characterSetOf(draft);
  const c = draft.charactersPersonalization;
  return {
    country: options.language,
    language: toLanguage(bookLanguageOfDraft(draft, options.language)) ?? options.language,
    orderId: options.orderId,
    productId: PRODUCT_ID,
    dedication: draft.dedication ?? '',
    cover: draft.bookCover ?? 'hardcover',
    child: {
      name: normalizeChildName(c.child.name),
      gender: c.child.gender,
      personalization: {
        hair: set.child.hair,
        eyes: set.child.eyes,
        skin: set.child.skin,
        tshirt: set.child.tshirt,
        shorts: set.child.shorts,
        lashes: set.child.lashes,
        accessories: set.child.accessories,
      },
    },
    maleParent: { grownUpRole: 'dad', name: normalizeParentName(c.maleParent.name), personalization: set.dad },
    femaleParent: { grownUpRole: 'mum', name: normalizeParentName(c.femaleParent.name), personalization: set.mum },
    requestId: options.requestId,
  };
}

/**
 * The body of a preview request for one page (contract/preview.ts), in the book's language (the
 * interface language only for a draft that has none).
 */
export function previewRequestOf(draft: PersonalizationDraft, language: Language) {
  return {
    childName: normalizeChildName(draft.charactersPersonalization.child.name),
    personalizationDetails: characterSetToAssetNames(characterSetOf(draft)),
    language: bookLanguageOfDraft(draft, language),
    gender: genderOf(draft.charactersPersonalization.child.gender),
  };
}

// ---------------------------------------------------------------------------------------------
// The rules (SPEC.md sections 4 and 5)
// ---------------------------------------------------------------------------------------------

/** The book language that matches an interface language ('en-GB' -> 'en-gb'). */
export function bookLanguageOf(language: Language): BookLanguage {
  return language.toLowerCase() as BookLanguage;
}

/** The draft's book language; for a draft without one, the book matching the interface language. */
export function bookLanguageOfDraft(draft: PersonalizationDraft, interfaceLanguage: Language): BookLanguage {
  return draft.bookLanguage ?? bookLanguageOf(interfaceLanguage);
}

/**
 * The three suggestions for this child (name capitalised, in the right case). The dedication is
 * printed in the book, so they are in the book's language; `language` (the interface language)
 * only counts for a draft without a book language.
 */
export function suggestionsFor(draft: PersonalizationDraft, language: Language): [string, string, string] {
  const child = draft.charactersPersonalization.child;
  return dedicationSuggestions(bookLanguageOfDraft(draft, language), { name: child.name, gender: genderOf(child.gender) });
}

// ---------------------------------------------------------------------------------------------
// The machine
// ---------------------------------------------------------------------------------------------

export interface PurchaseInput {
  bookName: BookName;
  /** Set when an existing cart item is edited (/…/edit/{orderItemId}). */
  orderItemId: string | null;
  /** The interface language: the shop the order belongs to (its currency and cookie). */
  language: Language;
  /**
   * The book's language (the product page's choice). Defaults to the interface language's book.
   * A loaded draft that has its own (a saved item, a draft kept across a refresh) keeps it.
   */
  bookLanguage?: BookLanguage;
}

export interface PurchaseContext {
  bookName: BookName;
  /** Where the draft lives in session storage: the order item id when editing, else the book name. */
  draftKey: string;
  editing: boolean;
  language: Language;
  /** The book's language: previews, dedication suggestions and the saved item use it. */
  bookLanguage: BookLanguage;
  /** Carries `bookLanguage` too once loaded, so session storage keeps it across a refresh. */
  draft: PersonalizationDraft;
  /** The step a route asked for; the machine decides whether it may be shown. */
  requestedStep: FlowStep;
  /** Name errors show only after Next was pressed with a missing name. */
  showErrors: boolean;
  /** Why the dedication as typed was refused, or 'blank' after Continue with none. */
  dedicationNote: DedicationProblem | null;
  /** The id of the save in progress or last failed (reused on retry so the server saves once). */
  saveRequestId: string | null;
  saveError: boolean;
  /** The last save was refused because this client saved too often (HTTP 429): wait, then retry. */
  saveLimited: boolean;
}

export type PurchaseEvent =
  | { type: 'draft.loaded'; draft: PersonalizationDraft }
  | { type: 'draft.failed' }
  | { type: 'language.set'; language: Language }
  | { type: 'route.enter'; step: FlowStep }
  | { type: 'child.setName'; name: string }
  | { type: 'dad.setName'; name: string }
  | { type: 'mum.setName'; name: string }
  | { type: 'child.setGender'; gender: Gender }
  | { type: 'character.select'; role: CharacterRole; category: string; asset: string }
  | { type: 'character.toggleAccessory'; role: CharacterRole; asset: string }
  | { type: 'step.next' }
  | { type: 'step.back' }
  | { type: 'dedication.set'; text: string }
  | { type: 'preview.next' }
  | { type: 'cover.select'; cover: OrderableCover }
  | { type: 'cover.save'; requestId: string }
  | { type: 'save.done'; orderItemId: string }
  /** `limited`: the server refused the save for now (too many saves); anything else may be the connection. */
  | { type: 'save.failed'; limited?: boolean };

export interface SaveRequest {
  draft: PersonalizationDraft;
  language: Language;
  requestId: string;
  /** PUT to this item when set (editing, or a book already saved once), else POST. */
  orderItemId: string | null;
}

function changeChild(context: PurchaseContext, change: (child: ChildCharacter) => ChildCharacter) {
  const set = characterSetOf(context.draft);
  const draft = withCharacters(context.draft, { ...set, child: change(set.child) });
  return { draft: followSuggestion(context, draft) };
}

/**
 * A dedication that is still one of the suggestions, word for word, follows the child: when the
 * name or the gender changes (a rename in the cart's edit, a Boy/Girl switch, which changes the
 * Latvian endings), the same suggestion is written for the child as they are now. A dedication the
 * parent wrote or changed is kept as it is.
 */
function followSuggestion(context: PurchaseContext, draft: PersonalizationDraft): PersonalizationDraft {
  const text = context.draft.dedication;
  if (text === null) return draft;
  const index = suggestionsFor(context.draft, context.language).indexOf(text);
  if (index === -1) return draft;
  return { ...draft, dedication: suggestionsFor(draft, context.language)[index] ?? text };
}

const persist = {
  type: 'persistDraft',
  params: ({ context }: { context: PurchaseContext }) => ({ key: context.draftKey, draft: context.draft }),
} as const;

const goTo = (step: Destination) => ({ type: 'navigate', params: { step, replace: false } }) as const;
const redirectTo = (step: FlowStep) => ({ type: 'navigate', params: { step, replace: true } }) as const;

/**
 * The purchase flow: child -> dad -> mum -> dedication -> preview -> cover -> (saving) -> cart.
 * Delivery and payment come with the checkout issue after `cart`.
 *
 * Effects are named actions provided by src/: `persistDraft({ key, draft })` writes session
 * storage, `clearDraft({ key })` removes it, `saveOrder(SaveRequest)` calls the orders API and
 * answers `save.done` / `save.failed`, `navigate({ step, replace })` moves the router. A route
 * entered directly sends `route.enter`; the machine shows that step or redirects to the first
 * step that is still missing.
 */
export const purchaseMachine = setup({
  types: {
    context: {} as PurchaseContext,
    events: {} as PurchaseEvent,
    input: {} as PurchaseInput,
  },
  actions: {
    persistDraft: (_, _params: { key: string; draft: PersonalizationDraft }) => {},
    clearDraft: (_, _params: { key: string }) => {},
    saveOrder: (_, _params: SaveRequest) => {},
    navigate: (_, _params: { step: Destination; replace: boolean }) => {},

    /** The loaded draft's book language wins (a saved item's, a refreshed draft's); else the flow's. */
    loadDraft: assign(({ context, event }) => {
      if (event.type !== 'draft.loaded') return {};
      const bookLanguage = event.draft.bookLanguage ?? context.bookLanguage;
      return { draft: { ...event.draft, bookLanguage }, bookLanguage };
    }),
    /** The interface language only: the book keeps the language it was started in. */
    setLanguage: assign(({ event }) => (event.type === 'language.set' ? { language: event.language } : {})),
    requestStep: assign(({ event }) => (event.type === 'route.enter' ? { requestedStep: event.step } : {})),
    setName: assign(({ context, event }) => {
      const role: CharacterRole | null =
        event.type === 'child.setName' ? 'child' : event.type === 'dad.setName' ? 'dad' : event.type === 'mum.setName' ? 'mum' : null;
      if (!role || !('name' in event)) return {};
      const draft = withName(context.draft, role, event.name);
      return { draft: role === 'child' ? followSuggestion(context, draft) : draft };
    }),
    dressAsGirl: assign(({ context }) => changeChild(context, (child) => setGender(child, 'girl'))),
    dressAsBoy: assign(({ context }) => changeChild(context, (child) => setGender(child, 'boy'))),
    selectOption: assign(({ context, event }) => {
      if (event.type !== 'character.select') return {};
      const set = characterSetOf(context.draft);
      const key = event.category as keyof ChildCharacter & keyof ParentCharacter;
      const next: CharacterSet =
        event.role === 'child'
          ? { ...set, child: { ...set.child, [key]: event.asset } }
          : { ...set, [event.role]: { ...set[event.role], [key]: event.asset } };
      return { draft: withCharacters(context.draft, next) };
    }),
    /** book's toggleAccessory: switching on one glasses switches the other off. */
    toggleTheAccessory: assign(({ context, event }) => {
      if (event.type !== 'character.toggleAccessory') return {};
      const set = characterSetOf(context.draft);
      const accessories = toggleAccessory(event.role, set[event.role].accessories, event.asset);
      const next: CharacterSet = { ...set, [event.role]: { ...set[event.role], accessories } };
      return { draft: withCharacters(context.draft, next) };
    }),
    showErrors: assign({ showErrors: true }),
    hideErrors: assign({ showErrors: false }),
    suggestDedication: assign(({ context }) => {
      if (context.draft.dedication !== null) return {};
      return { draft: { ...context.draft, dedication: suggestionsFor(context.draft, context.language)[0] } };
    }),
    setDedication: assign(({ context, event }) => {
      if (event.type !== 'dedication.set') return {};
      return { draft: { ...context.draft, dedication: event.text }, dedicationNote: null };
    }),
    refuseDedication: assign(({ event }) => {
      if (event.type !== 'dedication.set') return {};
      return { dedicationNote: dedicationProblem(event.text, { required: false }) };
    }),
    noteBlankDedication: assign({ dedicationNote: 'blank' as const }),
    clearDedicationNote: assign({ dedicationNote: null }),
    defaultCover: assign(({ context }) =>
      context.draft.bookCover ? {} : { draft: { ...context.draft, bookCover: 'hardcover' as const } },
    ),
    selectCover: assign(({ context, event }) => {
      if (event.type !== 'cover.select') return {};
      return { draft: { ...context.draft, bookCover: event.cover }, saveError: false, saveLimited: false };
    }),
    /**
     * One request id from the first save until the server confirms it: a save whose answer was
     * lost may have stored the book, so saving again (even after further changes) must name the
     * same request, which the server answers with that book, updated to the latest choices.
     */
    startSave: assign(({ context, event }) => {
      if (event.type !== 'cover.save') return {};
      return { saveRequestId: context.saveRequestId ?? event.requestId, saveError: false, saveLimited: false };
    }),
    markSaved: assign(({ context, event }) => {
      if (event.type !== 'save.done') return {};
      return { draft: { ...context.draft, orderItemId: event.orderItemId }, saveRequestId: null };
    }),
    markSaveFailed: assign(({ event }) => ({
      saveError: true,
      saveLimited: event.type === 'save.failed' && event.limited === true,
    })),
  },
  guards: {
    childNamed: ({ context }) => nameProblem('child', context.draft.charactersPersonalization.child.name) === null,
    dadNamed: ({ context }) => nameProblem('dad', context.draft.charactersPersonalization.maleParent.name) === null,
    mumNamed: ({ context }) => nameProblem('mum', context.draft.charactersPersonalization.femaleParent.name) === null,
    /** Non-blank, at most 10 lines (blank lines count) and within the character bound. */
    dedicationFilled: ({ context }) => {
      const text = context.draft.dedication;
      return text !== null && dedicationProblem(text, { required: true }) === null;
    },
    /** Typing or pasting past 10 lines (or the character bound) is refused. */
    dedicationFits: ({ event }) =>
      event.type === 'dedication.set' && dedicationProblem(event.text, { required: false }) === null,
    choosesGirl: ({ event }) => event.type === 'child.setGender' && event.gender === 'girl',
    choosesBoy: ({ event }) => event.type === 'child.setGender' && event.gender === 'boy',
    /** The option exists for this role and category (and a child's hair fits the child's gender). */
    optionFits: ({ context, event }, params: { role: CharacterRole }) => {
      if (event.type !== 'character.select' || event.role !== params.role) return false;
      const category = event.category as Category;
      if (!isSingleChoice(category)) return false;
      const gender = params.role === 'child' ? genderOf(context.draft.charactersPersonalization.child.gender) : undefined;
      return assetProblem(event.asset, params.role, category, gender) === null;
    },
    /** The accessory belongs to this role (one glasses at a time is book's toggleAccessory). */
    accessoryFits: ({ event }, params: { role: CharacterRole }) =>
      event.type === 'character.toggleAccessory' &&
      event.role === params.role &&
      assetProblem(event.asset, params.role, 'accessories') === null,
    requests: ({ context }, params: { step: FlowStep }) => context.requestedStep === params.step,
    editing: ({ context }) => context.editing,
  },
}).createMachine({
  id: 'purchase',
  context: ({ input }) => ({
    bookName: input.bookName,
    draftKey: input.orderItemId ?? input.bookName,
    editing: input.orderItemId !== null,
    language: input.language,
    bookLanguage: input.bookLanguage ?? bookLanguageOf(input.language),
    draft: defaultDraft(input.orderItemId, input.bookLanguage ?? bookLanguageOf(input.language)),
    requestedStep: 'child',
    showErrors: false,
    dedicationNote: null,
    saveRequestId: null,
    saveError: false,
    saveLimited: false,
  }),
  initial: 'loading',
  on: {
    'language.set': { actions: 'setLanguage' },
    'route.enter': { target: '.entering', actions: 'requestStep' },
  },
  states: {
    loading: {
      on: {
        'route.enter': { actions: 'requestStep' },
        'draft.loaded': { target: 'entering', actions: 'loadDraft' },
        'draft.failed': { target: 'unavailable' },
      },
    },
    /** A saved item that could not be loaded: the route shows why and links to the cart. */
    unavailable: {
      on: { 'route.enter': { actions: 'requestStep' } },
    },
    /** Decides which step a route that was entered directly may show. */
    entering: {
      always: [
        { guard: { type: 'requests', params: { step: 'child' } }, target: 'child' },
        { guard: not('childNamed'), target: 'child', actions: redirectTo('child') },
        { guard: { type: 'requests', params: { step: 'dad' } }, target: 'dad' },
        { guard: not('dadNamed'), target: 'dad', actions: redirectTo('dad') },
        { guard: { type: 'requests', params: { step: 'mum' } }, target: 'mum' },
        { guard: not('mumNamed'), target: 'mum', actions: redirectTo('mum') },
        { guard: { type: 'requests', params: { step: 'dedication' } }, target: 'dedication' },
        { guard: not('dedicationFilled'), target: 'dedication', actions: redirectTo('dedication') },
        { guard: { type: 'requests', params: { step: 'preview' } }, target: 'preview' },
        { target: 'cover' },
      ],
    },
    child: {
      entry: 'hideErrors',
      exit: 'hideErrors',
      on: {
        'child.setName': { actions: ['setName', persist] },
        'child.setGender': [
          { guard: 'choosesGirl', actions: ['dressAsGirl', persist] },
          { guard: 'choosesBoy', actions: ['dressAsBoy', persist] },
        ],
        'character.select': { guard: { type: 'optionFits', params: { role: 'child' } }, actions: ['selectOption', persist] },
        'character.toggleAccessory': {
          guard: { type: 'accessoryFits', params: { role: 'child' } },
          actions: ['toggleTheAccessory', persist],
        },
        'step.next': [{ guard: 'childNamed', target: 'dad', actions: goTo('dad') }, { actions: 'showErrors' }],
      },
    },
    dad: {
      entry: 'hideErrors',
      exit: 'hideErrors',
      on: {
        'dad.setName': { actions: ['setName', persist] },
        'character.select': { guard: { type: 'optionFits', params: { role: 'dad' } }, actions: ['selectOption', persist] },
        'character.toggleAccessory': {
          guard: { type: 'accessoryFits', params: { role: 'dad' } },
          actions: ['toggleTheAccessory', persist],
        },
        'step.next': [{ guard: 'dadNamed', target: 'mum', actions: goTo('mum') }, { actions: 'showErrors' }],
        'step.back': { target: 'child', actions: goTo('child') },
      },
    },
    mum: {
      entry: 'hideErrors',
      exit: 'hideErrors',
      on: {
        'mum.setName': { actions: ['setName', persist] },
        'character.select': { guard: { type: 'optionFits', params: { role: 'mum' } }, actions: ['selectOption', persist] },
        'character.toggleAccessory': {
          guard: { type: 'accessoryFits', params: { role: 'mum' } },
          actions: ['toggleTheAccessory', persist],
        },
        'step.next': [{ guard: 'mumNamed', target: 'dedication', actions: goTo('dedication') }, { actions: 'showErrors' }],
        'step.back': { target: 'dad', actions: goTo('dad') },
      },
    },
    dedication: {
      entry: ['suggestDedication', 'clearDedicationNote', persist],
      exit: 'clearDedicationNote',
      on: {
        'dedication.set': [
          { guard: 'dedicationFits', actions: ['setDedication', persist] },
          { actions: 'refuseDedication' },
        ],
        'step.next': [
          { guard: 'dedicationFilled', target: 'preview', actions: goTo('preview') },
          { actions: 'noteBlankDedication' },
        ],
        'step.back': { target: 'mum', actions: goTo('mum') },
      },
    },
    preview: {
      on: {
        // SPEC: Return and Next both lead to cover choice.
        'preview.next': { target: 'cover', actions: goTo('cover') },
        'step.back': { target: 'dedication', actions: goTo('dedication') },
      },
    },
    cover: {
      entry: ['defaultCover', persist],
      on: {
        'cover.select': { actions: ['selectCover', persist] },
        'cover.save': { target: 'saving', actions: 'startSave' },
        'step.back': { target: 'preview', actions: goTo('preview') },
      },
    },
    saving: {
      entry: {
        type: 'saveOrder',
        params: ({ context }) => ({
          draft: context.draft,
          language: context.language,
          requestId: context.saveRequestId ?? '',
          orderItemId: context.draft.orderItemId,
        }),
      },
      on: {
        // The user stays on the cover step while saving: a second click or a route event changes nothing.
        'route.enter': { actions: 'requestStep' },
        'save.done': {
          target: 'cart',
          actions: ['markSaved', { type: 'clearDraft', params: ({ context }) => ({ key: context.draftKey }) }, goTo('cart')],
        },
        'save.failed': { target: 'cover', actions: 'markSaveFailed' },
      },
    },
    /** The book is in the cart. Delivery and payment (the checkout issue) continue from here. */
    cart: {
      on: { 'route.enter': { actions: 'requestStep' } },
    },
  },
});

/** Moving to a step from the route; the route for each step is src/'s business. */
export function stepOfState(value: unknown): FlowStep | null {
  return typeof value === 'string' && (FLOW_STEPS as readonly string[]).includes(value) ? (value as FlowStep) : null;
}
