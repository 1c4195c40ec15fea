// Who is in the book (issue #33) through the purchase machine, model-based: every family shape
// chosen on the child's step, then its grown-up steps (one or two), names and call words, Back,
// a direct visit of the second grown-up's step, and the save. What is expected is written from
// the issue and book/family.ts independently of the machine: the steps a shape has, the payload
// (always the family, in the one model: mum and dad with the default words too).
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { createTestModel } from 'xstate/graph';
import {
  CALL_WORDS,
  FAMILY_SHAPES,
  SHAPE_MEMBERS,
  checkBookFamily,
  type FamilyShape,
} from '#book/family.ts';
import {
  purchaseMachine,
  type PurchaseEvent,
  type PurchaseInput,
  type SaveRequest,
} from '#machines/purchase.ts';
import { defaultDraft } from '#machines/purchase-draft.ts';
import { draftFromOrderItem, savePayloadOf } from '#machines/purchase-payload.ts';
import { familyOfDraft } from '#machines/purchase-draft.ts';
import { callIn, takenCalls } from '#machines/purchase-family.ts';

const INPUT: PurchaseInput = {
  bookName: 'football_story',
  orderItemId: null,
  language: 'en-GB',
  bookLanguage: 'lv',
};
const REQUEST_ID = '6f1c2b9e-1d2a-4c3b-8e4f-0a1b2c3d4e5f';
const NAMES = { dad: 'Ilze', mum: 'Jānis' } as const;
/** A word other than the default for the grown-up in a place: the kind's last word. */
const lastWord = (shape: FamilyShape, index: number) =>
  CALL_WORDS.lv[SHAPE_MEMBERS[shape][index]!].at(-1)!;

type Snapshot = ReturnType<ReturnType<typeof createActor<typeof purchaseMachine>>['getSnapshot']>;

function events(snapshot: Snapshot): PurchaseEvent[] {
  const shape = snapshot.context.draft.family.shape;
  switch (snapshot.value) {
    case 'loading':
      return [{ type: 'draft.loaded', draft: defaultDraft() }];
    case 'child':
      return [
        { type: 'child.setName', name: 'Ella' },
        ...FAMILY_SHAPES.map((s) => ({ type: 'family.setShape', shape: s }) as const),
        { type: 'step.next' },
        { type: 'route.enter', step: 'mum' },
      ];
    case 'dad':
    case 'mum': {
      const place = snapshot.value;
      const index = place === 'dad' ? 0 : 1;
      return [
        { type: `${place}.setName`, name: NAMES[place] },
        { type: `${place}.setCall`, call: lastWord(shape, index) },
        // A word of another kind is refused.
        { type: `${place}.setCall`, call: 'Grandad' },
        { type: 'step.next' },
        { type: 'step.back' },
        { type: 'route.enter', step: 'mum' },
      ];
    }
    case 'dedication':
      return [
        { type: 'dedication.set', text: 'Ellai' },
        { type: 'step.next' },
        { type: 'step.back' },
      ];
    case 'preview':
      return [{ type: 'preview.next' }];
    case 'cover':
      return [{ type: 'cover.save', requestId: REQUEST_ID }];
    default:
      return [];
  }
}

function serialize(snapshot: Snapshot): string {
  const { draft, showErrors } = snapshot.context;
  const { shape, grownUps } = draft.family;
  return JSON.stringify([
    snapshot.value,
    shape,
    grownUps.map(({ kind, call }) => ({ kind, call })),
    draft.child.name,
    grownUps[0].name,
    grownUps[1].name,
    draft.dedication,
    showErrors,
  ]);
}

const traversal = { input: INPUT, events, serializeState: serialize };
const model = createTestModel(purchaseMachine, traversal);
const paths = model.getShortestPaths(traversal);

function run() {
  const saves: SaveRequest[] = [];
  const navigations: string[] = [];
  const actor = createActor(
    purchaseMachine.provide({
      actions: {
        saveOrder: (_, request) => void saves.push(request),
        navigate: (_, { step, replace }) =>
          void navigations.push(replace ? `${step} (replace)` : step),
      },
    }),
    { input: INPUT },
  ).start();
  return { actor, saves, navigations };
}

