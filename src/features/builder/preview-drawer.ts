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
  if (typeof window === 'undefined' || typeof FontFace !== 'function' || !('fonts' in document) || typeof Blob !== 'function') return false;
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

/** At idle time, a moment after the step has shown: never in the way of the step's own work. */
export function preloadPreviewDrawing(): void {
  if (!browserCanDraw() || chunk) return;
  const start = () => void loadPreviewDrawing().catch(() => {});
  if ('requestIdleCallback' in window) window.requestIdleCallback(start, { timeout: 1500 });
  else setTimeout(start, 200);
}

/** Lets the browser handle input and paint between two pages (each page is one short task). */
export function yieldToBrowser(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (scheduler?.yield) return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });
}

export interface BrowserPage {
  /** An object URL of the SVG (thumbnails). */
  url: string;
  /** The SVG document (the stage and the reader show it inline). */
  svg: string;
}

/** Draws one page in this browser. Rejects when it cannot (the queue then asks the server). */
export async function drawInBrowser(page: string, draft: PersonalizationDraft, language: Language): Promise<BrowserPage> {
  const drawing = await loadPreviewDrawing();
  await yieldToBrowser();
  const { svg } = drawing.drawPage({ ...previewRequestOf(draft, language), page, dedication: draft.dedication ?? '' });
  return { svg, url: URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' })) };
}
