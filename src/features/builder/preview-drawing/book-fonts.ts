// The book's two fonts for pages drawn in the browser: WOFF2 made from the TTFs the server and the
// printer use (scripts/make-book-webfonts.ts), added to the document under the families the
// book's SVG names ('Andika', 'Baloo 2'), so inline SVG <text> is set in them.
import { FONTS, FONT_KEYS } from '#book/fonts.ts';
import displayUrl from './fonts/display.woff2?url';
import textUrl from './fonts/text.woff2?url';

const URLS = { display: displayUrl, text: textUrl } as const;

let loading: Promise<void> | null = null;

/** Adds the fonts once and resolves when both are ready to draw with. */
export function loadBookFonts(): Promise<void> {
  loading ??= Promise.all(
    FONT_KEYS.map(async (key) => {
      const font = FONTS[key];
      const face = new FontFace(font.family, `url(${URLS[key]}) format('woff2')`, {
        weight: String(font.weight),
        style: font.style,
        display: 'block',
      });
      document.fonts.add(face);
      await face.load();
    }),
  ).then(() => undefined);
  return loading;
}
