import { createHash } from 'node:crypto';
import { Resvg } from '@resvg/resvg-js';
import { renderPageFigureParts, pageViewBox, svgDocument } from '#book/render-page.ts';
import { PAGE_HEIGHT, type PageId } from '#book/types.ts';
import { overRgbAt, type PixelBox } from './over-rgb.ts';
import { previewWidth } from './settings.ts';

// A page's figures and props drawn part by part (book/render-page.ts renderPageFigureParts: the
// furniture, each figure on its own, the props over them), each part on a canvas only as big as
// what it draws, and kept: a book with a new child but the same grown-ups (or a second mum of her
// own look) draws only the figures that are new, and on a part of the page, not on the whole of it.

/** One part of a page drawn: premultiplied RGBA (as resvg gives it) of `box`, in shared memory. */
export interface FigureLayer {
  key: string;
  box: PixelBox;
  data: SharedArrayBuffer;
}

/**
 * The parts of a page's figures in order, each either drawn already (from the service's layer
 * cache) or to draw; the service makes it, knowing what it keeps.
 */
export interface FigurePlan {
  units: number;
  parts: ({ key: string; svg: string } | FigureLayer)[];
}

/** The parts of a job's page with the key each part's drawing is kept under (none drawn). */
export function figurePartsOf(job: Parameters<typeof renderPageFigureParts>[0]): {
  units: number;
  parts: { key: string; svg: string }[];
} {
  const drawn = renderPageFigureParts(job);
  const width = previewWidth(job.page);
  return {
    units: drawn.width,
    parts: drawn.parts
      .filter((svg) => svg !== '')
      .map((svg) => ({
        key: createHash('sha256').update(`layer\0${width}\0${drawn.width}\0${svg}`).digest('hex'),
        svg,
      })),
  };
}

/** Room around what resvg says a part draws (its bounding box leaves strokes out), page units. */
const MARGIN = 40;

const RESVG_OPTIONS = { shapeRendering: 2, textRendering: 1, imageRendering: 0 } as const;
const NO_FONTS = { fontFiles: [], loadSystemFonts: false, defaultFontFamily: undefined };

/**
 * Draws one part of a page's figures at the page's preview size, on the part of the page it
 * covers (see drawPartOfPage). null when the part draws nothing.
 */
export function drawFigureLayer(
  part: { key: string; svg: string },
  page: PageId,
  units: number,
): FigureLayer | null {
  const document = (open: string, close: string) => ({ svg: open + part.svg + close, fonts: [] });
  return drawPartOfPage(part.key, document, page, units);
}

/**
 * Draws a part of a page at the page's preview size on only the rectangle it covers. The whole
 * page's transform (fitted to the width, its 783.7 rows stretched onto 784, as resvg draws a page)
 * with a whole-pixel shift, so every pixel is the one the whole page has; should anything reach
 * the canvas' edge (a stroke beyond the margin), the part is drawn on the whole page instead.
 * `document(open, close)` is the part wrapped in `open` and `close`, with the font files it needs
 * (read at once: it may be memory the next call writes over). null when it draws nothing.
 */
export function drawPartOfPage(
  key: string,
  document: (open: string, close: string) => { svg: string | Buffer; fonts: string[] },
  page: PageId,
  units: number,
): FigureLayer | null {
  const width = previewWidth(page);
  const whole = pageViewBox(units, false);
  const wholePage = svgDocument('', whole);
  const cut = wholePage.lastIndexOf('</svg>');
  const probeDocument = document(wholePage.slice(0, cut), wholePage.slice(cut));
  const probe = new Resvg(probeDocument.svg, {
    fitTo: { mode: 'width', value: width },
    font: { ...NO_FONTS, fontFiles: probeDocument.fonts },
    ...RESVG_OPTIONS,
  });
  const height = Math.ceil((PAGE_HEIGHT * width) / units - 1e-9);
  const sx = width / units;
  const sy = height / PAGE_HEIGHT;
  const drawn = probe.getBBox();
  if (!drawn) return null;
  const x0 = Math.max(0, Math.floor((drawn.x - MARGIN) * sx));
  const y0 = Math.max(0, Math.floor((drawn.y - MARGIN) * sy));
  const x1 = Math.min(width, Math.ceil((drawn.x + drawn.width + MARGIN) * sx));
  const y1 = Math.min(height, Math.ceil((drawn.y + drawn.height + MARGIN) * sy));
  if (x1 > x0 && y1 > y0) {
    const box = { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
    const cropped = document(
      `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" ` +
        `width="${box.width}" height="${box.height}" viewBox="0 0 ${box.width} ${box.height}">` +
        `<g transform="matrix(${sx} 0 0 ${sy} ${-x0} ${-y0})">`,
      `</g></svg>`,
    );
    const image = new Resvg(cropped.svg, {
      font: { ...NO_FONTS, fontFiles: cropped.fonts },
      ...RESVG_OPTIONS,
    }).render();
    // (Each read of `pixels` copies them.)
    const pixels = image.width === box.width && image.height === box.height ? image.pixels : null;
    if (pixels && clearEdges(pixels, box, width, height)) return { key, box, data: shared(pixels) };
  }
  const image = new Resvg(document(wholePage.slice(0, cut), wholePage.slice(cut)).svg, {
    fitTo: { mode: 'width', value: width },
    font: { ...NO_FONTS, fontFiles: probeDocument.fonts },
    ...RESVG_OPTIONS,
  }).render();
  return {
    key,
    box: { x: 0, y: 0, width: image.width, height: image.height },
    data: shared(image.pixels),
  };
}

/** Whether nothing is drawn on the edges of `box` that are inside the page (nothing cut off). */
function clearEdges(rgba: Uint8Array, box: PixelBox, width: number, height: number): boolean {
  const alpha = (x: number, y: number) => rgba[(y * box.width + x) * 4 + 3]!;
  const last = { x: box.width - 1, y: box.height - 1 };
  for (let x = 0; x < box.width; x += 1) {
    if (box.y > 0 && alpha(x, 0) !== 0) return false;
    if (box.y + box.height < height && alpha(x, last.y) !== 0) return false;
  }
  for (let y = 0; y < box.height; y += 1) {
    if (box.x > 0 && alpha(0, y) !== 0) return false;
    if (box.x + box.width < width && alpha(last.x, y) !== 0) return false;
  }
  return true;
}

function shared(pixels: Uint8Array): SharedArrayBuffer {
  const data = new SharedArrayBuffer(pixels.byteLength);
  new Uint8Array(data).set(pixels);
  return data;
}

/** Lays `layers` (back to front) over the opaque RGB pixels `rgb`, `width` pixels a row. */
export function layFigures(rgb: Uint8Array, width: number, layers: readonly FigureLayer[]): void {
  for (const layer of layers) overRgbAt(rgb, width, new Uint8Array(layer.data), layer.box);
}
