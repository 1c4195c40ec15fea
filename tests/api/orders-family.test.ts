// Who is in the book (issue #33) through the orders API: a save with a family is checked by the
// book's rules (every shape, call words of the book's language, 'name' needs a name, looks from
// the catalogue of the grown-up's body), stored, and answered by the item read and the cart.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultCharacters } from '#book/character-set.ts';
import {
  BODY_OF_KIND,
  CALL_WORDS,
  FAMILY_SHAPES,
  GROWN_UP_KINDS,
  SHAPE_MEMBERS,
} from '#book/family.ts';
import { FAMILY_SHAPE_NAMES, GROWN_UP_KIND_NAMES, type FamilyPayload } from '#contract/family.ts';
import type { OrderItemDetail, SavePayload } from '#contract/orders.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { cartHolder, savePayload, summary } from './orders-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type ErrorBody = { error: string; fields?: Record<string, string[]> };
const set = defaultCharacters('girl');

/** A family of `shape` with the default looks of each body, the book language's first words and names. */
function familyOf(
  shape: FamilyPayload['shape'],
  language: 'lv' | 'en-gb' | 'en-us' = 'en-gb',
): FamilyPayload {
  return {
    shape,
    grownUps: SHAPE_MEMBERS[shape].map((kind, i) => ({
      kind,
      name: ['Ilze', 'Jānis'][i] ?? null,
      call: CALL_WORDS[language][kind][i] ?? (CALL_WORDS[language][kind][0] as string),
      personalization: set[BODY_OF_KIND[kind]],
    })),
  };
}

/** A save with a family and no maleParent/femaleParent. */
function familyPayload(family: FamilyPayload, overrides: Partial<SavePayload> = {}): SavePayload {
  const { maleParent: _dad, femaleParent: _mum, ...rest } = savePayload(overrides, 'girl');
  return { ...rest, family };
}

async function save(payload: SavePayload) {
  return t.request('/api/order', { method: 'POST', json: payload });
}

async function refusal(payload: unknown): Promise<Record<string, string[]>> {
  const res = await t.request('/api/order', { method: 'POST', json: payload });
  expect(res.status).toBe(400);
  return ((await res.json()) as ErrorBody).fields ?? {};
}

/** A second mum in her own clothes colour and build (issue #49), with her glasses. */
const SECOND_MUM_WEARS = ['mum_acc_glasses', 'mum_acc_clothes_green', 'mum_acc_build_sturdy'];

