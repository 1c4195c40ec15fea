// Lays text out in a box and draws it: the largest size that fits (by bisection, memoised),
// the soft panel behind busy art, dark or light ink, and the boxes of the drawn lines (which
// tests/book/text-safe.test.ts checks against the art). Pure and isomorphic.

import { OUTLINE, WHITE } from '#book/art/palette.ts';
import { paperGrainOver } from './paper.ts';
import type { TextBox } from '#book/types.ts';
import { layoutText, textLayoutToSvg, wordTokens } from './layout.ts';

type Font = Parameters<typeof layoutText>[2];
type Layout = ReturnType<typeof layoutText>;

function fmt(value: number): string {
  return String(Math.round(value * 1000) / 1000);
}
/**
 * Room between the drawn lines and a panel's edge, in page units (5 mm across, 4.2 mm down).
 * With the card's shadow (8 and 12 units further) it stays within the 60 units the preview's
 * text raster keeps around the text boxes (server/services/rendering TEXT_MARGIN / 2).
 */
export const PANEL_PAD_X = 50;
export const PANEL_PAD_Y = 42;
/** How far the card's soft shadow falls right and down, in page units. */
const SHADOW = { x: 8, y: 12 };

/**
 * The panels' colours: an opaque sheet of warm paper under dark letters, an opaque night-blue
 * card under light letters, each with a printed hairline inside its edge and a soft shadow
 * below it, so the card sits on the picture like a pasted label and nothing shows through.
 */
export const PANEL_COLOURS = {
  dark: { fill: '#fdf6e6', edge: '#dcc49a', line: '#eadbbd' },
  light: { fill: '#27335a', edge: '#182142', line: '#3b4b7e' },
} as const;

/** The rectangle a panel covers: the lines actually drawn plus the padding. */
export function panelRect(
  box: TextBox,
  layout: Layout,
): { x0: number; y0: number; x1: number; y1: number } | null {
  const drawn = layout.lines.filter((line) => line.text !== '');
  if (drawn.length === 0) return null;
  const padX = box.pad?.x ?? PANEL_PAD_X;
  const padY = box.pad?.y ?? PANEL_PAD_Y;
  const left = (line: Layout['lines'][number]) =>
    layout.align === 'left'
      ? line.x
      : layout.align === 'right'
        ? line.x - line.width
        : line.x - line.width / 2;
  return {
    x0: Math.max(box.x, Math.min(...drawn.map(left))) - padX,
    x1:
      Math.min(box.x + box.width, Math.max(...drawn.map((line) => left(line) + line.width))) + padX,
    y0: Math.max(box.y, drawn[0]!.y - layout.size) - padY,
    y1: Math.min(box.y + box.height, drawn[drawn.length - 1]!.y + layout.size * 0.35) + padY,
  };
}

/** A card's outline: a rounded rectangle whose long edges bow out a hair, like cut paper. */
function cardPath(x0: number, y0: number, x1: number, y1: number, r: number): string {
  const bow = Math.min(8, (x1 - x0) * 0.004);
  const mx = (x0 + x1) / 2;
  const my = (y0 + y1) / 2;
  return (
    `M${fmt(x0 + r)} ${fmt(y0)}Q${fmt(mx)} ${fmt(y0 - bow)} ${fmt(x1 - r)} ${fmt(y0)}` +
    `Q${fmt(x1)} ${fmt(y0)} ${fmt(x1)} ${fmt(y0 + r)}L${fmt(x1)} ${fmt(my)}L${fmt(x1)} ${fmt(y1 - r)}` +
    `Q${fmt(x1)} ${fmt(y1)} ${fmt(x1 - r)} ${fmt(y1)}Q${fmt(mx)} ${fmt(y1 + bow)} ${fmt(x0 + r)} ${fmt(y1)}` +
    `Q${fmt(x0)} ${fmt(y1)} ${fmt(x0)} ${fmt(y1 - r)}L${fmt(x0)} ${fmt(y0 + r)}` +
    `Q${fmt(x0)} ${fmt(y0)} ${fmt(x0 + r)} ${fmt(y0)}Z`
  );
}

/**
 * An opaque card behind text that sits on a busy part of the picture, hugging the lines
 * actually drawn (never larger than the box plus its padding): a soft shadow, the card, a
 * hairline inside its edge, and the paper's grain over it.
 */
function panel(box: TextBox, layout: Layout): string {
  const rect = panelRect(box, layout);
  if (!rect) return '';
  const { x0, y0, x1, y1 } = rect;
  const colours = box.ink === 'light' ? PANEL_COLOURS.light : PANEL_COLOURS.dark;
  const r = Math.min(64, (y1 - y0) / 4);
  const inset = 14;
  return (
    `<g data-panel="${box.ink === 'light' ? 'night' : 'paper'}">` +
    `<path d="${cardPath(x0 + SHADOW.x, y0 + SHADOW.y, x1 + SHADOW.x, y1 + SHADOW.y, r)}" fill="${OUTLINE}" fill-opacity="0.16"/>` +
    `<path d="${cardPath(x0, y0, x1, y1, r)}" fill="${colours.fill}" stroke="${colours.edge}" ` +
    `stroke-width="5"/>` +
    `<path d="${cardPath(x0 + inset, y0 + inset, x1 - inset, y1 - inset, Math.max(8, r - inset))}" ` +
    `fill="none" stroke="${colours.line}" stroke-width="4"/>` +
    paperGrainOver(cardPath(x0, y0, x1, y1, r), box.ink === 'light' ? 'light' : 'dark') +
    `</g>`
  );
}

