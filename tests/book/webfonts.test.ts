import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import * as fontkit from 'fontkit';
import { FONT_KEYS, fontPathInProject } from '#book/fonts.ts';
import {
  drawableInBrowser,
  webFontCodePoints,
} from '#src/features/builder/preview-drawing/font-coverage.ts';
import { subsetTables, ttfOf, woff2Of } from '../../scripts/webfonts/subset-woff2.ts';

// The book's fonts for the browser (#34): made from the same TTFs as the server's and the printer's,
// up to date, and drawing every kept letter with the full font's outline and advance.
const root = path.resolve(import.meta.dirname, '../..');

describe.each(FONT_KEYS)('the %s web font', (key) => {
  const ttf = readFileSync(path.join(root, fontPathInProject(key)));
  const { tables } = subsetTables(ttf, webFontCodePoints());

  it('is the committed WOFF2 (run scripts/make-book-webfonts.ts after changing a font or the kept letters)', () => {
    const committed = readFileSync(
      path.join(root, 'src/features/builder/preview-drawing/fonts', `${key}.woff2`),
    );
    expect(committed.subarray(0, 4).toString('latin1')).toBe('wOF2');
    expect(woff2Of(tables).equals(committed)).toBe(true);
  });

  it('draws every kept letter, ligature and accent as the full font does', () => {
    const full = fontkit.create(ttf) as fontkit.Font;
    const small = fontkit.create(ttfOf(tables)) as fontkit.Font;
    expect(small.numGlyphs).toBe(full.numGlyphs);
    const sample =
      'Mīļo Jāni! Ģirts, Ķēniņš, Žanis, Ūdris — “office” ‘affluent’ „Tu to vari“ 1–2… € Æsop Œuvre';
    expect(drawableInBrowser(sample)).toBe(true);
    for (const text of [
      sample,
      String.fromCodePoint(...webFontCodePoints().filter((cp) => full.hasGlyphForCodePoint(cp))),
    ]) {
      const a = full.layout(text);
      const b = small.layout(text);
      expect(b.glyphs.map((g) => g.id)).toEqual(a.glyphs.map((g) => g.id));
      expect(b.positions.map((p) => p.xAdvance)).toEqual(a.positions.map((p) => p.xAdvance));
      for (const [i, glyph] of b.glyphs.entries())
        expect(glyph.path.toSVG(), `glyph ${glyph.id}`).toBe(a.glyphs[i]!.path.toSVG());
    }
  });

  it('leaves out what the book cannot reach (Cyrillic, Devanagari, variants)', () => {
    expect(tables.find((t) => t.tag === 'glyf')!.data.length).toBeLessThan(ttf.length / 5);
    expect(drawableInBrowser('Иван')).toBe(false);
    // Its character map holds the kept characters only (the full font's maps Cyrillic and more).
    const small = fontkit.create(ttfOf(tables)) as fontkit.Font;
    expect(small.hasGlyphForCodePoint('И'.codePointAt(0)!)).toBe(false);
    expect(small.hasGlyphForCodePoint('ž'.codePointAt(0)!)).toBe(true);
    expect(small.familyName).toBe((fontkit.create(ttf) as fontkit.Font).familyName);
  });
});
