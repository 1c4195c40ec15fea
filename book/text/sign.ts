// Words painted in a picture, as display lettering: the parents' banner on 19-20 ("GO," over the
// child's name in big letters, the "!" kept with the name), posters ("BIG MATCH / ON SATURDAY!")
// and the name and number on the back of a shirt. A name is never broken: its line is set as
// large as the sign allows, condensed a little, then made smaller, until it fits the width on
// one line (a 24-character name like "MAXIMILIAN-ALEXANDER JOE" too). Letters are outlined
// (a dark stroke drawn under the paint), so they read on cloth, paper or a shirt. Pure and
// isomorphic; the text is escaped by textLayoutToSvg.

import { KIT, OUTLINE, WHITE } from '#book/art/palette.ts';
import type { TextBox } from '#book/types.ts';
import { escapeXml } from '#book/escape.ts';
import { layoutText, textLayoutToSvg, wordTokens, type TextLayout } from './layout.ts';
import { measureText } from './measure.ts';

/** A sign's lettering: the SVG, and whether any line had to go below its smallest size. */
export interface SignResult {
  svg: string;
  overflow: boolean;
}

/** A rectangle in page units. */
export interface LetteringBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Colours of painted lettering: the letters, their outline, and how thick it is (× size). */
export interface LetteringStyle {
  fill: string;
  outline: string;
  outlineWidth: number;
  /**
   * Hand-painted: each letter a little turned and up or down (degrees and share of the size, in
   * turn); 0 or unset: straight type.
   */
  wobble?: number;
}

/** Red paint outlined in the book's dark brown: the banner's hand-painted, wobbly letters. */
export const BANNER_STYLE: LetteringStyle = {
  fill: KIT.tshirt1.base,
  outline: OUTLINE,
  outlineWidth: 0.13,
  wobble: 9,
};
/** A printed poster: dark letters with a white keyline. */
export const POSTER_STYLE: LetteringStyle = { fill: OUTLINE, outline: WHITE, outlineWidth: 0.1 };
/** Shirt printing: warm-white letters with a dark edge, on any kit colour. */
export const SHIRT_STYLE: LetteringStyle = { fill: WHITE, outline: OUTLINE, outlineWidth: 0.12 };

/** The narrowest a name line is condensed (horizontal scale) before it is made smaller. */
export const MIN_CONDENSE = 0.78;
/** The heights of display lines, as multiples of their size: ink from accents to descenders. */
const INK_ABOVE = 0.86;
const INK_BELOW = 0.22;
/** Space between lines of a sign, as a multiple of the larger size. */
const SIGN_GAP = 0.1;
/** How far a wobbly letter is lifted or dropped at most, per degree of wobble (× size). */
const LIFT_PER_DEGREE = 0.0075;

/** The room a wobbly line needs above and below its ink, as a share of its size. */
function wobbleRoom(style: LetteringStyle): number {
  return (style.wobble ?? 0) * LIFT_PER_DEGREE;
}
/**
 * The room a wobbly line needs at each end, as a share of its size: its end letters turn, their
 * tops and feet swing out.
 */
function wobbleSide(style: LetteringStyle): number {
  return Math.sin(((style.wobble ?? 0) * Math.PI) / 180) * 0.5;
}

function fmt(value: number): string {
  return String(Math.round(value * 100) / 100);
}

/** One centred line of display lettering: its words, size, baseline and horizontal scale. */
interface SetLine {
  text: string;
  size: number;
  /** Horizontal scale (1: as drawn; below 1: condensed). */
  condense: number;
}

/** The size and condensing at which `text` fills at most `width` on one line, up to `maxSize`. */
function fitLine(
  text: string,
  width: number,
  maxSize: number,
  minCondense = MIN_CONDENSE,
): { size: number; condense: number } {
  const atOne = measureText(text, 'display', 1);
  if (atOne <= 0) return { size: maxSize, condense: 1 };
  const natural = width / atOne;
  if (natural >= maxSize) return { size: maxSize, condense: 1 };
  // Condense first (the letters stay tall), down to minCondense; then shrink.
  if (natural >= maxSize * minCondense) return { size: maxSize, condense: natural / maxSize };
  return { size: natural / minCondense, condense: minCondense };
}

/**
 * The lines stacked and centred in the box: each line's group (outline under paint), condensed
 * about the box's centre when it needs to be. Lines at or under `minSize` are an overflow.
 */
