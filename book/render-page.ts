// Composes one page of the book as a complete SVG document: the scene's background, the three
// characters at their slots, the scene's foreground, and the text (story, cover title with the
// child's name, or the parents' dedication) laid out in the scene's boxes.
// Pure and isomorphic: strings in, a string out. The server rasterises it for previews and
// writes it into the print PDF.

import type { CharacterSet } from './catalogue.ts';
import { drawCharacter } from './art/characters/draw-character.ts';
import { BODY_OF_KIND, castOf, isSolo, type BookFamily, type StoryPart } from './family.ts';
import { KIT, OUTLINE, WHITE } from './art/palette.ts';
import { SPREAD_LAYOUTS, type SceneContext, type SpreadLayout } from './art/scenes/layouts.ts';
import { DEDICATION_MAX_LINES, dedicationLines } from './personalization.ts';
import { SCENE_NOTES } from './story/scenes.ts';
import { coverTitle, signText, storyText } from './story/story-text.ts';
import { signInBox } from './text/sign.ts';
import {
  fitWithoutBreakingWords,
  lineBoxes,
  textInBox,
  type TextLineBox,
} from './text/draw-text.ts';
import { textLayoutToSvg } from './text/layout.ts';
import {
  BLEED,
  PAGE_HEIGHT,
  type BookLanguage,
  type CharacterSlot,
  type Expression,
  type Gender,
  type PageId,
  type TextBox,
} from './types.ts';

export type { TextLineBox } from './text/draw-text.ts';

export interface RenderPageInput {
  page: PageId;
  language: BookLanguage;
  child: { name: string; gender: Gender };
  characters: CharacterSet;
  /**
   * Who is in the book (book/family.ts): each of the story's grown-up parts is drawn as the
   * grown-up cast to it, with that grown-up's body and look, and the words call them what the
   * child calls them. Missing: today's mum and dad with the looks of `characters`.
   */
  family?: BookFamily | undefined;
  /** The parents' words; drawn on the dedication page only. */
  dedication?: string;
  /** Include the 3 mm bleed around the trim box (print). Default false: the viewBox is the trim box. */
  bleed?: boolean;
}

/** A rectangle in page units. */
export interface ViewBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The drawing of a page without its <svg> wrapper, and the page's width (2450 or 4900). */
export interface PageArt {
  width: number;
  body: string;
  /** Text that did not fit its box even at the box's smallest size ('title', 'text 1' …). */
  overflow: string[];
}

function layoutOf(page: PageId): SpreadLayout {
  const layout = (SPREAD_LAYOUTS as Partial<Record<PageId, SpreadLayout>>)[page];
  if (!layout) throw new RangeError(`Unknown page: ${page}`);
  return layout;
}

function fmt(value: number): string {
  return String(Math.round(value * 1000) / 1000);
}

/** The face a character wears on a page: the slot's own, else what the scene note says. */
export function expressionOf(page: PageId, slot: CharacterSlot): Expression {
  return slot.expression ?? SCENE_NOTES[page]?.feels[slot.role] ?? 'happy';
}

function placeCharacter(
  page: PageId,
  slot: CharacterSlot,
  characters: CharacterSet,
  family?: BookFamily,
): string {
  const sx = slot.flip ? -slot.scale : slot.scale;
  const transform = `translate(${fmt(slot.x)} ${fmt(slot.y)}) scale(${fmt(sx)} ${fmt(slot.scale)})`;
  const expression = expressionOf(page, slot);
  if (!family || slot.role === 'child') {
    const figure = drawCharacter(slot.role, characters, slot.pose, expression, slot.outfit);
    return `<g data-figure="${slot.role}" transform="${transform}">${figure}</g>`;
  }
  // The grown-up cast to this part, drawn with the body of their kind and their own look.
  const part: StoryPart = slot.role;
  const grownUp = castOf(family, part);
  const body = BODY_OF_KIND[grownUp.kind];
  const cast: CharacterSet = { ...characters, [body]: grownUp.look };
  const figure = drawCharacter(body, cast, slot.pose, expression, slot.outfit);
  // Today's book (mum and dad) is drawn byte for byte as before; other families' figures say who they are.
  const kind = family.shape === 'mum-dad' ? '' : ` data-kind="${grownUp.kind}"`;
  return `<g data-figure="${part}"${kind} transform="${transform}">${figure}</g>`;
}

/** The grown-up parts a page shows: both, or with one grown-up the one the layout keeps. */
function partsShown(layout: SpreadLayout, family?: BookFamily): Set<StoryPart> {
  const parts = new Set<StoryPart>(
    layout.slots.map((s) => s.role).filter((role): role is StoryPart => role !== 'child'),
  );
  if (!family || !isSolo(family.shape) || parts.size === 0) return parts;
  const keep = layout.solo?.keep ?? (parts.has('mum') ? 'mum' : 'dad');
  return new Set([keep]);
}

/** The slots a page draws for this family: with one grown-up, the layout's solo staging. */
function slotsFor(layout: SpreadLayout, family?: BookFamily): CharacterSlot[] {
  if (!family || !isSolo(family.shape)) return layout.slots;
  if (layout.solo?.slots) return layout.solo.slots;
  const shown = partsShown(layout, family);
  return layout.slots.filter((s) => s.role === 'child' || shown.has(s.role));
}

