// The proof before print (issue #43): every page of a book's print files, rasterised from the PDF
// as a printer's RIP would, is compared with the same page drawn by the preview's renderer
// (book/render-page.ts through resvg, as the server draws previews); and every sentence of the
// story, for that child, family and language, must be found in the text the binding prints. A
// book whose proof fails is never stored or handed on (stored-print-files.ts holds it and alerts
// the owner).
//
// The PDF is rasterised with pdf.js (pdfjs-dist, Apache-2.0) on @napi-rs/canvas (Skia, MIT): both
// install from the npm registry alone, so production needs nothing besides `npm ci`. (MuPDF's
// WASM build is faster by a fifth but AGPL-licensed; poppler's pdftoppm would be a system package
// to install and check on every server.) The numbers behind the settings are in docs/print-spec.md
// ('The proof') and come from `node --import tsx scripts/proof-matrix.ts`.

import { Resvg } from '@resvg/resvg-js';
import type * as PdfJsModule from 'pdfjs-dist/legacy/build/pdf.mjs';
import { renderPageArt, svgDocument } from '#book/render-page.ts';
import { renderColophonArt, renderCoverWrapArt } from '#book/print-pages.ts';
import { dedicationLines } from '#book/personalization.ts';
import { storyText } from '#book/story/story-text.ts';
import {
  BLEED,
  PAGE_HEIGHT,
  PAGE_WIDTH,
  SPREAD_IDS,
  SPREAD_WIDTH,
  type PageId,
} from '#book/types.ts';
import { bookFonts } from '#server/services/rendering/font-files.ts';
import {
  bindingOf,
  coverSettingsOf,
  endpaperSpreads,
  printPagePlan,
  PT_PER_UNIT,
  type BookPdfInput,
} from './book-pdf.ts';
import { coverLayout } from './cover-geometry.ts';

/** How the proof compares pages; why these numbers: docs/print-spec.md, 'The proof'. */
export const PROOF_SETTINGS = {
  /** Book units (0.1 mm) per pixel of both rasters: 10 = a pixel a millimetre (25.4 dpi). */
  unitsPerPixel: 10,
  /** Pixels averaged on each side into one block before comparing (anti-aliasing cancels out). */
  block: 2,
  /** A block differs when one of its colour channels differs by more than this (0-255). */
  tolerance: 64,
  /**
   * The share of a page's blocks (percent) that may differ. Over it, the page fails. Books that
   * print what the preview shows measure at most ~0.3% (the two rasterisers' edges); one missing
   * line of story text is ~0.8% of a page, a text card drawn black ~20%.
   */
  maxDifferencePercent: 0.5,
} as const;

export type ProofFile = 'interior' | 'endpapers' | 'cover';

/** One printed page as the proof measured it. */
export interface ProofPage {
  file: ProofFile;
  /** The page's number in its file, from 1. */
  page: number;
  /** What the page shows ('dedication', 'page_5-6 left', 'colophon', 'cover wrap'). */
  shows: string;
  /** Percent of the page's blocks whose colour differs from the preview's drawing. */
  differencePercent: number;
  /** Where the differing blocks lie, in mm from the sheet's top left; null when none differ. */
  differs: { x: number; y: number; width: number; height: number } | null;
}

export interface ProofReport {
  ok: boolean;
  binding: 'hardcover' | 'softcover';
  /** The threshold the pages were held to (percent of a page's blocks). */
  thresholdPercent: number;
  /** Every printed page, in file order. */
  pages: ProofPage[];
  /** The page with the largest difference (null when no page could be measured). */
  worst: ProofPage | null;
  /** Pages over the threshold. */
  failedPages: ProofPage[];
  /** How many sentences of the story (and lines of the dedication) the text proof looked for. */
  sentences: number;
  /** Those not found in the text the binding prints. */
  missingSentences: string[];
  /** Wall time of the proof once the PDFs were made, ms. */
  ms: number;
  /** Why the proof could not measure the files (an unreadable PDF): they fail. */
  error?: string;
}

/** The three PDFs of one book; a softcover has no endpapers. */
export interface ProofFiles {
  interior: Buffer;
  endpapers: Buffer | null;
  cover: Buffer;
}

interface Raster {
  width: number;
  height: number;
  /** RGBA, 4 bytes a pixel. */
  data: Uint8Array | Uint8ClampedArray;
}

