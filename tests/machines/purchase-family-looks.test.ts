// A second mum or dad chosen on the child's step starts with a look of their own (issue #33: two
// grown-ups of one role, each with its own look): the pictures never show twins before the parent
// designs them, and a grown-up the parent already designed keeps their look. The dedication
// suggestions are signed by the family the parent chose, and a suggested one follows a change.
import { describe, expect, it } from 'vitest';
import { defaultLook } from '#book/family.ts';
import { checkCharacters } from '#book/personalization.ts';
import { defaultCharacters } from '#book/character-set.ts';
import { dedicationSuggestions } from '#book/story/story-text.ts';
import { defaultDraft, suggestionsFor, withCall, withShape } from '#machines/purchase-draft.ts';
import {
  defaultFamily,
  reshape,
  secondLook,
  type DraftFamily,
  type DraftGrownUp,
} from '#machines/purchase-family.ts';

const grownUp = (
  kind: DraftGrownUp['kind'],
  look: DraftGrownUp['look'],
  name = '',
): DraftGrownUp => ({
  kind,
  call: null,
  name,
  look,
});
const today: DraftFamily = {
  ...defaultFamily(),
  grownUps: [
    grownUp('dad', defaultLook('dad'), 'Jānis'),
    grownUp('mum', defaultLook('mum'), 'Ilze'),
  ],
};

describe('the second of two mums or dads', () => {
  it('starts with another hair style and colour than the first', () => {
    for (const [shape, kind] of [
      ['mum-mum', 'mum'],
      ['dad-dad', 'dad'],
    ] as const) {
      const { grownUps } = reshape(today, shape, 'lv');
      expect(grownUps[0].look, shape).toEqual(defaultLook(kind));
      expect(grownUps[1].look.hair, shape).not.toBe(grownUps[0].look.hair);
      expect(grownUps[1].look, shape).toEqual(secondLook(kind));
      expect(grownUps[1].name, shape).toBe('');
    }
  });

  it('is a look of the body’s own catalogue', () => {
    for (const body of ['mum', 'dad'] as const) {
      const checked = checkCharacters(
        { ...defaultCharacters('boy'), [body]: secondLook(body) },
        'boy',
      );
      expect(checked.ok, body).toBe(true);
    }
  });

  it('keeps the default when the first was designed to look otherwise', () => {
    const designed: DraftFamily = {
      ...today,
      grownUps: [
        today.grownUps[0],
        grownUp('mum', { ...defaultLook('mum'), hair: 'mum_hair_04_BR' }, 'Ilze'),
      ],
    };
    const { grownUps } = reshape(designed, 'mum-mum', 'en-gb');
    expect(grownUps[0].look.hair).toBe('mum_hair_04_BR');
    expect(grownUps[0].name).toBe('Ilze');
    expect(grownUps[1].look).toEqual(defaultLook('mum'));
  });

  it('keeps a second mum the parent already designed when the shape comes back to two mums', () => {
    const mumMum = reshape(today, 'mum-mum', 'lv');
    const designed: DraftFamily = {
      ...mumMum,
      grownUps: [mumMum.grownUps[0], grownUp('mum', defaultLook('mum'), 'Līga')],
    };
    const back = reshape(designed, 'mum-mum', 'lv');
    expect(back.grownUps[1]).toEqual(designed.grownUps[1]);
  });
});

describe('the dedication suggestions follow who is in the book', () => {
  const named = (draft: ReturnType<typeof defaultDraft>) => {
    draft.child.name = 'jānis';
    return draft;
  };

  it('are today’s for mum and dad, word for word', () => {
    const draft = named(defaultDraft(null, 'lv'));
    expect(suggestionsFor(draft, 'lv')).toEqual(
      dedicationSuggestions('lv', { name: 'jānis', gender: 'boy' }),
    );
  });

  it('are signed by the family’s own words, and never by a grown-up who is not in it', () => {
    const dads = withShape(named(defaultDraft(null, 'lv')), 'dad-dad', 'lv');
    for (const text of suggestionsFor(dads, 'lv')) {
      expect(text).toMatch(/tētis un paps$/);
      expect(text).not.toMatch(/mamm/i);
    }
    const grandma = withShape(named(defaultDraft(null, 'en-gb')), 'grandma', 'en-gb');
    for (const text of suggestionsFor(grandma, 'en-GB')) {
      expect(text).toMatch(/Grandma/);
      expect(text).not.toMatch(/\b(Mum|Dad)\b/);
    }
  });

  it('a suggested dedication follows a new shape and a new word; a written one is kept', () => {
    let draft = named(defaultDraft(null, 'lv'));
    draft = { ...draft, dedication: suggestionsFor(draft, 'lv')[1] };
    draft = withShape(draft, 'mum-mum', 'lv');
    expect(draft.dedication).toBe(suggestionsFor(draft, 'lv')[1]);
    expect(draft.dedication).not.toMatch(/tēt/);
    draft = withCall(draft, 'dad', 'māmiņa', 'lv');
    expect(draft.dedication).toBe(suggestionsFor(draft, 'lv')[1]);
    expect(draft.dedication).toMatch(/māmiņa/);
    const written = { ...draft, dedication: 'Mūsu Jānim.' };
    expect(withShape(written, 'grandpa', 'lv').dedication).toBe('Mūsu Jānim.');
  });
});
