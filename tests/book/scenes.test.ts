import { Resvg } from '@resvg/resvg-js';
import { describe, expect, it } from 'vitest';
import { drawCharacter, poseAnchors } from '#book/art/characters/draw-character.ts';
import {
  SPREAD_LAYOUTS,
  figureBox,
  handOf,
  seated,
  slotBounds,
  type Box,
  type SpreadLayout,
} from '#book/art/scenes/layouts.ts';
import { DEFAULT_CHARACTERS, defaultCharacters } from '#book/character-set.ts';
import { OUTLINE, WHITE } from '#book/art/palette.ts';
import { SKY } from '#book/art/scenes/sky.ts';
import {
  BLEED,
  PAGE_HEIGHT,
  PAGE_IDS,
  PAGE_WIDTH,
  POSES,
  SPREAD_WIDTH,
  type Role,
  type TextBox,
} from '#book/types.ts';

const ROLES: Role[] = ['child', 'dad', 'mum'];
const GUTTER = PAGE_WIDTH;
const entries = PAGE_IDS.map((id) => [id, SPREAD_LAYOUTS[id]] as [string, SpreadLayout]);

function boxOf(t: TextBox): Box {
  return { x0: t.x, y0: t.y, x1: t.x + t.width, y1: t.y + t.height };
}

function overlaps(a: Box, b: Box): boolean {
  return a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;
}

/** Renders the page area plus bleed, at 1 pixel per `step` units. */
function render(
  layout: SpreadLayout,
  content: string,
  step = 10,
): { width: number; height: number; pixels: Buffer } {
  const w = layout.width + 2 * BLEED;
  const h = PAGE_HEIGHT + 2 * BLEED;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${-BLEED} ${-BLEED} ${w} ${h}" width="${w / step}" height="${h / step}">${content}</svg>`;
  const img = new Resvg(svg).render();
  return { width: img.width, height: img.height, pixels: img.pixels };
}

