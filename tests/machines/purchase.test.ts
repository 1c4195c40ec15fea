import { describe, expect, it } from 'vitest';
import { parseDraft } from '#machines/draft-storage.ts';
import { createActor } from 'xstate';
import { createTestModel } from 'xstate/graph';
import {
  purchaseMachine,
  type FlowStep,
  type PurchaseEvent,
  type PurchaseInput,
  type SaveRequest,
} from '#machines/purchase.ts';
import {
  defaultDraft,
  previewRequestOf,
  suggestionsFor,
  type PersonalizationDraft,
} from '#machines/purchase-draft.ts';
import { draftFromOrderItem, savePayloadOf } from '#machines/purchase-payload.ts';
import { STEPS, STORED, purchaseTraversal } from '../purchase-model.ts';

// What a parent and the shop expect, written from docs/product-rules.md sections 3 to 5 independently of the
// machine: the steps in order, which step a direct visit may show, the names and dedication rules,
// Girl/Boy and lashes, one pair of glasses, what is kept in session storage and what is saved.

/**
 * The case of the bug this guards: a parent on the English (UK) shop who picked a Latvian book on
 * the product page. Every path checks the book stays Latvian while the shop stays en-GB.
 */
const INPUT: PurchaseInput = {
  bookName: 'football_story',
  orderItemId: null,
  language: 'en-GB',
  bookLanguage: 'lv',
};

interface Seen {
  screen: string;
  names: { child: string; dad: string; mum: string };
  gender: 'Boy' | 'Girl';
  childAccessories: string[];
  dedication: string | null;
  cover: string | null;
  showErrors: boolean;
  note: string | null;
  navigations: string[];
  saves: number;
  saveError: boolean;
  cleared: boolean;
}

class Expectation implements Seen {
  screen = 'loading';
  requested: FlowStep = 'child';
  names = { child: '', dad: '', mum: '' };
  gender: 'Boy' | 'Girl' = 'Boy';
  childAccessories: string[] = [];
  dedication: string | null = null;
  cover: string | null = null;
  showErrors = false;
  note: string | null = null;
  navigations: string[] = [];
  saves = 0;
  saveError = false;
  cleared = false;

  private firstMissing(): FlowStep | null {
    if (!/\p{L}/u.test(this.names.child)) return 'child';
    if (this.names.dad.trim() === '') return 'dad';
    if (this.names.mum.trim() === '') return 'mum';
    if (this.dedication === null || this.dedication.trim() === '') return 'dedication';
    return null;
  }

  private show(step: FlowStep) {
    this.screen = step;
    this.showErrors = false;
    this.note = null;
    if (step === 'dedication' && this.dedication === null)
      this.dedication = `SUGGESTION 1 FOR ${this.names.child}`;
    if (step === 'cover' && this.cover === null) this.cover = 'hardcover';
  }

  private go(step: FlowStep) {
    this.navigations.push(step);
    this.show(step);
  }

  private enter() {
    const missing = this.firstMissing();
    if (missing && STEPS.indexOf(this.requested) > STEPS.indexOf(missing)) {
      this.navigations.push(`${missing} (replace)`);
      this.show(missing);
    } else {
      this.show(this.requested);
    }
  }

