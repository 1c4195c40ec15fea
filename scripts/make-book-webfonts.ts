// `node --import tsx scripts/make-book-webfonts.ts`: the book's fonts for the browser's preview,
// made from the same TTFs the server and the printer use (book/fonts.ts): every glyph id kept,
// the outlines of what the browser cannot reach emptied, written as WOFF2 into
// src/features/builder/preview-drawing/fonts/. tests/book/webfonts.test.ts checks they are up to date.
// `--check` only compares.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { FONT_KEYS, fontPathInProject } from '#book/fonts.ts';
import { webFontCodePoints } from '#src/features/builder/preview-drawing/font-coverage.ts';
import { subsetTables, woff2Of } from './webfonts/subset-woff2.ts';

const root = path.resolve(import.meta.dirname, '..');
const check = process.argv.includes('--check');
let stale = 0;
for (const key of FONT_KEYS) {
  const ttf = readFileSync(path.join(root, fontPathInProject(key)));
  const { tables, kept, glyphs } = subsetTables(ttf, webFontCodePoints());
  const woff2 = woff2Of(tables);
  const out = path.join(root, 'src/features/builder/preview-drawing/fonts', `${key}.woff2`);
  let same = false;
  try {
    same = readFileSync(out).equals(woff2);
  } catch {
    /* not made yet */
  }
  if (!same) stale++;
  if (!check && !same) writeFileSync(out, woff2);
  console.log(
    `${key}: ${kept} of ${glyphs} glyphs, TTF ${(ttf.length / 1024).toFixed(0)} KB -> WOFF2 ${(woff2.length / 1024).toFixed(1)} KB${same ? '' : check ? ' (STALE)' : ' (written)'}`,
  );
}
if (check && stale > 0) process.exit(1);
