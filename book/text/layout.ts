// Lays story text out in a TextBox: wraps on word boundaries by measured width (centred text
// with balanced line lengths), shrinks the size from box.size down to box.minSize until the text
// fits, centres the block vertically, and writes it as SVG <text> elements (escaped, with the
// book's font families).

import { escapeXml } from '../escape.ts';
import { FONTS, type FontKey } from '../fonts.ts';
import type { TextBox } from '../types.ts';
import { measureText, verticalMetrics } from './measure.ts';

/** Distance between baselines, as a multiple of the font size. */
const LINE_HEIGHT = 1.32;
/** Extra space between paragraphs, as a multiple of the font size. */
const PARAGRAPH_GAP = 0.45;
/** Room above the cap height for accents on capitals (Ā, Ķ, Š), as a multiple of the size. */
const ACCENT_ROOM = 0.2;
/** Depth below the baseline reserved for descenders (g, j, ļ, ņ), as a multiple of the size. */
const DESCENT_ROOM = 0.3;
/** Size step while shrinking, in units. */
const STEP = 2;

interface LaidOutLine {
  text: string;
  /** The anchor: left edge, centre or right edge of the line, following `align`. */
  x: number;
  /** The baseline. */
  y: number;
  /** The measured width of the line. */
  width: number;
}

export interface TextLayout {
  lines: LaidOutLine[];
  /** The font size the text was set in (between box.minSize and box.size). */
  size: number;
  /** True when the text does not fit the box even at box.minSize. */
  overflow: boolean;
  align: TextBox['align'];
  lineHeight: number;
}

/** Splits a word that is wider than `width` into pieces that fit (a last resort at minSize). */
function breakWord(word: string, font: FontKey, size: number, width: number): string[] {
  const pieces: string[] = [];
  let current = '';
  for (const ch of word) {
    if (current !== '' && measureText(current + ch, font, size) > width) {
      pieces.push(current);
      current = ch;
    } else {
      current += ch;
    }
  }
  if (current !== '') pieces.push(current);
  return pieces;
}

/** Greedy word wrap of one paragraph. Returns null when a word alone is wider than the box. */
function wrap(
  paragraph: string,
  font: FontKey,
  size: number,
  width: number,
  breakLong: boolean,
): string[] | null {
  const words = paragraph
    .trim()
    .split(/\s+/)
    .filter((w) => w !== '');
  if (words.length === 0) return [''];
  const lines: string[] = [];
  let current = '';
  for (const word of words) {
    const candidate = current === '' ? word : `${current} ${word}`;
    if (measureText(candidate, font, size) <= width) {
      current = candidate;
      continue;
    }
    if (current !== '') lines.push(current);
    if (measureText(word, font, size) <= width) {
      current = word;
      continue;
    }
    if (!breakLong) return null;
    const pieces = breakWord(word, font, size, width);
    current = pieces.pop() ?? '';
    lines.push(...pieces);
  }
  if (current !== '') lines.push(current);
  return lines;
}

interface Attempt {
  paragraphs: string[][];
  height: number;
  fitsWidth: boolean;
}

/**
 * Centred text looks best with lines of similar length (no lone word on the last line of a
 * title): the narrowest width that still gives the same number of lines, found by bisection.
 */
function balance(
  paragraph: string,
  lines: string[],
  font: FontKey,
  size: number,
  width: number,
): string[] {
  if (lines.length < 2) return lines;
  let low = width / lines.length;
  let high = width;
  let best = lines;
  for (let i = 0; i < 14 && high - low > 1; i += 1) {
    const middle = (low + high) / 2;
    const candidate = wrap(paragraph, font, size, middle, false);
    if (candidate !== null && candidate.length <= lines.length) {
      best = candidate;
      high = middle;
    } else {
      low = middle;
    }
  }
  return best;
}

