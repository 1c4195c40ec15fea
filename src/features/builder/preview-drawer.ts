// The preview's drawer (#34): each page drawn in the parent's browser from the book's own renderer
// (./preview-drawing, a lazy chunk only the builder loads), the server's preview API
// (api/preview-image.ts) when this browser cannot draw it or drawing failed.
import { previewRequestOf, type PersonalizationDraft } from '#machines/purchase-draft.ts';
import type { Language } from '#src/lib/languages.ts';
import { PAGE_IDS } from '#book/types.ts';
import type * as Drawing from './preview-drawing/index.ts';
import type { PageRequest } from './preview-drawing/draw-page.ts';
import type { DrawStart } from './preview-drawing/draw-worker.ts';
import { DrawPool, RefusedHere } from './preview-draw-pool.ts';

type DrawingChunk = typeof Drawing;

let chunk: Promise<DrawingChunk> | null = null;
let fonts: Promise<void> | null = null;
let pool: Promise<DrawPool | null> | null = null;
/** The pool once it is up, and whether the fonts are in: what `drawnAlready` can hand over at once. */
let poolUp: DrawPool | null = null;
let fontsIn = false;

/**
 * One object URL for each page the workers drew (its art, the thumbnail's image), made as the
 * drawing arrives and let go of when the pool lets go of the drawing, not made again for every
 * preview that shows the page.
 */
const artUrls = new WeakMap<Blob, string>();
const poolUrls = new Set<string>();
function artUrlOf(art: Blob): string {
  let url = artUrls.get(art);
  if (!url) {
    url = URL.createObjectURL(art);
    artUrls.set(art, url);
    poolUrls.add(url);
  }
  return url;
}

/** Whether this object URL belongs to the drawing pool (the preview must not revoke it). */
export function isPoolUrl(url: string): boolean {
  return poolUrls.has(url);
}

/**
 * Whether this browser has what drawing needs: the font loading API and inline SVG.
 * `localStorage.previewDrawer = 'server'` leaves every page to the server (support, and the
 * end-to-end walk of the server's queue, e2e/preview.spec.ts).
 */
export function browserCanDraw(): boolean {
  if (
    typeof window === 'undefined' ||
    typeof FontFace !== 'function' ||
    !('fonts' in document) ||
    typeof Blob !== 'function'
  )
    return false;
  try {
    return localStorage.getItem('previewDrawer') !== 'server';
  } catch {
    return true;
  }
}

/** The renderer in this page (the workers import the same chunk, by its URL). */
function loadPreviewDrawing(): Promise<DrawingChunk> {
  chunk ??= import('./preview-drawing/index.ts');
  chunk.catch(() => (chunk = null));
  return chunk;
}

/**
 * The drawing workers: two (this machine's second core draws too), or none where the browser
 * has no workers (`localStorage.previewDrawer = 'page'` too): then the page draws itself.
 */
function drawPool(): Promise<DrawPool | null> {
  pool ??= loadPreviewDrawing().then(({ drawingModuleUrl }) => {
    try {
      if (typeof Worker !== 'function' || localStorage.getItem('previewDrawer') === 'page')
        return null;
    } catch {
      /* storage off: workers */
    }
    try {
      return new DrawPool(
        () => {
          const worker = new Worker(new URL('./preview-drawing/draw-worker.ts', import.meta.url), {
            type: 'module',
            name: 'preview-drawing',
          });
          worker.postMessage({ module: drawingModuleUrl } satisfies DrawStart);
          return worker;
        },
        Math.min(2, Math.max(1, navigator.hardwareConcurrency || 2)),
        96,
        {
          drawn: ({ art }) => artUrlOf(art),
          dropped: ({ art }) => {
            const url = artUrls.get(art);
            if (!url) return;
            URL.revokeObjectURL(url);
            poolUrls.delete(url);
          },
        },
      );
    } catch {
      return null;
    }
  });
  pool.then(
    (up) => (poolUp = up),
    () => (pool = null),
  );
  return pool;
}

/** The book's fonts in this document (the page's inline SVG is set in them), once. */
function loadPreviewFonts(): Promise<void> {
  fonts ??= import('./preview-drawing/book-fonts.ts').then((module) => module.loadBookFonts());
  fonts.then(
    () => (fontsIn = true),
    () => (fonts = null),
  );
  return fonts;
}

const whenIdle = (work: () => void) => {
  if ('requestIdleCallback' in window) window.requestIdleCallback(work, { timeout: 1500 });
  else setTimeout(work, 200);
};

/** What drawing a page of the book as the draft stands takes (as the server's preview API). */
export function pageRequestOf(
  page: string,
  draft: PersonalizationDraft,
  language: Language,
): PageRequest {
  return { ...previewRequestOf(draft, language), page, dedication: draft.dedication ?? '' };
}

/** The requests of every page of the book as the draft stands, `first` first. */
function requestsOf(
  draft: PersonalizationDraft,
  language: Language,
  first?: string,
): PageRequest[] {
  const pages = first ? [first, ...PAGE_IDS.filter((page) => page !== first)] : PAGE_IDS;
  return pages.map((page) => pageRequestOf(page, draft, language));
}