/**
 * True when every word of the paragraphs, and every kept phrase (the child's name of several
 * words), sits whole, in order, on one line of the layout.
 */
function allWordsIntact(
  paragraphs: string[],
  layout: Layout,
  keep: readonly string[] = [],
): boolean {
  const words = paragraphs.flatMap((p) => wordTokens(p, keep));
  const placed = layout.lines.flatMap((line) => wordTokens(line.text, keep));
  return words.length === placed.length && words.every((word, i) => word === placed[i]);
}

/**
 * Whether the text fits the box at exactly `size` without breaking a word. Tried left-aligned:
 * centred text is balanced afterwards into the same number of lines, so the fit is the same,
 * and the greedy wrap is several times cheaper than the balanced one.
 */
function fitsAt(
  paragraphs: string[],
  box: TextBox,
  font: Font,
  size: number,
  keep: readonly string[],
): boolean {
  const layout = layoutText(paragraphs, { ...box, align: 'left', size, minSize: size }, font, keep);
  return !layout.overflow && allWordsIntact(paragraphs, layout, keep);
}

/**
 * The same choice as layoutText (the largest size on its 2-unit grid from box.size down to
 * box.minSize at which the text fits), found by bisection with cheap trial layouts; then one
 * real layout at that size. Text that fits at a size fits at every smaller one, which is what
 * makes bisection valid. When nothing fits, layoutText's own fallback (minSize, long words
 * broken) is used.
 */
function largestFittingLayout(
  paragraphs: string[],
  box: TextBox,
  font: Font,
  keep: readonly string[],
): Layout {
  const top = Math.max(box.size, box.minSize);
  const bottom = Math.min(box.size, box.minSize);
  const grid: number[] = [];
  for (let size = top; ; size = Math.max(bottom, size - 2)) {
    grid.push(size);
    if (size <= bottom) break;
  }
  let chosen: number;
  if (fitsAt(paragraphs, box, font, grid[0]!, keep)) {
    chosen = grid[0]!;
  } else if (!fitsAt(paragraphs, box, font, grid[grid.length - 1]!, keep)) {
    return layoutText(paragraphs, box, font, keep);
  } else {
    let low = 0; // does not fit
    let high = grid.length - 1; // fits
    while (high - low > 1) {
      const middle = (low + high) >> 1;
      if (fitsAt(paragraphs, box, font, grid[middle]!, keep)) high = middle;
      else low = middle;
    }
    chosen = grid[high]!;
  }
  return layoutText(paragraphs, { ...box, size: chosen, minSize: chosen }, font, keep);
}

/**
 * Laying text out is the costliest step of composing a page. A parent who changes an eye colour
 * asks for every page again with the same words, so recent layouts are kept (bounded; the key is
 * the whole input, so a kept layout is exactly what layoutText would return).
 */
const LAYOUT_MEMO_SIZE = 256;
const layoutMemo = new Map<string, Layout>();

function layOut(
  paragraphs: string[],
  box: TextBox,
  font: Font,
  keep: readonly string[] = [],
): Layout {
  const key = JSON.stringify([paragraphs, box, font, keep]);
  const kept = layoutMemo.get(key);
  if (kept) {
    layoutMemo.delete(key);
    layoutMemo.set(key, kept);
    return kept;
  }
  const layout = largestFittingLayout(paragraphs, box, font, keep);
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
export function lineBoxes(
  layout: Layout,
  box: TextBox,
  font: Font,
  /** How far the letters' halo reaches past them (units): light ink's, unless told. */
  halo = box.ink === 'light' ? layout.size * 0.07 : 0,
): TextLineBox[] {
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
  /** Phrases never broken across lines: the child's name in its forms (see nameForms). */
  keep: readonly string[] = [],
): TextResult {
  if (paragraphs.length === 0) return { svg: '', overflow: false, lines: [] };
  const laid = layOut(paragraphs, box, font, keep);
  const layout = asLines ? closeParagraphGaps(laid, box) : laid;
  const under = box.panel ? panel(box, layout) : '';
  return {
    svg: under + inked(layout, font, box),
    overflow: layout.overflow,
    lines: lineBoxes(layout, box, font),
  };
}

/**
 * A title never breaks inside a word (the child's name above all): when the name is too wide
 * for the box even at its smallest size, the size goes on shrinking, down to 40% of minSize.
 * The result is marked as overflowing only if even that does not fit.
 */
export function fitWithoutBreakingWords(
  text: string,
  box: TextBox,
  font: Font,
  keep: readonly string[] = [],
): Layout {
  let layout = layOut([text], box, font, keep);
  let minSize = box.minSize;
  while (!allWordsIntact([text], layout, keep) && minSize > box.minSize * 0.4) {
    minSize *= 0.9;
    layout = layOut([text], { ...box, size: Math.min(box.size, minSize), minSize }, font, keep);
  }
  return allWordsIntact([text], layout, keep) ? layout : { ...layout, overflow: true };
}
