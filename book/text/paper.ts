// The paper the book is printed on: a fine grain of specks and short fibres, a small tile repeated
// as an SVG <pattern> (which resvg, browsers and the print PDF's writer all draw; an feTurbulence
// filter would cost far more and the PDF writer cannot draw it). The composer (book/render-page.ts)
// lays it over each page's painted scene, which previews draw once per scene and keep; a text
// card carries the same grain under its letters, so the words stay crisp. Pure and isomorphic.

import { BLEED, PAGE_HEIGHT } from '#book/types.ts';

/** The tile's size in page units (not square and not a round number, so repeats do not line up). */
const TILE_W = 331;
const TILE_H = 293;

/** A small deterministic random sequence (mulberry32), so every render draws the same grain. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function r1(value: number): string {
  return String(Math.round(value * 10) / 10);
}

/** The grain's marks in one tile: warm dark specks, light flecks and a few fibres. */
function grainMarks(): string {
  const next = random(20261127);
  const dark: string[] = [];
  const light: string[] = [];
  const fibres: string[] = [];
  for (let i = 0; i < 70; i += 1) {
    const x = next() * TILE_W;
    const y = next() * TILE_H;
    // A fleck a fraction of a millimetre across: a tiny square reads as a dot in print and costs
    // the PDF writer far less than a circle's arcs.
    const a = r1(1.2 + next() * next() * 3);
    const b = r1(1.2 + next() * 2);
    (i % 3 === 0 ? light : dark).push(`M${r1(x)} ${r1(y)}h${a}v${b}h-${a}z`);
  }
  for (let i = 0; i < 9; i += 1) {
    const x = next() * TILE_W;
    const y = next() * TILE_H;
    const angle = next() * Math.PI;
    const length = 14 + next() * 26;
    const bend = (next() - 0.5) * 10;
    const dx = Math.cos(angle) * length;
    const dy = Math.sin(angle) * length;
    fibres.push(
      `M${r1(x)} ${r1(y)}q${r1(dx / 2 - (dy / length) * bend)} ${r1(dy / 2 + (dx / length) * bend)} ${r1(dx)} ${r1(dy)}`,
    );
  }
  return (
    `<path d="${dark.join('')}" fill="#5a4030" fill-opacity="0.14"/>` +
    `<path d="${light.join('')}" fill="#ffffff" fill-opacity="0.25"/>` +
    `<path d="${fibres.join('')}" fill="none" stroke="#7a5a40" stroke-opacity="0.12" stroke-width="1.6" stroke-linecap="round"/>`
  );
}

let defsMemo: Map<string, string> | undefined;

/** The grain's <pattern> definition under the id `id`. */
export function paperGrainDefs(id: string): string {
  defsMemo ??= new Map();
  let defs = defsMemo.get(id);
  if (!defs) {
    defs =
      `<defs>` +
      `<pattern id="${id}" patternUnits="userSpaceOnUse" width="${TILE_W}" height="${TILE_H}">${grainMarks()}</pattern>` +
      `</defs>`;
    defsMemo.set(id, defs);
  }
  return defs;
}

/** The id of the grain on the text cards (drawn with the words, a separate layer in previews). */
export const CARD_GRAIN_ID = 'paper-grain-card';

/** The id of the grain a page's paper is covered with. */
export const PAGE_GRAIN_ID = 'paper-grain';

/**
 * The grain over a whole page `width` units wide, bleed included: the tile repeated as a pattern
 * fill. (Scattering the same flecks as plain paths costs resvg little but makes the PDF writer
 * spend seconds a page; a pattern is one small tile in the PDF, repeated by the printer's RIP.)
 */
export function paperGrain(width: number): string {
  const x = -BLEED;
  const y = -BLEED;
  const w = width + 2 * BLEED;
  const h = PAGE_HEIGHT + 2 * BLEED;
  return (
    `<g data-paper="grain">${paperGrainDefs(PAGE_GRAIN_ID)}` +
    `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="url(#${PAGE_GRAIN_ID})"/></g>`
  );
}

/**
 * The grain over a text card's outline `d` (the card's own defs are written once per page by
 * cardGrainDefs). On a night card the specks are lighter, as ink on dark paper shows.
 */
export function paperGrainOver(d: string, tone: 'dark' | 'light'): string {
  const opacity = tone === 'light' ? 0.5 : 1;
  return `<path d="${d}" fill="url(#${CARD_GRAIN_ID})" fill-opacity="${opacity}"/>`;
}

/** The card grain's defs, to write once in a page's text when a card uses it. */
export function cardGrainDefs(text: string): string {
  return text.includes(`url(#${CARD_GRAIN_ID})`) ? paperGrainDefs(CARD_GRAIN_ID) : '';
}
