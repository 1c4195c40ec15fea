import { createHash } from 'node:crypto';
import { Resvg } from '@resvg/resvg-js';
import sharp from 'sharp';
import type { CharacterSet } from '#book/catalogue.ts';
import {
  pageScene,
  pageTextRegion,
  pageViewBox,
  renderPageText,
  sceneContextOf,
  svgDocument,
  type ViewBox,
} from '#book/render-page.ts';
import { familyFiguresKey, type BookFamily } from '#book/family.ts';
import type { FontKey } from '#book/fonts.ts';
import type { BookLanguage, Gender, PageId } from '#book/types.ts';
import { PREVIEW_SETTINGS, previewWidth } from './settings.ts';
import {
  drawFigureLayer,
  figurePartsOf,
  layFigures,
  type FigureLayer,
  type FigurePlan,
} from './figure-layers.ts';
import { overRgbAt, type PixelBox } from './over-rgb.ts';
import { textAsPathsDocument } from './text-paths.ts';
import type { SceneRaster } from './scene-cache.ts';
import { layWords } from './word-layers.ts';

/** Everything that decides what a preview image looks like. Plain data: it crosses threads. */
export interface PreviewJob {
  page: PageId;
  language: BookLanguage;
  child: { name: string; gender: Gender };
  characters: CharacterSet;
  /**
   * Who is in the book (book/family.ts); missing: today's mum and dad with the looks of
   * `characters` (and the same keys as before families existed).
   */
  family?: BookFamily;
  /** Only on the dedication page. */
  dedication?: string;
}

/** A font file of the book (font-files.ts bookFonts()). */
type BookFont = { key: FontKey; family: string; file: string };

/** How previews are rasterised (resvg options besides the size and the fonts). */
const RESVG_OPTIONS = { shapeRendering: 2, textRendering: 1, imageRendering: 0 } as const;

/** SVG -> PNG pixels with the book's fonts only (never system fonts, so every machine agrees). */
export function rasterise(svg: string | Buffer, width: number, fontFiles: string[]) {
  return parse(svg, width, fontFiles).render();
}

function parse(svg: string | Buffer, width: number, fontFiles: string[]) {
  return new Resvg(svg, {
    fitTo: { mode: 'width', value: width },
    font: { fontFiles, loadSystemFonts: false, defaultFontFamily: undefined },
    ...RESVG_OPTIONS,
  });
}

/** The font files a page's SVG asks for (resvg parses every file it is given, on every render). */
export function fontsUsedBy(
  svg: string,
  fonts: readonly { family: string; file: string }[],
): string[] {
  return fonts.filter((font) => svg.includes(font.family)).map((font) => font.file);
}

/** Milliseconds spent in each step of one render (sent as a Server-Timing header). */
export interface RenderTimings {
  /** Writing the SVG of the words (and of the figures when they are drawn). */
  svg: number;
  /** Drawing the scene; 0 when it came from the scene cache. */
  scene: number;
  /** Drawing the figures and props over the scene (the base); 0 when it came from the cache. */
  figures: number;
  /** Rasterising the words (only the part of the page that holds them). */
  raster: number;
  /** Laying the words over the base. */
  composite: number;
  encode: number;
}

const sceneKeys = new Map<string, string>();

/**
 * The scene a job's page stands on, named by a hash of its SVG and the pixel width, so scenes
 * that look the same whatever the kit share one entry. Memoised per page and kit colours.
 */
export function sceneKeyOf(job: Pick<PreviewJob, 'page' | 'characters'>): string {
  const memo = sceneMemoKey(job);
  let key = sceneKeys.get(memo);
  if (!key) {
    key = createHash('sha256')
      .update(`${previewWidth(job.page)}\0${pageScene(job.page, sceneContextOf(job.characters))}`)
      .digest('hex');
    sceneKeys.set(memo, key);
  }
  return key;
}

