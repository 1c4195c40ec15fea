// Spreads 19-20 to 43-44 are true to their words (issue #32): every visible claim of the story in
// book/story/claims-late.ts has its part in the rendered page, for a girl and a boy; and the
// specific contradictions the issue found stay fixed (the crowd during the loss, the bench that
// moved, the one car drawing, the missing butterflies, one stadium backdrop for every match page).
import { describe, expect, it } from 'vitest';
import { defaultCharacters } from '#book/character-set.ts';
import { SPREAD_LAYOUTS } from '#book/art/scenes/layouts.ts';
import { renderPageSvg } from '#book/render-page.ts';
import { LATE_CLAIMS } from '#book/story/claims-late.ts';
import { SPREAD_IDS, type Gender, type PageId } from '#book/types.ts';

const LATE_SPREADS = SPREAD_IDS.slice(SPREAD_IDS.indexOf('page_19-20'));

function svgOf(page: PageId, gender: Gender): string {
  return renderPageSvg({
    page,
    language: 'en-gb',
    child: { name: 'Anna', gender },
    characters: defaultCharacters(gender),
  });
}

function shows(svg: string, part: string): boolean {
  const figure = /^figure:(child|dad|mum)$/.exec(part);
  return figure ? svg.includes(`data-figure="${figure[1]}"`) : svg.includes(`data-part="${part}"`);
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

describe('spreads 19-20 to 43-44 are true to their words', () => {
  it('lists claims for every spread from 19-20 to 43-44', () => {
    expect(LATE_SPREADS).toHaveLength(13);
    expect(LATE_SPREADS.filter((id) => (LATE_CLAIMS[id]?.length ?? 0) < 3)).toEqual([]);
  });

  it.each(LATE_SPREADS.flatMap((id) => (['girl', 'boy'] as const).map((g) => [id, g] as const)))(
    '%s (%s) draws every part its claims name',
    (id, gender) => {
      const svg = svgOf(id, gender);
      const missing = LATE_CLAIMS[id]!.filter((c) => !shows(svg, c.part)).map(
        (c) => `${c.part} (${c.says})`,
      );
      expect(missing).toEqual([]);
    },
  );

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

  it('says which grown-up stays on every page with both, for books with one grown-up', () => {
    for (const id of LATE_SPREADS) {
      const roles = SPREAD_LAYOUTS[id]!.slots.map((s) => s.role);
      if (!(roles.includes('dad') && roles.includes('mum'))) continue;
      const solo = SPREAD_LAYOUTS[id]!.solo;
      expect(solo, id).toBeDefined();
      for (const s of solo?.slots ?? []) expect(['child', solo!.keep], id).toContain(s.role);
    }
  });
});
