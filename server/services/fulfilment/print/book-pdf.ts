import { createHash } from 'node:crypto';
import type { CharacterSet } from '#book/catalogue.ts';
import type { BookFamily } from '#book/family.ts';
import { renderColophonArt, renderCoverWrapArt } from '#book/print-pages.ts';
import { renderPageArt, svgDocument, type PageArt, type ViewBox } from '#book/render-page.ts';
import {
  BLEED,
  PAGE_HEIGHT,
  PAGE_WIDTH,
  SPREAD_IDS,
  SPREAD_WIDTH,
  type BookLanguage,
  type Gender,
  type PageId,
} from '#book/types.ts';
import {
  coverLayout,
  DEFAULT_COVER_SETTINGS,
  spineWidthMm,
  type Binding,
  type CoverSettings,
} from './cover-geometry.ts';
import {
  addPrintPage,
  addSharedArtPage,
  drawSharedArt,
  finishPrintDocument,
  openPrintDocument,
  type PageBoxes,
  type PrintDocument,
  type SharedArt,
} from './pdf-document.ts';
import type { PrintFileKind, PrintIdentity } from './pdf-identity.ts';

export { PT_PER_UNIT } from './pdf-document.ts';

/** What the printer needs to know about one book (taken from an order item). */
export interface BookPdfInput {
  language: BookLanguage;
  child: { name: string; gender: Gender };
  characters: CharacterSet;
  /** Who is in the book (#33, book/family.ts); missing: today's mum and dad. */
  family?: BookFamily | undefined;
  dedication: string;
  /** The copy's number in the numbered first edition (1-100), printed on the closing page. */
  editionNumber?: number | null;
  /** Binding and paper of the cover wrap; missing fields take DEFAULT_COVER_SETTINGS. */
  cover?: Partial<Omit<CoverSettings, 'pageCount'>>;
  /** Shown in the PDF's document information (the printer's job list). */
  title?: string;
  /**
   * A stable key of this book (the order item): the files' DocumentIDs and font subset names
   * derive from it (hashed, never printed). Missing: a hash of what is printed.
   */
  bookKey?: string;
}

/** The story spreads a hardcover prints as its endpaper sheets (the first and the last). */
const ENDPAPER_SPREADS: PageId[] = [SPREAD_IDS[0]!, SPREAD_IDS[SPREAD_IDS.length - 1]!];
/** The story spreads printed in a hardcover's interior block, in order. */
export const INTERIOR_SPREADS: PageId[] = SPREAD_IDS.slice(1, -1);

/** The binding a book is printed in (DEFAULT_COVER_SETTINGS' when the input names none). */
export function bindingOf(input: Pick<BookPdfInput, 'cover'>): Binding {
  return input.cover?.binding ?? DEFAULT_COVER_SETTINGS.binding;
}

/**
 * The endpaper spreads a binding prints: a hardcover's endpaper sheets carry the story's first
 * and last spreads; a softcover has none (its inside covers are left unprinted, and those two
 * spreads are printed in its interior block: docs/print-spec.md, 'Softcover').
 */
export function endpaperSpreads(binding: Binding): PageId[] {
  return binding === 'hardcover' ? ENDPAPER_SPREADS : [];
}

/** The story spreads a binding prints in its interior block, in order. */
export function interiorSpreads(binding: Binding): PageId[] {
  return binding === 'hardcover' ? INTERIOR_SPREADS : [...SPREAD_IDS];
}

/**
 * One printed page of the interior: which part of which page of the book it shows. A bound book
 * starts on a right-hand page: the dedication is page 1, the spreads face each other as pages
 * 2-3, 4-5 … (each split at the gutter into its left and right page), and the last page, a
 * left-hand page, is the colophon. A hardcover's block holds page_3-4 … page_41-42 (42 pages: the
 * first and last spreads are its endpapers); a softcover's holds every spread, page_1-2 …
 * page_43-44 (46 pages), so every word of the story is printed.
 */
export interface PrintPage {
  number: number;
  page: PageId | 'colophon';
  /** The part of the page's art shown, trim box only (x from 0 or 2450 on a spread). */
  trimX: number;
  kind: 'dedication' | 'left' | 'right' | 'colophon';
}

export function printPagePlan(binding: Binding = 'hardcover'): PrintPage[] {
  const pages: PrintPage[] = [{ number: 1, page: 'dedication', trimX: 0, kind: 'dedication' }];
  for (const spread of interiorSpreads(binding)) {
    pages.push({ number: pages.length + 1, page: spread, trimX: 0, kind: 'left' });
    pages.push({ number: pages.length + 1, page: spread, trimX: PAGE_WIDTH, kind: 'right' });
  }
  pages.push({ number: pages.length + 1, page: 'colophon', trimX: 0, kind: 'colophon' });
  return pages;
}

/** Pages of a binding's interior PDF: 42 for a hardcover (as docs/product-rules.md says), 46 for a softcover. */
export function printPageCount(binding: Binding): number {
  return printPagePlan(binding).length;
}

/** Pages of a hardcover's interior PDF (42, as docs/product-rules.md says). */
export const PRINT_PAGE_COUNT = printPageCount('hardcover');

const SINGLE_PAGE: PageBoxes = {
  mediaWidth: PAGE_WIDTH + 2 * BLEED,
  mediaHeight: PAGE_HEIGHT + 2 * BLEED,
  trim: { x: BLEED, y: BLEED, width: PAGE_WIDTH, height: PAGE_HEIGHT },
};