function drawStack(
  lines: SetLine[],
  box: LetteringBox,
  style: LetteringStyle,
  minSize: number,
): SignResult {
  const heights = lines.map((line) => line.size * (INK_ABOVE + INK_BELOW + 2 * wobbleRoom(style)));
  const gaps = lines.slice(1).map((line, i) => Math.max(line.size, lines[i]!.size) * SIGN_GAP);
  const total = heights.reduce((a, b) => a + b, 0) + gaps.reduce((a, b) => a + b, 0);
  const cx = box.x + box.width / 2;
  let top = box.y + Math.max(0, (box.height - total) / 2);
  let outline = '';
  let paint = '';
  lines.forEach((line, index) => {
    if (index > 0) top += gaps[index - 1]!;
    const baseline = top + line.size * (INK_ABOVE + wobbleRoom(style));
    top += heights[index]!;
    const layout: TextLayout = {
      lines: [
        {
          text: line.text,
          x: cx,
          y: baseline,
          width: measureText(line.text, 'display', line.size),
        },
      ],
      size: line.size,
      overflow: false,
      align: 'center',
      lineHeight: line.size,
    };
    const squeeze = (svg: string) =>
      line.condense < 0.999
        ? `<g transform="matrix(${fmt(line.condense)} 0 0 1 ${fmt(cx * (1 - line.condense))} 0)">${svg}</g>`
        : svg;
    if (style.wobble) {
      const wobbly = wobblyLine(line, cx, baseline, style, index);
      outline += wobbly.outline;
      paint += wobbly.paint;
      return;
    }
    outline += squeeze(
      `<g stroke="${style.outline}" stroke-width="${fmt(line.size * style.outlineWidth)}" ` +
        `stroke-linejoin="round">${textLayoutToSvg(layout, 'display', style.outline)}</g>`,
    );
    paint += squeeze(textLayoutToSvg(layout, 'display', style.fill));
  });
  return {
    svg: outline + paint,
    overflow: total > box.height + 0.5 || lines.some((line) => line.size < minSize - 0.01),
  };
}

/**
 * One line of hand-painted letters, centred on `cx` at `baseline`: each letter set alone, turned
 * a few degrees one way or the other and a little up or down (the same way for the same letter
 * of the same line, so a page is drawn the same every time), in the line's size and condensing.
 * The line's words name its group (data-words), for readers of the drawing.
 */
function wobblyLine(
  line: SetLine,
  cx: number,
  baseline: number,
  style: LetteringStyle,
  lineIndex: number,
): { outline: string; paint: string } {
  const { text, size, condense } = line;
  const total = measureText(text, 'display', size) * condense;
  let outline = '';
  let paint = '';
  let prefix = '';
  let k = lineIndex * 3;
  for (const ch of text) {
    const start = cx - total / 2 + measureText(prefix, 'display', size) * condense;
    prefix += ch;
    if (ch.trim() === '') continue;
    const w = measureText(ch, 'display', size) * condense;
    // a fixed, irregular turn and lift for each letter: -1, 0.6, -0.3, 1, -0.7, 0.2 …
    const turn = [-1, 0.6, -0.3, 1, -0.7, 0.2][k % 6]!;
    const lift = [0.4, -0.8, 0.9, -0.2, 0.6, -0.9][k % 6]!;
    k += 1;
    const wobble = style.wobble ?? 0;
    const at = `translate(${fmt(start + w / 2)} ${fmt(baseline + lift * size * wobble * LIFT_PER_DEGREE)}) rotate(${fmt(turn * wobble)}) scale(${fmt(condense)} 1)`;
    const layout: TextLayout = {
      lines: [{ text: ch, x: 0, y: 0, width: w }],
      size,
      overflow: false,
      align: 'center',
      lineHeight: size,
    };
    outline +=
      `<g transform="${at}"><g stroke="${style.outline}" stroke-width="${fmt(size * style.outlineWidth)}" ` +
      `stroke-linejoin="round">${textLayoutToSvg(layout, 'display', style.outline)}</g></g>`;
    paint += `<g transform="${at}">${textLayoutToSvg(layout, 'display', style.fill)}</g>`;
  }
  const words = escapeXml(text);
  return {
    outline: `<g data-words="${words}">${outline}</g>`,
    paint: `<g data-words="${words}">${paint}</g>`,
  };
}

/** Where the first of the name forms (longest first) stands in `text`, or null. */
function findName(text: string, names: readonly string[]): { at: number; name: string } | null {
  const forms = [...names].filter((n) => n.trim() !== '').sort((a, b) => b.length - a.length);
  for (const name of forms) {
    const at = text.indexOf(name);
    if (at >= 0) return { at, name };
  }
  return null;
}

