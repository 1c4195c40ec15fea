// The purchase flow as a machine: which step may be shown, what each step's events change in the
// draft (purchase-draft.ts), when the draft is stored, saved and where the router goes next.

import { and, assign, not, or, setup } from 'xstate';
import { dedicationProblem } from '#book/personalization.ts';
import type {
  Destination,
  FlowStep,
  PurchaseContext,
  PurchaseEvent,
  PurchaseInput,
  SaveRequest,
} from './purchase-events.ts';
import {
  bookLanguageOf,
  defaultDraft,
  suggestionsFor,
  withAccessoryToggled,
  withGender,
  withName,
  withOption,
  withShape,
  withCall,
  withSecondMet,
  type CharacterRole,
  type PersonalizationDraft,
} from './purchase-draft.ts';
import { purchaseGuards } from './purchase-guards.ts';

export type {
  Destination,
  FlowStep,
  PurchaseEvent,
  PurchaseInput,
  SaveRequest,
} from './purchase-events.ts';

const persist = {
  type: 'persistDraft',
  params: ({ context }: { context: PurchaseContext }) => ({
    key: context.draftKey,
    draft: context.draft,
  }),
} as const;

const goTo = (step: Destination) =>
  ({ type: 'navigate', params: { step, replace: false } }) as const;
const redirectTo = (step: FlowStep) =>
  ({ type: 'navigate', params: { step, replace: true } }) as const;

/** What every character step answers besides its name: choosing an option and toggling an accessory of its role. */
const characterChoices = (role: CharacterRole) =>
  ({
    'character.select': {
      guard: { type: 'optionFits', params: { role } },
      actions: ['selectOption', persist],
    },
    'character.toggleAccessory': {
      guard: { type: 'accessoryFits', params: { role } },
      actions: ['toggleTheAccessory', persist],
    },
  }) as const;

/** What each grown-up step answers: its name, its call word, its look. */
const grownUpChoices = (place: 'dad' | 'mum') =>
  ({
    [`${place}.setName`]: { actions: ['setName', persist] },
    [`${place}.setCall`]: {
      guard: { type: 'callFits', params: { place } },
      actions: ['setCall', persist],
    },
    ...characterChoices(place),
  }) as const;

