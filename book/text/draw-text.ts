// Lays text out in a box and draws it: the largest size that fits (by bisection, memoised),
// the soft panel behind busy art, dark or light ink, and the boxes of the drawn lines (which
// tests/book/text-safe.test.ts checks against the art). Pure and isomorphic.

import { OUTLINE, WHITE } from '../art/palette.ts';
import type { TextBox } from '../types.ts';
import { layoutText, textLayoutToSvg } from './layout.ts';

type Font = Parameters<typeof layoutText>[2];
type Layout = ReturnType<typeof layoutText>;

function fmt(value: number): string {
  return String(Math.round(value * 1000) / 1000);
}
/**
 * A soft, rounded panel behind text that sits on a busy part of the picture, hugging the lines
 * actually drawn (never larger than the box plus its padding).
 */
function panel(box: TextBox, layout: Layout): string {
  const pad = 60;
  const drawn = layout.lines.filter((line) => line.text !== '');
  if (drawn.length === 0) return '';
  const left = (line: Layout['lines'][number]) =>
    layout.align === 'left'
      ? line.x
      : layout.align === 'right'
        ? line.x - line.width
        : line.x - line.width / 2;
  const x0 = Math.max(box.x, Math.min(...drawn.map(left))) - pad;
  const x1 =
    Math.min(box.x + box.width, Math.max(...drawn.map((line) => left(line) + line.width))) + pad;
  const y0 = Math.max(box.y, drawn[0]!.y - layout.size) - pad;
  const y1 = Math.min(box.y + box.height, drawn[drawn.length - 1]!.y + layout.size * 0.35) + pad;
  // Dark letters sit on a light panel, light letters on a dark one.
  const [fill, opacity] = box.ink === 'light' ? [OUTLINE, 0.6] : [WHITE, 0.88];
  return (
    `<rect x="${fmt(x0)}" y="${fmt(y0)}" width="${fmt(x1 - x0)}" height="${fmt(y1 - y0)}" ` +
    `rx="70" fill="${fill}" fill-opacity="${opacity}" ` +
    `stroke="${OUTLINE}" stroke-opacity="0.25" stroke-width="5"/>`
  );
}

/** True when every word of the paragraphs sits whole, in order, on the layout's lines. */
function allWordsIntact(paragraphs: string[], layout: Layout): boolean {
  const words = paragraphs.flatMap((p) => p.split(/\s+/).filter(Boolean));
  const placed = layout.lines.flatMap((line) => line.text.split(/\s+/).filter(Boolean));
  return words.length === placed.length && words.every((word, i) => word === placed[i]);
}

/**
 * Whether the text fits the box at exactly `size` without breaking a word. Tried left-aligned:
 * centred text is balanced afterwards into the same number of lines, so the fit is the same,
 * and the greedy wrap is several times cheaper than the balanced one.
 */
function fitsAt(paragraphs: string[], box: TextBox, font: Font, size: number): boolean {
  const layout = layoutText(paragraphs, { ...box, align: 'left', size, minSize: size }, font);
  return !layout.overflow && allWordsIntact(paragraphs, layout);
}

/**
 * The same choice as layoutText (the largest size on its 2-unit grid from box.size down to
 * box.minSize at which the text fits), found by bisection with cheap trial layouts; then one
 * real layout at that size. Text that fits at a size fits at every smaller one, which is what
 * makes bisection valid. When nothing fits, layoutText's own fallback (minSize, long words
 * broken) is used.
 */
function largestFittingLayout(paragraphs: string[], box: TextBox, font: Font): Layout {
  const top = Math.max(box.size, box.minSize);
  const bottom = Math.min(box.size, box.minSize);
  const grid: number[] = [];
  for (let size = top; ; size = Math.max(bottom, size - 2)) {
    grid.push(size);
    if (size <= bottom) break;
  }
  let chosen: number;
  if (fitsAt(paragraphs, box, font, grid[0]!)) {
    chosen = grid[0]!;
  } else if (!fitsAt(paragraphs, box, font, grid[grid.length - 1]!)) {
    return layoutText(paragraphs, box, font);
  } else {
    let low = 0; // does not fit
    let high = grid.length - 1; // fits
    while (high - low > 1) {
      const middle = (low + high) >> 1;
      if (fitsAt(paragraphs, box, font, grid[middle]!)) high = middle;
      else low = middle;
    }
    chosen = grid[high]!;
  }
  return layoutText(paragraphs, { ...box, size: chosen, minSize: chosen }, font);
}

/**
 * Laying text out is the costliest step of composing a page. A parent who changes an eye colour
 * asks for every page again with the same words, so recent layouts are kept (bounded; the key is
 * the whole input, so a kept layout is exactly what layoutText would return).
 */
const LAYOUT_MEMO_SIZE = 256;
const layoutMemo = new Map<string, Layout>();