describe('scene layouts', () => {
  it('has a layout for the cover, the dedication, every spread and the back cover, and nothing else', () => {
    expect(Object.keys(SPREAD_LAYOUTS).sort()).toEqual([...PAGE_IDS].sort());
    expect(PAGE_IDS).toHaveLength(25);
  });

  it.each(entries)('%s has the width of a single page or a spread', (id, layout) => {
    expect(layout.width).toBe(
      id === 'cover' || id === 'dedication' || id === 'back-cover' ? PAGE_WIDTH : SPREAD_WIDTH,
    );
  });

  it('puts the title on the covers only, and the dedication text on a large calm box', () => {
    for (const [id, layout] of entries)
      expect(layout.titleBox !== undefined).toBe(id === 'cover' || id === 'back-cover');
    const ded = SPREAD_LAYOUTS['dedication']!;
    expect(ded.slots).toEqual([]);
    expect(ded.textBoxes).toHaveLength(1);
    const box = ded.textBoxes[0]!;
    expect(box.width * box.height).toBeGreaterThan(1500 * 1400);
  });

  it.each(entries)(
    '%s starts with one opaque shape that covers the page and the bleed',
    (_id, layout) => {
      const bg = layout.background();
      const first =
        /^<rect x="(-?\d+)" y="(-?\d+)" width="(\d+)" height="(\d+)" fill="(#[0-9a-f]{6})"/.exec(
          bg,
        );
      expect(first, 'background must start with a filled <rect>').not.toBeNull();
      const [, x, y, w, h] = first!.map(Number);
      expect(x).toBeLessThanOrEqual(-BLEED);
      expect(y).toBeLessThanOrEqual(-BLEED);
      expect(x! + w!).toBeGreaterThanOrEqual(layout.width + BLEED);
      expect(y! + h!).toBeGreaterThanOrEqual(PAGE_HEIGHT + BLEED);
      // And by the pixels: every pixel of the bleed frame is fully painted.
      const img = render(layout, bg, 15);
      for (let px = 0; px < img.width; px++) {
        for (const py of [0, img.height - 1])
          expect(img.pixels[(py * img.width + px) * 4 + 3]).toBe(255);
      }
      for (let py = 0; py < img.height; py++) {
        for (const px of [0, img.width - 1])
          expect(img.pixels[(py * img.width + px) * 4 + 3]).toBe(255);
      }
    },
  );

  it.each(entries)(
    '%s keeps every text box inside the page, 100 units clear of the trim and the gutter',
    (_id, layout) => {
      const boxes = [...layout.textBoxes, ...(layout.titleBox ? [layout.titleBox] : [])];
      for (const t of boxes) {
        expect(t.x).toBeGreaterThanOrEqual(100);
        expect(t.y).toBeGreaterThanOrEqual(100);
        expect(t.x + t.width).toBeLessThanOrEqual(layout.width - 100);
        expect(t.y + t.height).toBeLessThanOrEqual(PAGE_HEIGHT - 100);
        if (layout.width === SPREAD_WIDTH) {
          const leftPage = t.x + t.width <= GUTTER - 100;
          const rightPage = t.x >= GUTTER + 100;
          expect(leftPage || rightPage, 'a text box must not run into the binding').toBe(true);
        }
        expect(t.minSize).toBeGreaterThan(0);
        expect(t.size).toBeGreaterThanOrEqual(t.minSize);
      }
    },
  );

  it.each(entries)(
    '%s keeps every figure inside the page, clear of the text, with its face off the gutter',
    (_id, layout) => {
      const boxes = [...layout.textBoxes, ...(layout.titleBox ? [layout.titleBox] : [])].map(boxOf);
      for (const slot of layout.slots) {
        const b = slotBounds(slot);
        expect(b.x0, `${slot.role} left`).toBeGreaterThanOrEqual(0);
        expect(b.x1, `${slot.role} right`).toBeLessThanOrEqual(layout.width);
        expect(b.y0, `${slot.role} top`).toBeGreaterThanOrEqual(0);
        // A closer camera may cut a figure at the legs (a medium shot), or at the chest in a
        // close shot, never through the head and shoulders: the neck well inside the page.
        if (b.y1 > PAGE_HEIGHT) {
          const neck = slot.y + poseAnchors(slot.role, slot.pose).neck.y * slot.scale;
          expect(neck, `${slot.role} cut through the shoulders`).toBeLessThanOrEqual(
            PAGE_HEIGHT - 120 * slot.scale - 150,
          );
        }
        for (const t of boxes) expect(overlaps(b, t), `${slot.role} under a text box`).toBe(false);
        if (layout.width === SPREAD_WIDTH) {
          const a = poseAnchors(slot.role, slot.pose);
          const faceX = slot.x + (slot.flip ? -a.neck.x : a.neck.x) * slot.scale;
          expect(Math.abs(faceX - GUTTER), `${slot.role}'s face in the gutter`).toBeGreaterThan(
            a.headRadius * slot.scale + 60,
          );
        }
      }
    },
  );

  it.each(entries)(
    '%s puts its text where the letters read clearly (contrast 4.5:1 or a panel)',
    (_id, layout) => {
      const step = 10;
      const img = render(layout, layout.background() + (layout.foreground?.() ?? ''), step);
      const lin = (c: number) => {
        const v = c / 255;
        return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
      };
      const luminance = (hex: string) => {
        const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
        return 0.2126 * lin(r!) + 0.7152 * lin(g!) + 0.0722 * lin(b!);
      };
      for (const t of [...layout.textBoxes, ...(layout.titleBox ? [layout.titleBox] : [])]) {
        if (t.panel) continue;
        const ink = luminance(t.ink === 'light' ? WHITE : OUTLINE);
        const samples: number[] = [];
        for (let y = t.y; y < t.y + t.height; y += step * 2) {
          for (let x = t.x; x < t.x + t.width; x += step * 2) {
            const i =
              (Math.round((y + BLEED) / step) * img.width + Math.round((x + BLEED) / step)) * 4;
            samples.push(
              0.2126 * lin(img.pixels[i]!) +
                0.7152 * lin(img.pixels[i + 1]!) +
                0.0722 * lin(img.pixels[i + 2]!),
            );
          }
        }
        // The worst tenth of the area behind the letters still reads at 4.5:1.
        samples.sort((a, b) => (t.ink === 'light' ? b - a : a - b));
        const worst = samples[Math.floor(samples.length * 0.1)]!;
        const ratio = (Math.max(worst, ink) + 0.05) / (Math.min(worst, ink) + 0.05);
        expect(ratio).toBeGreaterThanOrEqual(4.5);
      }
    },
  );

  // A cloud under a text panel shows through it behind the words, or peeks out under its corner.
  it.each([
    ['page_7-8', 'golden'],
    ['page_9-10', 'afternoon'],
    ['page_33-34', 'morning'],
    ['page_43-44', 'sunset'],
  ] as const)('%s keeps the clouds of its garden sky out from under the text', (id, time) => {
    const layout = SPREAD_LAYOUTS[id]!;
    const step = 10;
    const img = render(layout, layout.background(), step);
    const cloud = [1, 3, 5].map((i) => parseInt(SKY[time].cloud.slice(i, i + 2), 16));
    let cloudPixels = 0;
    let skyPixels = 0;
    for (const t of layout.textBoxes) {
      for (let y = t.y - 100; y < t.y + t.height + 100; y += step) {
        for (let x = t.x - 100; x < t.x + t.width + 100; x += step) {
          const i =
            (Math.round((y + BLEED) / step) * img.width + Math.round((x + BLEED) / step)) * 4;
          const close = cloud.every((c, k) => Math.abs(img.pixels[i + k]! - c) <= 3);
          if (close) cloudPixels++;
          else skyPixels++;
        }
      }
    }
    expect(skyPixels).toBeGreaterThan(1000);
    expect(cloudPixels, 'pixels of cloud under the text').toBe(0);
  });

  it('casts the characters each scene note asks for', async () => {
    const { SCENE_NOTES } = await import('#book/story/scenes.ts');
    for (const [id, layout] of entries) {
      const note = SCENE_NOTES[id];
      expect(note, id).toBeDefined();
      // a hugger listed twice (body behind the partner, arms in front) is one character
      const cast = layout.slots.filter((s) => s.part !== 'arms').map((s) => s.role);
      expect(cast.sort(), id).toEqual([...note!.characters].sort());
    }
  });

  it('sits a seated figure with its hips on the seat it is given', () => {
    const s = seated('dad', 1000, 2200, 0.9);
    const hip = poseAnchors('dad', 'sit').hip;
    expect(s.pose).toBe('sit');
    expect(s.x + hip.x * 0.9).toBeCloseTo(1000, 0);
    // The hip centre sits a little above the seat surface (the thighs' thickness).
    expect(s.y + hip.y * 0.9).toBeGreaterThan(2200 - 60);
    expect(s.y + hip.y * 0.9).toBeLessThan(2200);
    const wave = {
      role: 'mum' as const,
      pose: 'wave' as const,
      x: 1000,
      y: 2800,
      scale: 1,
      flip: true,
    };
    expect(handOf(wave).x).toBeLessThan(1000);
  });

  it('draws the background and foreground without text, images, ids or filters, under 40 KB each', () => {
    for (const [id, layout] of entries) {
      for (const part of [layout.background(), layout.foreground?.() ?? '']) {
        expect(part, id).not.toMatch(/<(text|image|filter|use|svg)\b/);
        expect(part, id).not.toMatch(/\bid="/);
        expect(part, id).not.toMatch(/href=/);
        expect(part.length, id).toBeLessThan(40 * 1024);
      }
      expect(layout.background(), `${id} is deterministic`).toBe(layout.background());
    }
  });

  it('never uses the opacity attribute, which makes resvg 2.6 abort on shapes outside the view', () => {
    // resvg-js 2.6.2 panics (and takes the process down) when an element with opacity="…" lies
    // wholly outside the rendered viewBox, e.g. in the bleed of a trim-box preview. Scenes use
    // fill-opacity and stroke-opacity instead, which render the same on single shapes.
    for (const [id, layout] of entries) {
      expect(layout.background(), id).not.toMatch(/[\s"]opacity="/);
      expect(layout.foreground?.() ?? '', id).not.toMatch(/[\s"]opacity="/);
    }
  });

  it.each(entries)(
    '%s renders through the trim box alone and through strips of the bleed',
    (_id, layout) => {
      const body = layout.background() + (layout.foreground?.() ?? '');
      const windows: [number, number, number, number][] = [
        [0, 0, layout.width, PAGE_HEIGHT],
        [-BLEED, -BLEED, BLEED, PAGE_HEIGHT + 2 * BLEED],
        [layout.width, -BLEED, BLEED, PAGE_HEIGHT + 2 * BLEED],
        [-BLEED, PAGE_HEIGHT, layout.width + 2 * BLEED, BLEED],
      ];
      for (const [x, y, w, h] of windows) {
        const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${x} ${y} ${w} ${h}" width="${Math.ceil(w / 20)}" height="${Math.ceil(h / 20)}">${body}</svg>`;
        expect(new Resvg(svg).render().width).toBe(Math.ceil(w / 20));
      }
    },
  );

  it("dresses the child's teammates in the child's kit colours when the composer passes them", () => {
    const ctx = { teamShirt: '#123456', teamShorts: '#654321' };
    for (const id of ['page_19-20', 'page_35-36', 'page_41-42']) {
      const bg = SPREAD_LAYOUTS[id]!.background(ctx);
      expect(bg, id).toContain('#123456');
      expect(bg, id).toContain('#654321');
      expect(SPREAD_LAYOUTS[id]!.background(), id).not.toContain('#123456');
    }
  });

  it.each(entries)('%s renders with resvg: background, figures, foreground', (_id, layout) => {
    const figures = layout.slots
      .map(
        (s) =>
          `<g transform="translate(${s.x} ${s.y}) scale(${s.flip ? -s.scale : s.scale} ${s.scale})">${drawCharacter(s.role, DEFAULT_CHARACTERS, s.pose)}</g>`,
      )
      .join('');
    const img = render(layout, layout.background() + figures + (layout.foreground?.() ?? ''), 8);
    expect(img.width).toBe(Math.round((layout.width + 2 * BLEED) / 8));
    // A painted picture, not a blank page: many distinct colours.
    const colours = new Set<number>();
    for (let i = 0; i < img.pixels.length; i += 4 * 37) colours.add(img.pixels.readUInt32BE(i));
    expect(colours.size).toBeGreaterThan(40);
  });
});

describe('figure boxes', () => {
  const sets = [DEFAULT_CHARACTERS, defaultCharacters('girl')];
  it.each(ROLES.flatMap((role) => POSES.map((pose) => [role, pose] as const)))(
    '%s %s drawing stays inside figureBox',
    (role, pose) => {
      const box = figureBox(role, pose);
      for (const set of sets) {
        const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="-2000 -2500 4000 3000" width="4000" height="3000">${drawCharacter(role, set, pose)}</svg>`;
        const bb = new Resvg(svg).getBBox();
        expect(bb).toBeDefined();
        const x0 = bb!.x;
        const y0 = bb!.y;
        expect(x0).toBeGreaterThanOrEqual(box.x0 - 5);
        expect(x0 + bb!.width).toBeLessThanOrEqual(box.x1 + 5);
        expect(y0).toBeGreaterThanOrEqual(box.y0 - 5);
        expect(y0 + bb!.height).toBeLessThanOrEqual(box.y1 + 5);
      }
    },
  );
});