const SPREAD_PAGE: PageBoxes = {
  mediaWidth: SPREAD_WIDTH + 2 * BLEED,
  mediaHeight: PAGE_HEIGHT + 2 * BLEED,
  trim: { x: BLEED, y: BLEED, width: SPREAD_WIDTH, height: PAGE_HEIGHT },
};

/** The part `x … x + width` of a page's art, with bleed on all four sides. */
export function viewWithBleed(x: number, width: number): ViewBox {
  return { x: x - BLEED, y: -BLEED, width: width + 2 * BLEED, height: PAGE_HEIGHT + 2 * BLEED };
}

function storyArt(input: BookPdfInput, page: PageId): PageArt {
  return renderPageArt({
    page,
    language: input.language,
    child: input.child,
    characters: input.characters,
    family: input.family,
    dedication: page === 'dedication' ? input.dedication : '',
  });
}

/** Lets other work on this thread breathe between pages. */
const breathe = () => new Promise((resolve) => setImmediate(resolve));

function title(input: BookPdfInput, part: string): string {
  return input.title ? `${input.title}: ${part}` : `${input.child.name}: ${part}`;
}

/** The book's key: the caller's (an order item), or a hash of everything printed. */
export function bookKeyOf(input: BookPdfInput): string {
  if (input.bookKey) return input.bookKey;
  const { language, child, characters, dedication, editionNumber, cover } = input;
  const printed = JSON.stringify({ language, child, characters, dedication, editionNumber, cover });
  return `content:${createHash('sha256').update(printed).digest('hex')}`;
}

function identity(input: BookPdfInput, kind: PrintFileKind, part: string): PrintIdentity {
  return { title: title(input, part), bookKey: bookKeyOf(input), kind };
}

/**
 * The interior block: printPageCount(binding) single pages of 24.5 x 30 cm plus 3 mm bleed (MediaBox
 * and BleedBox include the bleed, TrimBox is the page), vector art, fonts embedded, live text.
 * CPU-heavy (seconds): run it off the request path (renderPrintFiles uses a worker).
 */
export async function renderInteriorPdf(input: BookPdfInput): Promise<Buffer> {
  const target = openPrintDocument(identity(input, 'interior', 'interior'));
  // A spread is drawn once (with bleed all round) and shown on its left and right pages.
  let spread: { page: PageId; art: SharedArt } | undefined;
  for (const printed of printPagePlan(bindingOf(input))) {
    if (printed.page === 'colophon' || printed.kind === 'dedication') {
      const art =
        printed.page === 'colophon'
          ? renderColophonArt({ ...input, ...optionalNumber(input.editionNumber) })
          : storyArt(input, printed.page);
      addPrintPage(
        target,
        svgDocument(art.body, viewWithBleed(printed.trimX, PAGE_WIDTH)),
        SINGLE_PAGE,
      );
    } else {
      if (spread?.page !== printed.page) {
        const svg = svgDocument(storyArt(input, printed.page).body, viewWithBleed(0, SPREAD_WIDTH));
        spread = {
          page: printed.page,
          art: drawSharedArt(target, svg, SPREAD_WIDTH + 2 * BLEED, PAGE_HEIGHT + 2 * BLEED),
        };
      }
      addSharedArtPage(target, spread.art, printed.trimX, SINGLE_PAGE);
    }
    await breathe();
  }
  return finishPrintDocument(target);
}

function optionalNumber(editionNumber: number | null | undefined): { editionNumber?: number } {
  return editionNumber === undefined || editionNumber === null ? {} : { editionNumber };
}

/**
 * A hardcover's endpapers: the story's first and last spreads (page_1-2, page_43-44), each one
 * page of 49 x 30 cm plus 3 mm bleed: the front and back endpaper sheets. A softcover has no
 * endpapers (those spreads are in its interior block): asking for them is an error.
 */
export async function renderEndpapersPdf(input: BookPdfInput): Promise<Buffer> {
  const spreads = endpaperSpreads(bindingOf(input));
  if (spreads.length === 0) throw new Error(`a ${bindingOf(input)} has no endpapers`);
  const target = openPrintDocument(identity(input, 'endpapers', 'endpapers'));
  for (const page of spreads) {
    const art = storyArt(input, page);
    addPrintPage(target, svgDocument(art.body, viewWithBleed(0, SPREAD_WIDTH)), SPREAD_PAGE);
    await breathe();
  }
  return finishPrintDocument(target);
}

/** The cover settings of a book with defaults filled in. */
export function coverSettingsOf(input: BookPdfInput): CoverSettings {
  return {
    ...DEFAULT_COVER_SETTINGS,
    ...input.cover,
    pageCount: printPageCount(bindingOf(input)),
  };
}

/**
 * The cover as one wrap: back cover, spine and front cover on one page. Softcover: trim plus
 * 3 mm bleed; hardcover: the case (boards, hinges, spine) plus the turn-in wrap. TrimBox is the
 * finished cover, BleedBox the whole sheet.
 */
export async function renderCoverPdf(input: BookPdfInput): Promise<Buffer> {
  const settings = coverSettingsOf(input);
  const layout = coverLayout(settings);
  const target: PrintDocument = openPrintDocument(
    identity(input, 'cover', `cover wrap, ${settings.binding}, spine ${spineWidthMm(settings)} mm`),
  );
  const body = renderCoverWrapArt({ ...input, ...optionalNumber(input.editionNumber) }, layout);
  addPrintPage(
    target,
    svgDocument(body, { x: 0, y: 0, width: layout.width, height: layout.height }),
    { mediaWidth: layout.width, mediaHeight: layout.height, trim: layout.trim },
  );
  return finishPrintDocument(target);
}
