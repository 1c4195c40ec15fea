import { Resvg } from '@resvg/resvg-js';
import sharp from 'sharp';
import type { CharacterSet } from '#book/catalogue.ts';
import { renderPageSvg } from '#book/render-page.ts';
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
  raster: number;
  encode: number;
}

/** One preview: page SVG -> resvg -> WebP. Synchronous rasterising; run it in a worker thread. */
export async function renderPreviewWebp(
  job: PreviewJob,
  fonts: readonly { family: string; file: string }[],
): Promise<{ image: Buffer; timings: RenderTimings }> {
  const t0 = performance.now();
  const svg = renderPageSvg({ ...job, bleed: false });
  const t1 = performance.now();
  const image = rasterise(svg, previewWidth(job.page), fontsUsedBy(svg, fonts));
  const { width, height } = image;
  const pixels = image.pixels;
  const t2 = performance.now();
  // Every page is painted edge to edge: no alpha channel to encode.
  const webp = await sharp(pixels, { raw: { width, height, channels: 4 } })
    .removeAlpha()
    .webp({ quality: PREVIEW_SETTINGS.webpQuality, effort: PREVIEW_SETTINGS.webpEffort })
    .toBuffer();
  const t3 = performance.now();
  return { image: webp, timings: { svg: t1 - t0, raster: t2 - t1, encode: t3 - t2 } };
}
