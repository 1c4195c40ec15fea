// The paper the book is printed on: a fine grain of flecks and short fibres over every page, as
// plain paths (which resvg, browsers and the print PDF's writer all draw alike, at a fraction of
// the cost of an feTurbulence filter or a page-wide pattern fill). The composer
// (book/render-page.ts) lays it over each page's art; a text card carries its own grain (a small
// <pattern> tile, filling only the card) under its letters, so the words stay crisp. Pure and
// isomorphic.

import { BLEED, PAGE_HEIGHT } from '../types.ts';

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
    const r = 0.7 + next() * next() * 1.6;
    (i % 3 === 0 ? light : dark).push(`M${r1(x - r)} ${r1(y)}a${r1(r)} ${r1(r)} 0 1 0 ${r1(2 * r)} 0a${r1(r)} ${r1(r)} 0 1 0 ${r1(-2 * r)} 0`);
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
    `<path d="${dark.join('')}" fill="#5a4030" fill-opacity="0.1"/>` +
    `<path d="${light.join('')}" fill="#ffffff" fill-opacity="0.22"/>` +
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

/** One fleck of grain for this many square units of page (about two every cm²). */
const AREA_PER_FLECK = 4500;
/** One fibre for this many square units. */
const AREA_PER_FIBRE = 90_000;

const pageGrainMemo = new Map<number, string>();

/**
 * The grain over a whole page `width` units wide, bleed included: flecks and fibres scattered
 * over the sheet as plain paths (a page-wide pattern fill costs resvg as much again as the
 * figures it lies over; a few thousand flecks cost next to nothing), the same on every render.
 */
export function paperGrain(width: number): string {
  let grain = pageGrainMemo.get(width);
  if (grain) return grain;
  const x0 = -BLEED;
  const y0 = -BLEED;
  const w = width + 2 * BLEED;
  const h = PAGE_HEIGHT + 2 * BLEED;
  const next = random(width * 7919 + 17);
  const dark: string[] = [];
  const light: string[] = [];
  const flecks = Math.round((w * h) / AREA_PER_FLECK);
  for (let i = 0; i < flecks; i += 1) {
    const x = Math.round(x0 + next() * w);
    const y = Math.round(y0 + next() * h);
    const a = 1 + Math.round(next() * next() * 3);
    const b = 1 + Math.round(next() * 2);
    (i % 3 === 0 ? light : dark).push(`M${x} ${y}h${a}v${b}h-${a}z`);
  }
  const fibres: string[] = [];
  const count = Math.round((w * h) / AREA_PER_FIBRE);
  for (let i = 0; i < count; i += 1) {
    const x = x0 + next() * w;
    const y = y0 + next() * h;
    const angle = next() * Math.PI;
    const length = 12 + next() * 22;
    const bend = (next() - 0.5) * 8;
    const dx = Math.cos(angle) * length;
    const dy = Math.sin(angle) * length;
    fibres.push(
      `M${r1(x)} ${r1(y)}q${r1(dx / 2 - (dy / length) * bend)} ${r1(dy / 2 + (dx / length) * bend)} ${r1(dx)} ${r1(dy)}`,
    );
  }
  grain =
    `<g data-paper="grain">` +
    `<path d="${dark.join('')}" fill="#5a4030" fill-opacity="0.2"/>` +
    `<path d="${light.join('')}" fill="#ffffff" fill-opacity="0.35"/>` +
    `<path d="${fibres.join('')}" fill="none" stroke="#7a5a40" stroke-opacity="0.14" stroke-width="1.4" stroke-linecap="round"/>` +
    `</g>`;
  pageGrainMemo.set(width, grain);
  return grain;
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
