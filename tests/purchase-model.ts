// The purchase model shared by its three walks: against the bare machine
// (tests/machines/purchase.test.ts), through the builder's screens in jsdom
// (tests/unit/purchase-flow.model.test.tsx) and in the browser (e2e/builder.spec.ts).
// One definition of the parent's moves per screen and of what tells states apart; a walk picks
// how much of it to cover: the machine walk every move, the screen walk what a parent does on the
// screens, the browser walk the forward path, a missing name and the typed dedication.
import type { createTestModel } from 'xstate/graph';
import type {
  FlowStep,
  PurchaseEvent,
  PurchaseInput,
  purchaseMachine,
} from '#machines/purchase.ts';
import { defaultDraft, type PersonalizationDraft } from '#machines/purchase-draft.ts';

export type Traversal = NonNullable<Parameters<typeof createTestModel<typeof purchaseMachine>>[1]>;
export type Snapshot = Parameters<NonNullable<Traversal['serializeState']>>[0];
export type Walk = 'machine' | 'screen' | 'browser';

export const STEPS: FlowStep[] = ['child', 'dad', 'mum', 'dedication', 'preview', 'cover'];
export const INPUT: PurchaseInput = {
  bookName: 'football_story',
  orderItemId: null,
  language: 'en-GB',
};
/** The parent's own dedication (a line break typed with Enter). */
export const ELLA_DEDICATION = 'For Ella,\nwho never gives up.';
/** An 11-line text, pasted over the dedication: refused as a whole. */
export const ELEVEN_LINES = Array.from({ length: 11 }, (_, i) => `line ${i + 1}`).join('\n');
/** Ten lines, eight of them blank: still a dedication. */
export const TEN_LINES_WITH_BLANKS = [
  'Dear Ella,',
  '',
  '',
  '',
  '',
  '',
  '',
  '',
  '',
  'Love, Mum',
].join('\n');
export const REQUEST_ID = '6f1c2b9e-1d2a-4c3b-8e4f-0a1b2c3d4e5f';
export const SAVED_ITEM_ID = 'x'.repeat(24);

/** A draft a parent left in session storage on an earlier visit: everything filled in. */
export const STORED: PersonalizationDraft = (() => {
  const draft = defaultDraft();
  draft.child.name = 'Ella';
  draft.family.grownUps[0].name = 'Jānis';
  draft.family.grownUps[1].name = 'Anna';
  draft.dedication = 'For Ella, who never gives up.';
  draft.bookCover = 'softcover';
  return draft;
})();

/** The dedication as the parent left it: none yet, the default suggestion, their own words, blanked out. */
export function dedicationKind(text: string | null): 'none' | 'suggested' | 'typed' | 'blank' {
  if (text === null) return 'none';
  if (text === ELLA_DEDICATION) return 'typed';
  return text.trim() === '' ? 'blank' : 'suggested';
}

/**
 * The parent's moves on each screen. The machine walk also enters every step directly, loads a
 * stored draft or none, types blank names, switches Girl/Boy and both glasses, and saves twice.
 * The screen walk has Next without a name, Back, a blank and an 11-line dedication (the latter
 * only over the suggestion, so the cover and save paths are not doubled) and a failing save. The
 * browser walk goes forward, with Next pressed before each name is typed on the child's screen.
 */
