// The printed pages that are not in the preview: the closing page (colophon: the child's name,
// the edition, the copy's number) and the cover wrap (back cover, spine, front cover in one
// drawing). Pure and isomorphic like render-page.ts; the server writes them into the print PDFs.

import type { CharacterSet } from './catalogue.ts';
import type { BookFamily } from './family.ts';
import { colophonScene, spineBand, wrapBackdrop } from './art/scenes/print-scenes.ts';
import { renderPageArt, type PageArt, type ViewBox } from './render-page.ts';
import { textInBox } from './text/draw-text.ts';
import { printTexts } from './story/print-text.ts';
import { quote } from './story/quotes.ts';
import { bookTitle } from './story/story-text.ts';
import {
  BLEED,
  PAGE_HEIGHT,
  PAGE_WIDTH,
  type BookLanguage,
  type Gender,
  type TextBox,
} from './types.ts';

interface PrintPageInput {
  language: BookLanguage;
  child: { name: string; gender: Gender };
  /** The copy's number in the numbered first edition (1-100); other copies carry none. */
  editionNumber?: number | null;
  /** Who is in the book (book/family.ts); missing: today's mum and dad. */
  family?: BookFamily | undefined;
}

function box(
  x: number,
  y: number,
  width: number,
  height: number,
  extra: Partial<TextBox> = {},
): TextBox {
  return { x, y, width, height, align: 'center', size: 64, minSize: 48, ...extra };
}

/** The closing page (a left-hand page, the last of the interior). */
export function renderColophonArt(input: PrintPageInput): PageArt {
  const texts = printTexts(input.language, input.child, input.editionNumber, input.family);
  const overflow: string[] = [];
  const name = textInBox(
    [texts.madeFor],
    box(400, 700, 1650, 600, { size: 90, minSize: 56 }),
    'display',
  );
  const title = textInBox(
    [quote(input.language, bookTitle(input.language))],
    box(400, 1350, 1650, 200, { size: 80, minSize: 56 }),
    'display',
  );
  const lines = [texts.edition, ...(texts.numbered ? [texts.numbered] : []), texts.imprint];
  const details = textInBox(lines, box(400, 1600, 1650, 420), 'text', true);
  if (name.overflow) overflow.push('made for');
  if (details.overflow) overflow.push('details');
  return {
    width: PAGE_WIDTH,
    body: colophonScene() + name.svg + title.svg + details.svg,
    overflow,
  };
}

/** Where the panels of a cover wrap lie, in book units (1 unit = 0.1 mm), origin top left. */
export interface WrapGeometry {
  width: number;
  height: number;
  /** The back and front cover panels (the boards of a hardcover, the trim of a softcover). */
  back: ViewBox;
  front: ViewBox;
  /** The spine between them (fold to fold). */
  spine: ViewBox;
  /**
   * The spine's artwork: the spine and what it runs past the folds on both sides (a softcover's
   * wrap tolerance, a hardcover's hinges), so a cover that shifts on the block shows no edge.
   */
  spineArt: ViewBox;
}

interface CoverWrapInput extends PrintPageInput {
  characters: CharacterSet;
}

const r2 = (value: number) => Math.round(value * 100) / 100;

/**
 * Places a page's art (trim 2450 x 3000 plus its 3 mm bleed) centred on a panel, scaled up just
 * enough that its bleed reaches 3 mm past the panel's edges (a hardcover board is bigger than
 * the page), and cut there (a nested viewport clips what a scene paints further out, like the
 * cover's sunburst); the backdrop carries on beyond it.
 */
function onPanel(body: string, panel: ViewBox): string {
  const scale = Math.max(
    1,
    (panel.width + 2 * BLEED) / (PAGE_WIDTH + 2 * BLEED),
    (panel.height + 2 * BLEED) / (PAGE_HEIGHT + 2 * BLEED),
  );
  const w = (panel.width + 2 * BLEED) / scale;
  const h = (panel.height + 2 * BLEED) / scale;
  const view = `${r2((PAGE_WIDTH - w) / 2)} ${r2((PAGE_HEIGHT - h) / 2)} ${r2(w)} ${r2(h)}`;
  return `<svg x="${r2(panel.x - BLEED)}" y="${r2(panel.y - BLEED)}" width="${r2(panel.width + 2 * BLEED)}" height="${r2(panel.height + 2 * BLEED)}" viewBox="${view}" overflow="hidden">${body}</svg>`;
}

/**
 * The back cover: the preview's 'back-cover' page (book/render-page.ts), so the parent sees in
 * the preview what the wrap prints left of the spine.
 */
function backCoverArt(input: CoverWrapInput): string {
  return renderPageArt({
    page: 'back-cover',
    language: input.language,
    child: input.child,
    characters: input.characters,
    family: input.family,
  }).body;
}

/** The spine's words, read from head to foot, when the spine is wide enough to carry them. */
function spineText(input: CoverWrapInput, spine: ViewBox): string {
  if (spine.width < 60) return '';
  const length = spine.height * 0.7;
  const thickness = spine.width * 0.7;
  const text = `${bookTitle(input.language)} · ${input.child.name}`;
  const laid = textInBox(
    [text],
    box(-length / 2, -thickness / 2, length, thickness, {
      size: Math.min(110, thickness * 0.75),
      minSize: Math.min(30, thickness * 0.5),
      ink: 'light',
    }),
    'display',
  );
  const cx = spine.x + spine.width / 2;
  const cy = spine.y + spine.height / 2;
  return `<g transform="translate(${r2(cx)} ${r2(cy)}) rotate(90)">${laid.svg}</g>`;
}

/**
 * The cover wrap: backdrop over the whole sheet (turn-ins and hinges included), the back cover
 * on the left panel, the front cover on the right, the spine band over the spine and past its
 * folds (geometry.spineArt: the hinges of a hardcover, the wrap tolerance of a softcover).
 */
export function renderCoverWrapArt(input: CoverWrapInput, geometry: WrapGeometry): string {
  const { front, back, spine } = geometry;
  const front0 = front.y + (front.height - PAGE_HEIGHT) / 2;
  const cover = renderPageArt({
    page: 'cover',
    language: input.language,
    child: input.child,
    characters: input.characters,
    family: input.family,
  });
  return (
    wrapBackdrop(geometry.width, geometry.height, front0) +
    onPanel(backCoverArt(input), back) +
    onPanel(cover.body, front) +
    spineBand(geometry.spineArt.x, 0, geometry.spineArt.width, geometry.height) +
    spineText(input, spine)
  );
}