/** Splits story paragraphs over several text boxes, keeping their order. */
function distribute(paragraphs: string[], boxes: number): string[][] {
  if (boxes <= 1) return [paragraphs];
  const out: string[][] = Array.from({ length: boxes }, () => []);
  const per = Math.ceil(paragraphs.length / boxes);
  paragraphs.forEach((paragraph, index) =>
    out[Math.min(boxes - 1, Math.floor(index / per))]!.push(paragraph),
  );
  return out;
}

function coverText(
  input: RenderPageInput,
  layout: SpreadLayout,
  overflow: string[],
  lines: TextLineBox[],
): string {
  const box = layout.titleBox;
  if (!box) return '';
  const { title, subtitle } = coverTitle(input.language, input.child);
  const titleBox: TextBox = subtitle ? { ...box, height: box.height * 0.66 } : box;
  // The title: a thick outline drawn under the letters, then the letters, so it reads on any sky.
  const titleLayout = fitWithoutBreakingWords(title, titleBox, 'display');
  if (titleLayout.overflow) overflow.push('title');
  const outline = textLayoutToSvg(titleLayout, 'display', OUTLINE);
  const halo =
    `<g stroke="${OUTLINE}" stroke-width="${fmt(titleLayout.size * 0.16)}" stroke-linejoin="round">` +
    `${outline}</g>`;
  const letters = textLayoutToSvg(titleLayout, 'display', WHITE);
  lines.push(...lineBoxes(titleLayout, { ...titleBox, ink: 'light' }, 'display'));
  // The subtitle stays clearly smaller than the title, also when a long name shrank the title.
  const subSize = Math.min(Math.max(box.minSize, box.size * 0.45), titleLayout.size * 0.62);
  const subBox: TextBox = {
    ...box,
    y: box.y + box.height * 0.66,
    height: box.height * 0.34,
    size: subSize,
    minSize: Math.min(subSize, Math.max(20, box.minSize * 0.5)),
    panel: false,
  };
  const sub = subtitle ? textInBox([subtitle], subBox, 'display') : null;
  if (sub?.overflow) overflow.push('subtitle');
  lines.push(...(sub?.lines ?? []));
  return halo + letters + (sub?.svg ?? '');
}

function dedicationText(
  input: RenderPageInput,
  layout: SpreadLayout,
  overflow: string[],
  lines: TextLineBox[],
): string {
  const box = layout.textBoxes[0];
  const text = (input.dedication ?? '').trimEnd();
  if (!box || text.trim() === '') return '';
  // The API refuses more lines; a longer text given here directly is cut rather than overflowing.
  const typed = dedicationLines(text).slice(0, DEDICATION_MAX_LINES);
  const result = textInBox(typed, box, 'text', true);
  if (result.overflow) overflow.push('dedication');
  lines.push(...result.lines);
  return result.svg;
}

function storyTextSvg(
  input: RenderPageInput,
  layout: SpreadLayout,
  overflow: string[],
  lines: TextLineBox[],
): string {
  const paragraphs = storyText(input.page, input.language, input.child, input.family);
  const groups = distribute(paragraphs, layout.textBoxes.length);
  return layout.textBoxes
    .map((box, index) => {
      const result = textInBox(groups[index] ?? [], box, 'text');
      if (result.overflow) overflow.push(`text ${index + 1}`);
      lines.push(...result.lines);
      return result.svg;
    })
    .join('') + signSvg(input, layout, overflow);
}

/** Words painted in the picture (the banner of 19-20); not story lines, so not in `lines`. */
function signSvg(input: RenderPageInput, layout: SpreadLayout, overflow: string[]): string {
  const words = layout.signBox
    ? signText(input.page, input.language, input.child, input.family)
    : null;
  if (!layout.signBox || !words) return '';
  const sign = signInBox(words, layout.signBox);
  if (sign.overflow) overflow.push('sign');
  return sign.svg;
}

/** The child's team (teammates in the scenes) wears the child's chosen kit. */
function sceneContext(characters: CharacterSet): SceneContext {
  const shirt =
    KIT[`tshirt${/_(\d+)$/.exec(characters.child.tshirt)?.[1] ?? '1'}` as keyof typeof KIT];
  const shorts =
    KIT[`shorts${/_(\d+)$/.exec(characters.child.shorts)?.[1] ?? '2'}` as keyof typeof KIT];
  return {
    ...(shirt ? { teamShirt: shirt.base } : {}),
    ...(shorts ? { teamShorts: shorts.base } : {}),
  };
}

/** A page's drawing in its layers, back to front, and where its text lines sit. */
interface PageLayers {
  width: number;
  /** The painted scene behind the figures: the same for every child. */
  background: string;
  /** The three characters at their slots. */
  figures: string;
  /** Props over the figures (a table edge, a car body): the same for every child. */
  foreground: string;
  /** The words: story, cover title or dedication, with their panels. */
  text: string;
  overflow: string[];
  lines: TextLineBox[];
}

