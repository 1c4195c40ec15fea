import PDFDocument from 'pdfkit';
import SVGtoPDF from 'svg-to-pdfkit';
import type { CharacterSet } from '#book/catalogue.ts';
import { pageViewBox, renderPageArt, svgDocument, type ViewBox } from '#book/render-page.ts';
import {
  BLEED,
  PAGE_HEIGHT,
  PAGE_WIDTH,
  SPREAD_IDS,
  type BookLanguage,
  type Gender,
  type PageId,
} from '#book/types.ts';
import { log } from '../../log.ts';
import { bookFonts } from '../rendering/font-files.ts';

/** What the printer needs to know about one book (taken from an order item). */
export interface BookPdfInput {
  language: BookLanguage;
  child: { name: string; gender: Gender };
  characters: CharacterSet;
  dedication: string;
  /** Shown in the PDF's document information (the printer's job list). */
  title?: string;
}

/** 1 book unit = 0.1 mm = 72 / 254 pt. */
export const PT_PER_UNIT = 72 / 254;

/**
 * One printed page: which part of which page of the book it shows. A bound book starts on a
 * right-hand page, so the dedication is page 1 and the spreads face each other as pages 2-3 …
 * 44-45 (each spread split at the gutter into its left and right page); the closing page 46 is
 * a left-hand page, the scene of the dedication page without text.
 */
export interface PrintPage {
  number: number;
  page: PageId;
  /** The part of the page's art shown, trim box only (x from 0 or 2450 on a spread). */
  trimX: number;
  kind: 'dedication' | 'left' | 'right' | 'closing';
}

export function printPagePlan(): PrintPage[] {
  const pages: PrintPage[] = [{ number: 1, page: 'dedication', trimX: 0, kind: 'dedication' }];
  for (const spread of SPREAD_IDS) {
    pages.push({ number: pages.length + 1, page: spread, trimX: 0, kind: 'left' });
    pages.push({ number: pages.length + 1, page: spread, trimX: PAGE_WIDTH, kind: 'right' });
  }
  pages.push({ number: pages.length + 1, page: 'dedication', trimX: 0, kind: 'closing' });
  return pages;
}

/** Pages of the interior PDF (see printPagePlan). */
export const PRINT_PAGE_COUNT = printPagePlan().length;

const MEDIA_WIDTH_PT = (PAGE_WIDTH + 2 * BLEED) * PT_PER_UNIT;
const MEDIA_HEIGHT_PT = (PAGE_HEIGHT + 2 * BLEED) * PT_PER_UNIT;
const BLEED_PT = BLEED * PT_PER_UNIT;

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}

interface Doc {
  doc: PDFKit.PDFDocument;
  done: Promise<Buffer>;
  fontFor: (family: string) => string;
}

