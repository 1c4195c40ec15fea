// The characters the book's text face (Andika, book/fonts.ts) can draw, as code point ranges: the
// set of book/text/font-metrics.gen.ts's `text.advances` (tests/book/text-coverage.test.ts keeps
// the two equal), written small so that a form and the API can check a text without loading the
// metrics (contract/ imports nothing of book/).
//
// Andika draws the Latin script in full (every Latvian and European letter), Cyrillic, the
// typographic dashes and quotes, the euro; of Greek only a few letters (its math symbols), and
// no CJK, Arabic, Hebrew or emoji. A text in the text face with anything else prints empty boxes,
// so what a buyer writes for print in it (the gift card's message: contract/gift.ts) is checked
// here, as the child's name is (book/grammar/name.ts).

/** [first, last] code points, inclusive, ascending. */
export const TEXT_FACE_RANGES: readonly (readonly [number, number])[] = [
  [0x20, 0x7e],
  [0xa0, 0x148],
  [0x14a, 0x24f],
  [0x387, 0x387],
  [0x393, 0x394],
  [0x398, 0x398],
  [0x39e, 0x39e],
  [0x3a0, 0x3a0],
  [0x3a8, 0x3a9],
  [0x3b1, 0x3b4],
  [0x3b8, 0x3b8],
  [0x3bb, 0x3bc],
  [0x3c0, 0x3c1],
  [0x3c3, 0x3c3],
  [0x3c6, 0x3c7],
  [0x3c9, 0x3c9],
  [0x3d1, 0x3d1],
  [0x3f4, 0x3f4],
  [0x400, 0x45f],
  [0x462, 0x463],
  [0x472, 0x475],
  [0x48a, 0x4ff],
  [0x1e00, 0x1eff],
  [0x2010, 0x2027],
  [0x2030, 0x2030],
  [0x2032, 0x203a],
  [0x20ac, 0x20ac],
];

/** Whether the text face draws the code point (a line break is no glyph: always fine). */
export function textFaceDraws(codePoint: number): boolean {
  if (codePoint === 0x0a) return true;
  let low = 0;
  let high = TEXT_FACE_RANGES.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const [first, last] = TEXT_FACE_RANGES[middle]!;
    if (codePoint < first) high = middle - 1;
    else if (codePoint > last) low = middle + 1;
    else return true;
  }
  return false;
}

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

/**
 * The characters of `text` the text face cannot draw, each once, in the order they first appear,
 * as a reader sees them (a whole emoji with its skin tone or joiners, a letter with its accents).
 */
export function undrawableInTextFace(text: string): string[] {
  const found = new Set<string>();
  for (const { segment } of graphemes.segment(text)) {
    for (const char of segment) {
      if (!textFaceDraws(char.codePointAt(0)!)) {
        found.add(segment);
        break;
      }
    }
  }
  return [...found];
}
