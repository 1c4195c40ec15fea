import { describe, expect, it } from 'vitest';
import { defaultCharacters } from '#book/character-set.ts';
import { defaultFamily, type BookFamily } from '#book/family.ts';
import { renderPageSvg } from '#book/render-page.ts';
import { PAGE_IDS } from '#book/types.ts';
import { figurePartsOf } from '#server/services/rendering/figure-layers.ts';
import { bookFonts } from '#server/services/rendering/font-files.ts';
import {
  composePreview,
  fontsUsedBy,
  rasterise,
  type PreviewJob,
} from '#server/services/rendering/render-preview.ts';
import { createPreviewService } from '#server/services/rendering/preview-service.ts';
import { previewWidth } from '#server/services/rendering/settings.ts';
import { wordParts } from '#server/services/rendering/word-layers.ts';

// A preview's figures are drawn part by part (figure-layers.ts) and its words line by line
// (word-layers.ts), each part kept for the next book. A book made of parts another book drew (the
// same grown-ups, most of the same lines) must be the one-pass picture (book/render-page.ts
// renderPageSvg) up to rounding, as a book drawn from nothing is (preview-composite.test.ts).
// The server's warm-up draws the figures of every family shape, so such a book is rare.

const fonts = bookFonts();

function twoMums(): BookFamily {
  const family = defaultFamily('mum-mum', 'en-gb');
  family.grownUps[1]!.look = {
    hair: 'mum_hair_03_BC',
    eyes: 'mum_eyes_BR',
    skin: 'mum_skin_4M',
    accessories: [],
  };
  return family;
}

/** The share of pixels of `rgb` that differ from the one-pass picture by more than 2 levels. */
function differing(job: PreviewJob, rgb: Buffer): number {
  const svg = renderPageSvg({ ...job, bleed: false });
  const onePass = rasterise(svg, previewWidth(job.page), fontsUsedBy(svg, fonts)).pixels;
  let count = 0;
  for (let i = 0, o = 0; i < onePass.length; i += 4, o += 3) {
    let d = 0;
    for (let c = 0; c < 3; c += 1) d = Math.max(d, Math.abs(onePass[i + c]! - rgb[o + c]!));
    if (d > 2) count += 1;
  }
  return count / (onePass.length / 4);
}

describe('preview layers', () => {
  it('draws a second two-mum book from the first one’s figures and lines: the one-pass picture', () => {
    const family = twoMums();
    const characters = defaultCharacters('girl');
    for (const page of PAGE_IDS) {
      const first: PreviewJob = {
        page,
        language: 'en-gb',
        child: { name: 'Anna', gender: 'girl' },
        characters,
        family,
        dedication: 'Dear Anna,\nyou can do it!',
      };
      const drawn = composePreview(first, fonts);
      expect(drawn.drawnLayers?.length ?? 0, page).toBe(
        page === 'dedication' ? 0 : figurePartsOf(first).parts.length,
      );
      // Another child, the same family: every figure from the first book (none drawn again).
      const second = { ...first, child: { name: 'Maximilian-Alexander', gender: 'girl' as const } };
      const kept = new Map((drawn.drawnLayers ?? []).map((layer) => [layer.key, layer]));
      const plan = figurePartsOf(second);
      const figures = { ...plan, parts: plan.parts.map((part) => kept.get(part.key) ?? part) };
      const again = composePreview(second, fonts, drawn.drawnScene, null, undefined, figures);
      expect(again.drawnScene, page).toBeUndefined();
      expect(again.drawnLayers, page).toBeUndefined();
      // The back cover's card holds ten lines laid one by one over its grain: 0.013% of its pixels
      // round differently (63 pixels, in the card) from the one-pass picture.
      const rounding = page === 'back-cover' ? 0.0002 : 0.0001;
      expect(differing(second, again.rgb), page).toBeLessThan(rounding);
      expect(differing(first, drawn.rgb), page).toBeLessThan(rounding);
    }
    // Every page drawn three times over: slow on a busy machine.
  }, 180_000);

  it('splits the usual words into panels and lines, and leaves other shapes whole', () => {
    const open = `<g font-family="'Andika', sans-serif" font-size="58" font-weight="400" font-style="normal" fill="#3a2620" text-anchor="middle">`;
    const line = (words: string, y: number) =>
      `<text x="10" y="${y}" xml:space="preserve">${words}</text>`;
    const group = (...lines: string[]) => `${open}${lines.join('')}</g>`;
    const [one, two] = [line('One', 0), line('Two', 70)];
    const panel = '<g data-panel="paper"><path d="M0 0H9V9Z"/></g>';
    expect(wordParts(panel + group(one, two))).toEqual([panel, group(one), group(two)]);
    expect(wordParts(group(one) + group(two))).toEqual(['', group(one), group(two)]);
    // A halo group or a rotated sign after the words: drawn as one.
    expect(wordParts(group(one) + panel)).toBeNull();
    expect(wordParts(`<g transform="rotate(-2)">${group(one)}</g>`)).toBeNull();
    expect(wordParts(panel)).toBeNull();
  });
});

describe('preview warm-up', () => {
  it('draws the figures of every family shape: a grandparents book then draws none of its own', async () => {
    const previews = createPreviewService({ workers: 2, readAhead: 0 });
    try {
      await previews.warmUp();
      const warmed = await previews.familiesDrawn();
      expect(warmed.pages).toBeGreaterThan(0);
      const kept = previews.stats().layers.entries;
      expect(kept).toBeGreaterThan(0);
      const grandparents: PreviewJob = {
        page: 'page_29-30',
        language: 'lv',
        child: { name: 'Ance', gender: 'girl' },
        characters: defaultCharacters('girl'),
        family: defaultFamily('grandma-grandpa', 'lv'),
      };
      expect((await previews.render(grandparents)).source).toBe('render');
      // Its base is new (scene + figures for this family); every figure in it was kept.
      expect(previews.stats().layers.entries).toBe(kept);
      // A second mum of her own look is a new figure (and only that).
      const mums: PreviewJob = { ...grandparents, family: twoMums() };
      expect((await previews.render(mums)).source).toBe('render');
      expect(previews.stats().layers.entries).toBe(kept + 1);
    } finally {
      await previews.close();
    }
  }, 180_000);
});