  apply(event: PurchaseEvent) {
    const s = this.screen;
    switch (event.type) {
      case 'draft.loaded': {
        const c = event.draft;
        const [dad, mum] = c.family.grownUps;
        this.names = { child: c.child.name, dad: dad.name, mum: mum.name };
        this.gender = c.child.gender;
        this.childAccessories = c.child.accessories;
        this.dedication = event.draft.dedication;
        this.cover = event.draft.bookCover;
        return this.enter();
      }
      case 'draft.failed':
        this.screen = 'unavailable';
        return;
      case 'route.enter':
        this.requested = event.step;
        if (['loading', 'unavailable', 'saving', 'cart'].includes(s)) return;
        return this.enter();
      case 'child.setName':
        this.names.child = event.name;
        // A dedication still as suggested follows the child's name.
        if (this.dedication?.startsWith('SUGGESTION 1 FOR '))
          this.dedication = `SUGGESTION 1 FOR ${event.name}`;
        return;
      case 'dad.setName':
        this.names.dad = event.name;
        return;
      case 'mum.setName':
        this.names.mum = event.name;
        return;
      case 'child.setGender':
        this.gender = event.gender === 'girl' ? 'Girl' : 'Boy';
        return;
      case 'character.toggleAccessory': {
        const on = this.childAccessories.includes(event.asset);
        const glasses = (a: string) => a.includes('glasses');
        this.childAccessories = on
          ? this.childAccessories.filter((a) => a !== event.asset)
          : [
              ...this.childAccessories.filter((a) => !(glasses(a) && glasses(event.asset))),
              event.asset,
            ];
        return;
      }
      case 'step.next': {
        if (s === 'child' || s === 'dad' || s === 'mum') {
          const missing = this.firstMissing();
          if (missing === s) this.showErrors = true;
          else this.go(STEPS[STEPS.indexOf(s) + 1]!);
        } else if (s === 'dedication') {
          if (this.dedication === null || this.dedication.trim() === '') this.note = 'blank';
          else this.go('preview');
        }
        return;
      }
      case 'step.back':
        if (s !== 'child' && STEPS.includes(s as FlowStep))
          this.go(STEPS[STEPS.indexOf(s as FlowStep) - 1]!);
        return;
      case 'dedication.set':
        if (event.text.split('\n').length > 10) this.note = 'tooManyLines';
        else {
          this.dedication = event.text;
          this.note = null;
        }
        return;
      case 'preview.next':
        return this.go('cover');
      case 'cover.select':
        this.cover = event.cover;
        this.saveError = false;
        return;
      case 'cover.save':
        if (s !== 'cover') return;
        this.screen = 'saving';
        this.saveError = false;
        this.saves += 1;
        return;
      case 'save.done':
        this.screen = 'cart';
        this.cleared = true;
        this.navigations.push('cart');
        return;
      case 'save.failed':
        this.screen = 'cover';
        this.saveError = true;
        return;
    }
  }
}

// The model's moves and states: tests/purchase-model.ts, every move of the machine walk.
const traversal = purchaseTraversal('machine', INPUT);
const model = createTestModel(purchaseMachine, traversal);
// The traversal options go to getShortestPaths too: some xstate builds read them only there.
const paths = model.getShortestPaths(traversal);

function nameOf(path: (typeof paths)[number]): string {
  return path.steps
    .map(({ event }) => {
      const e = event as PurchaseEvent | { type: 'xstate.init' };
      switch (e.type) {
        case 'xstate.init':
          return 'start';
        case 'route.enter':
          return `enter(${e.step})`;
        case 'draft.loaded':
          return e.draft === STORED ? 'loaded(stored)' : 'loaded(new)';
        case 'child.setName':
        case 'dad.setName':
        case 'mum.setName':
          return `${e.type}(${JSON.stringify(e.name)})`;
        case 'child.setGender':
          return `gender(${e.gender})`;
        case 'character.toggleAccessory':
          return `toggle(${e.asset.replace('kid_acc_', '')})`;
        case 'dedication.set':
          return `dedication(${e.text.split('\n').length} lines${e.text.trim() ? '' : ', blank'})`;
        case 'cover.select':
          return `cover(${e.cover})`;
        default:
          return e.type;
      }
    })
    .join(' → ');
}

function run() {
  const stored: { key: string; draft: PersonalizationDraft }[] = [];
  const cleared: string[] = [];
  const saves: SaveRequest[] = [];
  const navigations: string[] = [];
  const actor = createActor(
    purchaseMachine.provide({
      actions: {
        persistDraft: (_, params) => void stored.push(structuredClone(params)),
        clearDraft: (_, { key }) => void cleared.push(key),
        saveOrder: (_, request) => void saves.push(request),
        navigate: (_, { step, replace }) =>
          void navigations.push(replace ? `${step} (replace)` : step),
      },
    }),
    { input: INPUT },
  ).start();
  return { actor, stored, cleared, saves, navigations };
}

