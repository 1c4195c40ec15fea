// Lays story text out in a TextBox: wraps on word boundaries by measured width (centred text
// with balanced line lengths), shrinks the size from box.size down to box.minSize until the text
// fits, centres the block vertically, and writes it as SVG <text> elements (escaped, with the
// book's font families).

import { escapeXml } from '#book/escape.ts';
import { FONTS, type FontKey } from '#book/fonts.ts';
import type { TextBox } from '#book/types.ts';
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

/** Letters and digits of any script (ā, š, ž …): what a word is made of, punctuation aside. */
const NOT_LETTER = /[^\p{L}\p{M}\p{N}]/u;

/** True when `word` is `part` with only punctuation before it (a quote mark: ‘Maximilian). */
function endsWithPart(word: string, part: string): boolean {
  if (!word.endsWith(part)) return false;
  const before = word.slice(0, word.length - part.length);
  return before === '' || NOT_LETTER.test(before.slice(-1));
}

/** True when `word` is `part` with only punctuation or a possessive after it (Jon’s, Jon!). */
function startsWithPart(word: string, part: string): boolean {
  if (!word.startsWith(part)) return false;
  const after = word.slice(part.length);
  return /^(?:['’]s?)?[^\p{L}\p{M}\p{N}]*$/u.test(after);
}

/**
 * The words of a paragraph, where the words of a phrase that must stay on one line (the child's
 * name of several words, in any of its forms) are one token: 'Maximilian Alexander Jon' is never
 * broken between its parts. A hyphen never breaks a line either (only spaces do), so a
 * hyphenated name stays whole too.
 */
export function wordTokens(paragraph: string, keep: readonly string[] = []): string[] {
  const words = paragraph
    .trim()
    .split(/\s+/)
    .filter((w) => w !== '');
  const phrases = keep
    .map((phrase) => phrase.split(/\s+/).filter((w) => w !== ''))
    .filter((parts) => parts.length > 1)
    .sort((a, b) => b.length - a.length);
  if (phrases.length === 0) return words;
  const tokens: string[] = [];
  for (let i = 0; i < words.length;) {
    const found = phrases.find((parts) => {
      const last = parts.length - 1;
      if (i + last >= words.length) return false;
      if (!endsWithPart(words[i]!, parts[0]!)) return false;
      for (let j = 1; j < last; j += 1) if (words[i + j] !== parts[j]) return false;
      return startsWithPart(words[i + last]!, parts[last]!);
    });
    const count = found ? found.length : 1;
    tokens.push(words.slice(i, i + count).join(' '));
    i += count;
  }
  return tokens;
}

/**
 * A token wider than the line, cut as gently as it allows (a last resort at minSize): a kept
 * phrase at its spaces first, then any piece still too wide between letters.
 */
function breakToken(token: string, font: FontKey, size: number, width: number): string[] {
  if (!token.includes(' ')) return breakWord(token, font, size, width);
  const lines: string[] = [];
  let current = '';
  for (const part of token.split(' ')) {
    const candidate = current === '' ? part : `${current} ${part}`;
    if (measureText(candidate, font, size) <= width) {
      current = candidate;
      continue;
    }
    if (current !== '') lines.push(current);
    if (measureText(part, font, size) <= width) {
      current = part;
      continue;
    }
    const pieces = breakWord(part, font, size, width);
    current = pieces.pop() ?? '';
    lines.push(...pieces);
  }
  if (current !== '') lines.push(current);
  return lines;
}

/**
 * Greedy word wrap of one paragraph (breaking only at spaces, never inside a kept phrase).
 * Returns null when a token alone is wider than the box.
 */
function wrap(
  paragraph: string,
  font: FontKey,
  size: number,
  width: number,
  breakLong: boolean,
  keep: readonly string[],
): string[] | null {
  const words = wordTokens(paragraph, keep);
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
    const pieces = breakToken(word, font, size, width);
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
  keep: readonly string[],
): string[] {
  if (lines.length < 2) return lines;
  let low = width / lines.length;
  let high = width;
  let best = lines;
  for (let i = 0; i < 14 && high - low > 1; i += 1) {
    const middle = (low + high) / 2;
    const candidate = wrap(paragraph, font, size, middle, false, keep);
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
  keep: readonly string[],
): Attempt {
  const wrapped: string[][] = [];
  let fitsWidth = true;
  for (const paragraph of paragraphs) {
    const lines = wrap(paragraph, font, size, box.width, breakLong, keep);
    if (lines === null) {
      fitsWidth = false;
      break;
    }
    wrapped.push(
      box.align === 'center' && !breakLong
        ? balance(paragraph, lines, font, size, box.width, keep)
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
 * is set at minSize with over-long words broken (a kept phrase at its spaces first), and `overflow` tells whether it still spills.
 */
export function layoutText(
  paragraphs: string[],
  box: TextBox,
  font: FontKey,
  /** Phrases never broken across lines (the child's name in its forms: see wordTokens). */
  keep: readonly string[] = [],
): TextLayout {
  const maxSize = Math.max(box.size, box.minSize);
  const minSize = Math.min(box.size, box.minSize);
  let chosen: Attempt | null = null;
  let size = maxSize;
  for (;;) {
    const tried = attempt(paragraphs, box, font, size, false, keep);
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
    chosen = attempt(paragraphs, box, font, size, true, keep);
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
