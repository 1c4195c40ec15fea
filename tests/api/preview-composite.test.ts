import { describe, expect, it } from 'vitest';
import { resolveCharacterSet } from '#book/character-set.ts';
import { renderPageSvg, renderPageText } from '#book/render-page.ts';
import { PAGE_IDS } from '#book/types.ts';
import { bookFonts } from '#server/services/rendering/font-files.ts';
import {
  baseKeyOf,
  composePreview,
  fontsUsedBy,
  rasterise,
  rasteriseText,
  renderPreviewWebp,
  sceneKeyOf,
  type PreviewJob,
} from '#server/services/rendering/render-preview.ts';
import { overRgbAt } from '#server/services/rendering/over-rgb.ts';
import { previewWidth } from '#server/services/rendering/settings.ts';

// The preview draws each page's scene once, its figures and props over it once per character set
// (the base), and per request only the words, on a canvas the size of the page's text region,
// laid over the base. The picture must be the one-pass picture (book/render-page.ts renderPageSvg,
// which the reference snapshots check) up to rounding: source-over on one canvas or on several is
// the same sum, rounded to 8 bits once more, and the words' canvas sits at another pixel offset
// (resvg's antialiasing moves a handful of edge pixels by more: under 0.01% of the picture).

const fonts = bookFonts();

function job(
  page: PreviewJob['page'],
  assets: string[],
  gender: 'boy' | 'girl',
  name: string,
): PreviewJob {
  const characters = resolveCharacterSet(assets, gender);
  if (!characters.ok) throw new Error('bad assets');
  return { page, language: 'lv', child: { name, gender }, characters: characters.value };
}

