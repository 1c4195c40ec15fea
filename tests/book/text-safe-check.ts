// The text-safe check: draws a page's art without its words (and without the paper's grain),
// then looks under every line of
// text. A line on a soft panel may sit on anything; a line without one must sit on calm sky or
// wall (only the page's flat colours and the soft blends between them), inside the page with
// 10 mm to spare from the trim and the gutter. Used by tests/book/text-safe.test.ts.

import { Resvg } from '@resvg/resvg-js';
import { SPREAD_LAYOUTS, slotBounds } from '#book/art/scenes/layouts.ts';
import { type CharacterSet } from '#book/catalogue.ts';
import { defaultCharacters } from '#book/character-set.ts';
import { FONT_KEYS, fontPathInProject } from '#book/fonts.ts';
import {
  pageViewBox,
  renderPageLayers,
  svgDocument,
  type RenderPageInput,
  type TextLineBox,
} from '#book/render-page.ts';
import { PANEL_PAD_X, PANEL_PAD_Y } from '#book/text/draw-text.ts';
import { PAGE_HEIGHT, PAGE_WIDTH } from '#book/types.ts';

/** Raster scale of the art (1 pixel = 4 units = 0.4 mm). */
const SCALE = 0.25;
/** Nothing important within 10 mm of the trim or the gutter. */
export const SAFE_MARGIN = 100;
/** A colour is one of the region's own when it covers this share of the pixels around a line. */
const OWN_SHARE = 0.04;
/** How far (sum of channel differences) a pixel may be from the region's colours and their blends. */
const TOLERANCE = 36;
/** A line clashes with the art when more than this share of the pixels under it are art. */
const MAX_ART_SHARE = 0.004;

export interface Raster {
  width: number;
  height: number;
  pixels: Uint8Array;
}

const fontFiles = FONT_KEYS.map((key) => fontPathInProject(key));

/** The art of a page without its words (background, figures, foreground), rasterised. */
export function rasterWithoutText(
  page: string,
  characters: CharacterSet = defaultCharacters('girl'),
): Raster {
  const layers = renderPageLayers({
    page,
    language: 'en-gb',
    child: { name: 'A', gender: 'girl' },
    characters,
  });
  // The paper's grain lies under every word on every page by design (it is the sheet, not the
  // picture); the check looks at the picture.
  const background = layers.background.replace(/<g data-paper="grain">[\s\S]*?<\/g>/, '');
  const svg = svgDocument(
    background + layers.figures + layers.foreground,
    pageViewBox(layers.width, false),
  );
  const image = new Resvg(svg, {
    fitTo: { mode: 'width', value: Math.round(layers.width * SCALE) },
    font: { fontFiles, loadSystemFonts: false },
  }).render();
  return { width: image.width, height: image.height, pixels: new Uint8Array(image.pixels) };
}

function distanceToSegment(p: number[], a: number[], b: number[]): number {
  let t = 0;
  let ab = 0;
  for (let i = 0; i < 3; i++) {
    t += (p[i]! - a[i]!) * (b[i]! - a[i]!);
    ab += (b[i]! - a[i]!) ** 2;
  }
  t = ab === 0 ? 0 : Math.max(0, Math.min(1, t / ab));
  let d = 0;
  for (let i = 0; i < 3; i++) d += Math.abs(p[i]! - (a[i]! + t * (b[i]! - a[i]!)));
  return d;
}

/** The share of the pixels under a box that are art: neither the region's flat colours nor blends of them. */
export function artShare(
  raster: Raster,
  box: { x0: number; y0: number; x1: number; y1: number },
): number {
  const x0 = Math.max(0, Math.floor(box.x0 * SCALE));
  const x1 = Math.min(raster.width, Math.ceil(box.x1 * SCALE));
  const y0 = Math.max(0, Math.floor(box.y0 * SCALE));
  const y1 = Math.min(raster.height, Math.ceil(box.y1 * SCALE));
  const counts = new Map<number, number>();
  const colours: number[][] = [];
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const o = (y * raster.width + x) * 4;
      const rgb = [raster.pixels[o]!, raster.pixels[o + 1]!, raster.pixels[o + 2]!];
      colours.push(rgb);
      const key = ((rgb[0]! >> 3) << 10) | ((rgb[1]! >> 3) << 5) | (rgb[2]! >> 3);
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
  }
  if (colours.length === 0) return 0;
  const own = [...counts.entries()]
    .filter(([, count]) => count >= colours.length * OWN_SHARE)
    .map(([key]) => [((key >> 10) & 31) * 8 + 4, ((key >> 5) & 31) * 8 + 4, (key & 31) * 8 + 4]);
  const pairs: [number[], number[]][] = [];
  for (const a of own) for (const b of own) pairs.push([a, b]);
  let art = 0;
  for (const p of colours) {
    if (!pairs.some(([a, b]) => distanceToSegment(p, a, b) <= TOLERANCE)) art += 1;
  }
  return art / colours.length;
}