describe('purchase machine: every family shape (model-based)', () => {
  it('walks every shape to the save', () => {
    const saved = new Set(
      paths
        .filter((p) => p.state.value === 'saving')
        .map((p) => p.state.context.draft.family.shape),
    );
    expect([...saved].sort()).toEqual([...FAMILY_SHAPES].sort());
  });

  for (const path of paths) {
    const last = path.steps.at(-1)!;
    const shapeAtEnd = last.state.context.draft.family.shape;
    it(`${path.steps.map((s) => s.event.type.replace('xstate.init', 'start') + ('shape' in s.event ? `(${String(s.event.shape)})` : '')).join(' → ')} [${shapeAtEnd}]`, () => {
      const { actor, saves, navigations } = run();
      for (const step of path.steps.slice(1)) {
        const before = actor.getSnapshot();
        const navigated = navigations.length;
        actor.send(step.event as PurchaseEvent);
        const after = actor.getSnapshot();
        const family = after.context.draft.family;
        const shape = family.shape;
        const two = SHAPE_MEMBERS[shape].length === 2;
        // A family of one never shows the second grown-up's step, and nothing navigates there.
        if (!two) {
          expect(after.value).not.toBe('mum');
          expect(navigations.slice(navigated).filter((n) => n.startsWith('mum'))).toEqual([]);
        }
        // Next from the first grown-up goes to the second, or (one grown-up) to the dedication.
        if (before.value === 'dad' && step.event.type === 'step.next' && after.value !== 'dad') {
          expect(after.value).toBe(two ? 'mum' : 'dedication');
        }
        // Back from the dedication goes to the last grown-up of the shape.
        if (before.value === 'dedication' && step.event.type === 'step.back') {
          expect(after.value).toBe(two ? 'mum' : 'dad');
        }
        // A direct visit of the second grown-up's step in a family of one shows the first.
        if (step.event.type === 'route.enter' && !two && before.value !== 'loading') {
          expect(after.value === 'dad' || after.value === 'child').toBe(true);
        }
        // The grown-ups' kinds follow the shape; a word of another kind is never taken.
        SHAPE_MEMBERS[shape].forEach((kind, i) => {
          expect(family.grownUps[i]!.kind).toBe(kind);
          const call = family.grownUps[i]!.call;
          if (call !== null) expect([...CALL_WORDS.lv[kind], 'name']).toContain(call);
        });
      }
      for (const save of saves) {
        const payload = savePayloadOf(save.draft, {
          language: save.language,
          orderId: null,
          requestId: save.requestId,
        });
        const shape = save.draft.family.shape;
        // The one model: the family, never the seed's two parents.
        expect(Object.keys(payload).filter((key) => key.endsWith('Parent'))).toEqual([]);
        if (shape === 'mum-dad' && save.draft.family.grownUps.every((g) => g.call === null)) {
          // Today's book: a dad and a mum called by the book language's first words.
          expect(payload.family?.grownUps.map((g) => g.call)).toEqual([
            CALL_WORDS.lv.dad[0],
            CALL_WORDS.lv.mum[0],
          ]);
        }
        expect(payload.family?.shape).toBe(shape);
        expect(payload.family?.grownUps.map((g) => g.kind)).toEqual(SHAPE_MEMBERS[shape]);
        // The book's own check accepts what the builder sends.
        const check = checkBookFamily(
          {
            shape,
            grownUps: payload.family!.grownUps.map((g) => ({
              kind: g.kind,
              name: g.name ?? null,
              call: g.call,
              look: g.personalization,
            })),
          },
          'lv',
        );
        expect(check.ok, JSON.stringify(check)).toBe(true);
      }
      actor.stop();
    });
  }
});

