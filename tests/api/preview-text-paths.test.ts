import { describe, expect, it } from 'vitest';
import { defaultCharacters } from '#book/character-set.ts';
import { renderPageText } from '#book/render-page.ts';
import { PAGE_IDS, type BookLanguage } from '#book/types.ts';
import { bookFonts } from '#server/services/rendering/font-files.ts';
import { rasteriseText } from '#server/services/rendering/render-preview.ts';
import { previewWidth } from '#server/services/rendering/settings.ts';
import { textAsPaths } from '#server/services/rendering/text-paths.ts';

// The preview draws the words as glyph outlines (placed by the book's own measuring) instead of
// letting resvg shape every line again. The picture must be the one resvg draws from the text:
// same letters at the same places, up to a rare anti-aliased pixel.

const fonts = bookFonts();

/** Share of pixels of two RGBA pictures of one size whose channels differ by more than 2. */
function differing(a: Uint8Array, b: Uint8Array): number {
  let count = 0;
  for (let i = 0; i < a.length; i += 4) {
    for (let c = 0; c < 4; c += 1) {
      if (Math.abs(a[i + c]! - b[i + c]!) > 2) {
        count += 1;
        break;
      }
    }
  }
  return count / (a.length / 4);
}

describe('words as glyph outlines', () => {
  const cases: { language: BookLanguage; name: string; gender: 'girl' | 'boy' }[] = [
    { language: 'lv', name: 'Krišjānis', gender: 'boy' },
    { language: 'en-us', name: 'WWWWWWWWWWWWWWWWWWWWWWWW', gender: 'girl' },
    { language: 'en-gb', name: 'Effie', gender: 'girl' },
  ];
  for (const { language, name, gender } of cases) {
    it(`every page in ${language} for ${name} looks as resvg draws the text`, () => {
      for (const page of PAGE_IDS) {
        const words = renderPageText({
          page,
          language,
          child: { name, gender },
          characters: defaultCharacters(gender),
          // Ligatures (ffi, fl), quotes, an ampersand and a '<' the SVG must escape.
          dedication: `Dear ${name},\n“Effie” & <Raffles> fly fifty flags!\nLove, Mum`,
        });
        const paths = textAsPaths(words.text, fonts);
        expect(paths, page).not.toContain('<text');
        const size = { units: words.width, width: previewWidth(page), height: 980 };
        const text = rasteriseText(words.text, page, size, fonts)!;
        const drawn = rasteriseText(paths, page, size, fonts)!;
        expect(drawn.box, page).toEqual(text.box);
        expect(differing(drawn.pixels, text.pixels), page).toBeLessThan(0.0002);
        // As the preview draws them (the outlines written as bytes): the same pixels.
        const asPaths = rasteriseText(words.text, page, size, fonts, true)!;
        expect(asPaths.box, page).toEqual(drawn.box);
        expect(Buffer.from(asPaths.pixels).equals(Buffer.from(drawn.pixels)), page).toBe(true);
      }
    }, 120_000);
  }

  it('leaves a line with a character the book has no metrics for to resvg', () => {
    const svg =
      `<g font-family="&apos;Andika&apos;, sans-serif" font-size="64" font-weight="400" font-style="normal" fill="#3a2620" text-anchor="middle">` +
      `<text x="100" y="100" xml:space="preserve">Hello ☃</text></g>`;
    expect(textAsPaths(svg, fonts)).toBe(svg);
    const plain = svg.replace(' ☃', '');
    expect(textAsPaths(plain, fonts)).toMatch(/^<g fill="#3a2620"><path d="M[^"]+"\/><\/g>$/);
  });
});
