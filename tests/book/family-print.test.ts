import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultCharacters } from '#book/character-set.ts';
import { defaultFamily } from '#book/family.ts';
import { dedicationSuggestions } from '#book/story/story-text.ts';
import {
  renderCoverPdf,
  renderInteriorPdf,
  type BookPdfInput,
} from '#server/services/fulfilment/print/book-pdf.ts';

// The print files of a grandparents' book (issue #33): the chosen words, in their Latvian cases,
// in the PDF's text, and no word of a mum or dad. Text read with poppler's pdftotext.

const hasPoppler = spawnSync('pdftotext', ['-v']).error === undefined;
const dir = mkdtempSync(path.join(os.tmpdir(), 'storymade-family-print-'));
const child = { name: 'Roberts', gender: 'boy' as const };
const family = defaultFamily('grandma-grandpa', 'lv');
family.grownUps[0] = { ...family.grownUps[0]!, call: 'opis', name: 'Jānis' };
family.grownUps[1] = { ...family.grownUps[1]!, call: 'name', name: 'Ilze' };
const input: BookPdfInput = {
  language: 'lv',
  child,
  characters: defaultCharacters('boy'),
  family,
  dedication: dedicationSuggestions('lv', child, family, { signWith: 'names' })[0],
};
let interior = '';
let cover = '';

beforeAll(async () => {
  if (!hasPoppler) return;
  writeFileSync(path.join(dir, 'interior.pdf'), await renderInteriorPdf(input));
  writeFileSync(path.join(dir, 'cover.pdf'), await renderCoverPdf(input));
  const text = (name: string) =>
    execFileSync('pdftotext', [path.join(dir, name), '-'])
      .toString()
      .replace(/\s+/g, ' ');
  interior = text('interior.pdf');
  cover = text('cover.pdf');
}, 240_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe.skipIf(!hasPoppler)('a grandparents’ book in print', () => {
  it('calls them what the child calls them, in their cases, and signs with their names', () => {
    expect(interior).toContain('Ar mīlestību – Ilze un Jānis');
    expect(interior).toContain('Opis nolika dakšiņu. Ilze arī.');
    expect(interior).toContain('pāri opja galvai');
    expect(interior).toContain('taisni Ilzes tulpēs');
    expect(interior).toContain('Mājās Ilze parādīja Robertam');
    expect(cover).toContain('kopā ar Ilzi un opi.');
    // (the grandpa, playing the story's dad, still talked to "his own mum" when he was small)
    for (const text of [interior.replace('ar savu mammu', ''), cover]) {
      expect(text.match(/(?<!\p{L})(tēt|mamm|māmiņ|vecmāmiņ|vectētiņ)\p{L}*/giu)).toBeNull();
    }
  });
});
