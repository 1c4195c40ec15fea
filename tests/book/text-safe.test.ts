import { describe, expect, it } from 'vitest';
import { defaultCharacters } from '#book/character-set.ts';
import { MAX_NAME_LENGTH } from '#book/grammar/name.ts';
import { BOOK_LANGUAGES, SPREAD_IDS, type Gender } from '#book/types.ts';
import { SPREAD_LAYOUTS, STORY_MIN_SIZE, STORY_SIZE } from '#book/art/scenes/layouts.ts';
import { renderPageLayers } from '#book/render-page.ts';
import { PANEL_COLOURS } from '#book/text/draw-text.ts';
import {
  lineSizes,
  panelLeaks,
  panelLeaksIn,
  rasterWithoutText,
  textProblems,
  type Raster,
} from './text-safe-check.ts';

// Every spread, for the longest names and Latvian names with diacritics, in all three
// languages: no line of text crosses the art (outside a soft panel), covers one of the family,
// comes within 10 mm of the trim or the gutter, or overflows; the type size stays between the
// story's floor and its size on every spread, so it varies little through the book.

const NAMES: { name: string; gender: Gender }[] = [
  { name: 'W'.repeat(MAX_NAME_LENGTH), gender: 'boy' },
  { name: 'Maximilian Alexander Jon', gender: 'boy' },
  { name: 'Anna-Šarlote Ķēniņa Ūdre', gender: 'girl' },
  { name: 'Krišjānis', gender: 'boy' },
  { name: 'Ēriks', gender: 'boy' },
  { name: 'Ance', gender: 'girl' },
];

/** 58 units = 5.8 mm = 16.4 pt: the least the story's type may shrink to. */
const FLOOR = 58;

const rasters = new Map<string, Raster>();
const rasterOf = (page: string) => {
  let raster = rasters.get(page);
  if (!raster) rasters.set(page, (raster = rasterWithoutText(page)));
  return raster;
};

describe('the text-safe area', () => {
  it('uses one story size with a floor close under it', () => {
    expect(STORY_MIN_SIZE).toBeGreaterThanOrEqual(FLOOR);
    expect(STORY_SIZE / STORY_MIN_SIZE).toBeLessThanOrEqual(1.15);
  });

  it('has names as long as the name rule allows', () => {
    for (const { name } of NAMES) expect([...name].length).toBeLessThanOrEqual(MAX_NAME_LENGTH);
    expect(NAMES[0]!.name).toHaveLength(MAX_NAME_LENGTH);
  });

  it.each(SPREAD_IDS)(
    '%s: every line sits on calm sky, wall or a panel, inside the safe area',
    (page) => {
      const raster = rasterOf(page);
      const problems: string[] = [];
      for (const language of BOOK_LANGUAGES) {
        for (const child of NAMES) {
          const input = { page, language, child, characters: defaultCharacters(child.gender) };
          for (const p of textProblems(input, raster)) {
            problems.push(`${language} ${child.name}: line ${p.line + 1} ${p.problem}`);
          }
          for (const size of lineSizes(input)) {
            if (size < FLOOR || size > STORY_SIZE)
              problems.push(`${language} ${child.name}: size ${size}`);
          }
        }
      }
      expect(problems).toEqual([]);
    },
  );

  it.each(SPREAD_IDS)('%s: every line on a panel sits on an opaque card', (page) => {
    const problems: string[] = [];
    for (const language of BOOK_LANGUAGES) {
      const child = NAMES[1]!;
      const input = { page, language, child, characters: defaultCharacters(child.gender) };
      for (const p of panelLeaks(input))
        problems.push(`${language}: line ${p.line + 1} ${p.problem}`);
    }
    expect(problems).toEqual([]);
  });

  it('finds a panel that lets the picture through (the check can fail)', () => {
    const page = 'page_27-28';
    expect(SPREAD_LAYOUTS[page]?.textBoxes.some((box) => box.panel)).toBe(true);
    const layers = renderPageLayers({
      page,
      language: 'en-gb',
      child: NAMES[1]!,
      characters: defaultCharacters('boy'),
    });
    // The night card made translucent, as the second edition drew it.
    const night = PANEL_COLOURS.light.fill;
    const translucent = layers.text.replaceAll(
      `fill="${night}"`,
      `fill="${night}" fill-opacity="0.6"`,
    );
    expect(translucent).not.toBe(layers.text);
    expect(panelLeaksIn({ page, ...layers })).toEqual([]);
    expect(panelLeaksIn({ page, ...layers, text: translucent }).length).toBeGreaterThan(0);
  });
});
