// The preview's drawer (#34): each page drawn in the parent's browser from the book's own renderer
// (./preview-drawing, a lazy chunk only the builder loads), the server's preview API
// (api/preview-image.ts) when this browser cannot draw it or drawing failed.
import { previewRequestOf, type PersonalizationDraft } from '#machines/purchase-draft.ts';
import type { Language } from '../../lib/languages.ts';
import type * as Drawing from './preview-drawing/index.ts';

type DrawingChunk = typeof Drawing;

let chunk: Promise<DrawingChunk> | null = null;

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

/**
 * Loads the drawing chunk and the fonts (once). The builder calls it ahead of the preview, when
 * the browser is idle on a later step, so the preview's first page needs no network.
 */
export function loadPreviewDrawing(): Promise<DrawingChunk> {
  chunk ??= import('./preview-drawing/index.ts').then(async (module) => {
    await module.loadBookFonts();
    return module;
  });
  chunk.catch(() => (chunk = null));
  return chunk;
}

const whenIdle = (work: () => void) => {
  if ('requestIdleCallback' in window) window.requestIdleCallback(work, { timeout: 1500 });
  else setTimeout(work, 200);
};

/**
 * At idle time, a moment after the step has shown (never in the way of the step's own work): the
 * chunk and the fonts, then, given the book as it stands (`upcoming`, on the dedication step), the
 * cover drawn once, so the preview's first page and the renderer's code are ready when it opens.
 */
export function preloadPreviewDrawing(
  upcoming?: () => { draft: PersonalizationDraft; language: Language },
): void {
  if (!browserCanDraw()) return;
  whenIdle(() => {
    loadPreviewDrawing().then(
      () => {
        if (!upcoming) return;
        whenIdle(() => {
          const { draft, language } = upcoming();
          drawInBrowser('cover', draft, language).then(
            ({ url }) => URL.revokeObjectURL(url),
            () => {},
          );
        });
      },
      () => {},
    );
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
  /** An object URL of the SVG (thumbnails). */
  url: string;
  /** The SVG document (the stage and the reader show it inline). */
  svg: string;
}

/** Draws one page in this browser. Rejects when it cannot (the queue then asks the server). */
export async function drawInBrowser(
  page: string,
  draft: PersonalizationDraft,
  language: Language,
): Promise<BrowserPage> {
  const drawing = await loadPreviewDrawing();
  // The first page of a run is drawn at once; the next ones each after a frame.
  if (performance.now() - lastDrawn < 100) await yieldToBrowser();
  const { svg } = drawing.drawPage({
    ...previewRequestOf(draft, language),
    page,
    dedication: draft.dedication ?? '',
  });
  lastDrawn = performance.now();
  return { svg, url: URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' })) };
}

let lastDrawn = -Infinity;
