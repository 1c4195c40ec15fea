// The preview asks for the family the parent chose (issue #33): the preview request built from the
// purchase draft carries the same family the save sends, and the browser's own drawing of a page
// draws those grown-ups and refuses a family the server would refuse.
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { CALL_WORDS } from '#book/family.ts';
import { purchaseMachine, type PurchaseInput } from '#machines/purchase.ts';
import {
  defaultDraft,
  previewRequestOf,
  type PersonalizationDraft,
} from '#machines/purchase-draft.ts';
import { savePayloadOf } from '#machines/purchase-payload.ts';
import { CannotDrawHere, drawPage } from '#src/features/builder/preview-drawing/draw-page.ts';

const INPUT: PurchaseInput = {
  bookName: 'football_story',
  orderItemId: null,
  language: 'en-GB',
  bookLanguage: 'lv',
};

/** A draft made in the purchase machine: a child, then `shape`, each grown-up's name and (optionally) word. */
function draftOf(shape: string, grownUps: { name: string; call?: string }[]): PersonalizationDraft {
  const actor = createActor(purchaseMachine, { input: INPUT }).start();
  actor.send({ type: 'draft.loaded', draft: defaultDraft() });
  actor.send({ type: 'child.setName', name: 'Ella' });
  actor.send({ type: 'family.setShape', shape } as never);
  actor.send({ type: 'step.next' });
  grownUps.forEach((g, i) => {
    const place = i === 0 ? 'dad' : 'mum';
    expect(actor.getSnapshot().value).toBe(place);
    actor.send({ type: `${place}.setName`, name: g.name });
    if (g.call) actor.send({ type: `${place}.setCall`, call: g.call });
    actor.send({ type: 'step.next' });
  });
  const draft = actor.getSnapshot().context.draft;
  actor.stop();
  return draft;
}

describe('the preview request', () => {
  it('carries a two-mums family as the save sends it', () => {
    const draft = draftOf('mum-mum', [{ name: 'Ilze' }, { name: 'Anda', call: 'māmiņa' }]);
    const request = previewRequestOf(draft, 'en-GB');
    expect(request.language).toBe('lv');
    expect(request.family?.shape).toBe('mum-mum');
    expect(request.family?.grownUps.map((g) => [g.kind, g.name, g.call])).toEqual([
      ['mum', 'Ilze', CALL_WORDS.lv.mum[0]],
      ['mum', 'Anda', 'māmiņa'],
    ]);
    const payload = savePayloadOf(draft, {
      language: 'en-GB',
      orderId: null,
      requestId: '6f1c2b9e-1d2a-4c3b-8e4f-0a1b2c3d4e5f',
    });
    expect(request.family).toEqual(payload.family);
  });

  it('carries a one-grandparent family, and none for mum and dad with the default words', () => {
    const grandma = previewRequestOf(draftOf('grandma', [{ name: 'Rasma', call: 'omīte' }]), 'lv');
    expect(grandma.family?.grownUps.map((g) => [g.kind, g.call])).toEqual([['grandma', 'omīte']]);
    const mumDad = previewRequestOf(
      draftOf('mum-dad', [{ name: 'Jānis' }, { name: 'Ilze' }]),
      'lv',
    );
    expect(mumDad).not.toHaveProperty('family');
    const paps = previewRequestOf(
      draftOf('mum-dad', [{ name: 'Jānis', call: 'paps' }, { name: 'Ilze' }]),
      'lv',
    );
    expect(paps.family?.grownUps.map((g) => g.call)).toEqual(['paps', CALL_WORDS.lv.mum[0]]);
  });
});

describe('the browser drawing a page', () => {
  const draft = () => draftOf('mum-mum', [{ name: 'Ilze' }, { name: 'Anda', call: 'māmiņa' }]);

  it('draws the family of the request, and its words', () => {
    const request = { ...previewRequestOf(draft(), 'lv'), page: 'page_41-42' };
    const { family: _family, ...withoutFamily } = request;
    const twoMums = drawPage(request);
    const mumDad = drawPage(withoutFamily);
    expect(twoMums.svg).not.toBe(mumDad.svg);
    expect(twoMums.svg.match(/data-kind="mum"/g)?.length ?? 0).toBeGreaterThan(0);
    expect(twoMums.svg).not.toMatch(/data-kind="dad"/);
    expect(mumDad.svg).not.toMatch(/data-kind=/);
  });

  it('leaves a family the server would refuse to the server', () => {
    const request = { ...previewRequestOf(draft(), 'lv'), page: 'page_41-42' };
    const sameWord = structuredClone(request);
    sameWord.family!.grownUps[1]!.call = sameWord.family!.grownUps[0]!.call;
    expect(() => drawPage(sameWord)).toThrow(CannotDrawHere);
  });
});