export interface TextProblem {
  page: string;
  line: number;
  problem: string;
}

/** What is wrong with the words of one page for one child and language (empty: nothing). */
export function textProblems(input: RenderPageInput, raster: Raster): TextProblem[] {
  const layers = renderPageLayers(input);
  const problems: TextProblem[] = [];
  const say = (line: number, problem: string) => problems.push({ page: input.page, line, problem });
  for (const name of layers.overflow) say(-1, `text does not fit: ${name}`);
  layers.lines.forEach((line: TextLineBox, index) => {
    const where = `[${Math.round(line.x0)}..${Math.round(line.x1)} x ${Math.round(line.y0)}..${Math.round(line.y1)}]`;
    if (
      line.x0 < SAFE_MARGIN ||
      line.y0 < SAFE_MARGIN ||
      line.x1 > layers.width - SAFE_MARGIN ||
      line.y1 > PAGE_HEIGHT - SAFE_MARGIN
    ) {
      say(index, `within 10 mm of the trim ${where}`);
    }
    if (
      layers.width > PAGE_WIDTH &&
      line.x0 < PAGE_WIDTH + SAFE_MARGIN &&
      line.x1 > PAGE_WIDTH - SAFE_MARGIN
    ) {
      say(index, `within 10 mm of the gutter ${where}`);
    }
    // A panel reaches its padding around its lines; neither may cover one of the family.
    const padX = line.panel ? PANEL_PAD_X : 0;
    const padY = line.panel ? PANEL_PAD_Y : 0;
    for (const slot of SPREAD_LAYOUTS[input.page]?.slots ?? []) {
      const b = slotBounds(slot);
      if (
        line.x0 - padX < b.x1 &&
        line.x1 + padX > b.x0 &&
        line.y0 - padY < b.y1 &&
        line.y1 + padY > b.y0
      ) {
        say(index, `covers ${slot.role} ${where}`);
      }
    }
    if (!line.panel) {
      const share = artShare(raster, line);
      if (share > MAX_ART_SHARE)
        say(index, `crosses the art (${(share * 100).toFixed(1)} % of the pixels) ${where}`);
    }
  });
  return problems;
}

/** The type sizes of a page's story lines. */
export function lineSizes(input: RenderPageInput): number[] {
  return renderPageLayers(input).lines.map((line) => line.size);
}

/** How far (largest channel difference) a pixel may change between the two grounds and still count as covered. */
const PANEL_TOLERANCE = 6;

/** The words of a page alone (cards and letters), drawn over one flat colour. */
function wordsOver(colour: string, text: string, width: number): Raster {
  const view = pageViewBox(width, false);
  const ground = `<rect x="${view.x}" y="${view.y}" width="${view.width}" height="${view.height}" fill="${colour}"/>`;
  const image = new Resvg(svgDocument(ground + text, view), {
    fitTo: { mode: 'width', value: Math.round(width * SCALE) },
    font: { fontFiles, loadSystemFonts: false },
  }).render();
  return { width: image.width, height: image.height, pixels: new Uint8Array(image.pixels) };
}

/**
 * Lines on a panel whose panel lets the picture through: the page's words are drawn alone over
 * black and over white; under a line on an opaque card the two are the same pixel for pixel
 * (the letters and the card hide whatever is behind), under a translucent one they differ.
 */
export function panelLeaks(input: RenderPageInput): TextProblem[] {
  return panelLeaksIn({ page: input.page, ...renderPageLayers(input) });
}

/** panelLeaks for a page's words as given (text, width and the lines' boxes). */
export function panelLeaksIn(layers: {
  page: string;
  text: string;
  width: number;
  lines: TextLineBox[];
}): TextProblem[] {
  const onPanel = layers.lines
    .map((line, index) => ({ line, index }))
    .filter(({ line }) => line.panel);
  if (onPanel.length === 0) return [];
  const black = wordsOver('#000000', layers.text, layers.width);
  const white = wordsOver('#ffffff', layers.text, layers.width);
  const problems: TextProblem[] = [];
  for (const { line, index } of onPanel) {
    const x0 = Math.max(0, Math.floor(line.x0 * SCALE));
    const x1 = Math.min(black.width, Math.ceil(line.x1 * SCALE));
    const y0 = Math.max(0, Math.floor(line.y0 * SCALE));
    const y1 = Math.min(black.height, Math.ceil(line.y1 * SCALE));
    let through = 0;
    let all = 0;
    for (let y = y0; y < y1; y++) {
      for (let x = x0; x < x1; x++) {
        const o = (y * black.width + x) * 4;
        all += 1;
        for (let c = 0; c < 3; c++) {
          if (Math.abs(black.pixels[o + c]! - white.pixels[o + c]!) > PANEL_TOLERANCE) {
            through += 1;
            break;
          }
        }
      }
    }
    if (all === 0 || through > 0) {
      problems.push({
        page: layers.page,
        line: index,
        problem: `the panel lets the picture through under ${through} of ${all} pixels`,
      });
    }
  }
  return problems;
}