const px = (units: number) => Math.round(units / PROOF_SETTINGS.unitsPerPixel);

let fontFiles: string[] | undefined;

/** An SVG drawn by resvg with the book's fonts, `width` x `height` pixels. */
function drawSvg(svg: string, width: number): Raster {
  fontFiles ??= bookFonts().map((font) => font.file);
  const rendered = new Resvg(svg, {
    fitTo: { mode: 'width', value: width },
    font: { fontFiles, loadSystemFonts: false },
    shapeRendering: 2,
    textRendering: 1,
    imageRendering: 0,
  }).render();
  return { width: rendered.width, height: rendered.height, data: rendered.pixels };
}

type PdfJs = typeof PdfJsModule;
let pdfjs: Promise<PdfJs> | undefined;

function loadPdfJs(): Promise<PdfJs> {
  pdfjs ??= import('pdfjs-dist/legacy/build/pdf.mjs');
  return pdfjs;
}

interface TextItem {
  str: string;
  transform: number[];
}

interface Context2d {
  getImageData(x: number, y: number, w: number, h: number): { data: Uint8ClampedArray };
}

/** pdf.js's canvas factory in Node (on @napi-rs/canvas); not in its typings. */
interface CanvasFactory {
  create(width: number, height: number): { canvas: unknown; context: Context2d };
}

interface PdfPageRaster {
  raster: Raster;
  /** The text drawn inside the page's trim box (what is left once the sheet is cut). */
  text: string;
}

/**
 * Rasterises the pages `indexes` (from 0) of a PDF at the proof's resolution and reads the text
 * drawn inside each page's trim box (PDF points from the bottom left): what is left once the
 * sheet is cut.
 */
async function rasterisePdf(
  bytes: Buffer,
  indexes: readonly number[],
  trim: readonly [number, number, number, number],
): Promise<{ count: number; pages: PdfPageRaster[] }> {
  const { getDocument } = await loadPdfJs();
  const doc = await getDocument({
    data: new Uint8Array(bytes),
    verbosity: 0,
    useSystemFonts: false,
  }).promise;
  const scale = 1 / PROOF_SETTINGS.unitsPerPixel / PT_PER_UNIT;
  const [x0, y0, x1, y1] = trim;
  const pages: PdfPageRaster[] = [];
  // One canvas for the pages of one size (a new one for each page costs more in collecting it
  // than in drawing).
  let surface: { width: number; height: number; canvas: unknown; context: Context2d } | undefined;
  try {
    for (const index of indexes) {
      if (index >= doc.numPages) {
        pages.push({ raster: { width: 0, height: 0, data: new Uint8Array(0) }, text: '' });
        continue;
      }
      const page = await doc.getPage(index + 1);
      const viewport = page.getViewport({ scale });
      const width = Math.round(viewport.width);
      const height = Math.round(viewport.height);
      if (surface?.width !== width || surface.height !== height) {
        const factory = (doc as unknown as { canvasFactory: CanvasFactory }).canvasFactory;
        surface = { width, height, ...factory.create(width, height) };
      }
      const { canvas, context } = surface;
      await page.render({
        canvasContext: context as never,
        canvas: canvas as never,
        viewport,
        background: 'white',
      }).promise;
      const data = context.getImageData(0, 0, width, height).data;
      const content = await page.getTextContent();
      const text = (content.items as TextItem[])
        .filter((item) => {
          if (typeof item.str !== 'string' || item.str === '') return false;
          const [, , , , x = 0, y = 0] = item.transform;
          return x >= x0 - 0.5 && x <= x1 + 0.5 && y >= y0 - 0.5 && y <= y1 + 0.5;
        })
        .map((item) => item.str)
        .join(' ');
      pages.push({ raster: { width, height, data }, text });
      page.cleanup();
    }
    return { count: doc.numPages, pages };
  } finally {
    await doc.destroy();
  }
}

/**
 * Compares `pdf` with the part of `reference` that starts `offsetX` pixels from its left, block
 * by block (PROOF_SETTINGS.block pixels square, averaged; both composed over white).
 */
