// Composes one page of the book as a complete SVG document: the scene's background, the three
// characters at their slots, the scene's foreground, and the text (story, cover title with the
// child's name, or the parents' dedication) laid out in the scene's boxes.
// Pure and isomorphic: strings in, a string out. The server rasterises it for previews and
// writes it into the print PDF.

import type { CharacterSet } from './catalogue.ts';
import { drawCharacter } from './art/characters/draw-character.ts';
import { KIT, OUTLINE, WHITE } from './art/palette.ts';
import { SPREAD_LAYOUTS, type SceneContext, type SpreadLayout } from './art/scenes/layouts.ts';
import { DEDICATION_MAX_LINES, dedicationLines } from './personalization.ts';
import { coverTitle, storyText } from './story/story-text.ts';
import { layoutText, textLayoutToSvg } from './text/layout.ts';
import {
  BLEED,
  PAGE_HEIGHT,
  type BookLanguage,
  type CharacterSlot,
  type Gender,
  type PageId,
  type TextBox,
} from './types.ts';

type Font = Parameters<typeof layoutText>[2];
type Layout = ReturnType<typeof layoutText>;

export interface RenderPageInput {
  page: PageId;
  language: BookLanguage;
  child: { name: string; gender: Gender };
  characters: CharacterSet;
  /** The parents' words; drawn on the dedication page only. */
  dedication?: string;
  /** Include the 3 mm bleed around the trim box (print). Default false: the viewBox is the trim box. */
  bleed?: boolean;
}

/** A rectangle in page units. */
export interface ViewBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The drawing of a page without its <svg> wrapper, and the page's width (2450 or 4900). */
export interface PageArt {
  width: number;
  body: string;
  /** Text that did not fit its box even at the box's smallest size ('title', 'text 1' …). */
  overflow: string[];
}

function layoutOf(page: PageId): SpreadLayout {
  const layout = (SPREAD_LAYOUTS as Partial<Record<PageId, SpreadLayout>>)[page];
  if (!layout) throw new RangeError(`Unknown page: ${page}`);
  return layout;
}

function fmt(value: number): string {
  return String(Math.round(value * 1000) / 1000);
}

