import { Resvg } from '@resvg/resvg-js';
import { describe, expect, it } from 'vitest';
import { WEAR } from '#book/art/palette.ts';
import { placeCharacter } from '#book/cast.ts';
import { SPREAD_LAYOUTS } from '#book/art/scenes/layouts.ts';
import { resolveCharacterSet } from '#book/character-set.ts';
import {
  FAMILY_SHAPES,
  defaultFamily,
  familyFiguresKey,
  familyFromCharacters,
  type BookFamily,
} from '#book/family.ts';
import { renderPageFigures, renderPageSvg } from '#book/render-page.ts';
import { SOLO_PART } from '#book/story/solo-part.ts';
import { PAGE_IDS, type PageId } from '#book/types.ts';

const resolved = resolveCharacterSet(
  ['kid_hair_girl_02_RD', 'dad_acc_beard', 'mum_acc_glasses'],
  'girl',
);
if (!resolved.ok) throw new Error('bad characters');
const characters = resolved.value;

/**
 * The grown-up figures a page draws: [part, kind, body] per figure. A hugging grown-up's arms and
 * face, drawn again in front of the child (a slot with `part`), are the same person: not counted
 * again, but part of that figure's drawing.
 */
function grownUpFigures(
  page: PageId,
  family?: BookFamily,
): { part: string; kind: string | null; body: string; svg: string }[] {
  const { figures } = renderPageFigures({ page, characters, family });
  const all = [
    ...figures.matchAll(
      /<g data-figure="(dad|mum)"(?: data-kind="(\w+)")?([^>]*)><g data-character="(\w+)"/g,
    ),
  ].map((m) => {
    const start = m.index;
    const next = figures.indexOf('<g data-figure=', start + 1);
    const svg = figures.slice(start, next === -1 ? undefined : next);
    return {
      part: m[1]!,
      kind: m[2] ?? null,
      at: m[3]!,
      body: m[4]!,
      svg,
      front: /^<g data-figure="[^"]*"[^>]*><g data-character="\w+"[^>]* data-part="/.test(svg),
    };
  });
  // the hugger's arms and face drawn in front of the child belong to the figure drawn behind it
  return all
    .filter((f) => !f.front)
    .map(({ part, kind, body, at, svg }) => ({
      part,
      kind,
      body,
      svg:
        svg +
        all
          .filter((f) => f.front && f.part === part && f.at === at)
          .map((f) => f.svg)
          .join(''),
    }));
}

const withGrownUps = PAGE_IDS.filter((page) =>
  (SPREAD_LAYOUTS as Record<string, { slots: { role: string }[] }>)[page]!.slots.some(
    (s) => s.role !== 'child',
  ),
);

