import { describe, expect, it } from 'vitest';
import { validateChildName } from '#book/grammar/name.ts';
import { DRAWABLE_RANGES } from '#book/text/drawable.gen.ts';
import { FONT_METRICS } from '#book/text/font-metrics.gen.ts';
import { TEXT_FACE_RANGES, textFaceDraws, undrawableInTextFace } from '#contract/text-face.ts';

// The text face's coverage as a screen checks it (contract/text-face.ts) is exactly the set
// the book measures (font-metrics.gen.ts, from Andika's own cmap): a new font or metrics run that
// changes one without the other fails here.

describe('the text face coverage', () => {
  it('is the code points of the generated metrics, range for range', () => {
    const measured = Object.keys(FONT_METRICS.text.advances)
      .map(Number)
      .sort((a, b) => a - b);
    const listed = TEXT_FACE_RANGES.flatMap(([first, last]) =>
      Array.from({ length: last - first + 1 }, (_, i) => first + i),
    );
    expect(listed).toEqual(measured);
    for (let cp = 0; cp < 0x2100; cp += 1)
      if (cp !== 0x0a) expect(textFaceDraws(cp), cp.toString(16)).toBe(measured.includes(cp));
  });

  it('names what it cannot draw once each, as a reader sees it', () => {
    expect(undrawableInTextFace('Mīļā Anniņa, Юлия, Łukasz – “ok” €5\n…')).toEqual([]);
    expect(undrawableInTextFace('Γειά σου Μαρία')).toEqual(['ε', 'ι', 'ά', 'ο', 'υ', 'Μ', 'ί']);
    expect(undrawableInTextFace('你好, 你好 ❤️ 👍🏽 👨‍👩‍👧')).toEqual(['你', '好', '❤️', '👍🏽', '👨‍👩‍👧']);
  });
});

// The child's name check reads the letters both fonts draw from book/text/drawable.gen.ts (ranges,
// no widths: the builder's first step loads it); it must be exactly what the metrics measure.
describe('the letters a name may use', () => {
  it('are the code points both fonts of the generated metrics draw, range for range', () => {
    const both = Object.keys(FONT_METRICS.display.advances)
      .map(Number)
      .filter((cp) => FONT_METRICS.text.advances[cp] !== undefined)
      .sort((a, b) => a - b);
    const listed = DRAWABLE_RANGES.flatMap(([first, last]) =>
      Array.from({ length: last - first + 1 }, (_, i) => first + i),
    );
    expect(listed).toEqual(both);
    // and the name check refuses exactly the letters outside them
    expect(validateChildName('Ōlafs Żaneta-Ģirts').ok).toBe(true);
    expect(validateChildName('Юлия')).toEqual({
      ok: false,
      reason: 'The letter "Ю" cannot be printed in this book yet.',
    });
  });
});