describe('purchase machine (model-based, shortest paths)', () => {
  it('reaches every step, the save, the cart and the unavailable state', () => {
    const reached = new Set(
      paths.flatMap((path) => path.steps.map((step) => String(step.state.value))),
    );
    expect([...reached].sort()).toEqual(
      [
        'cart',
        'child',
        'cover',
        'dad',
        'dedication',
        'loading',
        'mum',
        'preview',
        'saving',
        'unavailable',
      ].sort(),
    );
    expect(paths.length).toBeGreaterThan(200);
  });

  for (const path of paths) {
    it(`${nameOf(path)} ends in ${String(path.state.value)}`, async () => {
      const { actor, stored, cleared, saves, navigations } = run();
      const expected = new Expectation();
      const check = () => {
        const snapshot = actor.getSnapshot();
        const { draft } = snapshot.context;
        const c = draft;
        const [dad, mum] = draft.family.grownUps;
        expect(snapshot.value).toBe(expected.screen);
        expect({ child: c.child.name, dad: dad.name, mum: mum.name }).toEqual(expected.names);
        expect(c.child.gender).toBe(expected.gender);
        // Girl adds lashes, Boy removes them; the hair always fits the gender.
        expect(c.child.lashes !== null).toBe(expected.gender === 'Girl');
        expect(c.child.hair).toContain(expected.gender === 'Girl' ? '_girl_' : '_boy_');
        // One pair of glasses at a time.
        expect(c.child.accessories.filter((a) => a.includes('glasses')).length).toBeLessThanOrEqual(
          1,
        );
        expect([...c.child.accessories].sort()).toEqual([...expected.childAccessories].sort());
        // The book is Latvian on the English shop: the suggested dedication is Latvian.
        if (expected.dedication === 'SUGGESTION 1 FOR ella') {
          expect(draft.dedication).toMatch(/^Mīļ[oā] Ella!\n/);
        } else if (expected.dedication?.startsWith('SUGGESTION 1')) {
          // Suggested before the name was cleared: the suggestion for no name yet, not Ella's.
          expect(draft.dedication).toBe(suggestionsFor(draft, snapshot.context.language)[0]);
          expect(draft.dedication).not.toContain('Ella');
        } else {
          expect(draft.dedication).toBe(expected.dedication);
        }
        expect(draft.bookCover).toBe(expected.cover);
        expect(snapshot.context.showErrors).toBe(expected.showErrors);
        expect(snapshot.context.dedicationNote).toBe(expected.note);
        expect(snapshot.context.saveError).toBe(expected.saveError);
        expect(navigations).toEqual(expected.navigations);
        expect(saves).toHaveLength(expected.saves);
        expect(snapshot.context.bookLanguage).toBe('lv');
        expect(draft.bookLanguage).toBe('lv');
        for (const save of saves) {
          const payload = savePayloadOf(save.draft, {
            language: save.language,
            orderId: null,
            requestId: save.requestId,
          });
          expect([payload.country, payload.language]).toEqual(['en-GB', 'lv']);
        }
        // Session storage holds what the parent sees, under the book name.
        const last = stored.at(-1);
        if (last && expected.screen !== 'cart') {
          expect(last.key).toBe('football_story');
          expect(last.draft).toEqual({ ...draft, orderItemId: last.draft.orderItemId });
        }
        expect(cleared).toEqual(expected.cleared ? ['football_story'] : []);
      };
      const exec = ({ event }: { event: { type: string } }) => {
        actor.send(event as PurchaseEvent);
        expected.apply(event as PurchaseEvent);
      };
      const states = Object.fromEntries(
        ['loading', 'unavailable', ...STEPS, 'saving', 'cart'].map((state) => [state, check]),
      );
      const events = Object.fromEntries(
        [
          'draft.loaded',
          'draft.failed',
          'route.enter',
          'child.setName',
          'dad.setName',
          'mum.setName',
          'child.setGender',
          'character.toggleAccessory',
          'step.next',
          'step.back',
          'dedication.set',
          'preview.next',
          'cover.select',
          'cover.save',
          'save.done',
          'save.failed',
        ].map((type) => [type, exec]),
      );
      await path.test({ states, events });
      actor.stop();
    });
  }
});

