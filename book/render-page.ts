// Composes one page of the book as a complete SVG document: the scene's background, the three
// characters at their slots, the scene's foreground, and the text (story, cover title with the
// child's name, or the parents' dedication) laid out in the scene's boxes.
// Pure and isomorphic: strings in, a string out. The server rasterises it for previews and
// writes it into the print PDF.

import type { CharacterSet } from './catalogue.ts';
import { fmt, placeCharacter, propsFor, slotsFor } from './cast.ts';
import type { BookFamily } from './family.ts';
import { KIT, OUTLINE, WHITE } from './art/palette.ts';
import { SPREAD_LAYOUTS, type SceneContext, type SpreadLayout } from './art/scenes/layouts.ts';
import { DEDICATION_MAX_LINES, dedicationLines } from './personalization.ts';
import { printTexts } from './story/print-text.ts';
import { bookTitle, coverTitle, signText, storyText } from './story/story-text.ts';
import { templateContext } from './story/template.ts';
import { englishPossessive } from './grammar/english.ts';
import { cardGrainDefs, paperGrain } from './text/paper.ts';
import { shirtBackLettering, signInBox } from './text/sign.ts';
import {
  PANEL_PAD_X,
  PANEL_PAD_Y,
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
  type Gender,
  type PageId,
  type TextBox,
} from './types.ts';

export type { TextLineBox } from './text/draw-text.ts';
export { expressionOf } from './cast.ts';

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

/**
 * The child's name in every form the book's words may show it (each Latvian case, the English
 * possessive, in capitals for banners): the phrases the layout never breaks across lines.
 */
