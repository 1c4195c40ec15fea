// The lazy chunk of pages drawn in the browser (#34): the book's renderer and its fonts. Only the
// builder imports it (../preview-drawer.ts), never a public page.
export {
  drawPage,
  pageDrawingOf,
  textLinesOf,
  CannotDrawHere,
  type DrawnPage,
  type PageDrawing,
  type PageRequest,
} from './draw-page.ts';
export { loadBookFonts } from './book-fonts.ts';
/** This chunk's own URL: the drawing workers import it (draw-worker.ts). */
export const drawingModuleUrl: string = import.meta.url;