describe('purchase machine rules', () => {
  const complete = () => {
    const r = run();
    r.actor.send({ type: 'draft.loaded', draft: STORED });
    return r;
  };

  it('saves once on a double click, with the draft, the language and one request id', () => {
    const { actor, saves } = complete();
    actor.send({ type: 'route.enter', step: 'cover' });
    actor.send({ type: 'cover.save', requestId: '6f1c2b9e-1d2a-4c3b-8e4f-0a1b2c3d4e5f' });
    actor.send({ type: 'cover.save', requestId: '11111111-1111-4111-8111-111111111111' });
    expect(saves).toHaveLength(1);
    expect(saves[0]).toMatchObject({
      language: 'en-GB',
      requestId: '6f1c2b9e-1d2a-4c3b-8e4f-0a1b2c3d4e5f',
      orderItemId: null,
    });
  });

  it('retries a failed save with the same request id, so the server stores one book', () => {
    const { actor, saves } = complete();
    actor.send({ type: 'route.enter', step: 'cover' });
    actor.send({ type: 'cover.save', requestId: '6f1c2b9e-1d2a-4c3b-8e4f-0a1b2c3d4e5f' });
    actor.send({ type: 'save.failed' });
    actor.send({ type: 'cover.save', requestId: '22222222-2222-4222-8222-222222222222' });
    expect(saves.map((s) => s.requestId)).toEqual([
      '6f1c2b9e-1d2a-4c3b-8e4f-0a1b2c3d4e5f',
      '6f1c2b9e-1d2a-4c3b-8e4f-0a1b2c3d4e5f',
    ]);
  });

  it('tells a save the server refused for now (limited) from one that failed, until the next save', () => {
    const { actor } = complete();
    actor.send({ type: 'route.enter', step: 'cover' });
    actor.send({ type: 'cover.save', requestId: '6f1c2b9e-1d2a-4c3b-8e4f-0a1b2c3d4e5f' });
    actor.send({ type: 'save.failed', limited: true });
    expect(actor.getSnapshot().context).toMatchObject({ saveError: true, saveLimited: true });
    actor.send({ type: 'cover.save', requestId: '6f1c2b9e-1d2a-4c3b-8e4f-0a1b2c3d4e5f' });
    expect(actor.getSnapshot().context).toMatchObject({ saveError: false, saveLimited: false });
    actor.send({ type: 'save.failed' });
    expect(actor.getSnapshot().context).toMatchObject({ saveError: true, saveLimited: false });
  });

  it('tells a save refused because the order is full (10 books) from others, until the next save', () => {
    const { actor } = complete();
    actor.send({ type: 'route.enter', step: 'cover' });
    actor.send({ type: 'cover.save', requestId: '6f1c2b9e-1d2a-4c3b-8e4f-0a1b2c3d4e5f' });
    actor.send({ type: 'save.failed', full: true });
    expect(actor.getSnapshot().context).toMatchObject({
      saveError: true,
      saveFull: true,
      saveLimited: false,
    });
    expect(actor.getSnapshot().value).toBe('cover');
    actor.send({ type: 'cover.select', cover: 'softcover' });
    expect(actor.getSnapshot().context).toMatchObject({ saveError: false, saveFull: false });
  });

  it('after a failed save, changes do not start a new save: the next save names the same request', () => {
    const { actor, saves } = complete();
    actor.send({ type: 'route.enter', step: 'cover' });
    actor.send({ type: 'cover.save', requestId: '6f1c2b9e-1d2a-4c3b-8e4f-0a1b2c3d4e5f' });
    // The server may have stored the book and only its answer was lost.
    actor.send({ type: 'save.failed' });
    const first = actor.getSnapshot().context.draft.bookCover;
    const other = first === 'softcover' ? 'hardcover' : 'softcover';
    actor.send({ type: 'cover.select', cover: other });
    actor.send({ type: 'step.back' });
    actor.send({ type: 'preview.next' });
    actor.send({ type: 'cover.save', requestId: '22222222-2222-4222-8222-222222222222' });
    expect(saves.map((s) => [s.requestId, s.draft.bookCover])).toEqual([
      ['6f1c2b9e-1d2a-4c3b-8e4f-0a1b2c3d4e5f', first],
      ['6f1c2b9e-1d2a-4c3b-8e4f-0a1b2c3d4e5f', other],
    ]);
    // Once the server confirmed it, the next book is a new request.
    actor.send({ type: 'save.done', orderItemId: 'abcdefghijklmnopqrstuvwx' });
    expect(actor.getSnapshot().context.saveRequestId).toBeNull();
  });

  it('a saved book updates its item from then on (PUT), and an edited item keeps its id', () => {
    const { actor, saves } = complete();
    actor.send({ type: 'route.enter', step: 'cover' });
    actor.send({ type: 'cover.save', requestId: '6f1c2b9e-1d2a-4c3b-8e4f-0a1b2c3d4e5f' });
    actor.send({ type: 'save.done', orderItemId: 'abcdefghijklmnopqrstuvwx' });
    expect(actor.getSnapshot().context.draft.orderItemId).toBe('abcdefghijklmnopqrstuvwx');

    const editing = createActor(
      purchaseMachine.provide({ actions: { saveOrder: (_, r) => void saves.push(r) } }),
      {
        input: {
          bookName: 'football_story',
          orderItemId: 'abcdefghijklmnopqrstuvwx',
          language: 'lv',
        },
      },
    ).start();
    editing.send({
      type: 'draft.loaded',
      draft: { ...STORED, orderItemId: 'abcdefghijklmnopqrstuvwx' },
    });
    editing.send({ type: 'route.enter', step: 'cover' });
    editing.send({ type: 'cover.save', requestId: '33333333-3333-4333-8333-333333333333' });
    expect(saves.at(-1)).toMatchObject({ orderItemId: 'abcdefghijklmnopqrstuvwx', language: 'lv' });
  });

  it('keeps an edited draft under the order item id', () => {
    const stored: string[] = [];
    const actor = createActor(
      purchaseMachine.provide({ actions: { persistDraft: (_, { key }) => void stored.push(key) } }),
      {
        input: {
          bookName: 'football_story',
          orderItemId: 'abcdefghijklmnopqrstuvwx',
          language: 'en-GB',
        },
      },
    ).start();
    actor.send({ type: 'draft.loaded', draft: STORED });
    actor.send({ type: 'child.setName', name: 'Līga' });
    expect(stored.at(-1)).toBe('abcdefghijklmnopqrstuvwx');
  });

  it('suggests the first dedication with the name capitalised, in the Latvian case', () => {
    const { actor } = run();
    const draft = defaultDraft();
    draft.child.name = 'jānis';
    draft.family.grownUps[0].name = 'Pēteris';
    draft.family.grownUps[1].name = 'Ilze';
    actor.send({ type: 'draft.loaded', draft });
    actor.send({ type: 'route.enter', step: 'dedication' });
    const text = actor.getSnapshot().context.draft.dedication ?? '';
    expect(text).toMatch(/Jāni|Jānim|Jāņa|Jānis/);
    expect(text).not.toContain('jānis');
  });

  it('a dedication still as suggested follows a renamed child and a Boy/Girl switch; a written one stays', () => {
    const { actor } = run();
    const draft = defaultDraft();
    draft.child.name = 'Elīza';
    draft.child.gender = 'Girl';
    draft.family.grownUps[0].name = 'Jānis';
    draft.family.grownUps[1].name = 'Anna';
    draft.bookLanguage = 'lv';
    // A saved book opened for editing: the parent had picked the second suggestion for Elīza.
    draft.dedication = suggestionsFor(draft, 'en-GB')[1];
    expect(draft.dedication).toMatch(/^Elīzai – labākajai spēlētājai/);
    actor.send({ type: 'draft.loaded', draft });
    actor.send({ type: 'child.setName', name: 'Līg' });
    actor.send({ type: 'child.setName', name: 'Līga' });
    const dedication = () => actor.getSnapshot().context.draft.dedication;
    expect(dedication()).toMatch(/^Līgai – labākajai spēlētājai/);
    expect(dedication()).not.toContain('Elīz');
    actor.send({ type: 'child.setGender', gender: 'boy' });
    actor.send({ type: 'child.setName', name: 'Jānis' });
    expect(dedication()).toMatch(/^Jānim – labākajam spēlētājam/);
    // Dad's and mum's names are not in the suggestions: nothing changes.
    actor.send({ type: 'route.enter', step: 'dad' });
    actor.send({ type: 'dad.setName', name: 'Pēteris' });
    expect(dedication()).toMatch(/^Jānim – /);

    actor.send({ type: 'route.enter', step: 'dedication' });
    actor.send({ type: 'dedication.set', text: 'Jānim,\nmūsu vārtsargam.' });
    actor.send({ type: 'route.enter', step: 'child' });
    actor.send({ type: 'child.setName', name: 'Kārlis' });
    expect(dedication()).toBe('Jānim,\nmūsu vārtsargam.');
  });

  it('refuses a child name the book cannot print and a dad or mum picked from the wrong role', () => {
    const { actor } = run();
    actor.send({ type: 'draft.loaded', draft: defaultDraft() });
    actor.send({ type: 'child.setName', name: 'R2-D2' });
    actor.send({ type: 'step.next' });
    expect(actor.getSnapshot().value).toBe('child');
    expect(actor.getSnapshot().context.showErrors).toBe(true);
    actor.send({
      type: 'character.select',
      role: 'child',
      category: 'hair',
      asset: 'kid_hair_girl_01_BC',
    });
    expect(actor.getSnapshot().context.draft.child.hair).toBe('kid_hair_boy_01_BC');
    actor.send({ type: 'character.select', role: 'child', category: 'eyes', asset: 'dad_eyes_BE' });
    expect(actor.getSnapshot().context.draft.child.eyes).toBe('kid_eyes_GY');
    actor.send({ type: 'character.select', role: 'child', category: 'eyes', asset: 'kid_eyes_BE' });
    expect(actor.getSnapshot().context.draft.child.eyes).toBe('kid_eyes_BE');
  });
});

