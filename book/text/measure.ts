// Text width from the build-time font metrics (font-metrics.gen.ts): advance widths, kerning
// pairs and ligatures, the same numbers resvg's shaper uses, so a measured line is the drawn line.

import type { FontKey } from '#book/fonts.ts';
import { FONT_METRICS, type FontMetrics } from './font-metrics.gen.ts';

interface PreparedFont {
  metrics: FontMetrics;
  /** The ligatures starting with a character, longest first, so 'ffi' wins over 'ff'. */
  ligaturesFrom: Map<string, [string[], number][]>;
  /** Widths measured before, by text (layout measures the same candidates at every size). */
  widths: Map<string, number>;
}

/** Widths remembered per font; past this the memo starts again (a few MB at most). */
const MEMO_LIMIT = 20_000;

const prepared = new Map<FontKey, PreparedFont>();

function prepare(font: FontKey): PreparedFont {
  let found = prepared.get(font);
  if (!found) {
    const metrics = FONT_METRICS[font];
    const ligaturesFrom = new Map<string, [string[], number][]>();
    const longestFirst = Object.entries(metrics.ligatures).sort(
      (a, b) => b[0].length - a[0].length,
    );
    for (const [seq, delta] of longestFirst) {
      const chars = [...seq];
      const list = ligaturesFrom.get(chars[0]!) ?? [];
      list.push([chars, delta]);
      ligaturesFrom.set(chars[0]!, list);
    }
    found = { metrics, ligaturesFrom, widths: new Map() };
    prepared.set(font, found);
  }
  return found;
}

function kern(metrics: FontMetrics, a: string, b: string): number {
  const l = metrics.kerning.left[a];
  if (l === undefined) return 0;
  const r = metrics.kerning.right[b];
  return r === undefined ? 0 : (metrics.kerning.values[l]?.[r] ?? 0);
}

/** The ligature (its characters and width adjustment) that starts at `chars[i]`, if any. */
function ligatureAt(
  font: PreparedFont,
  chars: string[],
  i: number,
): [string[], number] | undefined {
  const candidates = font.ligaturesFrom.get(chars[i]!);
  if (!candidates) return undefined;
  return candidates.find(([seq]) => seq.every((ch, j) => chars[i + j] === ch));
}

/**
 * Walks `text` as the shaper sets it: each glyph (a character, or the characters of a ligature)
 * with where it starts, in font units from the start of the text. Returns the text's width.
 */
function walk(
  text: string,
  prep: PreparedFont,
  place?: (glyph: string, at: number) => void,
): number {
  const { metrics } = prep;
  const advance = (ch: string) => metrics.advances[ch.codePointAt(0)!] ?? metrics.defaultAdvance;
  const chars = [...text];
  let width = 0;
  for (let i = 0; i < chars.length; i += 1) {
    const ch = chars[i]!;
    const next = chars[i + 1];
    const ligature = next === undefined ? undefined : ligatureAt(prep, chars, i);
    place?.(ligature ? ligature[0].join('') : ch, width);
    width += advance(ch);
    if (next === undefined) continue;
    if (ligature) {
      const [seq, delta] = ligature;
      for (let j = 1; j < seq.length; j += 1) width += advance(chars[i + j]!);
      width += delta;
      i += seq.length - 1;
      const after = chars[i + 1];
      if (after !== undefined) width += kern(metrics, chars[i]!, after);
      continue;
    }
    width += kern(metrics, ch, next);
  }
  return width;
}

/** Width of `text` in font units (unitsPerEm scale), with kerning and ligatures. */
function widthInFontUnits(text: string, font: FontKey): number {
  const prep = prepare(font);
  const known = prep.widths.get(text);
  if (known !== undefined) return known;
  const width = walk(text, prep);
  if (prep.widths.size >= MEMO_LIMIT) prep.widths.clear();
  prep.widths.set(text, width);
  return width;
}

/**
 * The glyphs of `text` as the shaper places them (a character, or the characters of a ligature,
 * each with its start in font units) and the text's width, for a renderer that draws glyph
 * outlines itself. null when a character has no metrics (the renderer should shape it itself).
 */
export function placeGlyphs(
  text: string,
  font: FontKey,
): { glyphs: { glyph: string; at: number }[]; width: number } | null {
  const prep = prepare(font);
  for (const ch of text) if (prep.metrics.advances[ch.codePointAt(0)!] === undefined) return null;
  const glyphs: { glyph: string; at: number }[] = [];
  const width = walk(text, prep, (glyph, at) => glyphs.push({ glyph, at }));
  return { glyphs, width };
}

/** Width of `text` drawn in `font` at `size` (page units per em). */
export function measureText(text: string, font: FontKey, size: number): number {
  return (widthInFontUnits(text, font) * size) / FONT_METRICS[font].unitsPerEm;
}

/** Vertical metrics at `size`, in page units (descender is positive, below the baseline). */
export function verticalMetrics(font: FontKey, size: number) {
  const m = FONT_METRICS[font];
  const scale = size / m.unitsPerEm;
  return {
    ascender: m.ascender * scale,
    descender: Math.abs(m.descender) * scale,
    capHeight: m.capHeight * scale,
    xHeight: m.xHeight * scale,
  };
}