/** What a page draws over its scene: figures, foreground props and text, back to front. */
interface PageOverlay {
  width: number;
  /** The scene's inputs besides the page: the team's kit colours. */
  context: SceneContext;
  figures: string;
  foreground: string;
  text: string;
  overflow: string[];
  lines: TextLineBox[];
}

/** The figures and the props over them: they depend on the page and the characters only. */
export function renderPageFigures(
  input: Pick<RenderPageInput, 'page' | 'characters' | 'family'>,
): Pick<PageOverlay, 'width' | 'context' | 'figures' | 'foreground'> {
  const layout = layoutOf(input.page);
  const context = sceneContext(input.characters);
  const figures = slotsFor(layout, input.family)
    .map((slot) => placeCharacter(input.page, slot, input.characters, input.family))
    .join('');
  // Props that belong to a grown-up part (a mug, an umbrella) only when that part is drawn.
  const shown = partsShown(layout, input.family);
  const partProps = (['dad', 'mum'] as const)
    .filter((part) => shown.has(part))
    .map((part) => layout.partProps?.[part]?.(context) ?? '')
    .join('');
  return {
    width: layout.width,
    context,
    figures,
    foreground: (layout.foreground ? layout.foreground(context) : '') + partProps,
  };
}

/** The words of a page (story, cover title or dedication, with their panels) over everything. */
export function renderPageText(
  input: RenderPageInput,
): Pick<PageOverlay, 'width' | 'text' | 'overflow' | 'lines'> {
  const layout = layoutOf(input.page);
  const overflow: string[] = [];
  const lines: TextLineBox[] = [];
  const text =
    input.page === 'cover'
      ? coverText(input, layout, overflow, lines)
      : input.page === 'dedication'
        ? dedicationText(input, layout, overflow, lines)
        : storyTextSvg(input, layout, overflow, lines);
  return { width: layout.width, text, overflow, lines };
}

/**
 * The rectangle (page units) that holds a page's text boxes (title, story, sign); the words and
 * their panels are drawn in it, give or take a panel's padding and the title's halo.
 */
export function pageTextRegion(page: PageId): ViewBox | null {
  const layout = layoutOf(page);
  const boxes = [layout.titleBox, layout.signBox, ...layout.textBoxes].filter(
    (box): box is TextBox => box !== undefined,
  );
  if (boxes.length === 0) return null;
  const x = Math.min(...boxes.map((box) => box.x));
  const y = Math.min(...boxes.map((box) => box.y));
  const right = Math.max(...boxes.map((box) => box.x + box.width));
  const bottom = Math.max(...boxes.map((box) => box.y + box.height));
  return { x, y, width: right - x, height: bottom - y };
}

/**
 * Everything of a page but its background (which depends only on the page and the scene context:
 * see pageScene), so a renderer can draw the scene once and reuse it for every child.
 */
export function renderPageOverlay(input: RenderPageInput): PageOverlay {
  return { ...renderPageFigures(input), ...renderPageText(input) };
}

/** The scene context (team kit colours) the characters give a page's scenery. */
export function sceneContextOf(characters: CharacterSet): SceneContext {
  return sceneContext(characters);
}

/** The painted scene behind the figures: the same for every child with the same context. */
export function pageScene(page: PageId, context: SceneContext): string {
  return layoutOf(page).background(context);
}

/** The page's layers in page units (origin at the trim box's top left). */
export function renderPageLayers(input: RenderPageInput): PageLayers {
  const overlay = renderPageOverlay(input);
  return {
    width: overlay.width,
    background: pageScene(input.page, overlay.context),
    figures: overlay.figures,
    foreground: overlay.foreground,
    text: overlay.text,
    overflow: overlay.overflow,
    lines: overlay.lines,
  };
}

/** The page's drawing in page units (origin at the trim box's top left), without a wrapper. */
export function renderPageArt(input: RenderPageInput): PageArt {
  const layers = renderPageLayers(input);
  return {
    width: layers.width,
    body: layers.background + layers.figures + layers.foreground + layers.text,
    overflow: layers.overflow,
  };
}

/** The trim box of a page, or the trim box plus bleed. */
export function pageViewBox(width: number, bleed: boolean): ViewBox {
  return bleed
    ? { x: -BLEED, y: -BLEED, width: width + 2 * BLEED, height: PAGE_HEIGHT + 2 * BLEED }
    : { x: 0, y: 0, width, height: PAGE_HEIGHT };
}

/** Wraps page art in an <svg> document showing `view` (width/height in units, 1 unit = 0.1 mm). */
export function svgDocument(body: string, view: ViewBox): string {
  const box = `${fmt(view.x)} ${fmt(view.y)} ${fmt(view.width)} ${fmt(view.height)}`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="${box}" width="${fmt(view.width)}" ` +
    `height="${fmt(view.height)}">${body}</svg>`
  );
}

/** A complete SVG document of one page (cover, dedication or a spread). */
export function renderPageSvg(input: RenderPageInput): string {
  const art = renderPageArt(input);
  return svgDocument(art.body, pageViewBox(art.width, input.bleed ?? false));
}
