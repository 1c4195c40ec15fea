// Text width from the build-time font metrics (font-metrics.gen.ts): advance widths, kerning
// pairs and ligatures, the same numbers resvg's shaper uses, so a measured line is the drawn line.

import type { FontKey } from '../fonts.ts';
import { FONT_METRICS, type FontMetrics } from './font-metrics.gen.ts';

interface PreparedFont {
  metrics: FontMetrics;
  /** Longest ligature first, so 'ffi' wins over 'ff'. */
  ligatures: [string, number][];
}

const prepared = new Map<FontKey, PreparedFont>();

function prepare(font: FontKey): PreparedFont {
  let found = prepared.get(font);
  if (!found) {
    const metrics = FONT_METRICS[font];
    const ligatures = Object.entries(metrics.ligatures).sort((a, b) => b[0].length - a[0].length);
    found = { metrics, ligatures };
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

/** Width of `text` in font units (unitsPerEm scale), with kerning and ligatures. */
function widthInFontUnits(text: string, font: FontKey): number {
  const { metrics, ligatures } = prepare(font);
  const chars = [...text];
  let width = 0;
  for (let i = 0; i < chars.length; i += 1) {
    const ch = chars[i]!;
    width += metrics.advances[ch.codePointAt(0)!] ?? metrics.defaultAdvance;
    const next = chars[i + 1];
    if (next === undefined) continue;
    const ligature = ligatures.find(([seq]) => chars.slice(i, i + seq.length).join('') === seq);
    if (ligature) {
      const [seq, delta] = ligature;
      for (let j = 1; j < seq.length; j += 1) {
        width += metrics.advances[chars[i + j]!.codePointAt(0)!] ?? metrics.defaultAdvance;
      }
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
