// Renders every spread layout (background, figures at their slots, foreground, text boxes
// outlined in magenta) to PNG in .tmp/scenes/ so the pages can be looked at by eye.
// Draws the real character art (default boy set, --girl for the girl) or grey stand-ins
// (--stand-ins). Dashed blue boxes are the figure bounds the tests check.
//
//   npx tsx scripts/scene-sheet.ts [pageId ...] [--scale=0.2] [--girl] [--stand-ins] [--bench=1600]
//
// --bench=<px> also renders each page (background, figures, foreground; no outlines) at that
// pixel width five times and prints the median resvg time.

import { mkdirSync, writeFileSync } from 'node:fs';
import { Resvg } from '@resvg/resvg-js';
import { BLEED, PAGE_HEIGHT, PAGE_IDS, type CharacterSlot, type TextBox } from '#book/types.ts';
import { FIGURE_HEIGHT, SPREAD_LAYOUTS, slotBounds } from '#book/art/scenes/layouts.ts';
import { extra } from '#book/art/scenes/people.ts';
import { drawCharacter } from '#book/art/characters/draw-character.ts';
import { DEFAULT_CHARACTERS, defaultCharacters } from '#book/character-set.ts';

type Draw = (slot: CharacterSlot) => string;

const args = process.argv.slice(2);
const useStandIns = args.includes('--stand-ins');
const girl = args.includes('--girl');

function figureDrawer(): { draw: Draw; real: boolean } {
  if (!useStandIns) {
    const set = girl ? defaultCharacters('girl') : DEFAULT_CHARACTERS;
    return {
      real: true,
      draw: (slot) =>
        `<g transform="translate(${slot.x} ${slot.y}) scale(${slot.flip ? -slot.scale : slot.scale} ${slot.scale})">${drawCharacter(slot.role, set, slot.pose)}</g>`,
    };
  }
  return {
    real: false,
    draw: (slot) => {
      const h = FIGURE_HEIGHT[slot.role] * slot.scale;
      const pose =
        slot.pose === 'wave'
          ? 'cheer'
          : slot.pose === 'run' || slot.pose === 'kick' || slot.pose === 'cheer'
            ? slot.pose
            : 'stand';
      const shirt = slot.role === 'child' ? '#9a9a9a' : slot.role === 'dad' ? '#7d7d7d' : '#b0b0b0';
      return extra({
        x: slot.x,
        y: slot.y,
        h: slot.pose === 'sit' ? h * 0.72 : h,
        shirt,
        shorts: '#666666',
        skin: '#c8c8c8',
        hair: '#555555',
        pose,
        flip: slot.flip ?? false,
      });
    },
  };
}

function boxOutline(b: TextBox, color: string): string {
  return `<rect x="${b.x}" y="${b.y}" width="${b.width}" height="${b.height}" fill="${b.panel ? '#fffaf2' : 'none'}" fill-opacity="0.7" stroke="${color}" stroke-width="12" stroke-dasharray="40 20"/>`;
}

async function main(): Promise<void> {
  const scaleArg = args.find((a) => a.startsWith('--scale='));
  const zoom = scaleArg ? Number(scaleArg.slice(8)) : 0.2;
  const benchArg = args.find((a) => a.startsWith('--bench'));
  const benchPx = benchArg ? Number(benchArg.split('=')[1] ?? 1600) : 0;
  const only = args.filter((a) => !a.startsWith('--'));
  const ids = only.length ? only : [...PAGE_IDS];
  const { draw, real } = figureDrawer();
  mkdirSync('.tmp/scenes', { recursive: true });
  console.log(`figures: ${real ? 'real character art' : 'grey stand-ins'}`);
  for (const id of ids) {
    const layout = SPREAD_LAYOUTS[id];
    if (!layout) throw new Error(`no layout for ${id}`);
    const t0 = performance.now();
    const bg = layout.background();
    const fg = layout.foreground?.() ?? '';
    const figures = layout.slots.map(draw).join('');
    const bounds = layout.slots
      .map((s) => {
        const b = slotBounds(s);
        return `<rect x="${b.x0}" y="${b.y0}" width="${b.x1 - b.x0}" height="${b.y1 - b.y0}" fill="none" stroke="#00a0ff" stroke-width="6" stroke-dasharray="20 20"/>`;
      })
      .join('');
    const boxes = [
      ...layout.textBoxes.map((b) => boxOutline(b, '#ff00aa')),
      layout.titleBox ? boxOutline(layout.titleBox, '#aa00ff') : '',
    ].join('');
    const trim =
      `<rect x="0" y="0" width="${layout.width}" height="${PAGE_HEIGHT}" fill="none" stroke="#ff0000" stroke-width="4"/>` +
      (layout.width > 2450
        ? `<line x1="2450" y1="0" x2="2450" y2="${PAGE_HEIGHT}" stroke="#ff0000" stroke-width="4"/>`
        : '');
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${-BLEED} ${-BLEED} ${layout.width + 2 * BLEED} ${PAGE_HEIGHT + 2 * BLEED}" width="${Math.round((layout.width + 2 * BLEED) * zoom)}" height="${Math.round((PAGE_HEIGHT + 2 * BLEED) * zoom)}">${bg}${figures}${fg}${bounds}${boxes}${trim}</svg>`;
    const png = new Resvg(svg).render().asPng();
    const ms = performance.now() - t0;
    writeFileSync(`.tmp/scenes/${id}.png`, png);
    let bench = '';
    if (benchPx > 0) {
      const clean = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${layout.width} ${PAGE_HEIGHT}" width="${benchPx * (layout.width / 4900)}" height="${Math.round((benchPx * PAGE_HEIGHT) / 4900)}">${bg}${figures}${fg}</svg>`;
      const times: number[] = [];
      for (let i = 0; i < 5; i++) {
        const t = performance.now();
        new Resvg(clean).render().asPng();
        times.push(performance.now() - t);
      }
      times.sort((a, b) => a - b);
      bench = `  render ${Math.round(benchPx * (layout.width / 4900))} px wide: ${times[2]!.toFixed(0)} ms (median of 5, PNG encode included)`;
    }
    console.log(
      `${id.padEnd(12)} bg ${(bg.length / 1024).toFixed(1)} KB  fg ${(fg.length / 1024).toFixed(1)} KB  sheet ${ms.toFixed(0)} ms${bench}`,
    );
  }
}

await main();