function placeCharacter(slot: CharacterSlot, characters: CharacterSet): string {
  const sx = slot.flip ? -slot.scale : slot.scale;
  const transform = `translate(${fmt(slot.x)} ${fmt(slot.y)}) scale(${fmt(sx)} ${fmt(slot.scale)})`;
  return `<g transform="${transform}">${drawCharacter(slot.role, characters, slot.pose)}</g>`;
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
function textInBox(paragraphs: string[], box: TextBox, font: Font, asLines = false): TextResult {
  if (paragraphs.length === 0) return { svg: '', overflow: false };
  const laid = layOut(paragraphs, box, font);
  const layout = asLines ? closeParagraphGaps(laid, box) : laid;
  const under = box.panel ? panel(box, layout) : '';
  return { svg: under + inked(layout, font, box), overflow: layout.overflow };
}

/** Splits story paragraphs over several text boxes, keeping their order. */
function distribute(paragraphs: string[], boxes: number): string[][] {
  if (boxes <= 1) return [paragraphs];
  const out: string[][] = Array.from({ length: boxes }, () => []);
  const per = Math.ceil(paragraphs.length / boxes);
  paragraphs.forEach((paragraph, index) =>
    out[Math.min(boxes - 1, Math.floor(index / per))]!.push(paragraph),
  );
  return out;
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
function fitWithoutBreakingWords(text: string, box: TextBox, font: Font): Layout {
  let layout = layOut([text], box, font);
  let minSize = box.minSize;
  while (!wordsIntact(text, layout) && minSize > box.minSize * 0.4) {
    minSize *= 0.9;
    layout = layOut([text], { ...box, size: Math.min(box.size, minSize), minSize }, font);
  }
  return wordsIntact(text, layout) ? layout : { ...layout, overflow: true };
}

function coverText(input: RenderPageInput, layout: SpreadLayout, overflow: string[]): string {
  const box = layout.titleBox;
  if (!box) return '';
  const { title, subtitle } = coverTitle(input.language, input.child);
  const titleBox: TextBox = subtitle ? { ...box, height: box.height * 0.66 } : box;
  // The title: a thick outline drawn under the letters, then the letters, so it reads on any sky.
  const titleLayout = fitWithoutBreakingWords(title, titleBox, 'display');
  if (titleLayout.overflow) overflow.push('title');
  const outline = textLayoutToSvg(titleLayout, 'display', OUTLINE);
  const halo =
    `<g stroke="${OUTLINE}" stroke-width="${fmt(titleLayout.size * 0.16)}" stroke-linejoin="round">` +
    `${outline}</g>`;
  const letters = textLayoutToSvg(titleLayout, 'display', WHITE);
  // The subtitle stays clearly smaller than the title, also when a long name shrank the title.
  const subSize = Math.min(Math.max(box.minSize, box.size * 0.45), titleLayout.size * 0.62);
  const subBox: TextBox = {
    ...box,
    y: box.y + box.height * 0.66,
    height: box.height * 0.34,
    size: subSize,
    minSize: Math.min(subSize, Math.max(20, box.minSize * 0.5)),
    panel: false,
  };
  const sub = subtitle ? textInBox([subtitle], subBox, 'display') : null;
  if (sub?.overflow) overflow.push('subtitle');
  return halo + letters + (sub?.svg ?? '');
}

function dedicationText(input: RenderPageInput, layout: SpreadLayout, overflow: string[]): string {
  const box = layout.textBoxes[0];
  const text = (input.dedication ?? '').trimEnd();
  if (!box || text.trim() === '') return '';
  // The API refuses more lines; a longer text given here directly is cut rather than overflowing.
  const lines = dedicationLines(text).slice(0, DEDICATION_MAX_LINES);
  const result = textInBox(lines, box, 'text', true);
  if (result.overflow) overflow.push('dedication');
  return result.svg;
}

function storyTextSvg(input: RenderPageInput, layout: SpreadLayout, overflow: string[]): string {
  const paragraphs = storyText(input.page, input.language, input.child);
  const groups = distribute(paragraphs, layout.textBoxes.length);
  return layout.textBoxes
    .map((box, index) => {
      const result = textInBox(groups[index] ?? [], box, 'text');
      if (result.overflow) overflow.push(`text ${index + 1}`);
      return result.svg;
    })
    .join('');
}

/** The child's team (teammates in the scenes) wears the child's chosen kit. */
function sceneContext(characters: CharacterSet): SceneContext {
  const shirt =
    KIT[`tshirt${/_(\d+)$/.exec(characters.child.tshirt)?.[1] ?? '1'}` as keyof typeof KIT];
  const shorts =
    KIT[`shorts${/_(\d+)$/.exec(characters.child.shorts)?.[1] ?? '2'}` as keyof typeof KIT];
  return {
    ...(shirt ? { teamShirt: shirt.base } : {}),
    ...(shorts ? { teamShorts: shorts.base } : {}),
  };
}

/** The page's drawing in page units (origin at the trim box's top left), without a wrapper. */
export function renderPageArt(input: RenderPageInput): PageArt {
  const layout = layoutOf(input.page);
  const context = sceneContext(input.characters);
  const parts: string[] = [layout.background(context)];
  for (const slot of layout.slots) parts.push(placeCharacter(slot, input.characters));
  if (layout.foreground) parts.push(layout.foreground(context));
  const overflow: string[] = [];
  if (input.page === 'cover') parts.push(coverText(input, layout, overflow));
  else if (input.page === 'dedication') parts.push(dedicationText(input, layout, overflow));
  else parts.push(storyTextSvg(input, layout, overflow));
  return { width: layout.width, body: parts.join(''), overflow };
}

/** The trim box of a page, or the trim box plus bleed. */
export function pageViewBox(width: number, bleed: boolean): ViewBox {
  return bleed
    ? { x: -BLEED, y: -BLEED, width: width + 2 * BLEED, height: PAGE_HEIGHT + 2 * BLEED }
    : { x: 0, y: 0, width, height: PAGE_HEIGHT };
}

/** Wraps page art in an <svg> document showing `view` (width/height in units, 1 unit = 0.1 mm). */
export function svgDocument(body: string, view: ViewBox): string {
  const box = `${fmt(view.x)} ${fmt(view.y)} ${fmt(view.width)} ${fmt(view.height)}`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="${box}" width="${fmt(view.width)}" ` +
    `height="${fmt(view.height)}">${body}</svg>`
  );
}

/** A complete SVG document of one page (cover, dedication or a spread). */
export function renderPageSvg(input: RenderPageInput): string {
  const art = renderPageArt(input);
  return svgDocument(art.body, pageViewBox(art.width, input.bleed ?? false));
}
