// Measures the book's TTFs (book/fonts.ts) and writes book/text/font-metrics.gen.ts, so that
// book/ can lay text out without reading files, and book/text/drawable.gen.ts: the characters both
// fonts draw as ranges (the name check's list, small enough for the builder's first step, which
// needs no widths). Run after changing a font:
//   npm run book:font-metrics
// Widths are taken from fontkit's shaping (the same GPOS kerning and ligatures resvg applies).

import { writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as fontkit from 'fontkit';
import * as prettier from 'prettier';
import { FONT_KEYS, FONTS, fontPathInProject, type FontKey } from '#book/fonts.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const out = resolve(root, 'book/text/font-metrics.gen.ts');
const drawableOut = resolve(root, 'book/text/drawable.gen.ts');

/** Unicode ranges whose mapped characters are measured (letters people write names in, punctuation). */
const RANGES: [number, number][] = [
  [0x0020, 0x007e], // Basic Latin
  [0x00a0, 0x00ff], // Latin-1 Supplement
  [0x0100, 0x017f], // Latin Extended-A (all Latvian letters)
  [0x0180, 0x024f], // Latin Extended-B
  [0x0370, 0x03ff], // Greek
  [0x0400, 0x04ff], // Cyrillic
  [0x1e00, 0x1eff], // Latin Extended Additional
  [0x2010, 0x2027], // dashes, quotes, ellipsis
  [0x2030, 0x203a], // per mille, primes, guillemets
  [0x20ac, 0x20ac], // euro
];

/**
 * Characters between which kerning pairs are measured: every letter of Basic Latin, Latin-1 and
 * Latin Extended-A (all Latvian and most European names), digits and the story's punctuation.
 */
const LETTERS = [0x41, 0x5a, 0x61, 0x7a, 0xc0, 0xff, 0x100, 0x17f];
const KERN_SET = [
  ...new Set([
    ...Array.from({ length: LETTERS.length / 2 }, (_, i) => {
      const chars: string[] = [];
      for (let cp = LETTERS[2 * i]!; cp <= LETTERS[2 * i + 1]!; cp += 1) {
        const ch = String.fromCodePoint(cp);
        if (/\p{L}/u.test(ch)) chars.push(ch);
      }
      return chars;
    }).flat(),
    ...'0123456789',
    ...' .,;:!?\'"’‘“”„–—…-()',
  ]),
];
const LIGATURE_CANDIDATES = ['ffi', 'ffl', 'ff', 'fi', 'fl', 'ft', 'fj', 'fb', 'fh', 'fk', 'tt'];

type Font = fontkit.Font;

function advanceOf(font: Font, text: string): number {
  const run = font.layout(text);
  return run.positions.reduce((sum, p) => sum + p.xAdvance, 0);
}

function measure(key: FontKey) {
  const font = fontkit.openSync(resolve(root, fontPathInProject(key))) as Font;
  const advances: Record<number, number> = {};
  for (const [from, to] of RANGES) {
    for (let cp = from; cp <= to; cp += 1) {
      if (!font.hasGlyphForCodePoint(cp)) continue;
      advances[cp] = Math.round(advanceOf(font, String.fromCodePoint(cp)));
    }
  }
  const single = (ch: string) => advances[ch.codePointAt(0)!] ?? 0;
  // Kerning as the font defines it, by classes: measure every pair, then group characters whose
  // rows (as the left glyph) and columns (as the right glyph) are identical.
  const chars = KERN_SET.filter((ch) => font.hasGlyphForCodePoint(ch.codePointAt(0)!));
  const matrix = chars.map((a) =>
    chars.map((b) => {
      const run = font.layout(a + b);
      if (run.glyphs.length !== 2) return 0; // a ligature, measured below
      return Math.round(
        run.positions.reduce((sum, p) => sum + p.xAdvance, 0) - single(a) - single(b),
      );
    }),
  );
  const classes = (signatures: string[]) => {
    const ids = new Map<string, number>();
    const of: Record<string, number> = {};
    signatures.forEach((signature, i) => {
      if (!/[^0,]/.test(signature)) return; // no kerning at all
      if (!ids.has(signature)) ids.set(signature, ids.size);
      of[chars[i]!] = ids.get(signature)!;
    });
    return { of, count: ids.size };
  };
  const left = classes(matrix.map((row) => row.join(',')));
  const right = classes(chars.map((_, j) => matrix.map((row) => row[j]).join(',')));
  const values: number[][] = Array.from({ length: left.count }, () =>
    Array<number>(right.count).fill(0),
  );
  chars.forEach((a, i) => {
    const l = left.of[a];
    if (l === undefined) return;
    chars.forEach((b, j) => {
      const r = right.of[b];
      if (r !== undefined) values[l]![r] = matrix[i]![j]!;
    });
  });
  const kerning = { left: left.of, right: right.of, values };
  const ligatures: Record<string, number> = {};
  for (const seq of LIGATURE_CANDIDATES) {
    const run = font.layout(seq);
    if (run.glyphs.length < seq.length) {
      ligatures[seq] = Math.round(
        advanceOf(font, seq) - [...seq].reduce((s, ch) => s + single(ch), 0),
      );
    }
  }
  const letters = Object.entries(advances).filter(([cp]) =>
    /\p{L}/u.test(String.fromCodePoint(Number(cp))),
  );
  const widest = Math.max(...letters.map(([, w]) => w));
  return {
    family: FONTS[key].family,
    unitsPerEm: font.unitsPerEm,
    ascender: font.ascent,
    descender: font.descent,
    capHeight: font.capHeight,
    xHeight: font.xHeight,
    /** The width used for a character the font does not have: its widest letter. */
    defaultAdvance: widest,
    advances,
    kerning,
    ligatures,
  };
}

const metrics = Object.fromEntries(FONT_KEYS.map((key) => [key, measure(key)]));
const body =
  '// GENERATED by scripts/extract-font-metrics.ts from the TTFs named in book/fonts.ts. Do not edit.\n' +
  '// Advance widths (font units) per code point, kerning per character pair, ligature adjustments.\n\n' +
  "import type { FontKey } from '#book/fonts.ts';\n\n" +
  'export interface FontMetrics {\n' +
  '  family: string;\n  unitsPerEm: number;\n  ascender: number;\n  descender: number;\n' +
  '  capHeight: number;\n  xHeight: number;\n  defaultAdvance: number;\n' +
  '  advances: Record<number, number>;\n' +
  '  /** Class kerning: value = values[left[first char]][right[second char]], 0 when unclassed. */\n' +
  '  kerning: { left: Record<string, number>; right: Record<string, number>; values: number[][] };\n' +
  '  ligatures: Record<string, number>;\n}\n\n' +
  `export const FONT_METRICS: Record<FontKey, FontMetrics> = ${JSON.stringify(metrics)};\n`;
// Written as the project's Prettier would write it, so `npm run format` leaves it alone.
const config = (await prettier.resolveConfig(out)) ?? {};
writeFileSync(out, await prettier.format(body, { ...config, filepath: out }));
// The code points every font has an advance for, as [first, last] ranges.
const everyFont = Object.values(metrics).map((m) => m.advances as Record<number, number>);
const drawable = Object.keys(everyFont[0] ?? {})
  .map(Number)
  .filter((code) => everyFont.every((advances) => advances[code] !== undefined))
  .sort((a, b) => a - b);
const ranges: [number, number][] = [];
for (const code of drawable) {
  const last = ranges.at(-1);
  if (last && last[1] === code - 1) last[1] = code;
  else ranges.push([code, code]);
}
const drawableBody =
  '// GENERATED by scripts/extract-font-metrics.ts from the TTFs named in book/fonts.ts. Do not edit.\n' +
  '// The code points both book fonts draw (an advance in each font of font-metrics.gen.ts), as\n' +
  "// [first, last] ranges: the child's name check (book/grammar/name.ts) without the fonts' widths.\n\n" +
  `export const DRAWABLE_RANGES: readonly (readonly [number, number])[] = ${JSON.stringify(ranges)};\n`;
writeFileSync(
  drawableOut,
  await prettier.format(drawableBody, {
    ...((await prettier.resolveConfig(drawableOut)) ?? {}),
    filepath: drawableOut,
  }),
);
console.log(`wrote ${drawableOut}: ${drawable.length} characters in ${ranges.length} ranges`);
for (const [key, m] of Object.entries(metrics)) {
  console.log(
    `${key}: ${m.family}, ${Object.keys(m.advances).length} characters, kerning classes ${m.kerning.values.length} x ${m.kerning.values[0]?.length ?? 0}, ligatures ${JSON.stringify(m.ligatures)}`,
  );
}
console.log(`wrote ${out}`);
