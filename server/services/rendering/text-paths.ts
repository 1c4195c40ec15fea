import { Resvg } from '@resvg/resvg-js';
import { FONT_KEYS, FONTS, type FontKey } from '#book/fonts.ts';
import { FONT_METRICS } from '#book/text/font-metrics.gen.ts';
import { placeGlyphs } from '#book/text/measure.ts';

/**
 * The words of a page as glyph outlines instead of <text>. resvg shapes every <text> again on
 * every render (~5 ms a line, most of a preview's rasterising); the glyphs' outlines never change,
 * so each is taken from resvg once (per worker thread) and the lines are written as paths, placed
 * as the book's layout measured them (book/text/measure.ts: the shaper's advances, kerning and
 * ligatures). The picture is the one resvg draws from the text, up to float rounding.
 *
 * Only the groups book/text/layout.ts writes (textLayoutToSvg) are rewritten; anything else, and
 * a line with a character the metrics do not know, is left as text for resvg to shape.
 */

/** One glyph's outline in font units (y down, origin on the baseline): commands and numbers. */
type Outline = (string | number)[];

/** The text groups textLayoutToSvg writes. */
const TEXT_GROUP =
  /<g font-family="([^"]*)" font-size="([^"]*)" font-weight="(\d+)" font-style="normal" fill="([^"]*)" text-anchor="(start|middle|end)">((?:<text x="[^"]*" y="[^"]*" xml:space="preserve">[^<]*<\/text>)*)<\/g>/g;