describe('stored drafts', () => {
  it('gives the default characters for a draft that cannot be parsed', () => {
    expect(parseDraft('{not json')).toEqual(defaultDraft());
    expect(parseDraft(JSON.stringify({ charactersPersonalization: 42 }))).toEqual(defaultDraft());
    const bad = structuredClone(STORED);
    bad.child.hair = 'dad_hair_01_BC';
    expect(parseDraft(JSON.stringify(bad))).toEqual(defaultDraft());
  });

  it('reads back what was stored', () => {
    expect(parseDraft(JSON.stringify(STORED))).toEqual(STORED);
  });

  it('turns a saved item into a draft and a draft into the save payload', () => {
    const payload = savePayloadOf(STORED, {
      language: 'en-US',
      orderId: null,
      requestId: '6f1c2b9e-1d2a-4c3b-8e4f-0a1b2c3d4e5f',
    });
    expect(payload).toMatchObject({
      country: 'en-US',
      language: 'en-US',
      productId: 1,
      cover: 'softcover',
      dedication: STORED.dedication,
      child: {
        name: 'Ella',
        gender: 'Boy',
        personalization: { tshirt: 'kid_tshirt_1', lashes: null },
      },
      family: {
        shape: 'mum-dad',
        grownUps: [
          { kind: 'dad', call: 'Dad', name: 'Jānis' },
          { kind: 'mum', call: 'Mom', name: 'Anna' },
        ],
      },
    });
    expect(payload).not.toHaveProperty('maleParent');
    const draft = draftFromOrderItem({
      id: 'abcdefghijklmnopqrstuvwx',
      orderId: 'orderabcdefghijklmnopqrs',
      language: 'en-US',
      customization: { dedication: payload.dedication, bookCoverType: 'softcover' },
      children: [
        {
          name: 'Ella',
          gender: 'Boy',
          personalization: JSON.stringify(payload.child.personalization),
        },
      ],
      familyShape: 'mum-dad',
      grownUps: [
        {
          grownUpRole: 'dad',
          kind: 'dad',
          call: 'Dad',
          name: 'Jānis',
          personalization: JSON.stringify(payload.family?.grownUps[0]?.personalization),
        },
        {
          grownUpRole: 'mum',
          kind: 'mum',
          call: 'Mom',
          name: 'Anna',
          personalization: JSON.stringify(payload.family?.grownUps[1]?.personalization),
        },
      ],
    });
    // The item's book language comes with it (an edited book stays in its language).
    expect(draft).toEqual({
      ...STORED,
      orderItemId: 'abcdefghijklmnopqrstuvwx',
      bookLanguage: 'en-us',
    });
  });
});