export function purchaseEvents(walk: Walk): (snapshot: Snapshot) => PurchaseEvent[] {
  const machine = walk === 'machine';
  const screen = walk === 'screen';
  const enter = machine ? STEPS.map((step) => ({ type: 'route.enter', step }) as const) : [];
  const back = walk === 'browser' ? [] : [{ type: 'step.back' } as const];
  return (snapshot) => {
    switch (snapshot.value) {
      case 'loading':
        if (!machine) return [{ type: 'draft.loaded', draft: defaultDraft() }];
        return [
          { type: 'route.enter', step: 'cover' },
          { type: 'draft.loaded', draft: defaultDraft() },
          { type: 'draft.loaded', draft: STORED },
          { type: 'draft.failed' },
        ];
      case 'child':
        if (!machine) return [{ type: 'step.next' }, { type: 'child.setName', name: 'ella' }];
        return [
          ...enter,
          { type: 'child.setName', name: 'ella' },
          { type: 'child.setName', name: '   ' },
          { type: 'child.setGender', gender: 'girl' },
          { type: 'child.setGender', gender: 'boy' },
          { type: 'character.toggleAccessory', role: 'child', asset: 'kid_acc_glasses_rect' },
          { type: 'character.toggleAccessory', role: 'child', asset: 'kid_acc_glasses_round' },
          { type: 'step.next' },
        ];
      case 'dad':
      case 'mum': {
        const setName =
          snapshot.value === 'dad'
            ? ({ type: 'dad.setName', name: 'Jānis' } as const)
            : ({ type: 'mum.setName', name: 'Anna' } as const);
        if (machine)
          return [...enter, setName, { ...setName, name: '' }, { type: 'step.next' }, ...back];
        return screen
          ? [{ type: 'step.next' }, setName, ...back]
          : [setName, { type: 'step.next' }];
      }
      case 'dedication': {
        if (machine) {
          return [
            ...enter,
            { type: 'dedication.set', text: ' \n ' },
            { type: 'dedication.set', text: ELEVEN_LINES },
            { type: 'dedication.set', text: TEN_LINES_WITH_BLANKS },
            { type: 'step.next' },
            ...back,
          ];
        }
        if (!screen)
          return [{ type: 'dedication.set', text: ELLA_DEDICATION }, { type: 'step.next' }];
        // Forward from the dedication goes with the parent's own words (Continue on the default
        // suggestion is tests/unit/dedication-screen.test.tsx's).
        const suggested = dedicationKind(snapshot.context.draft.dedication) === 'suggested';
        return [
          { type: 'dedication.set', text: '   ' },
          { type: 'dedication.set', text: ELLA_DEDICATION },
          suggested ? { type: 'dedication.set', text: ELEVEN_LINES } : { type: 'step.next' },
          ...back,
        ];
      }
      case 'preview':
        return [...enter, { type: 'preview.next' }, ...(machine ? back : [])];
      case 'cover':
        return [
          ...enter,
          { type: 'cover.select', cover: 'softcover' },
          { type: 'cover.save', requestId: REQUEST_ID },
          ...back,
        ];
      case 'saving':
        if (machine)
          return [
            { type: 'cover.save', requestId: '00000000-0000-4000-8000-000000000000' },
            { type: 'save.done', orderItemId: SAVED_ITEM_ID },
            { type: 'save.failed' },
          ];
        return screen
          ? [{ type: 'save.failed' }, { type: 'save.done', orderItemId: SAVED_ITEM_ID }]
          : [{ type: 'save.done', orderItemId: SAVED_ITEM_ID }];
      default:
        return [];
    }
  };
}

/**
 * What tells states apart for a parent: the screen, which names are filled in, the dedication, the
 * cover, the errors and notes shown. The machine walk also tells apart the child's gender and
 * glasses (on the child's screen) and a save error anywhere; the screens show the cover only on the
 * cover, saving and cart screens (elsewhere only whether it was chosen) and the save error on the
 * cover screen.
 */
export function purchaseState(walk: Walk): (snapshot: Snapshot) => string {
  return (snapshot) => {
    const screenName = String(snapshot.value);
    const { draft, showErrors, dedicationNote, saveError } = snapshot.context;
    const c = draft;
    const [first, second] = draft.family.grownUps;
    const names = [c.child.name.trim() !== '', first.name !== '', second.name !== ''];
    if (walk === 'machine') {
      const inChild = screenName === 'child';
      const dedication =
        draft.dedication === null ? null : draft.dedication.trim() === '' ? 'blank' : 'filled';
      return JSON.stringify([
        screenName,
        ...names,
        inChild ? c.child.gender : null,
        inChild ? c.child.accessories : null,
        dedication,
        draft.bookCover,
        showErrors,
        dedicationNote,
        saveError,
      ]);
    }
    const coverShown = screenName === 'cover' || screenName === 'saving' || screenName === 'cart';
    return JSON.stringify([
      screenName,
      ...names,
      dedicationKind(draft.dedication),
      showErrors,
      dedicationNote,
      coverShown ? draft.bookCover : draft.bookCover !== null,
      screenName === 'cover' && saveError,
    ]);
  };
}

/** The traversal of a walk (pass it to getShortestPaths too: some xstate builds read it only there). */
export function purchaseTraversal(walk: Walk, input: PurchaseInput = INPUT): Traversal {
  return { input, events: purchaseEvents(walk), serializeState: purchaseState(walk) };
}