/**
 * The renderer in this page's own thread, with the book's fonts in the document: for a page drawn
 * again at every keystroke (the dedication step's page), where a worker's round trip and the
 * preview's frame pacing would cost more than the drawing (a millisecond or so).
 */
export async function drawingHere(): Promise<DrawingChunk> {
  const [drawing] = await Promise.all([loadPreviewDrawing(), loadPreviewFonts()]);
  return drawing;
}

/**
 * Every page drawn ahead, by the workers, as the book stands: a moment after a step has shown
 * (at idle, never in the way of the step's own work) and again after each change on it, so the
 * preview finds its pages drawn when it opens; `now` when the preview has opened. Only where workers draw: a page drawing in its
 * own thread fetches the fonts only.
 */
export function drawPreviewAhead(
  draft: PersonalizationDraft,
  language: Language,
  { first, now = false }: { first?: string; now?: boolean } = {},
): void {
  if (!browserCanDraw()) return;
  const ahead = () => {
    loadPreviewFonts().catch(() => {});
    drawPool().then(
      (workers) => workers?.drawAhead(requestsOf(draft, language, first)),
      () => {},
    );
  };
  if (now) ahead();
  else whenIdle(ahead);
}

/** Fetches the fonts (and starts the workers) at idle, once the parent is past the first step. */
export function preloadPreviewDrawing(): void {
  if (!browserCanDraw()) return;
  whenIdle(() => {
    loadPreviewFonts().catch(() => {});
    drawPool().catch(() => {});
  });
}

/**
 * Lets the browser handle input, React commit the last page and the browser paint it before the
 * next page is drawn: each page is one task, after the next frame (a hidden tab gets no frames:
 * then after a message). scheduler.yield() was measured worse here: its continuations outrank
 * React's own tasks, so no page showed until all 24 were drawn.
 */
export function yieldToBrowser(): Promise<void> {
  return new Promise((resolve) => {
    const next = () => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => resolve();
      channel.port2.postMessage(null);
    };
    if (document.visibilityState === 'visible') requestAnimationFrame(next);
    else next();
  });
}

export interface BrowserPage {
  /** An object URL of the page without its words (the thumbnails' image). */
  url: string;
  /** The SVG document (the stage and the reader show it inline). */
  svg: string;
  /** The words alone (laid inline over the thumbnail's image, in the book's fonts). */
  words: string;
}

/**
 * The pages of the book as it stands that the workers have drawn already (drawn ahead on the
 * earlier steps), ready to show: a preview opening shows them in its first frame, nothing to wait for.
 */
export function drawnAlready(
  draft: PersonalizationDraft,
  language: Language,
): (BrowserPage & { page: string })[] {
  const workers = poolUp;
  if (!fontsIn || !workers?.working) return [];
  return requestsOf(draft, language).flatMap((request) => {
    const drawing = workers.peek(request);
    if (!drawing) return [];
    const { svg, words, art } = drawing;
    return [{ page: request.page, svg, words, url: artUrlOf(art) }];
  });
}

/** Draws one page in this browser. Rejects when it cannot (the queue then asks the server). */
export async function drawInBrowser(
  page: string,
  draft: PersonalizationDraft,
  language: Language,
): Promise<BrowserPage> {
  const request = pageRequestOf(page, draft, language);
  const workers = await drawPool();
  // Drawn in this page (no worker, or it failed): the object URL is the preview's own.
  const inThisPage = async () => {
    const drawing = await loadPreviewDrawing();
    const { svg, art, words } = drawing.pageDrawingOf(drawing.drawPage(request));
    return { svg, words, url: URL.createObjectURL(art) };
  };
  const drawn = workers?.working
    ? workers.draw(request).then(
        ({ svg, art, words }) => ({ svg, words, url: artUrlOf(art) }),
        async (error: unknown) => {
          if (error instanceof RefusedHere) throw error;
          return inThisPage();
        },
      )
    : inThisPage();
  const [drawing] = await Promise.all([drawn, loadPreviewFonts()]);
  await pageTurn();
  return drawing;
}

/** When the last page was handed over, and when the page last had a frame between pages. */
let lastDrawn = -Infinity;
let sliceStart = -Infinity;
/** The first page of a run was handed over and has not had its frame yet. */
let firstUnpainted = false;

/**
 * Before a page is handed to the screen: the first page of a run at once, and a frame after it
 * (so it is painted alone, first); then pages the workers have drawn already go several to a frame
 * (one render and one paint for all), with a frame at least every 8 ms of the page's work.
 */
async function pageTurn(): Promise<void> {
  const now = performance.now();
  if (now - lastDrawn >= 100) {
    firstUnpainted = true;
    sliceStart = now;
  } else if (firstUnpainted || now - sliceStart > 8) {
    await yieldToBrowser();
    firstUnpainted = false;
    sliceStart = performance.now();
  }
  lastDrawn = performance.now();
}
