import { createHash } from 'node:crypto';
import { Resvg } from '@resvg/resvg-js';
import sharp from 'sharp';
import type { CharacterSet } from '#book/catalogue.ts';
import {
  pageScene,
  pageViewBox,
  renderPageOverlay,
  sceneContextOf,
  svgDocument,
} from '#book/render-page.ts';
import type { BookLanguage, Gender, PageId } from '#book/types.ts';
import { PREVIEW_SETTINGS, previewWidth } from './settings.ts';

/** Everything that decides what a preview image looks like. Plain data: it crosses threads. */
export interface PreviewJob {
  page: PageId;
  language: BookLanguage;
  child: { name: string; gender: Gender };
  characters: CharacterSet;
  /** Only on the dedication page. */
  dedication?: string;
}

/**
 * A page's scene (its background, the same for every child with the same kit colours) drawn
 * once: opaque RGB pixels, 3 bytes a pixel, in memory every worker thread can read.
 */
export interface SceneRaster {
  key: string;
  width: number;
  height: number;
  data: SharedArrayBuffer;
}

/** SVG -> PNG pixels with the book's fonts only (never system fonts, so every machine agrees). */
export function rasterise(svg: string, width: number, fontFiles: string[]) {
  const resvg = new Resvg(svg, {
    fitTo: { mode: 'width', value: width },
    font: { fontFiles, loadSystemFonts: false, defaultFontFamily: undefined },
    shapeRendering: 2,
    textRendering: 1,
    imageRendering: 0,
  });
  return resvg.render();
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
  svg: number;
  /** Drawing the scene; 0 when it came from the scene cache. */
  scene: number;
  raster: number;
  /** Laying the figures and text over the scene. */
  composite: number;
  encode: number;
}

const sceneKeys = new Map<string, string>();

/**
 * The scene a job's page stands on, named by a hash of its SVG and the pixel width, so scenes
 * that look the same whatever the kit share one entry. Memoised per page and kit colours.
 */
export function sceneKeyOf(job: Pick<PreviewJob, 'page' | 'characters'>): string {
  const context = sceneContextOf(job.characters);
  const memo = `${job.page}|${JSON.stringify(context)}`;
  let key = sceneKeys.get(memo);
  if (!key) {
    key = createHash('sha256')
      .update(`${previewWidth(job.page)}\0${pageScene(job.page, context)}`)
      .digest('hex');
    sceneKeys.set(memo, key);
  }
  return key;
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
  const rgba = image.pixels;
  const data = new SharedArrayBuffer(width * height * 3);
  const rgb = new Uint8Array(data);
  for (let i = 0, o = 0; i < rgba.length; i += 4, o += 3) {
    rgb[o] = rgba[i]!;
    rgb[o + 1] = rgba[i + 1]!;
    rgb[o + 2] = rgba[i + 2]!;
  }
  return { key: sceneKeyOf(job), width, height, data };
}

/**
 * Lays premultiplied RGBA pixels (resvg's output) over opaque RGB ones, source-over, as resvg
 * does when it draws everything on one canvas (up to one level of rounding at soft edges).
 */
export function overRgb(scene: Uint8Array, overlay: Uint8Array): Buffer {
  const out = Buffer.from(scene);
  // Most of the overlay is empty: read a pixel as one 32-bit word to skip it in one test.
  const words =
    overlay.byteOffset % 4 === 0
      ? new Uint32Array(overlay.buffer, overlay.byteOffset, overlay.length >> 2)
      : null;
  for (let i = 0, o = 0, p = 0; i < overlay.length; i += 4, o += 3, p += 1) {
    if (words && words[p] === 0) continue;
    const a = overlay[i + 3]!;
    if (a === 0) continue;
    if (a === 255) {
      out[o] = overlay[i]!;
      out[o + 1] = overlay[i + 1]!;
      out[o + 2] = overlay[i + 2]!;
      continue;
    }
    const keep = 255 - a;
    out[o] = overlay[i]! + (out[o]! * keep + 127) / 255;
    out[o + 1] = overlay[i + 1]! + (out[o + 1]! * keep + 127) / 255;
    out[o + 2] = overlay[i + 2]! + (out[o + 2]! * keep + 127) / 255;
  }
  return out;
}

/**
 * One preview: the page's scene (from `scene` when given and right, else drawn and returned as
 * `drawnScene` for the caller to keep), the figures and text rasterised over a transparent
 * canvas, laid over the scene, WebP. Synchronous rasterising; run it in a worker thread.
 */
export async function renderPreviewWebp(
  job: PreviewJob,
  fonts: readonly { family: string; file: string }[],
  scene?: SceneRaster | null,
): Promise<{ image: Buffer; timings: RenderTimings; drawnScene?: SceneRaster }> {
  const t0 = performance.now();
  const overlay = renderPageOverlay(job);
  const svg = svgDocument(
    overlay.figures + overlay.foreground + overlay.text,
    pageViewBox(overlay.width, false),
  );
  const t1 = performance.now();
  const reuse = scene && scene.key === sceneKeyOf(job) ? scene : null;
  const drawnScene = reuse ? undefined : drawScene(job, overlay.width, fonts);
  const base = (reuse ?? drawnScene)!;
  const t2 = performance.now();
  const image = rasterise(svg, previewWidth(job.page), fontsUsedBy(svg, fonts));
  const pixels = image.pixels;
  const t3 = performance.now();
  if (image.width !== base.width || image.height !== base.height) {
    throw new Error(`scene ${base.width}x${base.height} does not fit ${image.width}x${image.height}`);
  }
  const rgb = overRgb(new Uint8Array(base.data), pixels);
  const t4 = performance.now();
  const webp = await sharp(rgb, { raw: { width: base.width, height: base.height, channels: 3 } })
    .webp({ quality: PREVIEW_SETTINGS.webpQuality, effort: PREVIEW_SETTINGS.webpEffort })
    .toBuffer();
  const t5 = performance.now();
  return {
    image: webp,
    timings: { svg: t1 - t0, scene: t2 - t1, raster: t3 - t2, composite: t4 - t3, encode: t5 - t4 },
    ...(drawnScene ? { drawnScene } : {}),
  };
}
