import { createHash } from 'node:crypto';
import type { FontKey } from '#book/fonts.ts';
import type { PageId } from '#book/types.ts';
import { drawPartOfPage, layFigures, type FigureLayer } from './figure-layers.ts';
import { createSceneCache } from './scene-cache.ts';
import { previewWidth } from './settings.ts';
import { textAsPathsDocument } from './text-paths.ts';

// The words of a page drawn line by line, each line kept (in this thread) for the next book: most
// lines of a page are the same for every child (only the ones with the name, or that the name's
// length moves, are new), so a new child's page rasterises a line or two instead of every line.
// Only the usual shape of a page's words: panels and the like first, then the text groups of
// book/text/layout.ts (each line as the group writes it, on its own); anything else (a title
// with a halo, a rotated sign) is drawn as before (render-preview.ts rasteriseText).

/** A text group of book/text/layout.ts (as text-paths.ts reads them) and its lines. */
const TEXT_GROUP =
  /<g font-family="[^"]*" font-size="[^"]*" font-weight="\d+" font-style="normal" fill="[^"]*" text-anchor="(?:start|middle|end)">(?:<text x="[^"]*" y="[^"]*" xml:space="preserve">[^<]*<\/text>)*<\/g>/g;
const LINE = /<text x="[^"]*" y="[^"]*" xml:space="preserve">[^<]*<\/text>/g;

/**
 * `text` as what comes before its text groups (panels; '' when none) and each line of them in its
 * group on its own, back to front; null when anything but text groups follows the first one.
 */
export function wordParts(text: string): string[] | null {
  const groups = [...text.matchAll(TEXT_GROUP)];
  if (groups.length === 0) return null;
  let at = groups[0]!.index;
  const parts = [text.slice(0, at)];
  for (const group of groups) {
    if (group.index !== at) return null;
    const open = group[0].slice(0, group[0].indexOf('>') + 1);
    for (const line of group[0].matchAll(LINE)) parts.push(`${open}${line[0]}</g>`);
    at += group[0].length;
  }
  return at === text.length ? parts : null;
}

/** Lines and panels drawn by this thread, least recently used go first (~0.1 MB a line). */
const kept = createSceneCache<FigureLayer>(64 * 1024 * 1024);

/** Lines drawn since collectDrawnWords was last called (null until it is first called). */
let drawnSince: FigureLayer[] | null = null;

/** Lines another thread drew (shared memory): kept as if drawn here. */
export function keepWords(layers: readonly FigureLayer[]): void {
  for (const layer of layers) kept.set(layer);
}

/**
 * The lines this thread drew since the last call, for the other threads (a render worker hands
 * them to the service, which gives them along with the next jobs of the page); the first call
 * starts the collecting.
 */
export function collectDrawnWords(): FigureLayer[] {
  const drawn = drawnSince ?? [];
  drawnSince = [];
  return drawn;
}

type BookFont = { key: FontKey; family: string; file: string };

/**
 * Lays the words of a page over `rgb` (the page's base, `width` pixels a row) line by line, each
 * drawn as glyph outlines (text-paths.ts) or taken from the lines kept; false (nothing laid) when
 * the words are not of the usual shape (see wordParts).
 */
export function layWords(
  rgb: Uint8Array,
  text: string,
  page: PageId,
  units: number,
  fonts: readonly BookFont[],
): boolean {
  const parts = wordParts(text);
  if (!parts) return false;
  const layers: FigureLayer[] = [];
  for (const part of parts) {
    if (part === '') continue;
    const key = createHash('sha256')
      .update(`words\0${previewWidth(page)}\0${units}\0${part}`)
      .digest('hex');
    let layer = kept.get(key) ?? null;
    if (!layer) {
      layer = drawPartOfPage(
        key,
        (open, close) => {
          const { document, rest } = textAsPathsDocument(part, fonts, open, close);
          // What is left as text asks resvg for its fonts (render-preview.ts fontsUsedBy).
          const used = fonts.filter((font) => rest.includes(font.family));
          return { svg: document, fonts: used.map((font) => font.file) };
        },
        page,
        units,
      );
      if (layer) {
        kept.set(layer);
        drawnSince?.push(layer);
      }
    }
    if (layer) layers.push(layer);
  }
  layFigures(rgb, previewWidth(page), layers);
  return true;
}
