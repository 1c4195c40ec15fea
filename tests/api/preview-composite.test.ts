import { describe, expect, it } from 'vitest';
import { resolveCharacterSet } from '#book/character-set.ts';
import { pageViewBox, renderPageOverlay, renderPageSvg, svgDocument } from '#book/render-page.ts';
import { bookFonts } from '#server/services/rendering/font-files.ts';
import {
  drawScene,
  fontsUsedBy,
  overRgb,
  rasterise,
  renderPreviewWebp,
  sceneKeyOf,
  type PreviewJob,
} from '#server/services/rendering/render-preview.ts';
import { previewWidth } from '#server/services/rendering/settings.ts';

// The preview draws each page's scene once and lays the figures, props and text over it. The
// picture must be the one-pass picture (book/render-page.ts renderPageSvg, which the reference
// snapshots check) up to rounding at soft edges: source-over on one canvas or on two is the same
// sum, rounded to 8 bits once more.

const fonts = bookFonts();

function job(page: PreviewJob['page'], assets: string[], gender: 'boy' | 'girl', name: string): PreviewJob {
  const characters = resolveCharacterSet(assets, gender);
  if (!characters.ok) throw new Error('bad assets');
  return { page, language: 'lv', child: { name, gender }, characters: characters.value };
}

describe('preview composite', () => {
  const cases = [
    job('page_5-6', ['kid_acc_glasses_round', 'kid_acc_freckles', 'dad_acc_beard', 'kid_tshirt_2'], 'girl', 'Līze'),
    job('cover', ['kid_skin_5', 'kid_acc_hearing_aid'], 'boy', 'Krišjānis'),
  ];
  for (const input of cases) {
    it(`${input.page}: scene + overlay is the one-pass picture within 2 levels`, () => {
      const svg = renderPageSvg({ ...input, bleed: false });
      const onePass = rasterise(svg, previewWidth(input.page), fontsUsedBy(svg, fonts)).pixels;
      const overlay = renderPageOverlay(input);
      const overSvg = svgDocument(overlay.figures + overlay.foreground + overlay.text, pageViewBox(overlay.width, false));
      const scene = drawScene(input, overlay.width, fonts);
      const composite = overRgb(
        new Uint8Array(scene.data),
        rasterise(overSvg, previewWidth(input.page), fontsUsedBy(overSvg, fonts)).pixels,
      );
      let worst = 0;
      let differing = 0;
      for (let i = 0, o = 0; i < onePass.length; i += 4, o += 3) {
        let d = 0;
        for (let c = 0; c < 3; c += 1) d = Math.max(d, Math.abs(onePass[i + c]! - composite[o + c]!));
        worst = Math.max(worst, d);
        if (d > 0) differing += 1;
      }
      expect(worst).toBeLessThanOrEqual(2);
      expect(differing / (onePass.length / 4)).toBeLessThan(0.1);
    });
  }

  it('reuses a drawn scene only for its own page and kit', async () => {
    const first = await renderPreviewWebp(cases[0]!, fonts);
    expect(first.drawnScene?.key).toBe(sceneKeyOf(cases[0]!));
    const again = await renderPreviewWebp({ ...cases[0]!, child: { name: 'Ance', gender: 'girl' } }, fonts, first.drawnScene);
    expect(again.drawnScene).toBeUndefined();
    expect(again.timings.scene).toBeLessThan(1);
    // Another kit colour is another scene on a stadium page: the cached one is not used.
    const kit = job('page_21-22', ['kid_tshirt_2'], 'girl', 'Ance');
    const other = job('page_21-22', [], 'girl', 'Ance');
    expect(sceneKeyOf(kit)).not.toBe(sceneKeyOf(other));
    const drawn = await renderPreviewWebp(kit, fonts, first.drawnScene);
    expect(drawn.drawnScene?.key).toBe(sceneKeyOf(kit));
  });
});
