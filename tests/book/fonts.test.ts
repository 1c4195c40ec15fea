import { fileURLToPath } from 'node:url';
import * as fontkit from 'fontkit';
import { describe, expect, it } from 'vitest';
import { FONT_KEYS, FONTS, fontPathInProject, type FontKey } from '#book/fonts.ts';
import { coverTitle, dedicationSuggestions, storyText } from '#book/story/story-text.ts';
import { FONT_METRICS } from '#book/text/font-metrics.gen.ts';
import { BOOK_LANGUAGES, SPREAD_IDS } from '#book/types.ts';

const root = new URL('../..', import.meta.url);
const open = (key: FontKey) =>
  fontkit.openSync(fileURLToPath(new URL(fontPathInProject(key), root))) as fontkit.Font;

const LATVIAN = 'aābcčdeēfgģhiījkķlļmnņoprsštuūvzž';
const ENGLISH = 'abcdefghijklmnopqrstuvwxyz';
const PUNCTUATION = ' .,;:!?\'"’‘“”„–—…-()&/0123456789';
const REQUIRED = [
  ...new Set([
    ...LATVIAN,
    ...LATVIAN.toUpperCase(),
    ...ENGLISH,
    ...ENGLISH.toUpperCase(),
    ...PUNCTUATION,
  ]),
];

describe('book fonts', () => {
  for (const key of FONT_KEYS) {
    it(`${key}: the TTF from ${FONTS[key].package} is the family and weight the SVG asks for`, () => {
      const font = open(key);
      expect(font.familyName).toBe(FONTS[key].family);
      expect((font as unknown as { 'OS/2': { usWeightClass: number } })['OS/2'].usWeightClass).toBe(
        FONTS[key].weight,
      );
    });

    it(`${key}: has a glyph for every Latvian and English letter, digit and the dedication punctuation`, () => {
      const font = open(key);
      const missing = REQUIRED.filter((ch) => !font.hasGlyphForCodePoint(ch.codePointAt(0)!));
      expect(missing).toEqual([]);
    });

    it(`${key}: the generated metrics match the TTF`, () => {
      const font = open(key);
      const metrics = FONT_METRICS[key];
      expect(metrics.unitsPerEm).toBe(font.unitsPerEm);
      for (const ch of REQUIRED) {
        const run = font.layout(ch);
        expect(metrics.advances[ch.codePointAt(0)!], ch).toBe(
          Math.round(run.positions[0]!.xAdvance),
        );
      }
    });
  }

  it('can draw every character of every page, cover and dedication in every language', () => {
    const text = open('text');
    const display = open('display');
    for (const language of BOOK_LANGUAGES) {
      for (const gender of ['boy', 'girl'] as const) {
        const child = { name: 'Ķērsta', gender };
        const story = [
          ...SPREAD_IDS.flatMap((page) => storyText(page, language, child)),
          ...dedicationSuggestions(language, child),
        ].join('');
        const { title, subtitle } = coverTitle(language, child);
        const missingText = [...new Set(story)].filter(
          (ch) => ch !== '\n' && !text.hasGlyphForCodePoint(ch.codePointAt(0)!),
        );
        const missingDisplay = [...new Set(title + (subtitle ?? ''))].filter(
          (ch) => !display.hasGlyphForCodePoint(ch.codePointAt(0)!),
        );
        expect(missingText, language).toEqual([]);
        expect(missingDisplay, language).toEqual([]);
      }
    }
  });
});
