// The text-safe check: draws a page's art without its words, then looks under every line of
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
  const svg = svgDocument(
    layers.background + layers.figures + layers.foreground,
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
    // A panel reaches 60 units around its lines; neither may cover one of the family.
    const pad = line.panel ? 60 : 0;
    for (const slot of SPREAD_LAYOUTS[input.page]?.slots ?? []) {
      const b = slotBounds(slot);
      if (
        line.x0 - pad < b.x1 &&
        line.x1 + pad > b.x0 &&
        line.y0 - pad < b.y1 &&
        line.y1 + pad > b.y0
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