function sceneMemoKey(job: Pick<PreviewJob, 'page' | 'characters'>): string {
  return `${job.page}|${JSON.stringify(sceneContextOf(job.characters))}`;
}

/**
 * Takes `key` as the scene key of `job`'s page and kit (computed by another thread, which writes
 * the page's whole scene to hash it: tens of ms a page that a worker need not spend again).
 */
export function rememberSceneKey(job: Pick<PreviewJob, 'page' | 'characters'>, key: string): void {
  sceneKeys.set(sceneMemoKey(job), key);
}

/**
 * A page's base (its scene with the figures and props drawn over it: everything but the words)
 * depends on the page, the characters and the family's grown-ups (who they are and their looks,
 * not what they are called); named by the scene's key, the characters and familyFiguresKey
 * ('' without a family, so a mum-dad book's key is what it was before families).
 */
export function baseKeyOf(job: Pick<PreviewJob, 'page' | 'characters' | 'family'>): string {
  const family = familyFiguresKey(job.family);
  return createHash('sha256')
    .update(
      `base\0${sceneKeyOf(job)}\0${job.page}\0${JSON.stringify(job.characters)}${family ? `\0${family}` : ''}`,
    )
    .digest('hex');
}

/** RGBA (as resvg gives it) to RGB in shared memory. */
function sharedRgb(rgba: Uint8Array, width: number, height: number): SharedArrayBuffer {
  const data = new SharedArrayBuffer(width * height * 3);
  const rgb = new Uint8Array(data);
  for (let i = 0, o = 0; i < rgba.length; i += 4, o += 3) {
    rgb[o] = rgba[i]!;
    rgb[o + 1] = rgba[i + 1]!;
    rgb[o + 2] = rgba[i + 2]!;
  }
  return data;
}

/** Draws a scene into shared memory (RGB; every page is painted edge to edge). */
export function drawScene(
  job: PreviewJob,
  svgWidth: number,
  fonts: readonly { family: string; file: string }[],
): SceneRaster {
  const svg = svgDocument(
    pageScene(job.page, sceneContextOf(job.characters)),
    pageViewBox(svgWidth, false),
  );
  const image = rasterise(svg, previewWidth(job.page), fontsUsedBy(svg, fonts));
  const { width, height } = image;
  return { key: sceneKeyOf(job), width, height, data: sharedRgb(image.pixels, width, height) };
}

/**
 * Draws the figures and props of a page over its scene, into new shared memory: each part from
 * `plan` as drawn already, or drawn now (returned in `drawnLayers` for the caller to keep).
 */
export function drawBase(
  job: PreviewJob,
  scene: SceneRaster,
  plan: FigurePlan = figurePartsOf(job),
): { base: SceneRaster; drawnLayers: FigureLayer[] } {
  const drawnLayers: FigureLayer[] = [];
  const layers = plan.parts.flatMap((part) => {
    if ('data' in part) return [part];
    const layer = drawFigureLayer(part, job.page, plan.units);
    if (layer) drawnLayers.push(layer);
    return layer ? [layer] : [];
  });
  for (const { box } of layers) {
    if (box.x + box.width > scene.width || box.y + box.height > scene.height)
      throw new Error(`a figure at ${box.x},${box.y} does not fit ${scene.width}x${scene.height}`);
  }
  const data = new SharedArrayBuffer(scene.data.byteLength);
  const rgb = new Uint8Array(data);
  rgb.set(new Uint8Array(scene.data));
  layFigures(rgb, scene.width, layers);
  const base = { key: baseKeyOf(job), width: scene.width, height: scene.height, data };
  return { base, drawnLayers };
}

/** Room around the text boxes for the panels' padding and the title's halo, in page units. */
const TEXT_MARGIN = 120;

/**
 * The SVG document of `text` seen through `view`, with the font files it asks for: as written,
 * or (`asPaths`) with the words as glyph outlines, as bytes (text-paths.ts).
 */