/**
 * Name lettering ("GO, MAXIMILIAN-ALEXANDER JOE!"): the words before the name on a smaller line
 * above, the name with its closing punctuation in the biggest type that fits (condensed, then
 * smaller; hand lettering may put a name of several words on two lines, between its words; a
 * word is never broken), any words after on a smaller line below.
 */
export function nameLettering(
  text: string,
  name: string,
  box: TextBox,
  style: LetteringStyle = BANNER_STYLE,
): SignResult {
  const at = text.indexOf(name);
  if (at < 0) return posterLettering([text], box, style);
  const before = text.slice(0, at).trim();
  const rest = text.slice(at + name.length);
  // Punctuation right after the name ("!", "’S") stays on the name's line.
  const attached = /^[^\s]*/.exec(rest)![0];
  const after = rest.slice(attached.length).trim();
  const nameLine = name + attached;
  const small = [before, after].filter((line) => line !== '').length;
  // A name of several words set on one line, or (hand lettering) on two lines split between two
  // of its words, never inside a word: whichever sets its letters bigger.
  const splits: string[][] = [[nameLine]];
  if (style.wobble) {
    const words = nameLine.split(' ');
    for (let i = 1; i < words.length; i += 1)
      splits.push([words.slice(0, i).join(' '), words.slice(i).join(' ')]);
  }
  let best: { lines: SetLine[]; maxName: number } | null = null;
  // hand-painted letters turn and rise and fall: they keep that room from the sign's edges
  const lineHeight = INK_ABOVE + INK_BELOW + 2 * wobbleRoom(style);
  // painted by hand, a name is as enormous as the cloth allows; printed, up to a little over
  // the box's size
  const cap = style.wobble ? box.size * 1.6 : box.size * 1.15;
  for (const names of splits) {
    // Heights: each name line 1, each small line 0.5 of one, plus gaps.
    const count = names.length + small;
    const per = lineHeight * (names.length + 0.5 * small) + SIGN_GAP * (count - 1);
    const maxName = Math.min(cap, box.height / per);
    const width = box.width - 2 * wobbleSide(style) * maxName;
    const fits = names.map((line) => fitLine(line, width, maxName));
    const size = Math.min(...fits.map((fit) => fit.size));
    // one size for the name's lines: each condensed as its own width needs
    const lines = names.map((line) => ({ text: line, ...fitLine(line, width, size) }));
    if (!best || size > Math.min(...best.lines.map((line) => line.size)) * 1.08)
      best = { lines, maxName };
  }
  const { lines: nameLines, maxName } = best!;
  const smallSize = Math.min(maxName * 0.5, nameLines[0]!.size * 0.7);
  const lines: SetLine[] = [];
  const smallLine = (words: string): SetLine => {
    const fit = fitLine(words, box.width - 2 * wobbleSide(style) * smallSize, smallSize, 0.9);
    return { text: words, ...fit };
  };
  if (before) lines.push(smallLine(before));
  lines.push(...nameLines);
  if (after) lines.push(smallLine(after));
  return drawStack(lines, box, style, box.minSize * 0.4);
}

/**
 * Poster lettering: each given line (or, for one long line, its words wrapped into balanced
 * lines) centred in the box, the block as big as the box's height allows and every line
 * condensed or reduced alone to fit the width. `keep`: phrases never broken (a name).
 */
export function posterLettering(
  lines: readonly string[],
  box: LetteringBox & { size?: number; minSize?: number },
  style: LetteringStyle = POSTER_STYLE,
  keep: readonly string[] = [],
): SignResult {
  const maxSize = box.size ?? box.height;
  const minSize = box.minSize ?? maxSize * 0.3;
  let words = lines.filter((line) => line.trim() !== '');
  if (words.length === 1 && wordTokens(words[0]!, keep).length > 1) {
    // One line of several words: wrapped into balanced lines, as a poster is set.
    const laid = layoutText(
      words,
      { ...box, align: 'center', size: maxSize, minSize: Math.min(maxSize, minSize) },
      'display',
      keep,
    );
    words = laid.lines.map((line) => line.text).filter((line) => line !== '');
  }
  if (words.length === 0) return { svg: '', overflow: false };
  const per = (INK_ABOVE + INK_BELOW) * words.length + SIGN_GAP * (words.length - 1);
  const cap = Math.min(maxSize, box.height / per);
  const set = words.map((text) => ({ text, ...fitLine(text, box.width, cap) }));
  return drawStack(set, box, style, minSize * 0.4);
}