/**
 * The purchase flow: child -> dad -> mum -> dedication -> preview -> cover -> (saving) -> cart.
 * The child's step also asks who is in the book (the family's shape; why there and not on a step
 * of its own: a parent who keeps today's mum and dad walks exactly today's steps). The 'dad' and
 * 'mum' steps are the family's first and second grown-up (purchase-family.ts); a family of one
 * skips the second.
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
    setLanguage: assign(({ event }) =>
      event.type === 'language.set' ? { language: event.language } : {},
    ),
    requestStep: assign(({ event }) =>
      event.type === 'route.enter' ? { requestedStep: event.step } : {},
    ),
    setName: assign(({ context, event }) => {
      const role: CharacterRole | null =
        event.type === 'child.setName'
          ? 'child'
          : event.type === 'dad.setName'
            ? 'dad'
            : event.type === 'mum.setName'
              ? 'mum'
              : null;
      if (!role || !('name' in event)) return {};
      return { draft: withName(context.draft, role, event.name, context.language) };
    }),
    setShape: assign(({ context, event }) =>
      event.type === 'family.setShape'
        ? { draft: withShape(context.draft, event.shape, context.bookLanguage) }
        : {},
    ),
    meetSecond: assign(({ context }) => ({
      draft: withSecondMet(context.draft, context.bookLanguage),
    })),
    setCall: assign(({ context, event }) => {
      if (event.type !== 'dad.setCall' && event.type !== 'mum.setCall') return {};
      return {
        draft: withCall(
          context.draft,
          event.type === 'dad.setCall' ? 'dad' : 'mum',
          event.call,
          context.bookLanguage,
        ),
      };
    }),
    dressAsGirl: assign(({ context }) => ({
      draft: withGender(context.draft, 'girl', context.language),
    })),
    dressAsBoy: assign(({ context }) => ({
      draft: withGender(context.draft, 'boy', context.language),
    })),
    selectOption: assign(({ context, event }) =>
      event.type === 'character.select'
        ? { draft: withOption(context.draft, event.role, event.category, event.asset) }
        : {},
    ),
    /** book's toggleAccessory: switching on one glasses switches the other off. */
    toggleTheAccessory: assign(({ context, event }) =>
      event.type === 'character.toggleAccessory'
        ? { draft: withAccessoryToggled(context.draft, event.role, event.asset) }
        : {},
    ),
    showErrors: assign({ showErrors: true }),
    hideErrors: assign({ showErrors: false }),
    suggestDedication: assign(({ context }) => {
      if (context.draft.dedication !== null) return {};
      return {
        draft: { ...context.draft, dedication: suggestionsFor(context.draft, context.language)[0] },
      };
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
      context.draft.bookCover
        ? {}
        : { draft: { ...context.draft, bookCover: 'hardcover' as const } },
    ),
    selectCover: assign(({ context, event }) => {
      if (event.type !== 'cover.select') return {};
      return {
        draft: {
          ...context.draft,
          bookCover: event.cover,
          ...(event.cover !== 'digital' && event.withPdf === true
            ? { withPdf: true }
            : { withPdf: undefined }),
        },
        saveError: false,
        saveLimited: false,
        saveFull: false,
      };
    }),
    /**
     * One request id from the first save until the server confirms it: a save whose answer was
     * lost may have stored the book, so saving again (even after further changes) must name the
     * same request, which the server answers with that book, updated to the latest choices.
     */
    startSave: assign(({ context, event }) => {
      if (event.type !== 'cover.save') return {};
      return {
        saveRequestId: context.saveRequestId ?? event.requestId,
        saveError: false,
        saveLimited: false,
        saveFull: false,
      };
    }),
    markSaved: assign(({ context, event }) => {
      if (event.type !== 'save.done') return {};
      return { draft: { ...context.draft, orderItemId: event.orderItemId }, saveRequestId: null };
    }),
    markSaveFailed: assign(({ event }) => ({
      saveError: true,
      saveLimited: event.type === 'save.failed' && event.limited === true,
      saveFull: event.type === 'save.failed' && event.full === true,
      saveRefusal: (event.type === 'save.failed' && event.refusal) || null,
    })),
    /** A change of a paid book is saved from the preview (the same content saved twice changes nothing). */
    startChange: assign(() => ({
      saveError: false,
      saveLimited: false,
      saveFull: false,
      saveRefusal: null,
    })),
  },
  guards: purchaseGuards,
}).createMachine({
  id: 'purchase',
  context: ({ input }) => ({
    bookName: input.bookName,
    draftKey: input.changeKey ?? input.orderItemId ?? input.bookName,
    editing: input.orderItemId !== null || input.changeKey !== undefined,
    changing: input.changeKey !== undefined,
    language: input.language,
    bookLanguage: input.bookLanguage ?? bookLanguageOf(input.language),
    draft: defaultDraft(input.orderItemId, input.bookLanguage ?? bookLanguageOf(input.language)),
    requestedStep: 'child',
    showErrors: false,
    dedicationNote: null,
    saveRequestId: null,
    saveError: false,
    saveLimited: false,
    saveFull: false,
    saveRefusal: null,
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
        // A family of one has no second grown-up: its step shows the first.
        {
          guard: and([{ type: 'requests', params: { step: 'mum' as const } }, not('twoGrownUps')]),
          target: 'dad',
          actions: redirectTo('dad'),
        },
        { guard: { type: 'requests', params: { step: 'mum' } }, target: 'mum' },
        { guard: and(['twoGrownUps', not('mumNamed')]), target: 'mum', actions: redirectTo('mum') },
        { guard: { type: 'requests', params: { step: 'dedication' } }, target: 'dedication' },
        { guard: not('dedicationFilled'), target: 'dedication', actions: redirectTo('dedication') },
        { guard: { type: 'requests', params: { step: 'preview' } }, target: 'preview' },
        // A paid book's change has no cover step: its cover is the one paid for.
        { guard: 'changing', target: 'preview', actions: redirectTo('preview') },
        { target: 'cover' },
      ],
    },
    child: {
      entry: 'hideErrors',
      exit: 'hideErrors',
      on: {
        'child.setName': { actions: ['setName', persist] },
        'family.setShape': { actions: ['setShape', persist] },
        'child.setGender': [
          { guard: 'choosesGirl', actions: ['dressAsGirl', persist] },
          { guard: 'choosesBoy', actions: ['dressAsBoy', persist] },
        ],
        ...characterChoices('child'),
        'step.next': [
          // A sibling's book keeps the first book's grown-ups: only the child is new.
          {
            guard: and([
              'childNamed',
              'familyKept',
              'dadNamed',
              or([not('twoGrownUps'), 'mumNamed']),
            ]),
            target: 'dedication',
            actions: goTo('dedication'),
          },
          { guard: 'childNamed', target: 'dad', actions: goTo('dad') },
          { actions: 'showErrors' },
        ],
      },
    },
    dad: {
      entry: 'hideErrors',
      exit: 'hideErrors',
      on: {
        ...grownUpChoices('dad'),
        'step.next': [
          { guard: and(['dadNamed', 'twoGrownUps']), target: 'mum', actions: goTo('mum') },
          { guard: 'dadNamed', target: 'dedication', actions: goTo('dedication') },
          { actions: 'showErrors' },
        ],
        'step.back': { target: 'child', actions: goTo('child') },
      },
    },
    mum: {
      // the second grown-up exists once her step is reached: her word is hers from now on
      entry: ['hideErrors', 'meetSecond', persist],
      exit: 'hideErrors',
      on: {
        ...grownUpChoices('mum'),
        'step.next': [
          { guard: 'mumNamed', target: 'dedication', actions: goTo('dedication') },
          { actions: 'showErrors' },
        ],
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
        'step.back': [
          { guard: 'twoGrownUps', target: 'mum', actions: goTo('mum') },
          { target: 'dad', actions: goTo('dad') },
        ],
      },
    },
    preview: {
      on: {
        // SPEC: Return and Next both lead to cover choice; a paid book's change is saved here.
        'preview.next': [
          { guard: 'changing', target: 'saving', actions: 'startChange' },
          { target: 'cover', actions: goTo('cover') },
        ],
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
          actions: [
            'markSaved',
            { type: 'clearDraft', params: ({ context }) => ({ key: context.draftKey }) },
            goTo('cart'),
          ],
        },
        'save.failed': [
          { guard: 'changing', target: 'preview', actions: 'markSaveFailed' },
          { target: 'cover', actions: 'markSaveFailed' },
        ],
      },
    },
    /** The book is in the cart. Delivery and payment (the checkout issue) continue from here. */
    cart: {
      on: { 'route.enter': { actions: 'requestStep' } },
    },
  },
});
