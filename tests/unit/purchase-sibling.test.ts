import { describe, expect, it } from 'vitest';
import { parseDraft } from '#machines/draft-storage.ts';
import { createActor } from 'xstate';
import { purchaseMachine } from '#machines/purchase.ts';
import { siblingDraft } from '#machines/purchase-payload.ts';
import {
  defaultDraft,
  withCall,
  withName,
  withOption,
  withShape,
  type PersonalizationDraft,
} from '#machines/purchase-draft.ts';

/** The first book in the cart: Ella with two mums, Ilze ('mamma') and Laura (by her name). */
function firstBook(): PersonalizationDraft {
  let draft = withShape(defaultDraft(null, 'lv'), 'mum-mum', 'lv');
  draft = withName(draft, 'child', 'Ella', 'lv');
  draft = withName(draft, 'dad', 'Ilze', 'lv');
  draft = withName(draft, 'mum', 'Laura', 'lv');
  draft = withOption(draft, 'mum', 'hair', 'mum_hair_01_BC');
  draft = withCall(draft, 'mum', 'name', 'lv');
  return { ...draft, dedication: 'Ellai', bookCover: 'hardcover', orderItemId: 'item-of-ella' };
}

function run(draft: PersonalizationDraft) {
  const navigations: string[] = [];
  const actor = createActor(
    purchaseMachine.provide({
      actions: { navigate: (_, { step }) => void navigations.push(String(step)) },
    }),
    { input: { bookName: 'football_story', orderItemId: null, language: 'lv' } },
  );
  actor.start();
  actor.send({ type: 'draft.loaded', draft });
  actor.send({ type: 'route.enter', step: 'child' });
  return { actor, navigations };
}

describe("a sibling's book keeps the first book's family", () => {
  it('copies the grown-ups (shape, looks, names, call words) and leaves the child, dedication and cover blank', () => {
    const first = firstBook();
    const sibling = siblingDraft(first);
    expect(sibling.family).toEqual(first.family);
    expect(sibling.family.grownUps[1]).toMatchObject({
      name: 'Laura',
      look: { hair: 'mum_hair_01_BC' },
    });
    expect(sibling.child).toEqual(defaultDraft(null, 'lv').child);
    expect(sibling).toMatchObject({
      orderItemId: null,
      dedication: null,
      bookCover: null,
      bookLanguage: 'lv',
      familyKept: true,
    });
    // Kept across a refresh (session storage).
    expect(parseDraft(JSON.stringify(sibling))).toEqual(sibling);
  });

  it('needs only the child step before the dedication', () => {
    const { actor, navigations } = run(siblingDraft(firstBook()));
    expect(actor.getSnapshot().value).toBe('child');
    actor.send({ type: 'step.next' });
    expect(actor.getSnapshot().value).toBe('child'); // the new child has no name yet
    actor.send({ type: 'child.setName', name: 'Toms' });
    actor.send({ type: 'step.next' });
    expect(actor.getSnapshot().value).toBe('dedication');
    expect(navigations.at(-1)).toBe('dedication');
    const draft = actor.getSnapshot().context.draft;
    expect(draft.family?.shape).toBe('mum-mum');
    expect(draft.child.name).toBe('Toms');
    expect(draft.family.grownUps[0].name).toBe('Ilze');
  });

  it('a fresh book still walks the grown-ups steps', () => {
    const { actor } = run(defaultDraft(null, 'lv'));
    actor.send({ type: 'child.setName', name: 'Toms' });
    actor.send({ type: 'step.next' });
    expect(actor.getSnapshot().value).toBe('dad');
  });
});
