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
 * A coordinate as resvg keeps it (a 32-bit float), written with 5 decimals, which read back give
 * the same float at the page's scale: resvg then draws the pixels it draws from the text (with
 * 3 decimals a few dozen edge pixels a page moved). Integer arithmetic: V8 prints a fraction
 * several times slower.
 */
function coordinate(value: number): string {
  const n = Math.round(Math.fround(value) * 100_000);
  const whole = Math.trunc(n / 100_000);
  const part = Math.abs(n - whole * 100_000);
  const sign = n < 0 && whole === 0 ? '-' : '';
  if (part === 0) return sign + whole;
  return `${sign}${whole}.${part < 10 ? '0000' : part < 100 ? '000' : part < 1000 ? '00' : part < 10_000 ? '0' : ''}${part}`;
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

/**
 * `svg` with the text groups of book/text/layout.ts drawn as glyph outlines: one path a line, in
 * page units, as resvg makes of a line of text. `fonts` are the book's font files (resvg reads a
 * glyph's outline from them the first time it is needed).
 */
export function textAsPaths(svg: string, fonts: readonly { key: FontKey; file: string }[]): string {
  return svg.replace(
    TEXT_GROUP,
    (
      group,
      family: string,
      size: string,
      weight: string,
      fill: string,
      anchor: string,
      body: string,
    ) => {
      const font = fontOf(family, weight);
      const file = fonts.find((candidate) => candidate.key === font)?.file;
      if (!font || !file) return group;
      const lines = [...body.matchAll(LINE)].map(([, x, y, raw]) => {
        const text = unescapeXml(raw!);
        return {
          x: Number(x),
          y: Number(y),
          placed: text === null ? null : placeGlyphs(text, font),
        };
      });
      if (lines.some((line) => !line.placed)) return group;
      learn(
        font,
        lines.flatMap((line) => line.placed!.glyphs.map((g) => g.glyph)),
        file,
      );
      const known = outlines.get(font)!;
      const scale = Number(size) / FONT_METRICS[font].unitsPerEm;
      const paths = lines.map(({ x, y, placed }) => {
        const width = placed!.width * scale;
        const left = anchor === 'middle' ? x - width / 2 : anchor === 'end' ? x - width : x;
        let d = '';
        for (const { glyph, at } of placed!.glyphs) {
          const ox = left + at * scale;
          let pair = 0;
          for (const token of known.get(glyph)!) {
            if (typeof token === 'string') {
              d += token;
              pair = 0;
            } else {
              d +=
                (pair % 2 === 0 ? ' ' : ',') +
                coordinate(pair % 2 === 0 ? ox + token * scale : y + token * scale);
              pair += 1;
            }
          }
        }
        return d === '' ? '' : `<path d="${d}"/>`;
      });
      return `<g fill="${fill}">${paths.join('')}</g>`;
    },
  );
}