describe('the book language (chosen on the product page) and the shop language', () => {
  const ITEM_ID = 'abcdefghijklmnopqrstuvwx';
  const named = (bookLanguage?: PersonalizationDraft['bookLanguage']): PersonalizationDraft => {
    const draft = structuredClone(STORED);
    draft.child.name = 'jānis';
    draft.dedication = null;
    return bookLanguage ? { ...draft, bookLanguage } : draft;
  };
  const start = (input: Partial<PurchaseInput>) => {
    const saves: SaveRequest[] = [];
    const stored: PersonalizationDraft[] = [];
    const actor = createActor(
      purchaseMachine.provide({
        actions: {
          saveOrder: (_, request) => void saves.push(request),
          persistDraft: (_, { draft }) => void stored.push(structuredClone(draft)),
        },
      }),
      { input: { ...INPUT, ...input } },
    ).start();
    return { actor, saves, stored };
  };
  const payloadOf = (save: SaveRequest | undefined) =>
    savePayloadOf(save!.draft, {
      language: save!.language,
      orderId: null,
      requestId: save!.requestId,
    });

  it('defaults to the book of the interface language when the flow is given none', () => {
    for (const [language, book] of [
      ['lv', 'lv'],
      ['en-GB', 'en-gb'],
      ['en-US', 'en-us'],
    ] as const) {
      const { actor } = start({ language, bookLanguage: undefined });
      actor.send({ type: 'draft.loaded', draft: named() });
      expect(actor.getSnapshot().context.bookLanguage).toBe(book);
      expect(actor.getSnapshot().context.draft.bookLanguage).toBe(book);
    }
  });

  it('a Latvian book on the English shop: Latvian suggestions and preview, saved as lv in the pounds order', () => {
    const { actor, saves } = start({ language: 'en-GB', bookLanguage: 'lv' });
    actor.send({ type: 'draft.loaded', draft: named() });
    actor.send({ type: 'route.enter', step: 'dedication' });
    const { context } = actor.getSnapshot();
    expect(context.draft.dedication).toMatch(/^Mīļo Jāni!\n/);
    expect(suggestionsFor(context.draft, context.language)[1]).toMatch(/^Jānim – /);
    expect(previewRequestOf(context.draft, context.language)).toMatchObject({
      childName: 'Jānis',
      language: 'lv',
    });
    actor.send({ type: 'step.next' });
    actor.send({ type: 'preview.next' });
    actor.send({ type: 'cover.save', requestId: '6f1c2b9e-1d2a-4c3b-8e4f-0a1b2c3d4e5f' });
    expect(saves).toHaveLength(1);
    expect(payloadOf(saves[0])).toMatchObject({ country: 'en-GB', language: 'lv' });
  });

  it('switching the interface language changes the shop, never the book', () => {
    const { actor, saves } = start({ language: 'en-GB', bookLanguage: 'en-us' });
    actor.send({ type: 'draft.loaded', draft: named() });
    actor.send({ type: 'language.set', language: 'lv' });
    actor.send({ type: 'route.enter', step: 'dedication' });
    let { context } = actor.getSnapshot();
    expect(context.language).toBe('lv');
    expect(context.bookLanguage).toBe('en-us');
    expect(context.draft.dedication).toMatch(/^Dear Jānis,\n/);
    expect(context.draft.dedication).toContain('Mom and Dad');
    actor.send({ type: 'language.set', language: 'en-GB' });
    ({ context } = actor.getSnapshot());
    expect(suggestionsFor(context.draft, context.language)[0]).toContain('soccer star');
    expect(previewRequestOf(context.draft, context.language).language).toBe('en-us');
    actor.send({ type: 'step.next' });
    actor.send({ type: 'preview.next' });
    actor.send({ type: 'language.set', language: 'lv' });
    actor.send({ type: 'cover.save', requestId: '6f1c2b9e-1d2a-4c3b-8e4f-0a1b2c3d4e5f' });
    expect(payloadOf(saves[0])).toMatchObject({ country: 'lv', language: 'en-US' });
  });

  it('a loaded draft keeps its own book language (an edited item, a draft kept across a refresh)', () => {
    const { actor, saves, stored } = start({
      orderItemId: ITEM_ID,
      language: 'lv',
      bookLanguage: 'lv',
    });
    actor.send({ type: 'draft.loaded', draft: { ...named('en-gb'), orderItemId: ITEM_ID } });
    expect(actor.getSnapshot().context.bookLanguage).toBe('en-gb');
    actor.send({ type: 'route.enter', step: 'dedication' });
    expect(actor.getSnapshot().context.draft.dedication).toMatch(/^Dear Jānis,\n/);
    expect(stored.at(-1)?.bookLanguage).toBe('en-gb');
    actor.send({ type: 'step.next' });
    actor.send({ type: 'preview.next' });
    actor.send({ type: 'cover.save', requestId: '6f1c2b9e-1d2a-4c3b-8e4f-0a1b2c3d4e5f' });
    expect(saves[0]?.orderItemId).toBe(ITEM_ID);
    expect(payloadOf(saves[0])).toMatchObject({ country: 'lv', language: 'en-GB' });
  });

  it('an old stored draft without a book language still parses, and the flow gives it its own', () => {
    const old = JSON.stringify(named());
    expect(JSON.parse(old)).not.toHaveProperty('bookLanguage');
    const parsed = parseDraft(old);
    expect(parsed.child.name).toBe('jānis');
    expect(parsed.bookLanguage).toBeUndefined();
    const { actor, stored } = start({ language: 'en-GB', bookLanguage: 'lv' });
    actor.send({ type: 'draft.loaded', draft: parsed });
    actor.send({ type: 'child.setName', name: 'Jānis' });
    expect(actor.getSnapshot().context.bookLanguage).toBe('lv');
    expect(stored.at(-1)?.bookLanguage).toBe('lv');
    // Without the machine, a draft without one follows the interface language.
    expect(previewRequestOf(parsed, 'en-US').language).toBe('en-us');
    expect(suggestionsFor(parsed, 'en-US')[0]).toContain('Mom and Dad');
  });

  it('session storage keeps the book language; an unknown one is dropped, the characters kept', () => {
    expect(parseDraft(JSON.stringify(named('lv'))).bookLanguage).toBe('lv');
    expect(parseDraft(JSON.stringify({ ...named(), bookLanguage: 'de' }))).toEqual(
      parseDraft(JSON.stringify(named())),
    );
    expect(parseDraft(JSON.stringify({ ...named(), bookLanguage: 'de' })).child.name).toBe('jānis');
    expect(defaultDraft(null, 'en-us').bookLanguage).toBe('en-us');
  });

  it('an item saved in Latvian is edited in Latvian, whatever the shop language', () => {
    const payload = savePayloadOf(named('lv'), {
      language: 'en-GB',
      orderId: null,
      requestId: '6f1c2b9e-1d2a-4c3b-8e4f-0a1b2c3d4e5f',
    });
    const draft = draftFromOrderItem({
      id: ITEM_ID,
      orderId: 'orderabcdefghijklmnopqrs',
      language: 'lv',
      customization: { dedication: 'Mīļo Jāni!', bookCoverType: 'hardcover' },
      children: [
        {
          name: 'Jānis',
          gender: 'Boy',
          personalization: JSON.stringify(payload.child.personalization),
        },
      ],
      familyShape: 'mum-dad',
      grownUps: [
        {
          grownUpRole: 'dad',
          kind: 'dad',
          call: 'Dad',
          name: 'Jānis',
          personalization: JSON.stringify(payload.family?.grownUps[0]?.personalization),
        },
        {
          grownUpRole: 'mum',
          kind: 'mum',
          call: 'Mum',
          name: 'Anna',
          personalization: JSON.stringify(payload.family?.grownUps[1]?.personalization),
        },
      ],
    });
    expect(draft?.bookLanguage).toBe('lv');
    const { actor, saves } = start({
      orderItemId: ITEM_ID,
      language: 'en-US',
      bookLanguage: 'en-us',
    });
    actor.send({ type: 'draft.loaded', draft: draft! });
    actor.send({ type: 'route.enter', step: 'cover' });
    actor.send({ type: 'cover.save', requestId: '6f1c2b9e-1d2a-4c3b-8e4f-0a1b2c3d4e5f' });
    expect(payloadOf(saves[0])).toMatchObject({
      country: 'en-US',
      language: 'lv',
      dedication: 'Mīļo Jāni!',
    });
  });
});