export function compareRasters(
  pdf: Raster,
  reference: Raster,
  offsetX = 0,
): { percent: number; box: { x0: number; y0: number; x1: number; y1: number } | null } {
  const { block, tolerance } = PROOF_SETTINGS;
  const width = Math.min(pdf.width, reference.width - offsetX);
  const height = Math.min(pdf.height, reference.height);
  const columns = Math.floor(width / block);
  const rows = Math.floor(height / block);
  let differing = 0;
  let box: { x0: number; y0: number; x1: number; y1: number } | null = null;
  const mean = (raster: Raster, left: number, top: number, channel: number): number => {
    let sum = 0;
    for (let dy = 0; dy < block; dy += 1) {
      const row = (top + dy) * raster.width;
      for (let dx = 0; dx < block; dx += 1) {
        const at = (row + left + dx) * 4;
        const alpha = raster.data[at + 3]! / 255;
        // Over white: what the page shows where the drawing leaves it transparent.
        sum += raster.data[at + channel]! * alpha + 255 * (1 - alpha);
      }
    }
    return sum / (block * block);
  };
  for (let r = 0; r < rows; r += 1) {
    for (let c = 0; c < columns; c += 1) {
      let worst = 0;
      for (let channel = 0; channel < 3; channel += 1) {
        const a = mean(pdf, c * block, r * block, channel);
        const b = mean(reference, offsetX + c * block, r * block, channel);
        worst = Math.max(worst, Math.abs(a - b));
      }
      if (worst > tolerance) {
        differing += 1;
        box = box
          ? {
              x0: Math.min(box.x0, c),
              y0: Math.min(box.y0, r),
              x1: Math.max(box.x1, c + 1),
              y1: Math.max(box.y1, r + 1),
            }
          : { x0: c, y0: r, x1: c + 1, y1: r + 1 };
      }
    }
  }
  // A sheet of another size than the preview's page is wrong as a whole.
  const sized =
    reference.width - offsetX >= pdf.width - 1 && Math.abs(reference.height - pdf.height) <= 1;
  const total = columns * rows;
  return { percent: total === 0 || !sized ? 100 : (differing / total) * 100, box };
}