/**
 * The words of a sign in its box: name lettering when one of `names` (the child's name in its
 * forms, e.g. "MAXIMILIAN-ALEXANDER JOE") is in them, in the banner's red paint tilted a little
 * like hand-lettering; else poster lettering (dark print with a white keyline, straight).
 */
export function signInBox(
  text: string,
  box: TextBox,
  names: readonly string[] = [],
  style?: LetteringStyle,
): SignResult {
  const found = findName(text, names);
  if (!found) return posterLettering([text], box, style ?? POSTER_STYLE, names);
  const sign = nameLettering(text, found.name, box, style ?? BANNER_STYLE);
  const cx = Math.round(box.x + box.width / 2);
  const cy = Math.round(box.y + box.height / 2);
  return { svg: `<g transform="rotate(-2 ${cx} ${cy})">${sign.svg}</g>`, overflow: sign.overflow };
}

/**
 * The back of a football shirt: the name across the shoulders (one line, condensed or reduced to
 * fit, never broken; arched up like a club shirt when `arch` > 0, in units of rise at the
 * middle) over the number in big type. `box` is the printable part of the shirt's back in the
 * units where the lettering is drawn (the figure's own units when drawn inside it).
 */
export function shirtBackLettering(
  name: string,
  number: string | number,
  box: LetteringBox,
  options: { style?: LetteringStyle; arch?: number; locale?: string } = {},
): string {
  const style = options.style ?? SHIRT_STYLE;
  const upper = name.trim().toLocaleUpperCase(options.locale ?? 'en');
  const digits = String(number);
  // The name takes the top quarter, the number the rest.
  const nameBox = { x: box.x, y: box.y, width: box.width, height: box.height * 0.26 };
  const numberBox = {
    x: box.x,
    y: box.y + box.height * 0.3,
    width: box.width,
    height: box.height * 0.7,
  };
  const nameFit = fitLine(upper, nameBox.width, nameBox.height / (INK_ABOVE + INK_BELOW), 0.7);
  const arch = options.arch ?? 0;
  const nameSvg =
    arch > 0
      ? archedLine(upper, nameFit, nameBox, arch, style)
      : drawStack([{ text: upper, ...nameFit }], nameBox, style, 0).svg;
  const numberFit = fitLine(
    digits,
    numberBox.width * 0.8,
    numberBox.height / (INK_ABOVE + INK_BELOW),
  );
  const numberSvg = drawStack([{ text: digits, ...numberFit }], numberBox, style, 0).svg;
  return `<g data-lettering="shirt">${nameSvg}${numberSvg}</g>`;
}

/**
 * One line set on a gentle arc (the middle `rise` units above the ends): each letter placed by
 * its measured advance and turned with the curve. Each letter is its own text group, so the
 * preview's glyph-outline writer and the PDF writer draw it like any line.
 */
function archedLine(
  text: string,
  fit: { size: number; condense: number },
  box: LetteringBox,
  rise: number,
  style: LetteringStyle,
): string {
  const { size, condense } = fit;
  const chars = [...text];
  const total = measureText(text, 'display', size) * condense;
  const cx = box.x + box.width / 2;
  const half = Math.max(1, box.width / 2);
  const baseY = box.y + (box.height + size * (INK_ABOVE - INK_BELOW)) / 2 + rise / 2;
  const curve = (x: number) => baseY - rise * (1 - ((x - cx) / half) ** 2);
  let outline = '';
  let paint = '';
  let prefix = '';
  for (const ch of chars) {
    const start = cx - total / 2 + measureText(prefix, 'display', size) * condense;
    prefix += ch;
    if (ch.trim() === '') continue;
    const w = measureText(ch, 'display', size) * condense;
    const mid = start + w / 2;
    const y = curve(mid);
    const slope = (2 * rise * (mid - cx)) / (half * half);
    const angle = (Math.atan(slope) * 180) / Math.PI;
    const layout: TextLayout = {
      lines: [{ text: ch, x: 0, y: 0, width: w }],
      size,
      overflow: false,
      align: 'center',
      lineHeight: size,
    };
    const at = `translate(${fmt(mid)} ${fmt(y)}) rotate(${fmt(angle)}) scale(${fmt(condense)} 1)`;
    outline +=
      `<g transform="${at}"><g stroke="${style.outline}" stroke-width="${fmt(size * style.outlineWidth)}" ` +
      `stroke-linejoin="round">${textLayoutToSvg(layout, 'display', style.outline)}</g></g>`;
    paint += `<g transform="${at}">${textLayoutToSvg(layout, 'display', style.fill)}</g>`;
  }
  return outline + paint;
}