export function nameForms(input: Pick<RenderPageInput, 'language' | 'child'>): string[] {
  const { forms, name } = templateContext(input.language, input.child);
  const locale = input.language === 'lv' ? 'lv' : 'en';
  const found = new Set<string>([
    forms.nom,
    forms.gen,
    forms.dat,
    forms.acc,
    forms.loc,
    forms.voc,
    englishPossessive(name),
  ]);
  for (const form of [...found]) found.add(form.toLocaleUpperCase(locale));
  return [...found].filter((form) => form.trim() !== '');
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

/** The cover title's dark outline under its white letters: its stroke width, × the size. */
const TITLE_HALO = 0.16;

/**
 * The front cover's title (issue #49): the title box keeps the letters and their outline inside
 * the front panel's safe area of every binding (docs/print-spec.md, 'The front cover's title'):
 * 15 mm from the spine side, 10 mm from the head, foot and fore-edge of the softcover's trim and
 * of the hardcover's board (whose picture is the page scaled up 2 % and centred on it). A long
 * name shrinks the title (never broken) until it fits the box. tests/book/covers.test.ts measures
 * it for the longest names in each language.
 */
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
  const titleLayout = fitWithoutBreakingWords(title, titleBox, 'display', nameForms(input));
  if (titleLayout.overflow) overflow.push('title');
  const outline = textLayoutToSvg(titleLayout, 'display', OUTLINE);
  const halo =
    `<g stroke="${OUTLINE}" stroke-width="${fmt(titleLayout.size * TITLE_HALO)}" stroke-linejoin="round">` +
    `${outline}</g>`;
  const letters = textLayoutToSvg(titleLayout, 'display', WHITE);
  lines.push(
    ...lineBoxes(
      titleLayout,
      { ...titleBox, ink: 'light' },
      'display',
      (titleLayout.size * TITLE_HALO) / 2,
    ),
  );
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

/**
 * The back cover's words (issue #43): the book's title on the sky and, on a card, a few sentences
 * about the story for this child and family, with the imprint.
 */
function backCoverText(
  input: RenderPageInput,
  layout: SpreadLayout,
  overflow: string[],
  lines: TextLineBox[],
): string {
  const texts = printTexts(input.language, input.child, null, input.family);
  const title = layout.titleBox
    ? textInBox([bookTitle(input.language)], layout.titleBox, 'display')
    : null;
  const box = layout.textBoxes[0];
  const blurb = box
    ? textInBox([texts.blurb, texts.imprint], box, 'text', false, nameForms(input))
    : null;
  if (title?.overflow) overflow.push('title');
  if (blurb?.overflow) overflow.push('blurb');
  lines.push(...(title?.lines ?? []), ...(blurb?.lines ?? []));
  return (title?.svg ?? '') + (blurb?.svg ?? '');
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
  const result = textInBox(typed, box, 'text', true, nameForms(input));
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
  const keep = nameForms(input);
  return (
    layout.textBoxes
      .map((box, index) => {
        const result = textInBox(groups[index] ?? [], box, 'text', false, keep);
        if (result.overflow) overflow.push(`text ${index + 1}`);
        lines.push(...result.lines);
        return result.svg;
      })
      .join('') +
    signSvg(input, layout, overflow) +
    shirtBacksSvg(input, layout)
  );
}

/** The child's name and number on the backs of shirts in the picture (layout.shirtBacks). */
function shirtBacksSvg(input: RenderPageInput, layout: SpreadLayout): string {
  if (!layout.shirtBacks?.length) return '';
  const name = templateContext(input.language, input.child).forms.nom;
  const locale = input.language === 'lv' ? 'lv' : 'en';
  return layout.shirtBacks
    .map(({ box, number, arch, rotate }) => {
      const svg = shirtBackLettering(name, number, box, { locale, ...(arch ? { arch } : {}) });
      if (!rotate) return svg;
      const cx = fmt(box.x + box.width / 2);
      const cy = fmt(box.y + box.height / 2);
      return `<g transform="rotate(${fmt(rotate)} ${cx} ${cy})">${svg}</g>`;
    })
    .join('');
}

/**
 * Words painted in the picture (the banner of 19-20, a poster): display lettering, the child's
 * name on its own line and never broken. Not story lines, so not in `lines`.
 */
function signSvg(input: RenderPageInput, layout: SpreadLayout, overflow: string[]): string {
  const box = layout.signBox;
  const words = box ? signText(input.page, input.language, input.child, input.family) : null;
  if (!box || !words) return '';
  const sign = signInBox(words, box, nameForms(input));
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
  const drawn = renderPageFigureParts(input);
  return {
    width: drawn.width,
    context: drawn.context,
    figures: drawn.parts.slice(0, -1).join(''),
    foreground: drawn.parts.at(-1)!,
  };
}

/**
 * renderPageFigures in its parts, back to front: the furniture of whoever is drawn (a chair back),
 * each figure on its own, then the props over them (the last part). Joined they are the figures
 * and the foreground; a renderer can draw each part once and keep it for every book that has it.
 */
export function renderPageFigureParts(
  input: Pick<RenderPageInput, 'page' | 'characters' | 'family'>,
): { width: number; context: SceneContext; parts: string[] } {
  const layout = layoutOf(input.page);
  const context = sceneContext(input.characters);
  const slots = slotsFor(input.page, layout, input.family);
  const place = (slot: CharacterSlot) =>
    placeCharacter(input.page, slot, input.characters, input.family);
  // the figures, and over them the arms and faces drawn in front of a partner (a hug) or of the
  // midground (a table the family sits at)
  return {
    width: layout.width,
    context,
    parts: [
      layout.seats?.(slots) ?? '',
      ...slots.filter((slot) => slot.part !== 'arms').map(place),
      ...(layout.midground ? [layout.midground(context)] : []),
      ...slots.filter((slot) => slot.part === 'arms').map(place),
      propsFor(input.page, layout, input.family, context, input.characters),
    ],
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
        : input.page === 'back-cover'
          ? backCoverText(input, layout, overflow, lines)
          : storyTextSvg(input, layout, overflow, lines);
  // The text cards' grain is defined once per page's words (they are a layer of their own).
  return { width: layout.width, text: cardGrainDefs(text) + text, overflow, lines };
}

/**
 * The rectangle (page units) that holds a page's text boxes (title, story, sign, shirt backs); the words and
 * their panels are drawn in it, give or take a panel's padding and the title's halo.
 */
export function pageTextRegion(page: PageId): ViewBox | null {
  const layout = layoutOf(page);
  // a card with more than the usual padding reaches that much further
  const padded = (box: TextBox): ViewBox => {
    const dx = Math.max(0, (box.pad?.x ?? PANEL_PAD_X) - PANEL_PAD_X);
    const dy = Math.max(0, (box.pad?.y ?? PANEL_PAD_Y) - PANEL_PAD_Y);
    return { x: box.x - dx, y: box.y - dy, width: box.width + 2 * dx, height: box.height + 2 * dy };
  };
  const boxes = [
    layout.titleBox,
    layout.signBox,
    ...layout.textBoxes.map(padded),
    ...(layout.shirtBacks ?? []).map((shirt) => shirt.box),
  ].filter((box): box is ViewBox => box !== undefined);
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

/**
 * The painted scene behind the figures, with the paper's grain over it (book/text/paper.ts):
 * the same for every child with the same context, so previews draw it once and keep it.
 */
export function pageScene(page: PageId, context: SceneContext): string {
  const layout = layoutOf(page);
  return layout.background(context) + paperGrain(layout.width);
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
