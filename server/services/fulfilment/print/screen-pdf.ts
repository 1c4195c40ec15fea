import { bookTitle } from '#book/story/story-text.ts';
import { renderColophonArt } from '#book/print-pages.ts';
import { renderPageArt, svgDocument } from '#book/render-page.ts';
import { PAGE_HEIGHT, PAGE_WIDTH, SPREAD_IDS, SPREAD_WIDTH, type PageId } from '#book/types.ts';
import { bookKeyOf, type BookPdfInput } from './book-pdf.ts';
import { addPrintPage, finishPrintDocument, openPrintDocument } from './pdf-document.ts';

/**
 * The screen PDF of the digital edition (#36 item 2): the book to read on a screen, RGB (the art's
 * sRGB, the document's output intent), no bleed and no crop marks: the front cover and the
 * dedication as single pages, each of the 22 story spreads as one landscape page (as the book
 * lies open), and the closing page. Vector art with live text and embedded font subsets, so it is
 * sharp at any zoom and a few MB. The document's Title is the book's title and the child's name.
 */
export interface ScreenPdf {
  bytes: Buffer;
  pageCount: number;
}

type ScreenPage = { kind: 'single'; page: PageId | 'colophon' } | { kind: 'spread'; page: PageId };

/** The pages of the screen PDF, in reading order. */
export function screenPagePlan(): ScreenPage[] {
  return [
    { kind: 'single', page: 'cover' },
    { kind: 'single', page: 'dedication' },
    ...SPREAD_IDS.map((page): ScreenPage => ({ kind: 'spread', page })),
    { kind: 'single', page: 'colophon' },
  ];
}

/** The screen PDF's Title: the book's title in its language and the child's name. */
export function screenTitle(input: Pick<BookPdfInput, 'language' | 'child'>): string {
  return `${bookTitle(input.language)} – ${input.child.name}`;
}

const breathe = () => new Promise((resolve) => setImmediate(resolve));

export async function renderScreenPdf(input: BookPdfInput): Promise<ScreenPdf> {
  const target = openPrintDocument({
    title: screenTitle(input),
    bookKey: bookKeyOf(input),
    kind: 'screen',
  });
  const plan = screenPagePlan();
  for (const item of plan) {
    const width = item.kind === 'spread' ? SPREAD_WIDTH : PAGE_WIDTH;
    const view = { x: 0, y: 0, width, height: PAGE_HEIGHT };
    const body =
      item.page === 'colophon'
        ? renderColophonArt({
            ...input,
            ...(input.editionNumber ? { editionNumber: input.editionNumber } : {}),
          }).body
        : renderPageArt({
            page: item.page,
            language: input.language,
            child: input.child,
            characters: input.characters,
            family: input.family,
            dedication: item.page === 'dedication' ? input.dedication : '',
          }).body;
    addPrintPage(target, svgDocument(body, view), {
      mediaWidth: width,
      mediaHeight: PAGE_HEIGHT,
      trim: { x: 0, y: 0, width, height: PAGE_HEIGHT },
    });
    await breathe();
  }
  return { bytes: await finishPrintDocument(target), pageCount: plan.length };
}