describe('a family read back from a saved item', () => {
  it.each(FAMILY_SHAPES)(
    '%s: the item read gives the same draft family and the same payload',
    (shape) => {
      const { actor, saves } = run();
      actor.send({ type: 'draft.loaded', draft: defaultDraft() });
      actor.send({ type: 'child.setName', name: 'Ella' });
      actor.send({ type: 'family.setShape', shape });
      actor.send({ type: 'step.next' });
      actor.send({ type: 'dad.setName', name: 'Ilze' });
      actor.send({ type: 'dad.setCall', call: 'name' });
      actor.send({ type: 'step.next' });
      if (SHAPE_MEMBERS[shape].length === 2) {
        actor.send({ type: 'mum.setName', name: 'Jānis' });
        actor.send({ type: 'step.next' });
      }
      actor.send({ type: 'step.next' });
      actor.send({ type: 'preview.next' });
      actor.send({ type: 'cover.save', requestId: REQUEST_ID });
      const payload = savePayloadOf(saves[0]!.draft, {
        language: 'en-GB',
        orderId: null,
        requestId: REQUEST_ID,
      });
      const family = payload.family!;
      expect(family.grownUps[0]).toMatchObject({ call: 'name', name: 'Ilze' });
      const draft = draftFromOrderItem({
        id: 'abcdefghijklmnopqrstuvwx',
        orderId: 'orderabcdefghijklmnopqrs',
        language: 'lv',
        customization: { dedication: payload.dedication, bookCoverType: 'hardcover' },
        children: [
          {
            name: 'Ella',
            gender: 'Boy',
            personalization: JSON.stringify(payload.child.personalization),
          },
        ],
        familyShape: shape,
        grownUps: family.grownUps.map((g) => ({
          grownUpRole: g.kind === 'mum' || g.kind === 'grandma' ? 'mum' : 'dad',
          kind: g.kind,
          name: g.name ?? null,
          call: g.call,
          personalization: JSON.stringify(g.personalization),
        })),
      });
      expect(draft).not.toBeNull();
      expect(
        savePayloadOf(draft!, { language: 'en-GB', orderId: null, requestId: REQUEST_ID }).family,
      ).toEqual(family);
    },
  );
});

describe('the call word is reserved only once the second grown-up exists (issue #49)', () => {
  /** Two mums in a Latvian book, on the first mum's step. */
  function atFirstMum() {
    const { actor, saves } = run();
    actor.send({ type: 'draft.loaded', draft: defaultDraft() });
    actor.send({ type: 'child.setName', name: 'Jānis' });
    actor.send({ type: 'family.setShape', shape: 'mum-mum' });
    actor.send({ type: 'step.next' });
    actor.send({ type: 'dad.setName', name: 'Ilze' });
    const family = () => familyOfDraft(actor.getSnapshot().context.draft);
    return { actor, saves, family };
  }

  it("lets the first mum take the word the second would have started with, before the second's step", () => {
    const { actor, family } = atFirstMum();
    expect(actor.getSnapshot().value).toBe('dad');
    // nothing is marked taken for a second mum the parent has not met yet
    expect(takenCalls(family(), 'dad', 'lv')).toEqual([]);
    actor.send({ type: 'dad.setCall', call: 'mammīte' });
    expect(callIn(family(), 'dad', 'lv')).toBe('mammīte');
    // the second mum then starts with another word of her own, and the first's is taken for her
    actor.send({ type: 'step.next' });
    expect(actor.getSnapshot().value).toBe('mum');
    expect(callIn(family(), 'mum', 'lv')).toBe('mamma');
    expect(takenCalls(family(), 'mum', 'lv')).toEqual(['mammīte']);
    actor.stop();
  });

  it("reserves the second mum's word once her step is reached: back on the first's, it is taken", () => {
    const { actor, saves, family } = atFirstMum();
    actor.send({ type: 'step.next' });
    expect(callIn(family(), 'mum', 'lv')).toBe('mammīte');
    actor.send({ type: 'step.back' });
    expect(actor.getSnapshot().value).toBe('dad');
    expect(takenCalls(family(), 'dad', 'lv')).toEqual(['mammīte']);
    actor.send({ type: 'dad.setCall', call: 'mammīte' });
    expect(callIn(family(), 'dad', 'lv')).toBe('mamma');
    // and the book tells the two apart
    actor.send({ type: 'step.next' });
    actor.send({ type: 'mum.setName', name: 'Līga' });
    actor.send({ type: 'step.next' });
    actor.send({ type: 'step.next' });
    actor.send({ type: 'preview.next' });
    actor.send({ type: 'cover.save', requestId: REQUEST_ID });
    const payload = savePayloadOf(saves[0]!.draft, {
      language: 'en-GB',
      orderId: null,
      requestId: REQUEST_ID,
    });
    expect(payload.family!.grownUps.map((g) => g.call)).toEqual(['mamma', 'mammīte']);
    actor.stop();
  });
});
