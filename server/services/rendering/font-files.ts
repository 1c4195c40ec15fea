import { existsSync } from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from '#server/runtime/paths.ts';
import { FONT_KEYS, FONTS, fontPathInProject, type FontKey } from '#book/fonts.ts';

const root = PROJECT_ROOT;

interface BookFontFile {
  key: FontKey;
  family: string;
  weight: number;
  /** Absolute path of the TTF. */
  file: string;
}

let cached: BookFontFile[] | undefined;

/** The book's TTFs on disk. Throws at once (at worker or script start) when one is missing. */
export function bookFonts(): BookFontFile[] {
  cached ??= FONT_KEYS.map((key) => {
    const file = path.join(root, fontPathInProject(key));
    if (!existsSync(file)) {
      throw new Error(`Book font ${FONTS[key].family} is missing at ${file}: run npm install`);
    }
    return { key, family: FONTS[key].family, weight: FONTS[key].weight, file };
  });
  return cached;
}

export function bookFontFiles(): string[] {
  return bookFonts().map((font) => font.file);
}
