// Every picture true to its words (issue #32): each visible claim of a spread's story (who is
// there, what they do, props, weather, time, signs) is listed in book/story/claims*.ts next to the
// part of the scene that shows it; this renders the page and checks every part is drawn.
import { describe, expect, it } from 'vitest';
import { defaultCharacters } from '#book/character-set.ts';
import { renderPageSvg } from '#book/render-page.ts';
import { SPREAD_LAYOUTS } from '#book/art/scenes/layouts.ts';
import { POSTER } from '#book/art/scenes/school-views.ts';
import { CLAIMS } from '#book/story/claims.ts';
import { signText } from '#book/story/story-text.ts';
import { signInBox } from '#book/text/sign.ts';
import { SPREAD_IDS, type Gender } from '#book/types.ts';

/** The spreads whose claims the staging-early helper keeps (cover to 17-18). */
/** Every spread of the book has its claims (cover to 17-18 in claims-early.ts, the rest in claims-late.ts). */
const EARLY_SPREADS = SPREAD_IDS;
const LISTED = [
  ...(Object.keys(CLAIMS).includes('cover') ? ['cover'] : []),
  ...SPREAD_IDS.filter((id) => id in CLAIMS),
];

function svgOf(page: string, gender: Gender = 'girl'): string {
  return renderPageSvg({
    page,
    language: 'en-gb',
    child: { name: 'Anna', gender },
    characters: defaultCharacters(gender),
  });
}

/** Whether the page's SVG has the part a claim names. */
function shows(svg: string, part: string): boolean {
  const figure = /^figure:(child|dad|mum)$/.exec(part);
  return figure ? svg.includes(`data-figure="${figure[1]}"`) : svg.includes(`data-part="${part}"`);
}

describe('every picture is true to its words', () => {
  it('lists claims for every spread from 1-2 to 17-18', () => {
    const missing = EARLY_SPREADS.filter((id) => (CLAIMS[id]?.length ?? 0) === 0);
    expect(missing, 'spreads without claims').toEqual([]);
  });

  it('names a part for every claim and says what the words claim', () => {
    for (const id of LISTED) {
      for (const claim of CLAIMS[id]!) {
        expect(claim.says.trim(), id).not.toBe('');
        expect(claim.part, `${id}: ${claim.says}`).toMatch(
          /^(figure:(child|dad|mum)|[a-z][a-z0-9-]*)$/,
        );
      }
    }
  });

  it.each(LISTED)('%s draws every part its claims name', (id) => {
    const svg = svgOf(id);
    const missing = CLAIMS[id]!.filter((claim) => !shows(svg, claim.part)).map(
      (claim) => `${claim.part} (${claim.says})`,
    );
    expect(missing, `${id}: claims without their part`).toEqual([]);
  });

  it('fails a claim whose part is not drawn', () => {
    const svg = svgOf('page_1-2');
    expect(shows(svg, 'no-such-part')).toBe(false);
    expect(shows(svg, 'figure:child')).toBe(true);
  });
});

describe('the words painted in the pictures', () => {
  it.each([
    ['en-gb', 'BIG MATCH ON SATURDAY!'],
    ['en-us', 'BIG GAME ON SATURDAY!'],
    ['lv', 'LIELĀ SPĒLE SESTDIEN!'],
  ] as const)('puts the poster’s words on the poster of 15-16 in %s', (language, words) => {
    const child = { name: 'Anna', gender: 'girl' as const };
    const layout = SPREAD_LAYOUTS['page_15-16']!;
    const box = layout.signBox!;
    expect(box, 'the poster has a sign box').toBeDefined();
    // The words' box lies on the poster paper.
    expect(box.x).toBeGreaterThanOrEqual(POSTER.x);
    expect(box.y).toBeGreaterThanOrEqual(POSTER.y);
    expect(box.x + box.width).toBeLessThanOrEqual(POSTER.x + POSTER.w);
    expect(box.y + box.height).toBeLessThanOrEqual(POSTER.y + POSTER.h);
    const sign = signText('page_15-16', language, child)!;
    expect(sign).toContain(words);
    const svg = renderPageSvg({
      page: 'page_15-16',
      language,
      child,
      characters: defaultCharacters('girl'),
    });
    const drawn = signInBox(sign, box);
    expect(drawn.overflow).toBe(false);
    expect(svg).toContain(drawn.svg);
  });
});

describe('books with one grown-up (the early spreads)', () => {
  const early = ['cover', ...SPREAD_IDS];
  it.each(early)('%s says which grown-up stays when it has both', (id) => {
    const layout = SPREAD_LAYOUTS[id]!;
    const roles = layout.slots.map((s) => s.role);
    if (!(roles.includes('dad') && roles.includes('mum'))) return;
    expect(layout.solo, `${id} has both grown-ups and no solo`).toBeDefined();
    const solo = layout.solo!;
    if (solo.slots) {
      const soloRoles = solo.slots.map((s) => s.role).sort();
      expect(soloRoles).toEqual(roles.filter((r) => r === 'child' || r === solo.keep).sort());
    }
    for (const part of Object.keys(layout.partProps ?? {})) expect(roles).toContain(part);
  });
});