describe('preview composite', () => {
  const cases = [
    job(
      'page_5-6',
      ['kid_acc_glasses_round', 'kid_acc_freckles', 'dad_acc_beard', 'kid_tshirt_2'],
      'girl',
      'Līze',
    ),
    job('cover', ['kid_skin_5', 'kid_acc_hearing_aid'], 'boy', 'Krišjānis'),
    job('page_19-20', [], 'boy', 'WWWWWWWWWWWWWWWWWWWWWWWW'),
    {
      ...job('dedication', [], 'girl', 'Ance'),
      dedication: 'Mīļā Ance,\ntu vari!\nTētis un mamma',
    },
  ];
  for (const input of cases) {
    it(`${input.page}: base + words is the one-pass picture`, () => {
      const svg = renderPageSvg({ ...input, bleed: false });
      const onePass = rasterise(svg, previewWidth(input.page), fontsUsedBy(svg, fonts)).pixels;
      const drawn = composePreview(input, fonts);
      // Drawn again from the cached base: the same picture.
      const again = composePreview(input, fonts, null, drawn.drawnBase);
      expect(again.drawnBase).toBeUndefined();
      expect(again.rgb.equals(drawn.rgb)).toBe(true);
      let differing = 0;
      for (let i = 0, o = 0; i < onePass.length; i += 4, o += 3) {
        let d = 0;
        for (let c = 0; c < 3; c += 1)
          d = Math.max(d, Math.abs(onePass[i + c]! - drawn.rgb[o + c]!));
        if (d > 2) differing += 1;
      }
      expect(differing / (onePass.length / 4)).toBeLessThan(0.0001);
    });
  }

  it('draws the words of every page and language on a part of the page (a Latvian name with diacritics)', () => {
    for (const language of ['lv', 'en-gb', 'en-us'] as const) {
      for (const page of PAGE_IDS) {
        // (A text that reaches out of its boxes, as the longest names can on page_17-18, is drawn on
        // the whole page instead: slower, the same picture; see the page_19-20 case above.)
        const input = {
          ...job(page, [], 'boy', 'Krišjānis'),
          language,
          dedication: 'Mīļais Krišjāni,\ntu vari!',
        };
        const text = renderPageText(input);
        const drawn = rasteriseText(
          text.text,
          page,
          { units: text.width, width: previewWidth(page), height: 980 },
          fonts,
        );
        expect(drawn, `${page} ${language}`).not.toBeNull();
        expect(drawn!.box.width * drawn!.box.height, `${page} ${language}`).toBeLessThan(
          previewWidth(page) * 980,
        );
      }
    }
  });

  it('reuses a drawn scene only for its own page and kit', async () => {
    const first = await renderPreviewWebp(cases[0]!, fonts);
    expect(first.drawnScene?.key).toBe(sceneKeyOf(cases[0]!));
    const again = await renderPreviewWebp(
      { ...cases[0]!, child: { name: 'Ance', gender: 'girl' } },
      fonts,
      first.drawnScene,
    );
    // Nothing drawn: the kept scene was used (no timing asserted; a busy machine can pause anywhere).
    expect(again.drawnScene).toBeUndefined();
    // Another kit colour is another scene on a stadium page: the cached one is not used.
    const kit = job('page_21-22', ['kid_tshirt_2'], 'girl', 'Ance');
    const other = job('page_21-22', [], 'girl', 'Ance');
    expect(sceneKeyOf(kit)).not.toBe(sceneKeyOf(other));
    const drawn = await renderPreviewWebp(kit, fonts, first.drawnScene);
    expect(drawn.drawnScene?.key).toBe(sceneKeyOf(kit));
  });

  it('reuses drawn figures (the base) only for their own page and characters', async () => {
    const first = await renderPreviewWebp(cases[0]!, fonts);
    expect(first.drawnBase?.key).toBe(baseKeyOf(cases[0]!));
    const again = await renderPreviewWebp(
      { ...cases[0]!, child: { name: 'Ance', gender: 'girl' } },
      fonts,
      null,
      first.drawnBase,
    );
    expect(again.drawnBase).toBeUndefined();
    expect(again.drawnScene).toBeUndefined();
    // Other glasses: the same scene, other figures.
    const glasses = job(
      'page_5-6',
      ['kid_acc_glasses_rect', 'kid_acc_freckles', 'dad_acc_beard', 'kid_tshirt_2'],
      'girl',
      'Līze',
    );
    expect(baseKeyOf(glasses)).not.toBe(baseKeyOf(cases[0]!));
    const other = await renderPreviewWebp(glasses, fonts, first.drawnScene, first.drawnBase);
    expect(other.drawnBase?.key).toBe(baseKeyOf(glasses));
    expect(other.drawnScene).toBeUndefined();
  });

  it("lays a picture over RGB with resvg's rounding, from aligned and unaligned memory alike", () => {
    const width = 40;
    const box = { x: 5, y: 3, width: 24, height: 16 };
    const under = new Uint8Array(width * 30 * 3).map((_, i) => (i * 97) % 256);
    const memory = new Uint8Array(box.width * box.height * 4 + 1);
    for (let p = 0; p < box.width * box.height; p += 1) {
      const a = [0, 255, (p * 37) % 256][p % 3]!;
      for (let c = 0; c < 3; c += 1) memory[1 + p * 4 + c] = (p * (c + 5)) % (a + 1);
      memory[1 + p * 4 + 3] = a;
    }
    const expected = under.slice();
    for (let row = 0, p = 0; row < box.height; row += 1) {
      for (let col = 0; col < box.width; col += 1, p += 1) {
        const o = ((box.y + row) * width + box.x + col) * 3;
        const a = memory[1 + p * 4 + 3]!;
        for (let c = 0; c < 3; c += 1) {
          expected[o + c] =
            memory[1 + p * 4 + c]! + Math.floor((expected[o + c]! * (255 - a) + 127) / 255);
        }
      }
    }
    for (const overlay of [memory.slice(1), memory.subarray(1)]) {
      const out = under.slice();
      overRgbAt(out, width, overlay, box);
      expect(Buffer.from(out).equals(Buffer.from(expected))).toBe(true);
    }
  });

  it('gives every picture its own pixels when two renders of one thread overlap', async () => {
    const [a, b] = [cases[0]!, { ...cases[0]!, child: { name: 'Ance', gender: 'girl' as const } }];
    const alone = [
      (await renderPreviewWebp(a, fonts)).image,
      (await renderPreviewWebp(b, fonts)).image,
    ];
    const together = await Promise.all([renderPreviewWebp(a, fonts), renderPreviewWebp(b, fonts)]);
    expect(alone[0]!.equals(alone[1]!)).toBe(false);
    expect(together.map((r) => r.image.equals(alone[together.indexOf(r)]!))).toEqual([true, true]);
  });
});