/** The sentences of a paragraph (split after . ! ? … and a closing quote, if any). */
export function sentencesOf(paragraph: string): string[] {
  return paragraph
    .split(/(?<=[.!?…][”’"»]?)\s+/u)
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence !== '');
}

/** Text compared without any white space: a line break may fall anywhere in a sentence. */
const squeeze = (text: string) => text.normalize('NFC').replace(/[\s\u00ad]+/gu, '');

/** Every sentence of the book's story (and each line of the dedication) for this child and family. */
export function bookSentences(input: BookPdfInput): string[] {
  const story = SPREAD_IDS.flatMap((page) =>
    storyText(page, input.language, input.child, input.family).flatMap(sentencesOf),
  );
  const dedication = dedicationLines(input.dedication)
    .map((line) => line.trim())
    .filter((line) => line !== '');
  return [...story, ...dedication];
}

/** What one printed page is compared with: a part of a preview page, the colophon, or the wrap. */
type ProofReference =
  | { kind: 'page'; page: PageId; width: number; offsetUnits: number }
  | { kind: 'colophon' }
  | { kind: 'wrap' };

/** One page of one print file to proof. */
export interface ProofTask {
  file: ProofFile;
  /** The page's index in its file, from 0. */
  index: number;
  shows: string;
  reference: ProofReference;
}

/** Every printed page of the book's files, in file order, with what the preview draws for it. */
export function proofTasks(input: BookPdfInput): ProofTask[] {
  const binding = bindingOf(input);
  const tasks: ProofTask[] = printPagePlan(binding).map((printed, index) => ({
    file: 'interior',
    index,
    shows:
      printed.kind === 'left' || printed.kind === 'right'
        ? `${printed.page} ${printed.kind}`
        : printed.page,
    reference:
      printed.page === 'colophon'
        ? { kind: 'colophon' }
        : printed.kind === 'dedication'
          ? { kind: 'page', page: printed.page, width: PAGE_WIDTH, offsetUnits: 0 }
          : { kind: 'page', page: printed.page, width: SPREAD_WIDTH, offsetUnits: printed.trimX },
  }));
  endpaperSpreads(binding).forEach((page, index) =>
    tasks.push({
      file: 'endpapers',
      index,
      shows: page,
      reference: { kind: 'page', page, width: SPREAD_WIDTH, offsetUnits: 0 },
    }),
  );
  tasks.push({ file: 'cover', index: 0, shows: 'cover wrap', reference: { kind: 'wrap' } });
  return tasks;
}

/** A task measured: the page's numbers and the text printed inside its trim box. */
export interface ProofMeasure {
  page: ProofPage;
  text: string;
}

/** Trim box of a page `width` units wide (with 3 mm bleed all round), PDF points. */
function trimPoints(width: number): [number, number, number, number] {
  return [
    BLEED * PT_PER_UNIT,
    BLEED * PT_PER_UNIT,
    (BLEED + width) * PT_PER_UNIT,
    (BLEED + PAGE_HEIGHT) * PT_PER_UNIT,
  ];
}

const MM_PER_PIXEL = PROOF_SETTINGS.unitsPerPixel / 10;

function measured(task: ProofTask, result: ReturnType<typeof compareRasters>): ProofPage {
  const scale = PROOF_SETTINGS.block * MM_PER_PIXEL;
  const round = (mm: number) => Math.round(mm * 10) / 10;
  return {
    file: task.file,
    page: task.index + 1,
    shows: task.shows,
    differencePercent: Math.round(result.percent * 1000) / 1000,
    differs: result.box
      ? {
          x: round(result.box.x0 * scale),
          y: round(result.box.y0 * scale),
          width: round((result.box.x1 - result.box.x0) * scale),
          height: round((result.box.y1 - result.box.y0) * scale),
        }
      : null,
  };
}

/**
 * A share of a book's proof (some of its pages), in one thread: the preview's drawings of those
 * pages can be made before the PDFs exist (`drawReferences`, while another thread makes them),
 * then `measure` rasterises the pages from the PDFs and compares.
 */
export class ProofPart {
  private readonly references = new Map<string, Raster>();

  constructor(
    private readonly input: BookPdfInput,
    readonly tasks: readonly ProofTask[],
  ) {}

  private keyOf(reference: ProofReference): string {
    return reference.kind === 'page' ? `page:${reference.page}` : reference.kind;
  }

  /** The preview's drawing for one reference (each page drawn once, both halves of a spread). */
  private reference(reference: ProofReference, wrapWidth?: number): Raster {
    const key = this.keyOf(reference);
    const known = this.references.get(key);
    if (known) return known;
    const { input } = this;
    let raster: Raster;
    if (reference.kind === 'page') {
      const art = renderPageArt({
        page: reference.page,
        language: input.language,
        child: input.child,
        characters: input.characters,
        family: input.family,
        dedication: reference.page === 'dedication' ? input.dedication : '',
      });
      raster = drawSvg(
        svgDocument(art.body, {
          x: -BLEED,
          y: -BLEED,
          width: art.width + 2 * BLEED,
          height: PAGE_HEIGHT + 2 * BLEED,
        }),
        px(art.width + 2 * BLEED),
      );
    } else if (reference.kind === 'colophon') {
      const art = renderColophonArt({ ...input, editionNumber: input.editionNumber ?? null });
      raster = drawSvg(
        svgDocument(art.body, {
          x: -BLEED,
          y: -BLEED,
          width: PAGE_WIDTH + 2 * BLEED,
          height: PAGE_HEIGHT + 2 * BLEED,
        }),
        px(PAGE_WIDTH + 2 * BLEED),
      );
    } else {
      // The wrap composed of the preview's pages: the back cover and the cover on their panels.
      const layout = coverLayout(coverSettingsOf(input));
      raster = drawSvg(
        svgDocument(
          renderCoverWrapArt({ ...input, editionNumber: input.editionNumber ?? null }, layout),
          { x: 0, y: 0, width: layout.width, height: layout.height },
        ),
        wrapWidth ?? px(layout.width),
      );
    }
    this.references.set(key, raster);
    return raster;
  }

  /** Draws every reference this part needs (before the PDFs are there). */
  drawReferences(): void {
    for (const task of this.tasks) this.reference(task.reference);
  }

  /** Rasterises this part's pages from the PDFs and compares each with its reference. */
  async measure(files: ProofFiles): Promise<ProofMeasure[]> {
    const out: ProofMeasure[] = [];
    const layout = coverLayout(coverSettingsOf(this.input));
    for (const file of ['interior', 'endpapers', 'cover'] as const) {
      const tasks = this.tasks.filter((task) => task.file === file);
      if (tasks.length === 0) continue;
      const bytes = files[file];
      if (!bytes) throw new Error(`the ${file} PDF is missing`);
      const trim: [number, number, number, number] =
        file === 'cover'
          ? [
              layout.trim.x * PT_PER_UNIT,
              (layout.height - layout.trim.y - layout.trim.height) * PT_PER_UNIT,
              (layout.trim.x + layout.trim.width) * PT_PER_UNIT,
              (layout.height - layout.trim.y) * PT_PER_UNIT,
            ]
          : trimPoints(file === 'endpapers' ? SPREAD_WIDTH : PAGE_WIDTH);
      const { count, pages: rasters } = await rasterisePdf(
        bytes,
        tasks.map((task) => task.index),
        trim,
      );
      // A file with more or fewer pages than the book's plan fails as a whole (page 0).
      const planned = expectedPages(proofTasks(this.input), file);
      if (count !== planned && tasks.some((task) => task.index === 0))
        out.push({
          page: {
            file,
            page: 0,
            shows: `${count} pages, the plan has ${planned}`,
            differencePercent: 100,
            differs: null,
          },
          text: '',
        });
      tasks.forEach((task, i) => {
        const { raster, text } = rasters[i]!;
        const reference = this.reference(task.reference, raster.width);
        const offset = task.reference.kind === 'page' ? px(task.reference.offsetUnits) : 0;
        out.push({ page: measured(task, compareRasters(raster, reference, offset)), text });
      });
    }
    return out;
  }
}

/** The pages a PDF must have for the book's plan, by file (a file with fewer fails the proof). */
function expectedPages(tasks: readonly ProofTask[], file: ProofFile): number {
  return tasks.filter((task) => task.file === file).length;
}

/** The proof's verdict from every page measured (in any order) and the text they print. */
export function proofReport(
  input: BookPdfInput,
  measures: readonly ProofMeasure[],
  ms: number,
): ProofReport {
  const tasks = proofTasks(input);
  const order = (page: ProofPage) =>
    ['interior', 'endpapers', 'cover'].indexOf(page.file) * 1000 + page.page;
  const sorted = [...measures].sort((a, b) => order(a.page) - order(b.page));
  const pages = sorted.map((m) => m.page);
  for (const file of ['interior', 'endpapers', 'cover'] as const)
    if (
      pages.filter((page) => page.file === file && page.page > 0).length !==
      expectedPages(tasks, file)
    )
      throw new Error(`the proof measured the wrong pages of the ${file}`);
  const printed = squeeze(sorted.map((m) => m.text).join(' '));
  const sentences = bookSentences(input);
  const missingSentences = sentences.filter((sentence) => !printed.includes(squeeze(sentence)));
  const threshold = PROOF_SETTINGS.maxDifferencePercent;
  const failedPages = pages.filter((page) => page.differencePercent > threshold);
  const worst = pages.reduce<ProofPage | null>(
    (a, b) => (a && a.differencePercent >= b.differencePercent ? a : b),
    null,
  );
  return {
    ok: failedPages.length === 0 && missingSentences.length === 0,
    binding: bindingOf(input),
    thresholdPercent: threshold,
    pages,
    worst,
    failedPages,
    sentences: sentences.length,
    missingSentences,
    ms,
  };
}

/** The verdict on files the proof could not measure (an unreadable PDF, a broken renderer). */
export function failedProof(input: BookPdfInput, error: string): ProofReport {
  return {
    ok: false,
    binding: bindingOf(input),
    thresholdPercent: PROOF_SETTINGS.maxDifferencePercent,
    pages: [],
    worst: null,
    failedPages: [],
    sentences: bookSentences(input).length,
    missingSentences: [],
    ms: 0,
    error,
  };
}

/**
 * Proofs one book's print files against the preview in this thread: each page's pixels and the
 * story's sentences (seconds of CPU: the print worker runs it, split with a helper thread).
 */
export async function proofPrintFiles(
  input: BookPdfInput,
  files: ProofFiles,
): Promise<ProofReport> {
  const started = performance.now();
  const part = new ProofPart(input, proofTasks(input));
  const measures = await part.measure(files);
  return proofReport(input, measures, Math.round(performance.now() - started));
}