function textDocument(
  text: string,
  view: ViewBox,
  fonts: readonly BookFont[],
  asPaths: boolean,
): { svg: string | Buffer; fontFiles: string[] } {
  if (!asPaths) return { svg: svgDocument(text, view), fontFiles: fontsUsedBy(text, fonts) };
  const empty = svgDocument('', view);
  const cut = empty.lastIndexOf('</svg>');
  const { document, rest } = textAsPathsDocument(
    text,
    fonts,
    empty.slice(0, cut),
    empty.slice(cut),
  );
  return { svg: document, fontFiles: fontsUsedBy(rest, fonts) };
}

/**
 * The words of a page rasterised over only the part of the page that holds them (a much smaller
 * canvas than the page), with where that part is, pixel for pixel as on the whole page. Should a
 * word or panel ever reach outside it, the whole page is rasterised instead, so nothing is cut off.
 * `asPaths`: the words drawn as glyph outlines (text-paths.ts), the way a preview draws them.
 */
export function rasteriseText(
  text: string,
  page: PageId,
  size: { units: number; width: number; height: number },
  fonts: readonly BookFont[],
  asPaths = false,
): { pixels: Uint8Array; box: PixelBox } | null {
  if (text === '') return null;
  const whole = pageViewBox(size.units, false);
  const scale = size.width / whole.width;
  // The page is 783.7 px high at 1280 px wide: resvg draws it on 784 rows, stretched to fill
  // them, so a row is a little less high than a column is wide. The part keeps that scale.
  const scaleY = size.height / whole.height;
  const region = pageTextRegion(page);
  if (region) {
    const x0 = Math.max(0, Math.floor((region.x - TEXT_MARGIN) * scale));
    const y0 = Math.max(0, Math.floor((region.y - TEXT_MARGIN) * scaleY));
    const x1 = Math.min(size.width, Math.ceil((region.x + region.width + TEXT_MARGIN) * scale));
    const y1 = Math.min(size.height, Math.ceil((region.y + region.height + TEXT_MARGIN) * scaleY));
    const box = { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
    // resvg makes the canvas box.width wide and rounds its height (a hair under box.height) up.
    const view: ViewBox = {
      x: box.x / scale,
      y: box.y / scaleY,
      width: box.width / scale,
      height: box.height / scaleY,
    };
    const { svg, fontFiles } = textDocument(text, view, fonts, asPaths);
    const resvg = parse(svg, box.width, fontFiles);
    const drawn = resvg.getBBox();
    // getBBox leaves strokes out: keep a halo's width of room inside the edges.
    const room = TEXT_MARGIN / 2;
    const inside =
      !drawn ||
      (drawn.x >= view.x + room &&
        drawn.y >= view.y + room &&
        drawn.x + drawn.width <= view.x + view.width - room &&
        drawn.y + drawn.height <= view.y + view.height - room);
    if (inside) {
      const image = resvg.render();
      if (image.width === box.width && image.height === box.height) {
        return { pixels: image.pixels, box };
      }
    }
  }
  const { svg, fontFiles } = textDocument(text, whole, fonts, asPaths);
  const image = rasterise(svg, size.width, fontFiles);
  return { pixels: image.pixels, box: { x: 0, y: 0, width: image.width, height: image.height } };
}

/** What composePreview gives: the picture as opaque RGB, and the layers it drew on the way. */
export interface ComposedPreview {
  rgb: Buffer;
  width: number;
  height: number;
  timings: Omit<RenderTimings, 'encode'>;
  drawnScene?: SceneRaster;
  drawnBase?: SceneRaster;
  /** The parts of the figures drawn for the base (none when the base came from the cache). */
  drawnLayers?: FigureLayer[];
}

/**
 * One preview's pixels: the page's base (the scene with the figures and props drawn over it;
 * from `base` when given and right, else drawn over `scene` or a newly drawn scene, and returned
 * as `drawnBase` / `drawnScene` for the caller to keep), with the words rasterised over it.
 * Synchronous rasterising; run it in a worker thread.
 */
export function composePreview(
  job: PreviewJob,
  fonts: readonly BookFont[],
  scene?: SceneRaster | null,
  base?: SceneRaster | null,
  /** Memory of `bytes` bytes to compose into; default a new Buffer. */
  memory: (bytes: number) => Buffer = (bytes) => Buffer.allocUnsafeSlow(bytes),
  /** What of the figures is drawn already (the service's layer cache); default nothing. */
  figures?: FigurePlan,
): ComposedPreview {
  const t0 = performance.now();
  const words = renderPageText(job);
  const t1 = performance.now();
  const reuseBase = base && base.key === baseKeyOf(job) ? base : null;
  const reuseScene = !reuseBase && scene && scene.key === sceneKeyOf(job) ? scene : null;
  const drawnScene = reuseBase || reuseScene ? undefined : drawScene(job, words.width, fonts);
  const t2 = performance.now();
  const drawn = reuseBase ? undefined : drawBase(job, (reuseScene ?? drawnScene)!, figures);
  const under = reuseBase ?? drawn!.base;
  const t3 = performance.now();
  const from = new Uint8Array(under.data);
  const rgb = memory(from.length);
  rgb.set(from);
  const t4 = performance.now();
  // The words line by line, the lines kept for the next book (word-layers.ts); else all at once.
  let laying = 0;
  if (!layWords(rgb, words.text, job.page, words.width, fonts)) {
    const size = { units: words.width, width: under.width, height: under.height };
    const text = rasteriseText(words.text, job.page, size, fonts, true);
    const t = performance.now();
    if (text) overRgbAt(rgb, under.width, text.pixels, text.box);
    laying = performance.now() - t;
  }
  const t5 = performance.now();
  return {
    rgb,
    width: under.width,
    height: under.height,
    timings: {
      svg: t1 - t0,
      scene: t2 - t1,
      figures: t3 - t2,
      raster: t5 - t4 - laying,
      composite: t4 - t3 + laying,
    },
    ...(drawnScene ? { drawnScene } : {}),
    ...(drawn ? { drawnBase: drawn.base } : {}),
    ...(drawn?.drawnLayers.length ? { drawnLayers: drawn.drawnLayers } : {}),
  };
}

/** One preview as WebP (see composePreview). */
export async function renderPreviewWebp(
  job: PreviewJob,
  fonts: readonly BookFont[],
  scene?: SceneRaster | null,
  base?: SceneRaster | null,
  figures?: FigurePlan,
): Promise<{
  image: Buffer;
  timings: RenderTimings;
  drawnScene?: SceneRaster;
  drawnBase?: SceneRaster;
  drawnLayers?: FigureLayer[];
}> {
  // The picture's memory (4.7 MB a spread) is used again by the next render of this thread
  // instead of being left to the garbage collector; a render that overlaps takes new memory.
  const mine = !scratchInUse;
  scratchInUse ||= mine;
  try {
    const composed = composePreview(job, fonts, scene, base, mine ? scratchOf : undefined, figures);
    const { rgb, width, height, timings, ...drawn } = composed;
    const t0 = performance.now();
    const image = await sharp(rgb, { raw: { width, height, channels: 3 } })
      .webp({ quality: PREVIEW_SETTINGS.webpQuality, effort: PREVIEW_SETTINGS.webpEffort })
      .toBuffer();
    return { image, timings: { ...timings, encode: performance.now() - t0 }, ...drawn };
  } finally {
    if (mine) scratchInUse = false;
  }
}

/** Memory renderPreviewWebp composes into, one per picture size, and whether a render uses it. */
const scratch = new Map<number, Buffer>();
let scratchInUse = false;

function scratchOf(bytes: number): Buffer {
  let memory = scratch.get(bytes);
  if (!memory) {
    memory = Buffer.allocUnsafeSlow(bytes);
    scratch.set(bytes, memory);
  }
  return memory;
}
