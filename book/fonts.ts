// The book's two typefaces. Both ship as TTF in npm packages (OFL), both cover every Latvian
// letter (ā č ē ģ ī ķ ļ ņ š ū ž) and the English alphabet, and both are what resvg and the PDF
// writer load: never system fonts, so every machine draws the same letters at the same widths.
//
// - display: Baloo 2 Bold, a friendly rounded face for the cover title and headings.
// - text: Andika Regular, designed by SIL for beginning readers (single-storey a, clear I/l/1),
//   for the story and the dedication.
//
// book/ is pure, so only names and paths live here; the server reads the files, and
// scripts/extract-font-metrics.ts measures them into book/text/font-metrics.gen.ts.

export type FontKey = 'display' | 'text';

interface BookFont {
  /** The family name as written in the font's name table; used in SVG font-family. */
  family: string;
  weight: number;
  style: 'normal';
  /** A CSS fallback stack written after the family (never reached when the TTF is loaded). */
  fallback: string;
  /** The npm package that ships the TTF. */
  package: string;
  /** The TTF's path inside the package. */
  file: string;
}

export const FONTS: Record<FontKey, BookFont> = {
  display: {
    family: 'Baloo 2',
    weight: 700,
    style: 'normal',
    fallback: 'sans-serif',
    package: '@expo-google-fonts/baloo-2',
    file: '700Bold/Baloo2_700Bold.ttf',
  },
  text: {
    family: 'Andika',
    weight: 400,
    style: 'normal',
    fallback: 'sans-serif',
    package: '@expo-google-fonts/andika',
    file: 'Andika_400Regular.ttf',
  },
};

export const FONT_KEYS = Object.keys(FONTS) as FontKey[];

/** The TTF's path relative to the project root (where node_modules is). */
export function fontPathInProject(key: FontKey): string {
  const font = FONTS[key];
  return `node_modules/${font.package}/${font.file}`;
}
