// Every picture true to its words (issue #32): each visible claim of a page's story (who is
// there, what they do, props, weather, time, signs) is listed in book/story/claims.ts next to the
// part of the scene that shows it; this renders every page for a girl and a boy and checks every
// part is drawn; and the specific contradictions the issues found stay fixed (the crowd during the
// loss, the bench that moved, the one car drawing, one stadium backdrop for every match page).
import { describe, expect, it } from 'vitest';
import { defaultCharacters } from '#book/character-set.ts';
import { renderPageSvg } from '#book/render-page.ts';
import { SPREAD_LAYOUTS } from '#book/art/scenes/layouts.ts';
import { POSTER } from '#book/art/scenes/school-views.ts';
import { CLAIMS } from '#book/story/claims.ts';
import { signText } from '#book/story/story-text.ts';
import { signInBox } from '#book/text/sign.ts';
import { SPREAD_IDS, type Gender, type PageId } from '#book/types.ts';

const LISTED = ['cover', ...SPREAD_IDS];
const LATE_SPREADS = SPREAD_IDS.slice(SPREAD_IDS.indexOf('page_19-20'));

function svgOf(page: PageId, gender: Gender = 'girl'): string {
  return renderPageSvg({
    page,
    language: 'en-gb',
    child: { name: 'Anna', gender },
    characters: defaultCharacters(gender),
  });
}

/**
 * Whether the page's SVG has the part a claim names: a data-part, or a figure of a role, in a
 * pose or with a face ('figure:mum:kiss'), or holding a part ('figure:dad:holds=steering-wheel').
 */
function shows(svg: string, part: string): boolean {
  const figure = /^figure:(child|dad|mum)(?::([a-z-]+)(?:=([a-z-]+))?)?$/.exec(part);
  if (!figure) return svg.includes(`data-part="${part}"`);
  const [, role, token, held] = figure;
  // each drawing of the role: from its opening tag to the next figure
  const drawings = svg.split('<g data-figure=').filter((d) => d.startsWith(`"${role}"`));
  return drawings.some((d) => {
    const open = d.slice(0, d.indexOf('>'));
    if (!token) return true;
    if (token === 'holds') return open.includes(`data-holds="${held}"`);
    return d.includes(`data-pose="${token}"`) || d.includes(`data-expression="${token}"`);
  });
}

/** The inner drawing of a named part (the first group marked with it). */
function partBody(svg: string, name: string): string {
  const start = svg.indexOf(`<g data-part="${name}">`);
  expect(start, name).toBeGreaterThanOrEqual(0);
  let depth = 0;
  const re = /<g\b|<\/g>/g;
  re.lastIndex = start;
  for (let m = re.exec(svg); m; m = re.exec(svg)) {
    depth += m[0] === '</g>' ? -1 : 1;
    if (depth === 0) return svg.slice(start, m.index);
  }
  throw new Error(`unclosed part ${name}`);
}

describe('every picture is true to its words', () => {
  it('lists at least three claims for the cover and every spread', () => {
    const missing = LISTED.filter((id) => (CLAIMS[id]?.length ?? 0) < 3);
    expect(missing, 'pages without claims').toEqual([]);
  });

  it('names a part for every claim and says what the words claim', () => {
    for (const id of LISTED) {
      for (const claim of CLAIMS[id]!) {
        expect(claim.says.trim(), id).not.toBe('');
        expect(claim.part, `${id}: ${claim.says}`).toMatch(
          /^(figure:(child|dad|mum)(:[a-z-]+(=[a-z-]+)?)?|[a-z][a-z0-9-]*)$/,
        );
      }
    }
  });

  it.each(LISTED.flatMap((id) => (['girl', 'boy'] as const).map((g) => [id, g] as const)))(
    '%s (%s) draws every part its claims name',
    (id, gender) => {
      const svg = svgOf(id, gender);
      const missing = CLAIMS[id]!.filter((claim) => !shows(svg, claim.part)).map(
        (claim) => `${claim.part} (${claim.says})`,
      );
      expect(missing, `${id}: claims without their part`).toEqual([]);
    },
  );

  it('fails a claim whose part is not drawn', () => {
    const svg = svgOf('page_1-2');
    expect(shows(svg, 'no-such-part')).toBe(false);
    expect(shows(svg, 'figure:child')).toBe(true);
    expect(shows(svg, 'figure:child:run')).toBe(true);
    expect(shows(svg, 'figure:child:kiss')).toBe(false);
    expect(shows(svg, 'figure:child:holds=banner')).toBe(false);
    expect(shows(svgOf('page_19-20'), 'figure:mum:holds=banner')).toBe(true);
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

describe('books with one grown-up', () => {
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

describe('the match pages stay true to their words', () => {
  it('knows a missing part when it sees one', () => {
    const svg = svgOf('page_21-22', 'girl');
    expect(shows(svg, 'crowd-cheer')).toBe(false);
    expect(shows(svg, 'figure:dad')).toBe(false);
  });

  it('does not let the home crowd cheer the loss on 21-22, and shows 2-3 on the scoreboard', () => {
    const svg = svgOf('page_21-22', 'boy');
    expect(svg).toContain('data-part="crowd-split"');
    expect(svg).toContain('data-part="scoreboard-2-3"');
  });

  it('keeps the bench in its place between 23-24 and 25-26: one drawing under two cameras', () => {
    const close = partBody(svgOf('page_23-24', 'girl'), 'bench');
    const far = partBody(svgOf('page_25-26', 'girl'), 'bench');
    const inner = (s: string) => s.slice(s.indexOf('>', s.indexOf('<g transform')) + 1);
    expect(inner(close)).toBe(inner(far));
    expect(close).not.toBe(far);
  });

  it('draws the drive home differently from the drive to the match', () => {
    const there = SPREAD_LAYOUTS['page_17-18']!.background();
    const home = SPREAD_LAYOUTS['page_27-28']!.background();
    expect(home).not.toBe(there);
    expect(home).toContain('data-part="street-lights"');
  });

  it('gives each of its spreads its own backdrop (at least five stadium set-ups)', () => {
    const backgrounds = LATE_SPREADS.map((id) => SPREAD_LAYOUTS[id]!.background());
    expect(new Set(backgrounds).size).toBe(LATE_SPREADS.length);
  });
});