function openDocument(title: string): Doc {
  const doc = new PDFDocument({
    autoFirstPage: false,
    margin: 0,
    compress: true,
    pdfVersion: '1.6',
    info: {
      Title: title,
      Author: 'Storymade',
      Creator: 'Storymade',
      Producer: 'Storymade (pdfkit)',
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  // The book's TTFs, embedded as subsets; a family the art asks for maps to its registered file.
  const byFamily = new Map<string, string>();
  for (const font of bookFonts()) {
    const name = `${font.family}-${font.weight}`;
    doc.registerFont(name, font.file);
    if (!byFamily.has(font.family.toLowerCase())) byFamily.set(font.family.toLowerCase(), name);
  }
  const fallback = [...byFamily.values()][0];
  if (!fallback) throw new Error('No book fonts are configured');
  const fontFor = (family: string) => {
    const families = family.split(',').map((part) =>
      part
        .trim()
        .replace(/^['"]|['"]$/g, '')
        .toLowerCase(),
    );
    for (const candidate of families) {
      const found = byFamily.get(candidate);
      if (found) return found;
    }
    return fallback;
  };
  return { doc, done, fontFor };
}

/** Adds one page of MediaBox = trim + 3 mm bleed, with TrimBox and BleedBox set, and draws `svg` on it. */
function addPage(target: Doc, svg: string): void {
  const { doc } = target;
  doc.addPage({ size: [MEDIA_WIDTH_PT, MEDIA_HEIGHT_PT], margin: 0 });
  const box = [
    round(BLEED_PT),
    round(BLEED_PT),
    round(MEDIA_WIDTH_PT - BLEED_PT),
    round(MEDIA_HEIGHT_PT - BLEED_PT),
  ];
  const dictionary = (doc.page as unknown as { dictionary: { data: Record<string, unknown> } })
    .dictionary;
  dictionary.data.TrimBox = box;
  dictionary.data.BleedBox = [0, 0, round(MEDIA_WIDTH_PT), round(MEDIA_HEIGHT_PT)];
  const warnings: string[] = [];
  SVGtoPDF(doc, svg, 0, 0, {
    width: MEDIA_WIDTH_PT,
    height: MEDIA_HEIGHT_PT,
    assumePt: true,
    preserveAspectRatio: 'none',
    fontCallback: (family: string) => target.fontFor(family),
    warningCallback: (message: string) => warnings.push(message),
  });
  if (warnings.length > 0 && process.env.BOOK_PDF_WARNINGS === '1') {
    log().warn({ warnings: warnings.length, first: warnings[0] }, 'book-pdf: SVG warnings');
  }
}

/** The single page `trimX … trimX + 2450` of a page's art, with bleed on all four sides. */
function singlePageView(trimX: number): ViewBox {
  return {
    x: trimX - BLEED,
    y: -BLEED,
    width: PAGE_WIDTH + 2 * BLEED,
    height: PAGE_HEIGHT + 2 * BLEED,
  };
}

/**
 * The interior of the book for the printer: PRINT_PAGE_COUNT single pages of 24.5 x 30 cm plus
 * 3 mm bleed (MediaBox includes the bleed, TrimBox is the page), vector art, fonts embedded.
 * CPU-heavy (a few seconds): run it off the request path (a job, a worker or a script).
 */
export async function renderBookPdf(input: BookPdfInput): Promise<Buffer> {
  const target = openDocument(input.title ?? `${input.child.name}: interior`);
  const arts = new Map<PageId, ReturnType<typeof renderPageArt>>();
  const artOf = (page: PageId, withText: boolean) => {
    const key = `${page}${withText ? '' : '#plain'}`;
    let art = arts.get(key);
    if (!art) {
      art = renderPageArt({
        page,
        language: input.language,
        child: input.child,
        characters: input.characters,
        dedication: withText ? input.dedication : '',
      });
      arts.set(key, art);
    }
    return art;
  };
  for (const printed of printPagePlan()) {
    const art = artOf(printed.page, printed.kind !== 'closing');
    addPage(target, svgDocument(art.body, singlePageView(printed.trimX)));
    // A spread's art is used by two printed pages; drop it after its right half.
    if (printed.kind === 'right') arts.delete(printed.page);
    // Let other work on this thread breathe between pages.
    await new Promise((resolve) => setImmediate(resolve));
  }
  target.doc.end();
  return target.done;
}

/**
 * The front cover as its own PDF (printers take the cover separately): one page of 24.5 x 30 cm
 * plus 3 mm bleed, TrimBox set. The hardcover wrap (back, spine, turn-ins) depends on the
 * printer's template and is not drawn here.
 */
export async function renderCoverPdf(input: BookPdfInput): Promise<Buffer> {
  const target = openDocument(input.title ?? `${input.child.name}: cover`);
  const art = renderPageArt({
    page: 'cover',
    language: input.language,
    child: input.child,
    characters: input.characters,
  });
  addPage(target, svgDocument(art.body, pageViewBox(art.width, true)));
  target.doc.end();
  return target.done;
}
