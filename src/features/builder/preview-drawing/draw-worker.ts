// The preview's drawing worker (#34): book/'s renderer off the main thread, so a page is laid out
// and drawn as SVG while the parent's taps and the page's own painting go on. Two of them share
// the pages (../preview-draw-pool.ts); each keeps its pages' scenes and figures (draw-page.ts
// memos), so a changed name or dedication draws again in a few milliseconds.
//
// The renderer is not bundled in here: the first message names the page's own drawing chunk
// (./index.ts, `drawingModuleUrl`), which the worker imports, so the book's code (and the chunks it
// shares with the builder, already in the browser's cache) is fetched once for page and workers.
import type * as Drawing from './index.ts';
import type { PageDrawing, PageRequest } from './draw-page.ts';

export interface DrawStart {
  /** The URL of the drawing chunk (./index.ts as built). */
  module: string;
}

export interface DrawJob {
  id: number;
  request: PageRequest;
}

export type DrawAnswer =
  | ({ id: number } & PageDrawing)
  | {
      id: number;
      error: string;
      /** The browser cannot draw it (the server can). */
      refused: boolean;
    };

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<DrawStart | DrawJob>) => void) | null;
  postMessage(answer: DrawAnswer): void;
};

let drawing: Promise<typeof Drawing> | null = null;

scope.onmessage = ({ data }) => {
  if ('module' in data) {
    drawing = import(/* @vite-ignore */ data.module) as Promise<typeof Drawing>;
    return;
  }
  const { id, request } = data;
  // In order: every job waits for the same import, then is drawn in the order it came.
  (drawing ?? Promise.reject(new Error('no drawing module'))).then(
    ({ drawPage, pageDrawingOf, CannotDrawHere }) => {
      try {
        scope.postMessage({ id, ...pageDrawingOf(drawPage(request)) });
      } catch (error) {
        scope.postMessage({
          id,
          error: error instanceof Error ? error.message : String(error),
          refused: error instanceof CannotDrawHere,
        });
      }
    },
    (error: unknown) => scope.postMessage({ id, error: String(error), refused: false }),
  );
};
