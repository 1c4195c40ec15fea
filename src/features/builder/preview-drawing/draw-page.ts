// One preview page drawn in the browser exactly as the server's preview API draws it: the same
// checks of the request (src/routes/… -> server/routes/preview.ts toJob) and the same renderer
// (book/render-page.ts), so the picture and its line breaks are the print file's.
import type { BookLanguage, Gender, PageId } from '#book/types.ts';
import { PAGE_IDS } from '#book/types.ts';
import { resolveCharacterSet } from '#book/character-set.ts';
import { validateChildName } from '#book/grammar/name.ts';
import { checkDedication } from '#book/personalization.ts';
import { checkBookFamily, familyFiguresKey } from '#book/family.ts';
import type { FamilyPayload } from '#contract/family.ts';
import {
  pageScene,
  pageViewBox,
  renderPageFigures,
  renderPageText,
  sceneContextOf,
  svgDocument,
  type RenderPageInput,
} from '#book/render-page.ts';
import { drawableInBrowser } from './font-coverage.ts';

/** What the preview API is asked for a page (contract/preview.ts), plus the dedication. */
export interface PageRequest {
  page: string;
  language: BookLanguage;
  childName: string;
  gender: Gender;
  personalizationDetails: string[];
  /** Who is in the book (contract/family.ts), as the preview API takes it; none: mum and dad. */
  family?: FamilyPayload;
  dedication?: string;
}

export interface DrawnPage {
  /** The page as an SVG document (text as <text> in the book's fonts). */
  svg: string;
  /**
   * The page without its words, as an SVG document (the thumbnails' <img>: an SVG image cannot use
   * the page's web fonts), and the words alone, in the same view box (laid over it, inline).
   */
  art: string;
  words: string;
  /** The story, title or dedication lines as laid out, top to bottom. */
  lines: string[];
}

/** A page as the screen takes it: the SVG shown inline, and the thumbnail's two layers. */
export interface PageDrawing {
  /** The whole page (the stage and the reader show it inline, in the book's fonts). */
  svg: string;
  /** The page without its words as an image/svg+xml Blob (made here, off the page's thread). */
  art: Blob;
  /** The words alone, in the same view box, laid inline over the art. */
  words: string;
}

/** The page's own layers as the screen takes them (in the worker, or in the page without one). */
export function pageDrawingOf({ svg, art, words }: DrawnPage): PageDrawing {
  return { svg, art: new Blob([art], { type: 'image/svg+xml' }), words };
}

/** Why the browser leaves a page to the server: the server then answers (or refuses) it. */
export class CannotDrawHere extends Error {}

export function drawPage(request: PageRequest): DrawnPage {
  if (!(PAGE_IDS as readonly string[]).includes(request.page))
    throw new CannotDrawHere(`unknown page ${request.page}`);
  const page = request.page as PageId;
  const name = validateChildName(request.childName);
  if (!name.ok) throw new CannotDrawHere('the name is refused');
  const resolved = resolveCharacterSet(request.personalizationDetails, request.gender);
  if (!resolved.ok) throw new CannotDrawHere('the characters are refused');
  let dedication: string | undefined;
  if (page === 'dedication') {
    const text = checkDedication(request.dedication ?? '', { required: false });
    if (!text.ok) throw new CannotDrawHere('the dedication is refused');
    dedication = text.text.trimEnd();
  }
  // The server's check of the family (server/services/catalogue/family-check.ts checks it with the same rule).
  const family = request.family
    ? checkBookFamily(
        {
          shape: request.family.shape,
          grownUps: request.family.grownUps.map((g) => ({
            kind: g.kind,
            name: g.name ?? null,
            call: g.call,
            look: g.personalization,
          })),
        },
        request.language,
      )
    : null;
  if (family && !family.ok) throw new CannotDrawHere('the family is refused');
  const input: RenderPageInput = {
    page,
    language: request.language,
    child: { name: name.name, gender: request.gender },
    characters: resolved.value,
    ...(family?.ok ? { family: family.value } : {}),
    ...(dedication !== undefined ? { dedication } : {}),
  };
  const { svg, art, words } = pageSvg(input);
  const lines = textLinesOf(words);
  // A letter outside the browser's fonts would be drawn from another font: the server draws it.
  if (!lines.every(drawableInBrowser)) throw new CannotDrawHere('a letter outside the web fonts');
  return { svg, art, words, lines };
}

/**
 * A page's layers are kept apart, as the server's renderer keeps its rasters (scene, base, words):
 * a new dedication or name lays out the words again, a new look draws the figures again, and the
 * scene is drawn once per page and kit. So a change redraws a page in a few milliseconds.
 */
class Memo<T> {
  private readonly entries = new Map<string, T>();
  constructor(private readonly size: number) {}
  get(key: string, make: () => T): T {
    const hit = this.entries.get(key);
    if (hit !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit;
    }
    const value = make();
    this.entries.set(key, value);
    if (this.entries.size > this.size) this.entries.delete(this.entries.keys().next().value!);
    return value;
  }
}

const scenes = new Memo<string>(48);
const figures = new Memo<{ width: number; figures: string; foreground: string; sceneKey: string }>(
  48,
);
const words = new Memo<string>(96);

function pageSvg(input: RenderPageInput): { svg: string; art: string; words: string } {
  const people = figures.get(
    `${input.page}|${JSON.stringify(input.characters)}|${familyFiguresKey(input.family)}`,
    () => {
      const drawn = renderPageFigures(input);
      return {
        width: drawn.width,
        figures: drawn.figures,
        foreground: drawn.foreground,
        sceneKey: JSON.stringify(sceneContextOf(input.characters)),
      };
    },
  );
  const scene = scenes.get(`${input.page}|${people.sceneKey}`, () =>
    pageScene(input.page, sceneContextOf(input.characters)),
  );
  const text = words.get(
    JSON.stringify([
      input.page,
      input.language,
      input.child,
      input.dedication ?? null,
      input.family ?? null,
    ]),
    () => renderPageText(input).text,
  );
  const view = pageViewBox(people.width, false);
  const art = scene + people.figures + people.foreground;
  return {
    svg: svgDocument(art + text, view),
    art: svgDocument(art, view),
    // Cropped as the thumbnail crops its image (object-fit: cover).
    words: svgDocument(text, view).replace('<svg ', '<svg preserveAspectRatio="xMidYMid slice" '),
  };
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** The text of every <text> element of an SVG document, in document order. */
export function textLinesOf(svg: string): string[] {
  return [...svg.matchAll(/<text\b[^>]*>([^<]*)<\/text>/g)].map((match) =>
    match[1]!.replace(/&(amp|lt|gt|quot|apos|#\d+|#x[0-9a-f]+);/gi, (_, name: string) =>
      name.startsWith('#')
        ? String.fromCodePoint(
            Number(
              name.startsWith('#x') || name.startsWith('#X') ? `0x${name.slice(2)}` : name.slice(1),
            ),
          )
        : ENTITIES[name]!,
    ),
  );
}
