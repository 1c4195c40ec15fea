// A draft kept in session storage before the one model (issue #45): SPEC.md section 3's
// 'Personalization draft', whose charactersPersonalization holds child, femaleParent and
// maleParent, written here as the seed's client and the builder before the one model stored it.
// Read back, it restores the same characters in the one model (the child, and the grown-ups in
// the family's order: the seed's maleParent first); one that cannot be parsed gives the defaults.
import { describe, expect, it } from 'vitest';
import { parseDraft } from '#machines/draft-storage.ts';
import { defaultDraft } from '#machines/purchase-draft.ts';
import { savePayloadOf } from '#machines/purchase-payload.ts';

const child = {
  name: 'Elīza',
  gender: 'Girl',
  hair: 'kid_hair_girl_01_BC',
  eyes: 'kid_eyes_GY',
  skin: 'kid_skin_1',
  formTShirt: 'kid_tshirt_1',
  formShorts: 'kid_shorts_1',
  accessories: [],
  lashes: 'kid_lashes_1',
};
const dadLook = {
  hair: 'dad_hair_04_WH',
  eyes: 'dad_eyes_BR',
  skin: 'dad_skin_2D',
  accessories: ['dad_acc_beard'],
};
const mumLook = {
  hair: 'mum_hair_02_BL',
  eyes: 'mum_eyes_BR',
  skin: 'mum_skin_1M',
  accessories: ['mum_acc_glasses'],
};

/** The seed's draft, as SPEC.md section 3 names it. */
const seedDraft = {
  orderItemId: null,
  charactersPersonalization: {
    child,
    femaleParent: { name: 'Ilze', ...mumLook },
    maleParent: { name: 'Jānis', ...dadLook },
  },
  dedication: 'Elīzai ar mīlestību.',
  bookCover: 'softcover',
};

describe('a draft stored in the seed’s shape', () => {
  it('restores the same child and grown-ups: maleParent first, femaleParent second', () => {
    const draft = parseDraft(JSON.stringify(seedDraft));
    expect(draft.child).toEqual(child);
    expect(draft.family).toEqual({
      shape: 'mum-dad',
      grownUps: [
        { kind: 'dad', call: null, name: 'Jānis', look: dadLook },
        { kind: 'mum', call: null, name: 'Ilze', look: mumLook },
      ],
    });
    expect(draft).toMatchObject({ dedication: 'Elīzai ar mīlestību.', bookCover: 'softcover' });
    // And saves them as the book's family, called by the usual words.
    const payload = savePayloadOf(draft, {
      language: 'lv',
      orderId: null,
      requestId: '6f1c2b9e-1d2a-4c3b-8e4f-0a1b2c3d4e5f',
    });
    expect(payload.family).toEqual({
      shape: 'mum-dad',
      grownUps: [
        { kind: 'dad', call: 'tētis', name: 'Jānis', personalization: dadLook },
        { kind: 'mum', call: 'mamma', name: 'Ilze', personalization: mumLook },
      ],
    });
  });

  it('restores a family kept beside it (two mums: the second mum was kept as femaleParent)', () => {
    const twoMums = {
      ...seedDraft,
      charactersPersonalization: {
        ...seedDraft.charactersPersonalization,
        maleParent: { name: 'Laura', ...mumLook, hair: 'mum_hair_01_BC' },
      },
      family: {
        shape: 'mum-mum',
        places: [
          { kind: 'mum', call: null },
          { kind: 'mum', call: 'name' },
        ],
      },
      bookLanguage: 'lv',
    };
    const draft = parseDraft(JSON.stringify(twoMums));
    expect(draft.family).toEqual({
      shape: 'mum-mum',
      grownUps: [
        { kind: 'mum', call: null, name: 'Laura', look: { ...mumLook, hair: 'mum_hair_01_BC' } },
        { kind: 'mum', call: 'name', name: 'Ilze', look: mumLook },
      ],
    });
    expect(draft.bookLanguage).toBe('lv');
  });

  it('gives the default characters when it cannot be parsed', () => {
    const { hair: _hair, ...noHair } = seedDraft.charactersPersonalization.maleParent;
    for (const broken of [
      {
        ...seedDraft,
        charactersPersonalization: {
          child,
          femaleParent: seedDraft.charactersPersonalization.femaleParent,
        },
      },
      {
        ...seedDraft,
        charactersPersonalization: { ...seedDraft.charactersPersonalization, maleParent: noHair },
      },
      // A mum's hair on the dad: not of the dad's catalogue.
      {
        ...seedDraft,
        charactersPersonalization: {
          ...seedDraft.charactersPersonalization,
          maleParent: { name: 'Jānis', ...mumLook },
        },
      },
    ]) {
      expect(parseDraft(JSON.stringify(broken))).toEqual(defaultDraft());
    }
  });
});