function layOut(paragraphs: string[], box: TextBox, font: Font): Layout {
  const key = JSON.stringify([paragraphs, box, font]);
  const kept = layoutMemo.get(key);
  if (kept) {
    layoutMemo.delete(key);
    layoutMemo.set(key, kept);
    return kept;
  }
  const layout = largestFittingLayout(paragraphs, box, font);
  layoutMemo.set(key, layout);
  if (layoutMemo.size > LAYOUT_MEMO_SIZE) layoutMemo.delete(layoutMemo.keys().next().value!);
  return layout;
}

/**
 * Lines typed one under the other (a dedication) sit at even line spacing: the layout puts a
 * paragraph gap between them, which is taken out again and the block re-centred in the box.
 */
function closeParagraphGaps(layout: Layout, box: TextBox): Layout {
  const lines = layout.lines;
  if (lines.length < 2) return layout;
  let removed = 0;
  const moved = lines.map((line, index) => {
    if (index > 0) {
      const gap = line.y - lines[index - 1]!.y - layout.lineHeight;
      if (gap > 0.5) removed += gap;
    }
    return { ...line, y: line.y - removed };
  });
  const first = moved[0]!.y;
  const last = moved[moved.length - 1]!.y;
  const centre = box.y + box.height / 2;
  // Baseline block middle, nudged for cap height above the first baseline.
  const shift = centre - (first - layout.size * 0.7 + last + layout.size * 0.3) / 2;
  return { ...layout, lines: moved.map((line) => ({ ...line, y: line.y + shift })) };
}

interface TextResult {
  svg: string;
  overflow: boolean;
  /** Where every drawn line sits (ink included), and the size it was set in. */
  lines: TextLineBox[];
}

/** The page area one line of text covers, in page units. */
export interface TextLineBox {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  /** The type size in units (1 unit = 0.1 mm; 1 pt = 3.53 units). */
  size: number;
  /** True when the line sits on a soft panel. */
  panel: boolean;
  font: Font;
}

/** The boxes of a layout's drawn lines: accented capitals above, descenders and halo below. */
export function lineBoxes(layout: Layout, box: TextBox, font: Font): TextLineBox[] {
  const halo = box.ink === 'light' ? layout.size * 0.07 : 0;
  return layout.lines
    .filter((line) => line.text !== '')
    .map((line) => {
      const x0 =
        layout.align === 'left'
          ? line.x
          : layout.align === 'right'
            ? line.x - line.width
            : line.x - line.width / 2;
      return {
        x0: x0 - halo,
        x1: x0 + line.width + halo,
        y0: line.y - layout.size * 0.92 - halo,
        y1: line.y + layout.size * 0.3 + halo,
        size: layout.size,
        panel: box.panel === true,
        font,
      };
    });
}

/**
 * The letters of a laid-out text in the box's ink: dark-brown letters, or warm-white letters
 * over a soft dark halo (drawn as a stroked copy underneath, which every SVG renderer and the
 * PDF writer draw the same way).
 */
function inked(layout: Layout, font: Font, box: TextBox): string {
  if (box.ink !== 'light') return textLayoutToSvg(layout, font, OUTLINE);
  const halo =
    `<g stroke="${OUTLINE}" stroke-width="${fmt(layout.size * 0.14)}" stroke-linejoin="round" ` +
    `stroke-opacity="0.85">${textLayoutToSvg(layout, font, OUTLINE)}</g>`;
  return halo + textLayoutToSvg(layout, font, WHITE);
}

/** Lays paragraphs out in a box and draws them (with the box's panel when asked). */
export function textInBox(
  paragraphs: string[],
  box: TextBox,
  font: Font,
  asLines = false,
): TextResult {
  if (paragraphs.length === 0) return { svg: '', overflow: false, lines: [] };
  const laid = layOut(paragraphs, box, font);
  const layout = asLines ? closeParagraphGaps(laid, box) : laid;
  const under = box.panel ? panel(box, layout) : '';
  return {
    svg: under + inked(layout, font, box),
    overflow: layout.overflow,
    lines: lineBoxes(layout, box, font),
  };
}

/** True when every word of `text` sits whole on one line of the layout. */
function wordsIntact(text: string, layout: Layout): boolean {
  const words = text.split(/\s+/).filter(Boolean);
  const placed = layout.lines.flatMap((line) => line.text.split(/\s+/).filter(Boolean));
  return words.length === placed.length && words.every((word, i) => word === placed[i]);
}

/**
 * A title never breaks inside a word (the child's name above all): when the name is too wide
 * for the box even at its smallest size, the size goes on shrinking, down to 40% of minSize.
 * The result is marked as overflowing only if even that does not fit.
 */
export function fitWithoutBreakingWords(text: string, box: TextBox, font: Font): Layout {
  let layout = layOut([text], box, font);
  let minSize = box.minSize;
  while (!wordsIntact(text, layout) && minSize > box.minSize * 0.4) {
    minSize *= 0.9;
    layout = layOut([text], { ...box, size: Math.min(box.size, minSize), minSize }, font);
  }
  return wordsIntact(text, layout) ? layout : { ...layout, overflow: true };
}