function attempt(
  paragraphs: string[],
  box: TextBox,
  font: FontKey,
  size: number,
  breakLong: boolean,
): Attempt {
  const wrapped: string[][] = [];
  let fitsWidth = true;
  for (const paragraph of paragraphs) {
    const lines = wrap(paragraph, font, size, box.width, breakLong);
    if (lines === null) {
      fitsWidth = false;
      break;
    }
    wrapped.push(
      box.align === 'center' && !breakLong
        ? balance(paragraph, lines, font, size, box.width)
        : lines,
    );
  }
  return { paragraphs: wrapped, height: blockHeight(wrapped, font, size), fitsWidth };
}

/** Height from the top of an accented capital on the first line to the descender of the last. */
function blockHeight(paragraphs: string[][], font: FontKey, size: number): number {
  const lineCount = paragraphs.reduce((n, p) => n + p.length, 0);
  if (lineCount === 0) return 0;
  const { capHeight } = verticalMetrics(font, size);
  return (
    capHeight +
    ACCENT_ROOM * size +
    (lineCount - 1) * LINE_HEIGHT * size +
    (paragraphs.length - 1) * PARAGRAPH_GAP * size +
    DESCENT_ROOM * size
  );
}

/**
 * Wraps `paragraphs` into `box`, trying sizes from box.size down to box.minSize; the first size
 * at which every line fits the width and the block fits the height wins. If none does, the text
 * is set at minSize with over-long words broken, and `overflow` tells whether it still spills.
 */
export function layoutText(paragraphs: string[], box: TextBox, font: FontKey): TextLayout {
  const maxSize = Math.max(box.size, box.minSize);
  const minSize = Math.min(box.size, box.minSize);
  let chosen: Attempt | null = null;
  let size = maxSize;
  for (;;) {
    const tried = attempt(paragraphs, box, font, size, false);
    if (tried.fitsWidth && tried.height <= box.height) {
      chosen = tried;
      break;
    }
    if (size <= minSize) break;
    size = Math.max(minSize, size - STEP);
  }
  let overflow = false;
  if (!chosen) {
    size = minSize;
    chosen = attempt(paragraphs, box, font, size, true);
    overflow = chosen.height > box.height;
  }

  const lineHeight = LINE_HEIGHT * size;
  const { capHeight } = verticalMetrics(font, size);
  const top = box.y + Math.max(0, (box.height - chosen.height) / 2);
  let baseline = top + capHeight + ACCENT_ROOM * size;
  const x =
    box.align === 'left'
      ? box.x
      : box.align === 'right'
        ? box.x + box.width
        : box.x + box.width / 2;
  const lines: LaidOutLine[] = [];
  chosen.paragraphs.forEach((paragraph, index) => {
    if (index > 0) baseline += PARAGRAPH_GAP * size;
    for (const text of paragraph) {
      lines.push({ text, x, y: baseline, width: measureText(text, font, size) });
      baseline += lineHeight;
    }
  });
  return { lines, size, overflow, align: box.align, lineHeight };
}

function fmt(value: number): string {
  return String(Math.round(value * 100) / 100);
}

const ANCHOR: Record<TextBox['align'], string> = { left: 'start', center: 'middle', right: 'end' };

/**
 * The layout as SVG: one <g> carrying the font, size, fill and anchor, with one <text> per line.
 * Every line is escaped (the child's name and the dedication are user input).
 */
export function textLayoutToSvg(layout: TextLayout, font: FontKey, fill: string): string {
  const lines = layout.lines.filter((line) => line.text !== '');
  if (lines.length === 0) return '';
  const f = FONTS[font];
  const family = escapeXml(`'${f.family}', ${f.fallback}`);
  const texts = lines
    .map(
      (line) =>
        `<text x="${fmt(line.x)}" y="${fmt(line.y)}" xml:space="preserve">${escapeXml(line.text)}</text>`,
    )
    .join('');
  return (
    `<g font-family="${family}" font-size="${fmt(layout.size)}" font-weight="${f.weight}" ` +
    `font-style="${f.style}" fill="${escapeXml(fill)}" text-anchor="${ANCHOR[layout.align]}">${texts}</g>`
  );
}