const LINE = /<text x="([^"]*)" y="([^"]*)" xml:space="preserve">([^<]*)<\/text>/g;
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

const outlines = new Map<FontKey, Map<string, Outline>>(FONT_KEYS.map((key) => [key, new Map()]));

function unescapeXml(text: string): string | null {
  if (/&(?!(?:amp|lt|gt|quot|apos);)/.test(text)) return null;
  return text.replace(/&(amp|lt|gt|quot|apos);/g, (_, name: string) => ENTITIES[name]!);
}

function fontOf(family: string, weight: string): FontKey | null {
  const name = unescapeXml(family)
    ?.split(',')[0]
    ?.trim()
    .replace(/^'(.*)'$/, '$1');
  return (
    FONT_KEYS.find((key) => FONTS[key].family === name && String(FONTS[key].weight) === weight) ??
    null
  );
}

/** resvg's path data (absolute M, L, Q, C, Z: pairs of numbers after each command) as tokens. */
function outlineOf(d: string): Outline {
  const tokens = d.match(/[A-Za-z]|-?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?/g) ?? [];
  return tokens.map((token) => {
    if (!/[A-Za-z]/.test(token)) return Number(token);
    if (!'MLQCZ'.includes(token)) throw new Error(`unexpected path command ${token} in a glyph`);
    return token;
  });
}

/**
 * The path data of the lines, written as bytes (ASCII) into one growing buffer: building it from
 * thousands of short strings cost more than the rest of the words' rasterising together.
 */
let bytes = Buffer.allocUnsafe(1 << 19);
let length = 0;

function reserve(more: number): void {
  if (length + more <= bytes.length) return;
  const bigger = Buffer.allocUnsafe(Math.max(bytes.length * 2, length + more));
  bytes.copy(bigger, 0, 0, length);
  bytes = bigger;
}

function writeAscii(text: string): void {
  reserve(text.length);
  length += bytes.write(text, length, 'latin1');
}

/** The decimal digits of a non-negative integer. */
function writeDigits(value: number): void {
  if (value >= 10) writeDigits(Math.floor(value / 10));
  bytes[length++] = 48 + (value % 10);
}

/**
 * A coordinate as resvg keeps it (a 32-bit float), written with 5 decimals, which read back give
 * the same float at the page's scale: resvg then draws the pixels it draws from the text (with
 * 3 decimals a few dozen edge pixels a page moved). No decimals when there is no fraction, else
 * exactly five (trailing zeros kept); a minus sign before any negative value, also above -1.
 */
function writeCoordinate(value: number): void {
  reserve(32);
  let n = Math.round(Math.fround(value) * 100_000);
  if (n < 0) {
    bytes[length++] = 45; // '-'
    n = -n;
  }
  const whole = Math.floor(n / 100_000);
  const part = n - whole * 100_000;
  writeDigits(whole);
  if (part === 0) return;
  bytes[length++] = 46; // '.'
  for (let unit = 10_000; unit >= 1; unit /= 10)
    bytes[length++] = 48 + (Math.floor(part / unit) % 10);
}

/** Takes from resvg, in one pass, the outlines of the glyphs not known yet. */
function learn(font: FontKey, glyphs: Iterable<string>, fontFile: string): void {
  const known = outlines.get(font)!;
  const missing = [...new Set(glyphs)].filter((glyph) => !known.has(glyph));
  if (missing.length === 0) return;
  const { family, weight } = FONTS[font];
  const texts = missing
    .map(
      (glyph, i) =>
        `<text id="g${i}" x="0" y="0">${glyph.replace(/[&<>]/g, (c) => `&#${c.charCodeAt(0)};`)}</text>`,
    )
    .join('');
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10" width="10" height="10">` +
    `<g font-family="${family}" font-weight="${weight}" font-size="${FONT_METRICS[font].unitsPerEm}" xml:space="preserve">${texts}</g></svg>`;
  const tree = new Resvg(svg, {
    font: { fontFiles: [fontFile], loadSystemFonts: false },
  }).toString();
  const drawn = new Map<number, Outline>();
  for (const [, id, body] of tree.matchAll(/<g id="g(\d+)">([\s\S]*?)<\/g>/g)) {
    const paths = [...body!.matchAll(/ d="([^"]*)"/g)];
    if (paths.length !== 1)
      throw new Error(`glyph ${missing[Number(id)]} drawn as ${paths.length} paths`);
    drawn.set(Number(id), outlineOf(paths[0]![1]!));
  }
  // A glyph with no ink (a space) has no group.
  missing.forEach((glyph, i) => known.set(glyph, drawn.get(i) ?? []));
}

/** The book's font files (font-files.ts bookFonts()). */
type Fonts = readonly { key: FontKey; file: string }[];

/** Writes any text (UTF-8) into the buffer. */
function writeText(text: string): void {
  reserve(text.length * 3);
  length += bytes.write(text, length, 'utf8');
}

/**
 * Writes one text group of textLayoutToSvg as glyph outlines (`<g fill>` with one path a line).
 * false, writing nothing, when a font or a line's characters are unknown: the caller keeps it.
 */
function writeGroup(
  family: string,
  size: string,
  weight: string,
  fill: string,
  anchor: string,
  body: string,
  fonts: Fonts,
): boolean {
  const font = fontOf(family, weight);
  const file = fonts.find((candidate) => candidate.key === font)?.file;
  if (!font || !file) return false;
  const lines = [...body.matchAll(LINE)].map(([, x, y, raw]) => {
    const text = unescapeXml(raw!);
    return { x: Number(x), y: Number(y), placed: text === null ? null : placeGlyphs(text, font) };
  });
  if (lines.some((line) => !line.placed)) return false;
  learn(
    font,
    lines.flatMap((line) => line.placed!.glyphs.map((g) => g.glyph)),
    file,
  );
  const known = outlines.get(font)!;
  const scale = Number(size) / FONT_METRICS[font].unitsPerEm;
  writeText(`<g fill="${fill}">`);
  for (const { x, y, placed } of lines) {
    const width = placed!.width * scale;
    const left = anchor === 'middle' ? x - width / 2 : anchor === 'end' ? x - width : x;
    const start = length;
    writeAscii('<path d="');
    const opened = length;
    for (const { glyph, at } of placed!.glyphs) {
      const ox = left + at * scale;
      let pair = 0;
      for (const token of known.get(glyph)!) {
        reserve(1);
        if (typeof token === 'string') {
          bytes[length++] = token.charCodeAt(0);
          pair = 0;
        } else {
          bytes[length++] = pair % 2 === 0 ? 32 : 44; // ' ' or ','
          writeCoordinate(pair % 2 === 0 ? ox + token * scale : y + token * scale);
          pair += 1;
        }
      }
    }
    // A line with no ink (spaces only) writes nothing.
    if (length === opened) length = start;
    else writeAscii('"/>');
  }
  writeAscii('</g>');
  return true;
}

/**
 * `open` + `svg` with the text groups of book/text/layout.ts drawn as glyph outlines (one path a
 * line, in page units, as resvg makes of a line of text) + `close`, as UTF-8 bytes for resvg,
 * and `rest`: the parts of `svg` left as they were (what may still ask for a font).
 * `document` is a view of memory the next call writes over: hand it to resvg at once. (A page's
 * outlines are a quarter of a MB of text; as bytes they never become strings to collect.)
 */
export function textAsPathsDocument(
  svg: string,
  fonts: Fonts,
  open = '',
  close = '',
): { document: Buffer; rest: string } {
  length = 0;
  let rest = '';
  let last = 0;
  writeText(open);
  for (const match of svg.matchAll(TEXT_GROUP)) {
    const [group, family, size, weight, fill, anchor, body] = match;
    const between = svg.slice(last, match.index);
    writeText(between);
    rest += between;
    if (!writeGroup(family!, size!, weight!, fill!, anchor!, body!, fonts)) {
      writeText(group);
      rest += group;
    }
    last = match.index + group.length;
  }
  const tail = svg.slice(last);
  writeText(tail);
  writeText(close);
  return { document: bytes.subarray(0, length), rest: rest + tail };
}

/**
 * `svg` with the text groups of book/text/layout.ts drawn as glyph outlines (see
 * textAsPathsDocument). `fonts` are the book's font files (resvg reads a glyph's outline from
 * them the first time it is needed).
 */
export function textAsPaths(svg: string, fonts: Fonts): string {
  return textAsPathsDocument(svg, fonts).document.toString('utf8');
}
