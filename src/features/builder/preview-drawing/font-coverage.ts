// The characters the browser's copies of the book's fonts draw (scripts/make-book-webfonts.ts
// keeps the outlines of these and of what the fonts' default features make of them): the Latin
// letters of Latvian, English and their neighbours, and the punctuation the story and a dedication
// use. A page with any other character is drawn by the server, from the whole fonts.

/** Inclusive code point ranges. */
export const WEB_FONT_RANGES: readonly (readonly [number, number])[] = [
  [0x20, 0x7e],
  [0xa0, 0x17f],
  [0x2010, 0x2027],
  [0x2030, 0x203a],
  [0x20ac, 0x20ac],
];

export function webFontCodePoints(): number[] {
  return WEB_FONT_RANGES.flatMap(([from, to]) =>
    Array.from({ length: to - from + 1 }, (_, i) => from + i),
  );
}

/** Whether every character of `text` is in the browser's fonts (line breaks and tabs aside). */
export function drawableInBrowser(text: string): boolean {
  for (const char of text) {
    const cp = char.codePointAt(0)!;
    if (cp === 0x0a || cp === 0x0d || cp === 0x09) continue;
    if (!WEB_FONT_RANGES.some(([from, to]) => cp >= from && cp <= to)) return false;
  }
  return true;
}