describe('the family in the save payload', () => {
  it('names the same shapes and kinds as the book', () => {
    expect(FAMILY_SHAPE_NAMES).toEqual(FAMILY_SHAPES);
    expect(GROWN_UP_KIND_NAMES).toEqual(GROWN_UP_KINDS);
  });

  it.each(FAMILY_SHAPES)(
    'stores a %s book and answers it in the item read and the cart',
    async (shape) => {
      const family = familyOf(shape);
      const res = await save(familyPayload(family));
      expect(res.status).toBe(201);
      const { orderId, orderItemId } = (await res.json()) as {
        orderId: string;
        orderItemId: string;
      };
      const detail = (await (
        await t.request(`/api/orderItems/${orderItemId}`, cartHolder(orderId))
      ).json()) as OrderItemDetail;
      expect(detail.familyShape).toBe(shape);
      expect(detail.grownUps).toEqual(
        family.grownUps.map((g) => ({
          grownUpRole: BODY_OF_KIND[g.kind],
          kind: g.kind,
          name: g.name,
          call: g.call,
          personalization: JSON.stringify(g.personalization),
        })),
      );
      const cart = await summary(t, orderId);
      expect(cart.items[0]?.family).toEqual({
        shape,
        grownUps: family.grownUps.map((g) => ({
          ...g,
          personalization: JSON.stringify(g.personalization),
        })),
      });
    },
  );

  it('keeps each of two mums her own look, clothes colour, build and call word', async () => {
    const family: FamilyPayload = {
      shape: 'mum-mum',
      grownUps: [
        {
          kind: 'mum',
          name: 'Ilze',
          call: 'mamma',
          personalization: { ...set.mum, hair: 'mum_hair_01_BL' },
        },
        {
          kind: 'mum',
          name: 'Līga',
          call: 'name',
          personalization: { ...set.mum, accessories: SECOND_MUM_WEARS },
        },
      ],
    };
    const res = await save(familyPayload(family, { language: 'lv', country: 'lv' }));
    const body = (await res.json()) as { orderId: string; orderItemId: string; fields?: unknown };
    expect(res.status, JSON.stringify(body.fields)).toBe(201);
    const detail = (await (
      await t.request(`/api/orderItems/${body.orderItemId}`, cartHolder(body.orderId, 'lv'))
    ).json()) as OrderItemDetail;
    expect(
      detail.grownUps.map((g) => [g.kind, g.name, g.call, JSON.parse(g.personalization)]),
    ).toEqual([
      ['mum', 'Ilze', 'mamma', { ...set.mum, hair: 'mum_hair_01_BL' }],
      ['mum', 'Līga', 'name', { ...set.mum, accessories: SECOND_MUM_WEARS }],
    ]);
  });

  it('refuses members that do not match the shape', async () => {
    const two = familyOf('mum-mum');
    expect(await refusal(familyPayload({ ...two, shape: 'mum' }))).toHaveProperty([
      'family.grownUps',
    ]);
    const wrongKind = familyOf('grandma-grandpa');
    wrongKind.grownUps.reverse();
    const fields = await refusal(familyPayload(wrongKind));
    expect(fields).toHaveProperty(['family.grownUps.0.kind']);
    expect(fields).toHaveProperty(['family.grownUps.1.kind']);
    expect(await refusal(familyPayload({ shape: 'dad', grownUps: [] }))).toHaveProperty([
      'family.grownUps',
    ]);
  });

  it("refuses a call word of another kind or another language, and 'name' without a name", async () => {
    const family = familyOf('mum-dad', 'lv');
    const lvWithEnglish = familyPayload(
      {
        ...family,
        grownUps: [
          { ...family.grownUps[0]!, call: 'Dad' },
          { ...family.grownUps[1]!, call: 'tētis' },
        ],
      },
      { language: 'lv', country: 'lv' },
    );
    const fields = await refusal(lvWithEnglish);
    expect(fields['family.grownUps.0.call']?.[0]).toContain('tētis');
    expect(fields).toHaveProperty(['family.grownUps.1.call']);
    const nameless = familyOf('grandpa');
    nameless.grownUps[0] = { ...nameless.grownUps[0]!, name: '  ', call: 'name' };
    expect((await refusal(familyPayload(nameless)))['family.grownUps.0.name']?.[0]).toMatch(
      /name is required/,
    );
  });

  it('refuses two grown-ups called by the same word (the story could not tell them apart)', async () => {
    const family = familyOf('dad-dad');
    family.grownUps[1] = { ...family.grownUps[1]!, call: family.grownUps[0]!.call };
    expect(await refusal(familyPayload(family))).toHaveProperty(['family.grownUps.1.call']);
  });

  it("refuses a look from another body's catalogue", async () => {
    const family = familyOf('grandpa');
    family.grownUps[0] = { ...family.grownUps[0]!, personalization: set.mum };
    const fields = await refusal(familyPayload(family));
    expect(Object.keys(fields)).toEqual(
      expect.arrayContaining([
        'family.grownUps.0.personalization.hair',
        'family.grownUps.0.personalization.eyes',
        'family.grownUps.0.personalization.skin',
      ]),
    );
    const freckles = familyOf('mum');
    freckles.grownUps[0] = {
      ...freckles.grownUps[0]!,
      personalization: { ...set.mum, accessories: ['kid_acc_freckles'] },
    };
    expect(await refusal(familyPayload(freckles))).toHaveProperty([
      'family.grownUps.0.personalization.accessories',
    ]);
    const twoColours = familyOf('dad');
    twoColours.grownUps[0] = {
      ...twoColours.grownUps[0]!,
      personalization: {
        ...set.dad,
        accessories: ['dad_acc_clothes_teal', 'dad_acc_clothes_berry'],
      },
    };
    expect(
      (await refusal(familyPayload(twoColours)))['family.grownUps.0.personalization.accessories'],
    ).toEqual(['Choose one clothes colour.']);
  });

  it('refuses bad shapes and kinds with field errors, never a 500', async () => {
    const base = familyPayload(familyOf('dad'));
    for (const family of [
      { shape: 'aunt', grownUps: [] },
      { shape: 'dad', grownUps: [{ kind: 'uncle', call: 'Dad', personalization: set.dad }] },
      { shape: 'dad', grownUps: [{ kind: 'dad', call: 7, personalization: set.dad }] },
      { shape: 'dad', grownUps: 'Dad' },
      null,
    ]) {
      const fields = await refusal({ ...base, family });
      expect(
        Object.keys(fields).some((key) => key.startsWith('family')),
        JSON.stringify(family),
      ).toBe(true);
    }
  });

  it('still needs maleParent and femaleParent without a family', async () => {
    const { maleParent: _dad, ...withoutDad } = savePayload();
    expect(await refusal(withoutDad)).toHaveProperty(['maleParent']);
  });

  it("answers a book saved without a family as today's mum and dad with the language's words", async () => {
    const res = await save(savePayload({ language: 'en-US', country: 'en-US' }));
    const { orderId, orderItemId } = (await res.json()) as { orderId: string; orderItemId: string };
    const detail = (await (
      await t.request(`/api/orderItems/${orderItemId}`, cartHolder(orderId, 'en-US'))
    ).json()) as OrderItemDetail;
    expect(detail.familyShape).toBe('mum-dad');
    expect(detail.grownUps.map((g) => [g.grownUpRole, g.kind, g.call, g.name])).toEqual([
      ['dad', 'dad', 'Dad', 'Tom'],
      ['mum', 'mum', 'Mom', 'Anna'],
    ]);
  });
});
