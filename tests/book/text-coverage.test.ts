import { describe, expect, it } from 'vitest';
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