describe('grown-ups cast into the pictures', () => {
  it('draws today’s book byte for byte as before when the family is mum and dad', () => {
    const family = familyFromCharacters(characters, 'en-gb');
    for (const page of PAGE_IDS) {
      const before = renderPageSvg({
        page,
        language: 'en-gb',
        child: { name: 'Ella', gender: 'girl' },
        characters,
      });
      const after = renderPageSvg({
        page,
        language: 'en-gb',
        child: { name: 'Ella', gender: 'girl' },
        characters,
        family,
      });
      expect(after, page).toBe(before);
    }
  });

  it('draws exactly one grown-up on every page that has grown-ups, in a book with one', () => {
    expect(withGrownUps.length).toBeGreaterThan(10);
    for (const shape of ['mum', 'dad', 'grandma', 'grandpa'] as const) {
      const family = defaultFamily(shape, 'lv');
      for (const page of withGrownUps) {
        const figures = grownUpFigures(page, family);
        expect(figures, `${shape} ${page}`).toHaveLength(1);
        const kept = SPREAD_LAYOUTS[page]!.solo?.keep ?? SOLO_PART[page];
        if (kept) expect(figures[0]!.part, `${shape} ${page}`).toBe(kept);
        expect(figures[0]!.kind).toBe(shape);
        expect(figures[0]!.body).toBe(shape === 'mum' || shape === 'grandma' ? 'mum' : 'dad');
      }
    }
  });

  it('sets a chair at the dinner table for each person drawn there, none empty (5-6)', () => {
    for (const shape of FAMILY_SHAPES) {
      const family = defaultFamily(shape, 'lv');
      const { figures, foreground } = renderPageFigures({ page: 'page_5-6', characters, family });
      const people = grownUpFigures('page_5-6', family).length + 1;
      expect(people, shape).toBe(shape.includes('-') ? 3 : 2);
      expect(figures.match(/data-part="chair"/g), shape).toHaveLength(people);
      // a plate for each person: the child's full one and each grown-up's half-eaten one
      expect(foreground.match(/data-part="dinner-(dad|mum)"/g), shape).toHaveLength(people - 1);
      expect(foreground.match(/data-part="spaghetti-twirled"/g), shape).toHaveLength(1);
    }
  });

  it('draws two mums with mum bodies and their own looks', () => {
    const family = defaultFamily('mum-mum', 'en-gb');
    family.grownUps[0]!.look = {
      hair: 'mum_hair_01_RD',
      eyes: 'mum_eyes_GR',
      skin: 'mum_skin_2M',
      accessories: ['mum_acc_glasses'],
    };
    family.grownUps[1]!.look = {
      hair: 'mum_hair_03_BC',
      eyes: 'mum_eyes_BR',
      skin: 'mum_skin_4M',
      accessories: [],
    };
    let both = 0;
    for (const page of withGrownUps) {
      const figures = grownUpFigures(page, family);
      for (const figure of figures) {
        expect(figure.body, page).toBe('mum');
        expect(figure.kind, page).toBe('mum');
        expect(figure.svg).not.toContain('data-layer="dad_');
        // the story's 'mum' part is the first mum, the 'dad' part the second
        const look = figure.part === 'mum' ? family.grownUps[0]!.look : family.grownUps[1]!.look;
        const other = figure.part === 'mum' ? family.grownUps[1]!.look : family.grownUps[0]!.look;
        expect(figure.svg, page).toContain(`data-layer="${look.hair}"`);
        expect(figure.svg, page).not.toContain(`data-layer="${other.hair}"`);
      }
      if (figures.length === 2) both += 1;
    }
    expect(both).toBeGreaterThan(5);
  });

  it('draws grandparents with their grey and white hair and reading glasses', () => {
    const family = defaultFamily('grandma-grandpa', 'en-us');
    const figures = withGrownUps.flatMap((page) => grownUpFigures(page, family));
    const grandpa = figures.filter((f) => f.kind === 'grandpa');
    const grandma = figures.filter((f) => f.kind === 'grandma');
    expect(grandpa.length).toBeGreaterThan(5);
    expect(grandma.length).toBeGreaterThan(5);
    for (const f of grandpa) {
      expect(f.body).toBe('dad');
      expect(f.svg).toContain('data-layer="dad_hair_04_WH"');
      expect(f.svg).toContain('data-layer="dad_acc_glasses"');
    }
    for (const f of grandma) {
      expect(f.body).toBe('mum');
      expect(f.svg).toContain('data-layer="mum_hair_02_GY"');
    }
  });

  it('draws every kind in every pose and outfit its part takes', () => {
    for (const shape of ['mum-mum', 'dad-dad', 'grandma-grandpa'] as const) {
      const family = defaultFamily(shape, 'en-gb');
      for (const page of withGrownUps) {
        expect(
          () => renderPageFigures({ page, characters, family }),
          `${shape} ${page}`,
        ).not.toThrow();
      }
    }
  });

  it('gives every grown-up of a book a body and clothes of their own, even with the same look (issue #49)', () => {
    const look = {
      hair: 'dad_hair_01_BR',
      eyes: 'dad_eyes_BR',
      skin: 'dad_skin_3D',
      accessories: [] as string[],
    };
    const mumLook = { ...look, hair: 'mum_hair_01_BR', eyes: 'mum_eyes_BR', skin: 'mum_skin_3M' };
    /** A grown-up part standing at the origin: its colours and the size of what it draws. */
    const standing = (family: BookFamily, part: 'dad' | 'mum') => {
      const svg = placeCharacter(
        'page_7-8',
        { role: part, pose: 'stand', x: 0, y: 0, scale: 1 },
        characters,
        family,
      );
      const box = new Resvg(
        `<svg xmlns="http://www.w3.org/2000/svg" viewBox="-1500 -2400 3000 2600">${svg}</svg>`,
      ).getBBox()!;
      return { colours: new Set(svg.match(/#[0-9a-f]{6}/gi)), w: box.width, h: box.height, svg };
    };
    const differ = (a: Set<string>, b: Set<string>) =>
      [...a].some((c) => !b.has(c)) || [...b].some((c) => !a.has(c));
    for (const shape of ['mum-dad', 'dad-dad', 'mum-mum', 'grandma-grandpa'] as const) {
      for (const chosen of [[], ['clothes_teal']]) {
        const family = defaultFamily(shape, 'en-gb');
        // the same hair, eyes and skin (and the same chosen clothes colour): twins but for who they are
        for (const g of family.grownUps) {
          const body = g.kind === 'mum' || g.kind === 'grandma' ? 'mum' : 'dad';
          const same = body === 'mum' ? mumLook : look;
          g.look = { ...same, accessories: chosen.map((c) => `${body}_acc_${c}`) };
        }
        const a = standing(family, 'dad');
        const b = standing(family, 'mum');
        expect(differ(a.colours, b.colours), `${shape} ${chosen}: clothes`).toBe(true);
        // another height or another width: not the same body
        const size = Math.max(Math.abs(a.h - b.h) / a.h, Math.abs(a.w - b.w) / a.w);
        expect(size, `${shape} ${chosen}: body`).toBeGreaterThan(0.03);
      }
    }
  });

  it('dresses a grown-up in the clothes colour the parent chose, a layer named for it', () => {
    const family = defaultFamily('mum-mum', 'lv');
    family.grownUps[1]!.look = {
      ...family.grownUps[1]!.look,
      accessories: ['mum_acc_clothes_berry'],
    };
    const second = grownUpFigures('page_19-20', family).find((f) => f.part === 'dad')!;
    const first = grownUpFigures('page_19-20', family).find((f) => f.part === 'mum')!;
    expect(second.svg).toContain('data-layer="mum_acc_clothes_berry"');
    expect(second.svg).toContain(WEAR.berry.base);
    expect(first.svg).not.toContain(WEAR.berry.base);
  });

  it('keys the figures by what changes them: looks and kinds, not words or names', () => {
    const family = defaultFamily('mum-mum', 'en-gb');
    const renamed = {
      ...family,
      grownUps: family.grownUps.map((g) => ({ ...g, call: 'name', name: 'Kate' })),
    };
    expect(familyFiguresKey(renamed)).toBe(familyFiguresKey(family));
    const otherHair = {
      ...family,
      grownUps: [
        family.grownUps[0]!,
        { ...family.grownUps[1]!, look: { ...family.grownUps[1]!.look, hair: 'mum_hair_02_GY' } },
      ],
    };
    expect(familyFiguresKey(otherHair)).not.toBe(familyFiguresKey(family));
    expect(familyFiguresKey(undefined)).toBe('');
  });
});
